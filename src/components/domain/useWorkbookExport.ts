import { useCallback, useRef, useState } from "react";
import type { Alert, Server } from "../../domain/kernel/types";
import { notify } from "../ui/notify";
import { CODE_NOT_LOADED } from "./workbookMessages";

/** What the workbook is made of: the page's live servers, or the site's published data. */
type ReportData = { servers: readonly Server[]; alerts: readonly Alert[] };

/**
 * The servers report as an export action, with its busy state and toasts. The
 * export's code (exportWorkbook.ts, and the worker it starts) loads on the first
 * click. A failure (the code cannot load, writing fails, the data cannot be
 * fetched) is told to the reader and logged; the page keeps working.
 */
export function useWorkbookExport(data: () => ReportData | Promise<ReportData>) {
  const [exporting, setExporting] = useState(false);
  const running = useRef(false);
  const run = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setExporting(true);
    try {
      const [{ servers, alerts }, { exportWorkbook }] = await Promise.all([
        data(),
        import("./exportWorkbook").catch((error: unknown) => {
          throw new Error(CODE_NOT_LOADED, { cause: error });
        }),
      ]);
      const { truncatedCells: cut } = await exportWorkbook({ servers, alerts, now: Date.now() });
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
