/**
 * Jest's stand-in for src/components/domain/startWorkbookWorker.ts: jsdom has no
 * Web Workers, so this "worker" answers on the same thread, with the same
 * writeServerReport the real worker runs, loaded (with SheetJS) when the first
 * request comes, as the real worker's script is. The browser tests run the real worker.
 */
import { type WorkbookMessage, type WorkbookReply, workbookReceiver } from "../src/components/domain/workbookMessages";

class InThreadWorker {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  terminated = false;
  private receive: Promise<(message: WorkbookMessage) => Promise<WorkbookReply> | null> | null = null;

  postMessage(message: WorkbookMessage) {
    // Answer later, as a worker does (after a module load, not a timer, so Jest's fake timers need no advancing).
    this.receive ??= Promise.all([
      import("../src/components/domain/writeWorkbook"),
      import("../src/components/domain/writePeriodReport"),
    ]).then(([{ writeServerReport, writeSpec }, { writePeriodReport }]) =>
      workbookReceiver({ servers: writeServerReport, spec: writeSpec, period: (request) => writePeriodReport(request) }),
    );
    void this.receive
      .then((receive) => receive(message))
      .then((reply) => {
        if (reply && !this.terminated) this.onmessage?.({ data: reply });
      });
  }

  terminate() {
    this.terminated = true;
  }
}

export function startWorkbookWorker(): Worker {
  return new InThreadWorker() as unknown as Worker;
}
