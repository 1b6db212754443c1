/**
 * The fleet's behaviour over time, for /analytics (#34), from what the check
 * job kept: the fleet's availability each UTC day of the last 90 (checks in
 * maintenance apart, a day without checks no data, never 0 %); each region's
 * availability over 90 and 30 days, and its response times over the last 30
 * days against the 30 before (median and p95 from the days' time sketches,
 * which are kept for 62 days); the servers slowest and least available over
 * 30 days; and the outages that began each week (Monday to Sunday, UTC) of the
 * last 13, with the time they took to recover (from the outages the rollups
 * keep 400 days). The region is the second part of a server's location
 * ("Frankfurt, Germany" -> "Germany"). Gathered a server at a time, as the
 * months' reports are, in the same read of the job's files. The servers most
 * often alerted come from the job's alerts (mostAlerted), which the build
 * reads apart.
 */
import { DAY_MS } from "../kernel/time";
import { seriesMap, type ServerRollup } from "../checks/rollups";
import { addSketchText, sketchPercentile, type TimeSketch } from "../checks/timeSketch";
import type { DayBar } from "../checks/serverHistory";
import { readOutages } from "../checks/outages";
import { alertTime, alertsKeptFrom } from "../checks/alerts";
import { alertIdPrefix } from "../checks/alertIds";
import type { Alert } from "../kernel/types";
import { NO_REGION, regionKey, regionOf } from "../kernel/regions";

/** The days of the availability bars, and of each stretch the times are compared over. */
export const ANALYTICS_DAYS = 90;
const STRETCH_DAYS = 30;
/** The weeks the outages are counted by; the last is this week, so far. */
export const OUTAGE_WEEKS = 13;
/** How many servers each ranking names. */
const RANKED = 5;

/** Response times over a stretch of days: null when nothing answered in it (or its times were not kept). */
type StretchTimes = { median: number; p95: number } | null;

type RegionFigures = {
  region: string;
  servers: number;
  /** checks outside maintenance over the last 30 days, and those up */
  checks: number;
  up: number;
  availability: number | null;
  /** over the 90 days of the bars */
  availability90: number | null;
  /** the last 30 days, and the 30 before them */
  recent: StretchTimes;
  before: StretchTimes;
};

/** A server's last 30 days, as the rankings compare them. */
export type RankedServer = {
  server: string;
  checks: number;
  up: number;
  availability: number | null;
  times: StretchTimes;
  outages: number;
};

/** The outages that began in a week (from Monday 00:00 UTC), and how long those that ended took to recover. */
export type OutageWeek = {
  /** its Monday, YYYY-MM-DD */
  week: string;
  began: number;
  /** of those, still going on at the newest run */
  ongoing: number;
  /** the median and longest time to recover of those that ended; null with none */
  medianRecoveryMs: number | null;
  longestRecoveryMs: number | null;
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
  /** the last 30 days: the RANKED servers with the slowest median (answered ones), and with the lowest availability (below 100 %) */
  slowest: RankedServer[];
  leastAvailable: RankedServer[];
  /** the last OUTAGE_WEEKS weeks, oldest first */
  weeks: OutageWeek[];
};

type Tally = { servers: number; checks: number; up: number; checks90: number; up90: number; recent: TimeSketch; before: TimeSketch };
const tally = (): Tally => ({ servers: 0, checks: 0, up: 0, checks90: 0, up90: 0, recent: new Map(), before: new Map() });
const share = (up: number, checks: number) => (checks === 0 ? null : up / checks);

