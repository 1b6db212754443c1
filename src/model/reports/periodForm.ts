/**
 * What Generate Report's dialog asks (#33), checked before anything is made:
 * the first and last whole UTC day of the period, within the 400 days the
 * history keeps and not after the newest run, and the servers. Each problem is
 * said beside its field; a form with one makes nothing.
 */
import { DAILY_ROLLUP_DAYS } from "../../domain/checks/rollups";
import { DAY_MS } from "../../domain/kernel/time";

export type PeriodForm = { from: string; to: string; which: "all" | "chosen"; chosen: readonly string[] };

export type PeriodProblems = Partial<Record<"from" | "to" | "servers", string>>;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2028-02-29" -> its first moment (UTC), or null when it is not a date of the calendar. */
function dayOf(text: string): number | null {
  const match = DATE.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? ms : null;
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The days a report can cover, as of the newest run: from the oldest day the history keeps to the newest run's day. */
export function periodLimits(asOf: string): { first: string; last: string } {
  const last = Math.floor(Date.parse(asOf) / DAY_MS) * DAY_MS;
  return { first: iso(last - (DAILY_ROLLUP_DAYS - 1) * DAY_MS), last: iso(last) };
}

/** The dialog's first values: the newest run's month so far. */
export function defaultPeriod(asOf: string): Pick<PeriodForm, "from" | "to"> {
  const { last } = periodLimits(asOf);
  return { from: `${last.slice(0, 8)}01`, to: last };
}

/** The period as [from, to) in ms (to: the moment after its last day), or what is wrong with the form. */
export function checkPeriodForm(
  form: PeriodForm,
  asOf: string,
): { ok: true; from: number; to: number } | { ok: false; problems: PeriodProblems } {
  const problems: PeriodProblems = {};
  const { first, last } = periodLimits(asOf);
  const from = dayOf(form.from);
  const to = dayOf(form.to);
  if (from === null) problems.from = "Enter the first day as a date, such as 2026-11-01.";
  else if (from < dayOf(first)!) problems.from = `The history goes back to ${first}: start on that day or later.`;
  else if (from > dayOf(last)!) problems.from = `The newest check is of ${last}: start on that day or earlier.`;
  if (to === null) problems.to = "Enter the last day as a date, such as 2026-11-30.";
  else if (to > dayOf(last)!) problems.to = `The newest check is of ${last}: end on that day or earlier.`;
  else if (from !== null && to < from) problems.to = "The last day cannot come before the first.";
  if (form.which === "chosen" && form.chosen.length === 0) problems.servers = "Choose at least one server, or report on all of them.";
  if (Object.keys(problems).length > 0 || from === null || to === null) return { ok: false, problems };
  return { ok: true, from, to: to + DAY_MS };
}
