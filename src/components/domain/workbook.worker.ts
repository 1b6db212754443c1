/**
 * The export's Web Worker: one request, one reply (the bytes are transferred,
 * not copied). Started by startWorkbookWorker.ts on Export Report's click.
 */
import { type WorkbookReply, type WorkbookRequest, writeServerReport } from "./writeWorkbook";

type WorkerScope = {
  onmessage: ((event: MessageEvent<WorkbookRequest>) => Promise<void>) | null;
  postMessage(message: WorkbookReply, transfer: Transferable[]): void;
};

const scope = self as unknown as WorkerScope;
scope.onmessage = async (event) => {
  const reply = await writeServerReport(event.data);
  scope.postMessage(reply, reply.ok ? [reply.bytes] : []);
};
