/**
 * The export's Web Worker: the request comes in slices (see requestMessages), one
 * reply goes back (the bytes are transferred, not copied). Started by
 * startWorkbookWorker.ts on Export Report's click.
 */
import { type WorkbookMessage, type WorkbookReply, workbookReceiver } from "./workbookMessages";
import { writeServerReport, writeSpec } from "./writeWorkbook";
import { writePeriodReport } from "./writePeriodReport";

type WorkerScope = {
  onmessage: ((event: MessageEvent<WorkbookMessage>) => Promise<void>) | null;
  postMessage(message: WorkbookReply, transfer: Transferable[]): void;
};

const scope = self as unknown as WorkerScope;
const receive = workbookReceiver({ servers: writeServerReport, spec: writeSpec, period: (request) => writePeriodReport(request) });
scope.onmessage = async (event) => {
  // Whatever goes wrong is the page's answer: a worker that only threw would leave it waiting.
  let reply: WorkbookReply;
  try {
    const written = receive(event.data);
    if (!written) return;
    reply = await written;
  } catch (error) {
    reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(reply, reply.ok ? [reply.bytes] : []);
};
