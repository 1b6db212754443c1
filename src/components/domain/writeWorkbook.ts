/**
 * Writes the servers report as .xlsx bytes with SheetJS. It runs inside the
 * export's Web Worker (workbook.worker.ts), so a 10,000-row workbook, which
 * SheetJS writes in one long task, never holds up the page. SheetJS's "mini"
 * build writes .xlsx like the full one at about half the bytes (the full one
 * adds readers and formats this site never uses).
 */
import type * as SheetJS from "xlsx";
import { buildServerReport, type WorkbookSpec } from "../../model/export/workbook";
import { CODE_NOT_LOADED, type WorkbookReply, type WorkbookRequest } from "./workbookMessages";

export async function writeServerReport({ servers, alerts, now }: WorkbookRequest): Promise<WorkbookReply> {
  let spec: WorkbookSpec;
  try {
    spec = buildServerReport(servers, alerts, new Date(now));
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  return writeSpec(spec);
}

/** Writes a workbook laid out already (its sheets, cells and widths). */
export async function writeSpec(spec: WorkbookSpec): Promise<WorkbookReply> {
  // Loaded here, not with the module: in the worker it is one more script, fetched on the first export.
  let XLSX: typeof SheetJS;
  try {
    XLSX = await import("xlsx/dist/xlsx.mini.min.js");
  } catch {
    return { ok: false, message: CODE_NOT_LOADED };
  }
  try {
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
