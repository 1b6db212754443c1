import { useCallback, useEffect, useRef, useState } from "react";
import type { ReportDocument } from "../publish/reportData";
import { loadMonthReport } from "./publishedData";

type Report = ReportDocument["report"];

export type WholeMonthReport = {
  /** the report the page shows: the build's, or the whole one once it came */
  report: Report;
  /** how many servers the month has in all */
  serversInAll: number;
  /** whole: every server is in `report`; loading: the rest are on their way; failed: they could not come (`error`) */
  state: "whole" | "loading" | "failed";
  error: string | null;
  /** the whole report (for the workbook): at once when it is here, else fetched */
  whole: () => Promise<Report>;
};

/**
 * A month's report whose page carries only the servers with the most downtime
 * (over INLINE_FLEET_LIMIT, #45): the whole report is fetched from the month's
 * published file once the page is up, and shown when it comes. A report the
 * page carries whole is simply that.
 */
export function useWholeMonthReport(report: Report, serversInAll: number | undefined, url: string): WholeMonthReport {
  const partial = serversInAll !== undefined && serversInAll > report.servers.length;
  const [loaded, setLoaded] = useState<{ report: Report } | { error: string } | null>(null);
  const pending = useRef<Promise<Report> | null>(null);
  const whole = useCallback((): Promise<Report> => {
    if (!partial) return Promise.resolve(report);
    pending.current ??= loadMonthReport(url, report.month).catch((error: unknown) => {
      pending.current = null;
      throw error;
    });
    return pending.current;
  }, [partial, report, url]);
  useEffect(() => {
    if (!partial) return;
    let current = true;
    whole().then(
      (full) => current && setLoaded({ report: full }),
      (error: unknown) => current && setLoaded({ error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [partial, whole]);
  if (!partial) return { report, serversInAll: report.servers.length, state: "whole", error: null, whole };
  if (loaded && "report" in loaded)
    return { report: loaded.report, serversInAll: loaded.report.servers.length, state: "whole", error: null, whole };
  return { report, serversInAll, state: loaded ? "failed" : "loading", error: loaded && "error" in loaded ? loaded.error : null, whole };
}
