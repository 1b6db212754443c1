/**
 * The check job's memory of its raw samples (content/checks/history.json):
 * every run of the last 48 hours, which the confirmation of states, the usual
 * interval and the dashboard's last 24 hours read. What lasts longer is each
 * server's rollups (domain/checks/rollups.ts, content/checks/servers/<id>.json). At one
 * run every 5 minutes for 100 servers the file holds 576 runs (about 1 MB),
 * whatever the age of the site.
 */
import type { MeasuredStatus, PlaceSeen } from "./outcome";
import type { ChartPoint } from "../kernel/types";
import { newRecord, ownValue } from "../kernel/records";
import { HOUR_MS, MINUTE_MS } from "../kernel/time";

export const RAW_HISTORY_HOURS = 48;
export const UPTIME_DAYS = 30;

/** o online, w warning, x offline: one letter keeps a run of a hundred servers small. */
export type StatusCode = "o" | "w" | "x";
export const CODE: Record<MeasuredStatus, StatusCode> = { online: "o", warning: "w", offline: "x" };
export const STATUS_OF: Record<StatusCode, MeasuredStatus> = { o: "online", w: "warning", x: "offline" };

/**
 * A server in one run: what the run observed, the server's milliseconds (null:
 * no answer), and the status confirmed after the run when it differs from the
 * observed one (domain/checks/confirm.ts).
 */
type HistoryResult = [StatusCode, number | null] | [StatusCode, number | null, StatusCode];
/**
 * One run: its start, each server's result, and the servers it checked inside
 * a maintenance window (content/maintenance.json; absent when none was): their
 * samples are kept but count in no uptime, rollup time or chart.
 */
export type HistoryRun = {
  at: string;
  results: Record<string, HistoryResult>;
  maintenance?: string[];
  /** the servers flapping after this run (domain/checks/flapping.ts); absent when none */
  flapping?: string[];
  /**
   * the servers this run found unreachable because a server they depend on was
   * down (latest.json's `cause`, domain/checks/dependencies.ts); absent when
   * none: their checks count as down, and a report may leave them out of the
   * availability (monitoring.json's reports.causedDowntime)
   */
  caused?: string[];
  /**
   * checks from several places (absent from one): the places, and each server's
   * milliseconds from each of them in that order, null where that place had no
   * answer (offline from there, or no report): the rollups' figures per place
   */
  places?: { names: string[]; ms: Record<string, Array<number | null>> };
};
export type CheckHistory = { version: 2; runs: HistoryRun[] };

/** history.json as versions before 2 wrote it: the runs, and one tally per server per UTC day (read once, checkRollups.upgradeHistory). */
export type CheckHistoryV1 = {
  version: 1;
  runs: HistoryRun[];
  /** UTC date -> server id -> [checks, successful checks] */
  days: Record<string, Record<string, [number, number]>>;
};

export function emptyHistory(): CheckHistory {
  return { version: 2, runs: [] };
}

/** Online and warning answered: both count as up. */
const isUp = (code: StatusCode) => code !== "x";

export type RecordedResult = {
  server: string;
  status: MeasuredStatus;
  responseTime: number | null;
  confirmed?: MeasuredStatus;
  /** checked inside a maintenance window */
  maintenance?: boolean;
  /** flapping after this run */
  flapping?: boolean;
  /** checks from several places: what each saw */
  places?: readonly PlaceSeen[];
};

/** A run's milliseconds per place (HistoryRun.places), or null when no result came from several places. */
function placesOf(results: readonly RecordedResult[]): HistoryRun["places"] | null {
  const names = [...new Set(results.flatMap((r) => (r.places ?? []).map((p) => p.location)))].sort();
  if (names.length === 0) return null;
  const ms = newRecord<Array<number | null>>();
  for (const r of results) {
    if (!r.places) continue;
    const seen = new Map(r.places.map((p) => [p.location, p.status === "offline" ? null : p.responseTime]));
    ms[r.server] = names.map((name) => seen.get(name) ?? null);
  }
  return { names, ms };
}

/**
 * The history with one more run, and runs older than 48 hours before the
 * newest left out. A run that started before the newest one kept (a slow run
 * that finishes late) takes its place in time order.
 */
export function recordRun(history: CheckHistory, at: Date, results: readonly RecordedResult[]): CheckHistory {
  const run: HistoryRun = { at: at.toISOString(), results: newRecord() };
  const maintenance: string[] = [];
  const flapping: string[] = [];
  for (const r of results) {
    const confirmed = r.confirmed ?? r.status;
    run.results[r.server] = confirmed === r.status ? [CODE[r.status], r.responseTime] : [CODE[r.status], r.responseTime, CODE[confirmed]];
    if (r.maintenance) maintenance.push(r.server);
    if (r.flapping) flapping.push(r.server);
  }
  if (maintenance.length > 0) run.maintenance = maintenance;
  if (flapping.length > 0) run.flapping = flapping;
  const places = placesOf(results);
  if (places) run.places = places;
  const newest = Math.max(at.getTime(), ...history.runs.slice(-1).map((r) => Date.parse(r.at)));
  const keepRunsFrom = newest - RAW_HISTORY_HOURS * HOUR_MS;
  const runs = [...history.runs, run].filter((r) => Date.parse(r.at) > keepRunsFrom).sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return { version: 2, runs };
}

