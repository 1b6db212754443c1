/**
 * Jest's stand-in for src/components/domain/startWorkbookWorker.ts: jsdom has no
 * Web Workers, so this "worker" answers on the same thread, with the same
 * writeServerReport the real worker runs, loaded (with SheetJS) when the first
 * request comes, as the real worker's script is. The browser tests run the real worker.
 */
import type { WorkbookRequest } from "../src/components/domain/writeWorkbook";

class InThreadWorker {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  terminated = false;

  postMessage(request: WorkbookRequest) {
    // Answer later, as a worker does (after a module load, not a timer, so Jest's fake timers need no advancing).
    void import("../src/components/domain/writeWorkbook")
      .then(({ writeServerReport }) => writeServerReport(request))
      .then((reply) => {
        if (!this.terminated) this.onmessage?.({ data: reply });
      });
  }

  terminate() {
    this.terminated = true;
  }
}

export function startWorkbookWorker(): Worker {
  return new InThreadWorker() as unknown as Worker;
}
