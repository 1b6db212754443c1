import { useCallback, useRef, useState } from "react";
import type { Alert, Server } from "../../model/types";
import { notify } from "../ui/notify";
import { startWorkbookWorker } from "./startWorkbookWorker";
import type { WorkbookReply, WorkbookRequest } from "./writeWorkbook";

/** What the workbook is made of: the page's live servers, or the site's published data. */
type ReportData = { servers: readonly Server[]; alerts: readonly Alert[] };
type Written = Extract<WorkbookReply, { ok: true }>;

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * Builds and writes the workbook in a Web Worker that starts on the click and
 * ends with its answer: SheetJS loads there, never with the page, and its long
 * write (about 0.3 s for 10,000 rows) leaves the page free to answer.
 */
function writeInWorker(request: WorkbookRequest): Promise<Written> {
  return new Promise((resolve, reject) => {
    const worker = startWorkbookWorker();
    worker.onmessage = (event: MessageEvent<WorkbookReply>) => {
      worker.terminate();
      if (event.data.ok) resolve(event.data);
      else reject(new Error(event.data.message));
    };
    worker.onerror = (event) => {
      // The worker's script or SheetJS could not load (the network's message, if any, goes to the console).
      event.preventDefault();
      worker.terminate();
      reject(new Error("its code could not be loaded; check the connection and try again", { cause: event.message }));
    };
    worker.postMessage(request);
  });
}

/** Hands the bytes to the browser as a download named fileName. */
function saveFile({ bytes, fileName }: Written): void {
  const url = URL.createObjectURL(new Blob([bytes], { type: XLSX_TYPE }));
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

/**
 * The servers report as an export action, with its busy state and toasts. A
 * failure (the worker cannot load, writing throws, the data cannot be fetched)
 * is told to the reader and logged; the page keeps working.
 */
export function useWorkbookExport(data: () => ReportData | Promise<ReportData>) {
  const [exporting, setExporting] = useState(false);
  const running = useRef(false);
  const run = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setExporting(true);
    try {
      const { servers, alerts } = await data();
      const written = await writeInWorker({ servers, alerts, now: Date.now() });
      saveFile(written);
      const cut = written.truncatedCells;
      notify.success(
        "Report Exported",
        cut > 0
          ? `Excel file downloaded successfully (${cut} over-long ${cut === 1 ? "text was" : "texts were"} cut to fit Excel)`
          : "Excel file downloaded successfully",
      );
    } catch (error) {
      console.error("Export failed:", error);
      const reason = error instanceof Error ? error.message : String(error);
      notify.error("Export failed", `The Excel file could not be created: ${reason}`);
    } finally {
      running.current = false;
      setExporting(false);
    }
  }, [data]);
  return { exporting, run };
}
