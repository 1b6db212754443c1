/**
 * What /analytics is given by the build (#34): the fleet over time from the
 * job's history (domain/reports/fleetAnalytics.ts) with its charts drawn at
 * build time, the servers the job alerted most, the countries the servers are
 * in, or nulls when no server is checked; and the words its figures and its
 * measured cards are said in.
 */
import type { AlertedServers, FleetAnalytics, OutageWeek } from "../../domain/reports/fleetAnalytics";
import { formatMs } from "../../domain/kernel/format";
import { formatLongDuration } from "../../domain/kernel/time";
import type { ChartDrawings } from "../charts/chartDrawing";
import type { CardFigure } from "../fleet/figureCards";

export type AnalyticsContext = {
  fleetAnalytics: FleetAnalytics | null;
  fleetBars: ChartDrawings | null;
  weekBars: ChartDrawings | null;
  /** the servers the job alerted most in the last 30 days (null when no server is checked) */
  alerted: AlertedServers | null;
  /** the names of the servers the rankings name, by id */
  names: Record<string, string>;
  /** the countries the servers of servers.json are in (the second part of their locations), by name */
  countries: string[];
};

export const FLEET_BARS_TITLE = "The fleet's availability each UTC day of the last 90";
export const WEEK_BARS_TITLE = "Outages that began each week, last 13 weeks";

type Times = FleetAnalytics["recent"];

/** 0.99953 -> "99.95 %" (rounded down, so 100 % means no check failed); null -> "no checks". */
export const shareWords = (share: number | null): string =>
  share === null ? "no checks" : `${(Math.floor(share * 10000) / 100).toFixed(2)} %`;

/** How a stretch's figure compares with the stretch before: "5 ms faster than the 30 days before". */
function changeTail(recent: NonNullable<Times>, before: Times, key: "median" | "p95"): string {
  if (before === null) return "the 30 days before: no answers kept";
  const change = Math.round(recent[key] - before[key]);
  if (change === 0) return "as in the 30 days before";
  return `${formatMs(Math.abs(change))} ${change < 0 ? "faster" : "slower"} than the 30 days before`;
}

/** A stretch's median against the stretch before: "45 ms (5 ms faster than the 30 days before)". */
export function changeWords(recent: Times, before: Times, key: "median" | "p95"): string {
  return recent === null ? "no answers" : `${formatMs(recent[key])} (${changeTail(recent, before, key)})`;
}

/** A time to recover: "12 min", or "—" when none ended. */
export const recoveryWords = (ms: number | null): string => (ms === null ? "—" : formatLongDuration(ms));

/** A week's outages, for the chart's tooltip: "Week of 2028-03-20: 3 outages began (1 still going on); median recovery 12 min". */
export function weekWords(week: OutageWeek): string {
  if (week.began === 0) return `Week of ${week.week}: no outage began`;
  const ongoing = week.ongoing > 0 ? ` (${week.ongoing} still going on)` : "";
  const recovered = week.medianRecoveryMs === null ? "none recovered yet" : `median recovery ${recoveryWords(week.medianRecoveryMs)}`;
  return `Week of ${week.week}: ${week.began} ${week.began === 1 ? "outage" : "outages"} began${ongoing}; ${recovered}`;
}

/** What the job measures for the analytics cards (content/analytics-cards.json `measure`); null: not measured yet. */
export function analyticsFigures({
  fleetAnalytics: a,
  countries,
}: Pick<AnalyticsContext, "fleetAnalytics" | "countries">): Record<"checks" | "response-time" | "countries", CardFigure | null> {
  const times = a?.recent ?? null;
  return {
    checks: a && {
      value: `${a.checks30.toLocaleString("en-US")} checks`,
      note: `Made by the check job in the last 30 days, to ${a.servers} ${a.servers === 1 ? "server" : "servers"}`,
      source: "Measured by the check job",
    },
    "response-time": a && {
      value: times ? formatMs(times.median) : "No answers",
      ...(times ? {} : { words: true as const }),
      note: times
        ? `The fleet's median over 30 days; ${a.before ? changeTail(times, a.before, "median") : "none kept of the 30 before"}`
        : "Nothing answered in the last 30 days",
      source: "Measured by the check job",
    },
    countries: {
      value: String(countries.length),
      note: countries.length === 1 ? "Country the servers are in" : "Countries the servers are in",
      source: "From the servers' locations",
    },
  };
}
