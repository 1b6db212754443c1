/**
 * What the report pages are given: a month's report page (/reports/<yyyy-mm>)
 * its report with the servers' names, and the Reports page the list of the
 * months' reports, each as the list shows a report, beside the editors'.
 */
import type { MonthReport } from "../../domain/reports/month";
import type { ReportDocument } from "../../publish/reportData";
import { reportTitle } from "./monthWords";

export const reportPath = (month: string): string => `/reports/${month}`;

export type MonthReportContext = { report: ReportDocument["report"]; siteName: string; apiPath: string };

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