/**
 * The history with the servers of the run at `at` that were unreachable because
 * of a dependency marked as such (attributed after the run's states are known,
 * domain/checks/run.ts); the history as it was when none is, or no run is at `at`.
 */
export function markCaused(history: CheckHistory, at: Date, servers: readonly string[]): CheckHistory {
  const when = at.toISOString();
  let index = history.runs.length - 1;
  while (index >= 0 && history.runs[index].at !== when) index -= 1;
  if (index < 0) return history;
  const run = history.runs[index];
  const caused = [...new Set(servers)].filter((server) => ownValue(run.results, server) !== undefined).sort();
  const { caused: _was, ...rest } = run;
  const marked: HistoryRun = caused.length > 0 ? { ...rest, caused } : rest;
  if (JSON.stringify(marked.caused) === JSON.stringify(run.caused)) return history;
  return { ...history, runs: history.runs.map((r, i) => (i === index ? marked : r)) };
}

/**
 * Each server's confirmed state at a time: that of its newest run before it
 * (a run that finished late is recorded with the state of its time, not
 * today's, so the outages worked out from the runs stay where they were).
 */
export function confirmedBefore(history: CheckHistory, servers: Iterable<string>, at: number): Map<string, MeasuredStatus> {
  const wanted = new Set(servers);
  const found = new Map<string, MeasuredStatus>();
  for (let i = history.runs.length - 1; i >= 0 && found.size < wanted.size; i -= 1) {
    const run = history.runs[i];
    if (Date.parse(run.at) >= at) continue;
    for (const server of wanted) {
      const result = ownValue(run.results, server);
      if (result && !found.has(server)) found.set(server, STATUS_OF[result[2] ?? result[0]]);
    }
  }
  return found;
}

/**
 * The percentage of successful checks as the pages show it, rounded down to a
 * tenth (99.96% of checks is '99.9%': 100% means none failed); '—' for none.
 */
export function formatUptime(up: number, total: number): string {
  if (total <= 0) return "—";
  return `${(Math.floor((up / total) * 1000) / 10).toFixed(1)}%`;
}

const pad = (n: number) => String(n).padStart(2, "0");
const BUCKET_HOURS = 4;
const BUCKETS = 6;

/**
 * The last 24 hours as SPEC's chart has them: six 4-hour buckets (UTC, the one
 * holding `now` last), each with the mean response time of the checks that
 * answered (null when none did: a gap, never 0) and the share of successful
 * checks, leaving out checks made in maintenance. Buckets without checks are
 * left out.
 */
export function performanceOf(history: CheckHistory, now: Date): ChartPoint[] {
  const bucketMs = BUCKET_HOURS * HOUR_MS;
  const lastStart = Math.floor(now.getTime() / bucketMs) * bucketMs;
  const firstStart = lastStart - (BUCKETS - 1) * bucketMs;
  const buckets = Array.from({ length: BUCKETS }, () => ({ checks: 0, up: 0, answered: 0, totalMs: 0 }));
  for (const run of history.runs) {
    const at = Date.parse(run.at);
    if (at < firstStart || at > now.getTime()) continue;
    const bucket = buckets[Math.min(BUCKETS - 1, Math.floor((at - firstStart) / bucketMs))];
    const inMaintenance = new Set(run.maintenance);
    for (const server in run.results) {
      // Planned work is not the fleet's performance.
      if (inMaintenance.has(server)) continue;
      const [code, ms] = ownValue(run.results, server)!;
      bucket.checks += 1;
      if (isUp(code)) {
        bucket.up += 1;
        bucket.answered += ms === null ? 0 : 1;
        bucket.totalMs += ms ?? 0;
      }
    }
  }
  return buckets.flatMap((b, i) => {
    if (b.checks === 0) return [];
    const start = new Date(firstStart + i * bucketMs);
    return [
      {
        time: `${pad(start.getUTCHours())}:${pad(start.getUTCMinutes())}`,
        responseTime: b.answered === 0 ? null : Math.round(b.totalMs / b.answered),
        uptime: Math.floor((b.up / b.checks) * 1000) / 10,
      },
    ];
  });
}

/** Runs closer together than this are not a schedule (a run by hand, say): the interval is at least a minute. */
export const MIN_INTERVAL_S = 60;

/**
 * The usual time between runs: the median gap of the last runs, in whole
 * seconds, at least MIN_INTERVAL_S; null with fewer than two runs.
 */
export function observedInterval(history: CheckHistory): number | null {
  const times = history.runs.slice(-13).map((r) => Date.parse(r.at));
  const gaps = times.slice(1).map((t, i) => (t - times[i]) / 1000);
  if (gaps.length === 0) return null;
  gaps.sort((a, b) => a - b);
  const middle = Math.floor(gaps.length / 2);
  const median = gaps.length % 2 === 1 ? gaps[middle] : (gaps[middle - 1] + gaps[middle]) / 2;
  return Math.max(MIN_INTERVAL_S, Math.round(median));
}

/** Entries stamped this far ahead of the clock are from a skewed machine, not from the future. */
export const FUTURE_TOLERANCE_MS = 5 * MINUTE_MS;
