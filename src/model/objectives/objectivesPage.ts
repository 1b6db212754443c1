/**
 * What /objectives and a server page show of the objectives (#48): each one's
 * figures as /api/v1/objectives.json publishes them (src/publish/objectivesData.ts,
 * so a page and the file never disagree), its budget day by day for its chart
 * and table, and the words all of them are said in.
 */
import type { ChartDrawings, PageDrawing } from "../charts/chartDrawing";
import type { PublishedObjective } from "../../publish/objectivesData";
import type { ObjectiveSaid } from "../server/serverPage";
import { formatLongDuration } from "../../domain/kernel/time";
import { alertOf, type BurnLevel } from "../../domain/objectives/burnAlerts";

/** An objective's figures without its list of servers (a group can name 10,000): how many it counts instead. */
export type ObjectiveFigures = Omit<PublishedObjective, "servers"> & { serverCount: number };

/** A day of an objective's window: its slots down, and the budget left at its end (share null without a budget). */
export type BudgetDay = { date: string; bad: number; remainingSeconds: number; share: number | null };

export type ObjectiveSection = {
  figures: ObjectiveFigures;
  /** the servers it counts, with their names, up to SHOWN_SERVERS of them */
  servers: Array<{ id: string; name: string }>;
  /** its budget day by day, oldest first (empty before the job ran) */
  days: BudgetDay[];
  /** the burndown drawn at build (null without a budget or a day) */
  chart: ChartDrawings<PageDrawing> | null;
};

export type ObjectivesContext = { asOf: string | null; objectives: ObjectiveSection[] };

/** How many servers an objective's section names; a larger group says how many more. */
export const SHOWN_SERVERS = 20;

export const BUDGET_CHART_TITLE = "Error budget left at the end of each UTC day";

/** An objective's figures for a page: its servers counted, not listed. */
export const figuresOf = ({ servers, ...rest }: PublishedObjective): ObjectiveFigures => ({ ...rest, serverCount: servers.length });

const WINDOW_WORDS: Record<PublishedObjective["window"], string> = {
  "7d": "the last 7 days",
  "28d": "the last 28 days",
  "30d": "the last 30 days",
  month: "the calendar month (UTC)",
};

/** "99.9 % of slots good over the last 30 days", and ", maintenance counted as down" when it is. */
export const targetWords = (o: Pick<ObjectiveFigures, "availability" | "window" | "maintenance">): string =>
  `${o.availability} % of slots good over ${WINDOW_WORDS[o.window]}${o.maintenance === "counted" ? ", maintenance counted as down" : ""}`;

/** A share to three decimals of a percent, rounded down, so that 99.9996 % never reads 100 % nor crosses a target: "99.952 %". */
export const preciseShare = (share: number): string => `${(Math.floor(share * 100000) / 1000).toFixed(3)} %`;

/** What was attained: "99.952 % (8,212 good of 8,216 slots measured)", or why nothing can be said. */
export function attainedWords(o: ObjectiveFigures): string {
  if (o.slots === null || o.attained === null) return o.why ?? "no slot was measured in the window";
  const measured = o.slots.good + o.slots.bad;
  return `${preciseShare(o.attained)} (${o.slots.good.toLocaleString("en-US")} good of ${measured.toLocaleString("en-US")} slots measured)`;
}

/** A count of slots as people read it: whole, to a tenth when a share made it a fraction, to two figures under one. */
const slotCount = (n: number) =>
  Number.isInteger(n)
    ? n.toLocaleString("en-US")
    : Math.abs(n) < 1
      ? String(Number(n.toPrecision(2)))
      : (Math.round(n * 10) / 10).toLocaleString("en-US");

/** A budget's stretch of time (its size, never its sign): under a second said so, not "0 s". */
const budgetTime = (seconds: number) =>
  seconds !== 0 && Math.abs(seconds) < 0.5 ? "under 1 s" : formatLongDuration(Math.abs(seconds) * 1000);

/** A group's budget is of its servers' slots added up: its time is server-time (10 servers all down spend it 10 times as fast). */
const serverTime = (o: Pick<ObjectiveFigures, "serverCount">) => (o.serverCount > 1 ? " of server-time" : "");

/** The budget: "43 min (8.6 slots)"; a group's "7 h 12 min of server-time (86.4 slots)". */
export function budgetWords(o: ObjectiveFigures): string {
  if (o.budget === null) return "—";
  if (o.budget.slots === 0) return "none: a target of 100 % allows no bad slot";
  return `${budgetTime(o.budget.seconds)}${serverTime(o)} (${slotCount(o.budget.slots)} ${o.budget.slots === 1 ? "slot" : "slots"})`;
}

/** What is left of it: "31 min (72.1 % left)", "overspent by 12 min (128.0 % of it spent)", or "—" when nothing was measured. */
export function remainingWords(o: ObjectiveFigures): string {
  if (o.budget === null || o.budget.remainingShare === null) return o.budget?.slots === 0 && o.slots?.bad === 0 ? "none spent" : "—";
  const { remainingSeconds, remainingShare } = o.budget;
  if (remainingSeconds < 0)
    return `overspent by ${budgetTime(remainingSeconds)}${serverTime(o)} (${percent(1 - remainingShare)} of it spent)`;
  return `${budgetTime(remainingSeconds)}${serverTime(o)} (${percent(remainingShare)} left)`;
}

