import { useCallback, useRef, useState } from "react";
import type { Alert, Server } from "../../model/types";
import type { WorkbookSpec } from "../../model/workbook";

/** What the workbook is made of: the page's live servers, or the site's published data. */
type ReportData = { servers: readonly Server[]; alerts: readonly Alert[] };
import { notify } from "../ui/notify";

/**
 * Writes the workbook and hands it to the browser as a download. SheetJS is
 * loaded here, on the click, never with the page; its "mini" build writes .xlsx
 * like the full one at about half the bytes (the full one adds readers and
 * formats this site never uses).
 */
async function downloadWorkbook(spec: WorkbookSpec): Promise<void> {
  const XLSX = await import("xlsx/dist/xlsx.mini.min.js");
  const book = XLSX.utils.book_new();
  for (const sheet of spec.sheets) {
    const worksheet = XLSX.utils.aoa_to_sheet(sheet.rows);
    worksheet["!cols"] = sheet.widths.map((wch) => ({ wch }));
    XLSX.utils.book_append_sheet(book, worksheet, sheet.name);
  }
  XLSX.writeFile(book, spec.fileName, { compression: true });
}

/**
 * The servers report as an export action, with its busy state and toasts. The
 * workbook's builder loads with SheetJS, on the first click. A failure (a chunk
 * cannot load, writing throws) is told to the reader and logged; the page keeps working.
 */
export function useWorkbookExport(data: () => ReportData | Promise<ReportData>) {
  const [exporting, setExporting] = useState(false);
  const running = useRef(false);
  const run = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setExporting(true);
    try {
      const [{ buildServerReport }, { servers, alerts }] = await Promise.all([import("../../model/workbook"), data()]);
      const spec = buildServerReport(servers, alerts, new Date());
      await downloadWorkbook(spec);
      notify.success(
        "Report Exported",
        spec.truncatedCells > 0
          ? `Excel file downloaded successfully (${spec.truncatedCells} over-long ${spec.truncatedCells === 1 ? "text was" : "texts were"} cut to fit Excel)`
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
