/**
 * A month's report in words, as its page, its workbook and the reports list
 * say it: the month's name, availability to a hundredth of a percent (rounded
 * down: 99.999 % is 99.99 %, so 100 % means no check failed), durations as a
 * person reads them, and what each figure leaves out.
 */
import { formatLongDuration } from "../../domain/kernel/time";
import { formatMs } from "../../domain/kernel/format";
import type { MonthReport } from "../../domain/reports/month";
import type { MonthEvents } from "../../domain/reports/monthEvents";

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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const day = (iso: string) => `${Number(iso.slice(8, 10))} ${MONTH_NAMES[Number(iso.slice(5, 7)) - 1]}`;

/**
 * The job's alerts of the month, and how much of the month they cover: "3 (2
 * errors, 1 warning)", "1 error, from 11 March on (the job keeps its alerts 30
 * days)", or that none of the month's are kept.
 */
export function alertsWords(alerts: MonthEvents["alerts"]): string {
  if (alerts.from === null) return "not kept (the job keeps its alerts 30 days; the outages are kept 400)";
  const total = alerts.error + alerts.warning + alerts.info;
  const kinds = [plural(alerts.error, "error"), plural(alerts.warning, "warning"), plural(alerts.info, "notice")].filter(
    (k) => !k.startsWith("0 "),
  );
  const counted = total === 0 ? "none" : `${total} (${kinds.join(", ")})`;
  return alerts.whole ? counted : `${counted}, from ${day(alerts.from)} on (the job keeps its alerts 30 days)`;
}

type MonthObjective = NonNullable<MonthReport["objectives"]>[number];

/**
 * Met or missed; a month in progress is "on track" while its budget (which counts the slots still to come) is not
 * overspent, and "missed" once it is (no slot to come can make up for it).
 */
export const metWords = (o: Pick<MonthObjective, "met">, inProgress: boolean): string =>
  o.met === null ? "not measured" : o.met ? (inProgress ? "on track" : "met") : "missed";

/** A month objective's words (#48), as the report's table says them. */
export function monthObjectiveWords(
  o: MonthObjective,
  inProgress: boolean,
): {
  target: string;
  attained: string;
  met: string;
  left: string;
  unknown: string;
} {
  const measured = o.slots.good + o.slots.bad;
  const known = measured + o.slots.unknown;
  const left =
    o.budget === null || o.budget.remainingShare === null
      ? "—"
      : o.budget.remainingSeconds < 0
        ? `overspent by ${formatLongDuration(-o.budget.remainingSeconds * 1000)}`
        : `${formatLongDuration(o.budget.remainingSeconds * 1000)} (${(Math.trunc(o.budget.remainingShare * 1000) / 10).toFixed(1)} %)`;
  return {
    target: `${o.availability} %${o.maintenance === "counted" ? ", maintenance counted as down" : ""}`,
    // to three decimals, rounded down: 99.9996 % never reads as 100 %, nor crosses a target
    attained: o.attained === null ? "—" : `${(Math.floor(o.attained * 100000) / 1000).toFixed(3)} %`,
    met: metWords(o, inProgress),
    left,
    unknown:
      known === 0 || o.slots.unknown === 0 ? "none" : `${(Math.floor((o.slots.unknown / known) * 1000) / 10).toFixed(1)} % of the slots`,
  };
}