/** A share as a percent to a tenth, truncated toward zero so a budget nearly gone never reads as more: 0.7219 -> "72.1 %". */
const percent = (share: number) => `${(Math.trunc(share * 1000) / 10).toFixed(1)} %`;

/** The window's slots no check came for: "0.4 % of the window (12 slots): no check came". */
export function unknownWords(o: ObjectiveFigures): string {
  if (o.slots === null || o.unknownShare === null) return "—";
  if (o.slots.unknown === 0) return "none: every slot was checked";
  return `${percent(o.unknownShare)} of the window (${slotCount(o.slots.unknown)} slots): no check came, counted neither good nor bad`;
}

/** The burn rates of the three windows: "30 min 0×, 6 h 1.2×, 3 d 0.4×" ("—" where nothing was checked). */
export function burnWords(o: ObjectiveFigures): string {
  if (o.burnRates === null) return "—";
  const rate = (r: number | null) => (r === null ? "—" : `${Math.round(r * 10) / 10}×`);
  const r = o.burnRates;
  // the places' windows (5 minutes, an hour) only where checks came from two places or more
  const places = r["5m"] === null && r["1h"] === null ? "" : `, 5 min ${rate(r["5m"])}, 1 h ${rate(r["1h"])}`;
  return `30 min ${rate(r["30m"])}, 6 h ${rate(r["6h"])}, 3 d ${rate(r["3d"])}${places}`;
}

/** A latency target's facts (none without one): the target, what was attained, the budget of checks left. */
export function latencyFacts(figures: Pick<ObjectiveFigures, "latency" | "latencyFigures">): Array<readonly [string, string]> {
  const { latency, latencyFigures: f } = figures;
  if (!latency) return [];
  const target = `${latency.percent} % of checks answered under ${latency.underMs.toLocaleString("en-US")} ms`;
  if (f === null) return [["Latency target", target]];
  const measured = f.checks.good + f.checks.bad;
  const unknown = f.checks.unknown > 0 ? `; ${f.checks.unknown.toLocaleString("en-US")} checks of days whose times were not kept` : "";
  const left =
    f.budget.remainingShare === null
      ? "—"
      : f.budget.remainingChecks < 0
        ? `overspent by ${slotCount(-f.budget.remainingChecks)} checks`
        : `${slotCount(f.budget.remainingChecks)} checks (${percent(f.budget.remainingShare)} left)`;
  return [
    ["Latency target", `${target}, over whole UTC days from ${f.from.slice(0, 10)}`],
    [
      "Latency attained",
      f.attained === null
        ? "no check counted"
        : `${preciseShare(f.attained)} (${f.checks.good.toLocaleString("en-US")} of ${measured.toLocaleString("en-US")} checks under it${unknown})`,
    ],
    ["Latency budget left", left],
  ];
}

/** What the burn rates call for (domain/objectives/burnAlerts.ts): a page, a ticket, or nothing. */
export const burnAlert = (o: Pick<ObjectiveFigures, "burnRates">): BurnLevel | null => (o.burnRates === null ? null : alertOf(o.burnRates));

export const objectiveSaid = (figures: ObjectiveFigures): ObjectiveSaid => ({
  id: figures.id,
  name: figures.name,
  serverCount: figures.serverCount,
  facts: objectiveFacts(figures),
});

/** An objective's figures as terms and values, in the order a page lists them. */
export function objectiveFacts(figures: ObjectiveFigures): Array<readonly [string, string]> {
  const alert = burnAlert(figures);
  return [
    ["Target", targetWords(figures)],
    ["Attained", attainedWords(figures)],
    ["Error budget", budgetWords(figures)],
    ["Budget left", remainingWords(figures)],
    ["Not checked", unknownWords(figures)],
    ["Burn rate now", burnWords(figures)],
    ["Alert", figures.burnRates === null ? "—" : BURN_ALERT_WORDS[alert ?? "none"]],
    ...latencyFacts(figures),
  ];
}

const BURN_ALERT_WORDS = {
  page: "Burning fast: the last 30 minutes and 6 hours spend the budget 6 times as fast as it allows, or the last 5 minutes and hour 14.4 times, from several places (page)",
  ticket: "Burning: the last 6 hours and 3 days spend the budget at least as fast as it allows (ticket)",
  none: "Within budget: no pair of windows burns faster than its alert",
} as const;

/** A day of the burndown for the chart's tooltip: "2028-02-10: 24 slots down; 56.5 % of the budget left". */
/** A day's budget left, for the table: "42 min", "overspent by 5 min", "—" before anything was measured. */
export const dayLeftWords = (d: BudgetDay): string =>
  d.share === null ? "—" : d.remainingSeconds < 0 ? `overspent by ${budgetTime(d.remainingSeconds)}` : budgetTime(d.remainingSeconds);

/** A day's share of the budget left, for the table: "97.7 %", "—" before anything was measured. */
export const dayShareWords = (d: BudgetDay): string => (d.share === null ? "—" : percent(d.share));

export const budgetDayWords = (d: BudgetDay): string =>
  `${d.date}: ${d.bad === 0 ? "no slot down" : `${slotCount(d.bad)} ${d.bad === 1 ? "slot" : "slots"} down`}; ${
    d.share === null ? "nothing measured yet" : `${percent(d.share)} of the budget left`
  }`;
