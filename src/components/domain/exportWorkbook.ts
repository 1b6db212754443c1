/**
 * Export Report's work, loaded on the first click: the Web Worker that writes
 * the file (SheetJS loads there, never with the page, and its long write, about
 * 0.3 s for 10,000 rows, leaves the page free to answer), then the download.
 */
import { startWorkbookWorker } from "./startWorkbookWorker";
import {
  CODE_NOT_LOADED,
  periodMessage,
  requestMessages,
  type PeriodRequest,
  specMessage,
  type WorkbookMessage,
  type WorkbookReply,
  type WorkbookRequest,
} from "./workbookMessages";
import type { WorkbookSpec } from "../../model/export/workbook";

type Written = Extract<WorkbookReply, { ok: true }>;

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * Lets the page handle input and paint before the next slice. A message, not a
 * timer: no 4 ms clamp, and a page whose clock is paused still exports. (jsdom,
 * under Jest, has no MessageChannel: there the slices go one after another.)
 */
function yieldToPage(): Promise<void> {
  if (typeof MessageChannel !== "function") return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

function writeInWorker(messages: Iterable<WorkbookMessage>): Promise<Written> {
  return new Promise((resolve, reject) => {
    const worker = startWorkbookWorker();
    let over = false;
    const end = () => {
      over = true;
      worker.terminate();
    };
    worker.onmessage = (event: MessageEvent<WorkbookReply>) => {
      end();
      if (event.data.ok) resolve(event.data);
      else reject(new Error(event.data.message));
    };
    worker.onerror = (event) => {
      // The worker's own script could not load (the network's message, if any, goes to the console).
      event.preventDefault();
      end();
      reject(new Error(CODE_NOT_LOADED, { cause: event.message }));
    };
    // One slice per task, so the page answers between them even with 10,000 servers.
    void (async () => {
      for (const message of messages) {
        if (over) return;
        worker.postMessage(message);
        await yieldToPage();
      }
    })();
  });
}

/** Hands the bytes to the browser as a download named fileName. */
function saveFile({ bytes, fileName }: Written): void {
  const url = URL.createObjectURL(new Blob([bytes], { type: fileName.endsWith(".json") ? "application/json" : XLSX_TYPE }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the object URL is let go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Writes the servers report and downloads it; says how many over-long texts were cut. */
export async function exportWorkbook(request: WorkbookRequest): Promise<{ truncatedCells: number }> {
  return exportMessages(requestMessages(request));
}

/** Makes a report over the days and servers a reader picked (#33) in the worker, and downloads it. */
export function exportPeriod(request: PeriodRequest): Promise<{ truncatedCells: number }> {
  return exportMessages([periodMessage(request)]);
}

/** Writes a workbook laid out already (a month's report) and downloads it. */
export function exportSpec(spec: WorkbookSpec): Promise<{ truncatedCells: number }> {
  return exportMessages([specMessage(spec)]);
}

async function exportMessages(messages: Iterable<WorkbookMessage>): Promise<{ truncatedCells: number }> {
  const written = await writeInWorker(messages);
  saveFile(written);
  return { truncatedCells: written.truncatedCells };
}
