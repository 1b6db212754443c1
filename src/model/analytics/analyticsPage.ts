/**
 * What /analytics is given by the build (#34, first part): the fleet over time
 * from the job's history (domain/reports/fleetAnalytics.ts) and its 90 days'
 * bars drawn at build time, or nulls when no server is checked; and the words
 * its figures are said in.
 */
import type { FleetAnalytics } from "../../domain/reports/fleetAnalytics";
import { formatMs } from "../../domain/kernel/format";
import type { ChartDrawings } from "../charts/chartDrawing";

export type AnalyticsContext = { fleetAnalytics: FleetAnalytics | null; fleetBars: ChartDrawings | null };

export const FLEET_BARS_TITLE = "The fleet's availability each UTC day of the last 90";

type Times = FleetAnalytics["recent"];

/** 0.99953 -> "99.95 %" (rounded down, so 100 % means no check failed); null -> "no checks". */
export const shareWords = (share: number | null): string =>
  share === null ? "no checks" : `${(Math.floor(share * 10000) / 100).toFixed(2)} %`;

/** A stretch's median against the stretch before: "45 ms (5 ms faster than the 30 days before)". */
export function changeWords(recent: Times, before: Times, key: "median" | "p95"): string {
  if (recent === null) return "no answers";
  const now = formatMs(recent[key]);
  if (before === null) return `${now} (the 30 days before: no answers kept)`;
  const change = Math.round(recent[key] - before[key]);
  if (change === 0) return `${now} (as in the 30 days before)`;
  return `${now} (${formatMs(Math.abs(change))} ${change < 0 ? "faster" : "slower"} than the 30 days before)`;
}