/** The median of some lengths (the lower middle of an even count: a time that was taken); null with none. */
function medianOf(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Monday 00:00 UTC of the week holding `ms`. */
const mondayOf = (ms: number) => {
  const day = Math.floor(ms / DAY_MS) * DAY_MS;
  return day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS;
};

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
  // by region (domain/kernel/regions.ts), named as the first of its servers spells it
  const regions = new Map<string, Tally & { name: string }>();
  const ranked: RankedServer[] = [];
  const firstWeek = mondayOf(today) - (OUTAGE_WEEKS - 1) * 7 * DAY_MS;
  const weeks = Array.from({ length: OUTAGE_WEEKS }, () => ({ began: 0, ongoing: 0, recoveries: [] as number[] }));
  let checks30 = 0;
  return {
    add(rollup: ServerRollup, location: string): void {
      const name = regionOf(location) ?? NO_REGION;
      const region = regions.get(regionKey(name)) ?? { ...tally(), name };
      regions.set(regionKey(name), region);
      region.servers += 1;
      fleet.servers += 1;
      const own = { ...tally(), outages: 0 };
      for (const [start, day] of seriesMap(rollup.daily, DAY_MS)) {
        if (start >= first && start <= today) {
          const bar = days[(start - first) / DAY_MS];
          bar.up += day.up;
          bar.total += day.total;
          bar.maintenance += day.maintenance ?? 0;
          region.checks90 += day.total;
          region.up90 += day.up;
        }
        if (start >= recentFrom && start <= today) {
          checks30 += day.total + (day.maintenance ?? 0);
          for (const t of [fleet, region, own]) {
            t.checks += day.total;
            t.up += day.up;
          }
        }
        // a day's own sketch ("" once added into its month's, which only days older than 62 are)
        if (!day.sketch) continue;
        const stretch = start >= recentFrom && start <= today ? "recent" : start >= beforeFrom && start < recentFrom ? "before" : null;
        if (stretch) for (const t of [fleet, region, own]) addSketchText(day.sketch, t[stretch]);
      }
      for (const outage of readOutages(rollup.outages)) {
        if ((outage.to ?? asOf.getTime()) >= recentFrom && outage.from <= asOf.getTime()) own.outages += 1;
        const week = Math.floor((mondayOf(outage.from) - firstWeek) / (7 * DAY_MS));
        if (week < 0 || week >= OUTAGE_WEEKS || outage.from > asOf.getTime()) continue;
        weeks[week].began += 1;
        if (outage.to === null) weeks[week].ongoing += 1;
        else weeks[week].recoveries.push(outage.to - outage.from);
      }
      if (own.checks > 0) {
        ranked.push({
          server: rollup.server,
          checks: own.checks,
          up: own.up,
          availability: share(own.up, own.checks),
          times: timesOf(own.recent),
          outages: own.outages,
        });
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
        regions: [...regions.values()]
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((t) => ({
            region: t.name,
            servers: t.servers,
            checks: t.checks,
            up: t.up,
            availability: share(t.up, t.checks),
            availability90: share(t.up90, t.checks90),
            recent: timesOf(t.recent),
            before: timesOf(t.before),
          })),
        slowest: ranked
          .filter((r) => r.times !== null)
          .sort((a, b) => b.times!.median - a.times!.median || b.times!.p95 - a.times!.p95 || a.server.localeCompare(b.server))
          .slice(0, RANKED),
        leastAvailable: ranked
          .filter((r) => r.up < r.checks)
          .sort((a, b) => a.availability! - b.availability! || b.outages - a.outages || a.server.localeCompare(b.server))
          .slice(0, RANKED),
        weeks: weeks.map((w, i) => ({
          week: new Date(firstWeek + i * 7 * DAY_MS).toISOString().slice(0, 10),
          began: w.began,
          ongoing: w.ongoing,
          medianRecoveryMs: medianOf(w.recoveries),
          longestRecoveryMs: w.recoveries.length === 0 ? null : Math.max(...w.recoveries),
        })),
      };
    },
  };
}

/** A server's alerts from the job over a stretch, as the rankings count them (outages and warnings; "back" news apart). */
type AlertedServer = { server: string; alerts: number; errors: number; warnings: number };

/** The servers most often alerted, and from when their alerts are counted (ISO; null when the job's kept alerts do not say). */
export type AlertedServers = { from: string | null; servers: AlertedServer[] };

/**
 * The RANKED servers the job alerted most often (errors and warnings) in the 30
 * days up to `asOf`, from its kept alerts. The job keeps 30 days of alerts but
 * at most KEPT_ALERTS, warnings going first, so with a full store the count
 * holds from its oldest warning on (alertsKeptFrom), and `from` says so. An
 * alert is a server's by its id's prefix (alertIds.ts): alerts of servers not
 * in `serverIds` (renamed, removed) are passed over.
 */
export function mostAlerted(alerts: readonly Alert[], serverIds: Iterable<string>, asOf: Date): AlertedServers {
  const kept = alertsKeptFrom(alerts, asOf.getTime());
  if (kept === null) return { from: null, servers: [] };
  const byPrefix = new Map([...serverIds].map((id) => [alertIdPrefix(id), id] as const));
  const start = Math.max(kept, Math.floor(asOf.getTime() / DAY_MS) * DAY_MS - (STRETCH_DAYS - 1) * DAY_MS);
  const counts = new Map<string, AlertedServer>();
  for (const alert of alerts) {
    if (alert.type === "info") continue;
    const at = alertTime(alert.timestamp)?.getTime();
    const server = byPrefix.get(alert.id.replace(/\d{8}T\d{6}Z-[a-z]+$/, ""));
    if (server === undefined || at === undefined || at < start || at > asOf.getTime()) continue;
    const c = counts.get(server) ?? { server, alerts: 0, errors: 0, warnings: 0 };
    counts.set(server, c);
    c.alerts += 1;
    if (alert.type === "error") c.errors += 1;
    else c.warnings += 1;
  }
  const servers = [...counts.values()].sort((a, b) => b.alerts - a.alerts || b.errors - a.errors || a.server.localeCompare(b.server));
  return { from: new Date(start).toISOString(), servers: servers.slice(0, RANKED) };
}
