/**
 * Writes the servers report as .xlsx bytes with SheetJS. It runs inside the
 * export's Web Worker (workbook.worker.ts), so a 10,000-row workbook, which
 * SheetJS writes in one long task, never holds up the page. SheetJS's "mini"
 * build writes .xlsx like the full one at about half the bytes (the full one
 * adds readers and formats this site never uses).
 */
import { buildServerReport } from "../../model/workbook";
import type { Alert, Server } from "../../model/types";

/** What the page sends: the report's data and the time that names the file. */
export type WorkbookRequest = { servers: readonly Server[]; alerts: readonly Alert[]; now: number };
/** What comes back: the file, or why it could not be written. */
export type WorkbookReply = { ok: true; fileName: string; bytes: ArrayBuffer; truncatedCells: number } | { ok: false; message: string };

export async function writeServerReport({ servers, alerts, now }: WorkbookRequest): Promise<WorkbookReply> {
  try {
    // Loaded here too, not with the module: in the worker it is one more script, fetched on the first export.
    const XLSX = await import("xlsx/dist/xlsx.mini.min.js");
    const spec = buildServerReport(servers, alerts, new Date(now));
    const book = XLSX.utils.book_new();
    for (const sheet of spec.sheets) {
      const worksheet = XLSX.utils.aoa_to_sheet(sheet.rows);
      worksheet["!cols"] = sheet.widths.map((wch) => ({ wch }));
      XLSX.utils.book_append_sheet(book, worksheet, sheet.name);
    }
    const bytes = XLSX.write(book, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer;
    return { ok: true, fileName: spec.fileName, bytes, truncatedCells: spec.truncatedCells };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
