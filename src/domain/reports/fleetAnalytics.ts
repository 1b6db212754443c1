/**
 * The fleet's behaviour over time, for /analytics (#34, first part), from what
 * the check job kept: the fleet's availability each UTC day of the last 90
 * (checks in maintenance apart, a day without checks no data, never 0 %), and
 * each region's availability and response times over the last 30 days against
 * the 30 before (median and p95 from the days' time sketches, which are kept
 * for 62 days). The region is the second part of a server's location
 * ("Frankfurt, Germany" -> "Germany"). Gathered a server at a time, as the
 * months' reports are, in the same read of the job's files.
 */
import { DAY_MS } from "../kernel/time";
import { seriesMap, type ServerRollup } from "../checks/rollups";
import { addSketchText, sketchPercentile, type TimeSketch } from "../checks/timeSketch";
import type { DayBar } from "../checks/serverHistory";

/** The days of the availability bars, and of each stretch the times are compared over. */
export const ANALYTICS_DAYS = 90;
const STRETCH_DAYS = 30;

/** Response times over a stretch of days: null when nothing answered in it (or its times were not kept). */
type StretchTimes = { median: number; p95: number } | null;

type RegionFigures = {
  region: string;
  servers: number;
  /** checks outside maintenance over the last 30 days, and those up */
  checks: number;
  up: number;
  availability: number | null;
  /** the last 30 days, and the 30 before them */
  recent: StretchTimes;
  before: StretchTimes;
};

export type FleetAnalytics = {
  /** the figures are as of this time (the newest run) */
  asOf: string;
  /** the checked servers counted */
  servers: number;
  /** the fleet's checks each UTC day of the last 90, oldest first, the last holding asOf */
  days: DayBar[];
  /** checks made over the last 30 days (maintenance too) */
  checks30: number;
  recent: StretchTimes;
  before: StretchTimes;
  /** by name */
  regions: RegionFigures[];
};

/** "Frankfurt, Germany" -> "Germany"; a location without a second part is its own region. */
export function regionOf(location: string): string {
  const parts = location.split(",").map((p) => p.trim());
  return parts[1] || parts[0] || "Unknown";
}

type Tally = { servers: number; checks: number; up: number; recent: TimeSketch; before: TimeSketch };
const tally = (): Tally => ({ servers: 0, checks: 0, up: 0, recent: new Map(), before: new Map() });

function timesOf(sketch: TimeSketch): StretchTimes {
  const median = sketchPercentile(sketch, 0.5);
  return median === null ? null : { median, p95: sketchPercentile(sketch, 0.95)! };
}

/** `add` each checked server's rollups (brought up to the raw runs) with its location, then `result`. */
export function gatherFleetAnalytics(asOf: Date) {
  const today = Math.floor(asOf.getTime() / DAY_MS) * DAY_MS;
  const first = today - (ANALYTICS_DAYS - 1) * DAY_MS;
  const recentFrom = today - (STRETCH_DAYS - 1) * DAY_MS;
  const beforeFrom = recentFrom - STRETCH_DAYS * DAY_MS;
  const days = Array.from({ length: ANALYTICS_DAYS }, () => ({ up: 0, total: 0, maintenance: 0 }));
  const fleet = tally();
  const regions = new Map<string, Tally>();
  let checks30 = 0;
  return {
    add(rollup: ServerRollup, location: string): void {
      const region = regions.get(regionOf(location)) ?? tally();
      regions.set(regionOf(location), region);
      region.servers += 1;
      fleet.servers += 1;
      for (const [start, day] of seriesMap(rollup.daily, DAY_MS)) {
        if (start >= first && start <= today) {
          const bar = days[(start - first) / DAY_MS];
          bar.up += day.up;
          bar.total += day.total;
          bar.maintenance += day.maintenance ?? 0;
        }
        if (start >= recentFrom && start <= today) {
          checks30 += day.total + (day.maintenance ?? 0);
          for (const t of [fleet, region]) {
            t.checks += day.total;
            t.up += day.up;
          }
        }
        // a day's own sketch ("" once added into its month's, which only days older than 62 are)
        if (!day.sketch) continue;
        const stretch = start >= recentFrom && start <= today ? "recent" : start >= beforeFrom && start < recentFrom ? "before" : null;
        if (stretch) for (const t of [fleet, region]) addSketchText(day.sketch, t[stretch]);
      }
    },
    result(): FleetAnalytics {
      return {
        asOf: asOf.toISOString(),
        servers: fleet.servers,
        days: days.map((d, i) => ({
          date: new Date(first + i * DAY_MS).toISOString().slice(0, 10),
          up: d.up,
          total: d.total,
          ...(d.maintenance > 0 ? { maintenance: d.maintenance } : {}),
        })),
        checks30,
        recent: timesOf(fleet.recent),
        before: timesOf(fleet.before),
        regions: [...regions]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([region, t]) => ({
            region,
            servers: t.servers,
            checks: t.checks,
            up: t.up,
            availability: t.checks === 0 ? null : t.up / t.checks,
            recent: timesOf(t.recent),
            before: timesOf(t.before),
          })),
      };
    },
  };
}
