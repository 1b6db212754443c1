/**
 * Starts the export's worker. webpack sees `new Worker(new URL(…, import.meta.url))`
 * and builds workbook.worker.ts, with SheetJS, as a script of its own that the
 * browser fetches only now. (Jest, which has no workers, maps this module to
 * __mocks__/startWorkbookWorker.ts.)
 */
export function startWorkbookWorker(): Worker {
  return new Worker(new URL("./workbook.worker.ts", import.meta.url), { name: "workbook" });
}
