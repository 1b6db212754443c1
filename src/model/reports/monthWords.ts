/**
 * A month's report in words, as its page, its workbook and the reports list
 * say it: the month's name, availability to a hundredth of a percent (rounded
 * down: 99.999 % is 99.99 %, so 100 % means no check failed), durations as a
 * person reads them, and what each figure leaves out.
 */
import { formatLongDuration } from "../../domain/kernel/time";
import { formatMs } from "../../domain/kernel/format";
import type { MonthReport } from "../../domain/reports/month";

type Figures = MonthReport["fleet"];

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "2026-11" -> "November 2026" */
export function monthName(month: string): string {
  const [year, m] = month.split("-").map(Number);
  return `${MONTH_NAMES[m - 1]} ${year}`;
}

export const reportTitle = (month: string): string => `Availability report, ${monthName(month)}`;

/** 0.99953 -> "99.95 %"; null -> "—" (no checks). */
export function availabilityWords(share: number | null): string {
  if (share === null) return "—";
  return `${(Math.floor(share * 10000) / 100).toFixed(2)} %`;
}

/** A share of the month covered: "100 %", "51.7 %", "less than 0.1 %"; null -> "not known". */
export function coveredWords(share: number | null): string {
  if (share === null) return "not known";
  if (share > 0 && share < 0.001) return "less than 0.1 %";
  return `${Math.floor(share * 1000) / 10} %`;
}

export const durationWords = (ms: number | null): string => (ms === null ? "—" : ms === 0 ? "none" : formatLongDuration(ms));

/** The month's response times: "median 45 ms, p95 80 ms, p99 120 ms", or why there are none. */
export function timesWords(times: Figures["times"]): string {
  if (times === null) return "no answers";
  return `median ${formatMs(times.median)}, p95 ${formatMs(times.p95)}, p99 ${formatMs(times.p99)}`;
}

/** What the times cover when days lack theirs (days from before the time sketches): "from 19 of 29 days with answers". */
export function timesCoverWords(times: Figures["times"]): string | null {
  if (times === null || times.daysKept === times.daysTimed) return null;
  return `from ${times.daysKept} of ${times.daysTimed} days with answers (the others' times were not kept)`;
}

/** The status as the page says it, with the time a month in progress is as of. */
export function statusWords(report: Pick<MonthReport, "status" | "reason" | "asOf">): string {
  if (report.status === "processing")
    return `In progress: figures as of ${report.asOf.slice(0, 16).replace("T", " ")} UTC, the newest check.`;
  if (report.status === "failed") return `Failed: ${report.reason ?? "no reason given"}.`;
  return "Completed: the month is closed.";
}
