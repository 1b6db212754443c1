/**
 * What the report pages are given: a month's report page (/reports/<yyyy-mm>)
 * its report with the servers' names, and the Reports page the list of the
 * months' reports, each as the list shows a report, beside the editors'.
 */
import type { MonthReport } from "../../domain/reports/month";
import type { ReportDocument } from "../../publish/reportData";
import { reportTitle } from "./monthWords";
import { INLINE_FLEET_LIMIT } from "../fleet/fleet";

export const reportPath = (month: string): string => `/reports/${month}`;

export type MonthReportContext = {
  report: ReportDocument["report"];
  siteName: string;
  apiPath: string;
  /** over INLINE_FLEET_LIMIT servers: how many the month has in all (`report.servers` holds the first the page shows) */
  serversInAll?: number;
};

/**
 * A month's report as its page carries it. Up to INLINE_FLEET_LIMIT servers, whole, as it always was;
 * above, the servers with the most downtime (in the report's order), and how many there are in all:
 * a month's page grew with every server (143 KB of HTML and 118 KB of page data at 300), 13 months of them (#45).
 * The rest come from the month's published file after the page is up.
 */
export function monthReportForPage(
  report: ReportDocument["report"],
  limit = INLINE_FLEET_LIMIT,
): Pick<MonthReportContext, "report" | "serversInAll"> {
  if (report.servers.length <= limit) return { report };
  const shown = new Set(
    report.servers
      .map((s, i) => ({ id: s.server, downtime: s.downtimeMs, i }))
      .sort((a, b) => b.downtime - a.downtime || a.i - b.i)
      .slice(0, limit)
      .map((s) => s.id),
  );
  return { report: { ...report, servers: report.servers.filter((s) => shown.has(s.server)) }, serversInAll: report.servers.length };
}

/** A generated report as the Reports page lists it: where it comes from is said with it. */
export type GeneratedReportItem = {
  id: string;
  name: string;
  type: "Uptime";
  /** the month's last day, or the day it is as of while in progress */
  date: string;
  status: MonthReport["status"];
  /** why a month failed; null otherwise */
  reason: string | null;
  /** its page */
  path: string;
};

export type GeneratedReports = { generatedReports: GeneratedReportItem[] };

/** The months' reports, newest first, as the list shows them. */
export function generatedReportItems(reports: readonly MonthReport[]): GeneratedReportItem[] {
  return [...reports].reverse().map((r) => ({
    id: `availability-${r.month}`,
    name: reportTitle(r.month),
    type: "Uptime",
    date: r.status === "processing" ? r.asOf.slice(0, 10) : new Date(Date.parse(r.end) - 1).toISOString().slice(0, 10),
    status: r.status,
    reason: r.reason,
    path: reportPath(r.month),
  }));
}
