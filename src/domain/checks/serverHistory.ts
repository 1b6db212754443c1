/**
 * One server's story, as its page (/servers/<id>) and /api/v1/servers/<id>.json
 * tell it: uptime over four windows, 90 daily bars, and response times hourly
 * (7 days) and daily (90 days). Worked out at build time from the check job's
 * history (raw runs for 48 hours, hourly rollups for 35 days, daily for 400).
 * Every figure is measured; a window, day or hour without checks says so
 * (total 0, null times), never 0.
 */
import type { CheckHistory } from "./history";
import {
  dayStart,
  emptyRollup,
  hourStart,
  newestRun,
  samplesByServer,
  seriesMap,
  updateRollup,
  placeFigures,
  type PlaceRollup,
  type Rollup,
  type RollupMap,
  type Sample,
  type ServerRollup,
} from "./rollups";
import { DAY_MS, HOUR_MS } from "../kernel/time";

export type UptimeWindowKey = "24h" | "7d" | "30d" | "90d";

export type UptimeWindow = {
  key: UptimeWindowKey;
  /** the window's length in hours */
  hours: number;
  /** checks that succeeded (online or warning) and all checks in the window */
  up: number;
  total: number;
  /**
   * when the checks counted begin (ISO 8601), when that is later than the
   * window's start: the history is younger than the window; null when whole
   */
  coveredFrom: string | null;
};

/**
 * A UTC day's checks; total 0: no data that day. Checks made in maintenance are
 * counted apart (absent when none), in neither up nor total. notCheckedMs: how
 * long the day went unchecked because runs the schedule owed did not come
 * (absent when every run came, or a gap no longer than two runs' interval).
 */
export type DayBar = { date: string; up: number; total: number; maintenance?: number; notCheckedMs?: number };

/**
 * How long part of a day went unchecked: the runs the usual interval would have
 * made in the part of the day the server was watched (from its first check, up
 * to asOf), less those that came. One missing run is within a schedule's jitter
 * (a gap of two intervals); two or more are a gap, said as their time.
 */
export function notCheckedMs(
  made: number,
  dayStartMs: number,
  firstCheck: number | null,
  asOfMs: number,
  intervalMs: number | null,
): number | null {
  if (intervalMs === null || intervalMs <= 0 || firstCheck === null) return null;
  const from = Math.max(dayStartMs, firstCheck);
  const to = Math.min(dayStartMs + DAY_MS, asOfMs);
  if (to <= from) return null;
  const missed = Math.floor((to - from) / intervalMs) - made;
  return missed >= 2 ? missed * intervalMs : null;
}

/**
 * Response times over an hour or a UTC day (`at`: its start, ISO 8601): of the
 * checks (total), those that answered, and the median and 95th percentile of
 * their milliseconds (null when none answered: a gap in the chart).
 */
/**
 * `answered` is null for a day converted from a version 1 history: its checks were counted, their times not kept.
 * `places`: checks from several places, each place's figures then (absent from one place).
 */
export type ResponsePoint = {
  at: string;
  total: number;
  answered: number | null;
  median: number | null;
  p95: number | null;
  places?: Record<string, PlaceRollup>;
};

/** One place's figures over the last 24 hours: the checks that reached the server from there, their median and 95th percentile. */
type PlaceWindow = PlaceRollup & { location: string };

export type ServerHistoryFigures = {
  server: string;
  /** the time the figures are taken at (the newest run's end) */
  asOf: string;
  /** the first check the history holds, or null */
  firstCheck: string | null;
  /** 24h, 7d, 30d, 90d, in that order */
  uptime: UptimeWindow[];
  /** 90 UTC days, oldest first, the last one holding asOf */
  days: DayBar[];
  /** 168 hours, oldest first, the last one holding asOf */
  hourly: ResponsePoint[];
  /** 90 UTC days, oldest first */
  daily: ResponsePoint[];
  /** checks from several places: each place's figures over the last 24 hours, by name; absent when none came from several */
  places24h?: PlaceWindow[];
};

export const UPTIME_WINDOWS: ReadonlyArray<{ key: UptimeWindowKey; hours: number; label: string }> = [
  { key: "24h", hours: 24, label: "24 hours" },
  { key: "7d", hours: 7 * 24, label: "7 days" },
  { key: "30d", hours: 30 * 24, label: "30 days" },
  { key: "90d", hours: 90 * 24, label: "90 days" },
];
export const HOURLY_POINTS = 7 * 24;
export const DAILY_POINTS = 90;

/**
 * A server's figures at `asOf` from the raw runs (history.json) and its
 * rollups (checks/servers/<id>.json, null when it has none), the rollups first
 * brought up to the raw runs (as the job does on every run, so the figures are
 * the same however fresh the file is):
 * - 24 h: the raw checks in the 24 hours up to asOf;
 * - 7 d: the 168 hourly rollups, the last holding asOf;
 * - 30 d and 90 d: the 30 and 90 UTC days, the last holding asOf (30 d is
 *   latest.json's uptime, 90 d the sum of the 90 bars);
 * - coveredFrom: the server's first check, when it is later than the window's start.
 */
export function serverHistoryFigures(
  history: CheckHistory,
  stored: ServerRollup | null,
  server: string,
  asOf: Date,
  // The raw runs by server: given by a caller that tells many servers' stories, so the runs are gathered once, not once a server.
  byServer: ReadonlyMap<string, readonly Sample[]> = samplesByServer(history),
  /** the job's usual interval between runs (latest.json's intervalSeconds), for the days' gaps; null: none said */
  intervalMs: number | null = null,
): ServerHistoryFigures {
  return figuresOfRollup(upToDateRollup(history, stored, server, asOf, byServer), byServer, server, asOf, intervalMs);
}

/** A server's rollups brought up to the raw runs up to `asOf`, as the job does on every run. */
export function upToDateRollup(
  history: CheckHistory,
  stored: ServerRollup | null,
  server: string,
  asOf: Date,
  byServer: ReadonlyMap<string, readonly Sample[]> = samplesByServer(history),
): ServerRollup {
  const samples = (byServer.get(server) ?? []).filter((s) => s.at <= asOf.getTime());
  const newest = newestRun(history);
  const base = stored ?? emptyRollup(server);
  return newest === null ? base : updateRollup(base, samples, newest);
}

/** A server's figures from its rollups brought up to the raw runs (upToDateRollup) and its raw samples. */
export function figuresOfRollup(
  rollup: ServerRollup,
  byServer: ReadonlyMap<string, readonly Sample[]>,
  server: string,
  asOf: Date,
  intervalMs: number | null = null,
): ServerHistoryFigures {
  const asOfMs = asOf.getTime();
  const samples = (byServer.get(server) ?? []).filter((s) => s.at <= asOfMs);
  const hours = seriesMap(rollup.hourly, HOUR_MS);
  const days = seriesMap(rollup.daily, DAY_MS);
  const firstCheck = firstCheckOf(samples, hours, days);

  const lastHour = hourStart(asOfMs);
  const lastDay = dayStart(asOfMs);
  const hourStarts = Array.from({ length: HOURLY_POINTS }, (_, i) => lastHour - (HOURLY_POINTS - 1 - i) * HOUR_MS);
  const dayStarts = Array.from({ length: DAILY_POINTS }, (_, i) => lastDay - (DAILY_POINTS - 1 - i) * DAY_MS);

  const covered = (windowStart: number) => (firstCheck !== null && firstCheck > windowStart ? new Date(firstCheck).toISOString() : null);
  const sum = (map: RollupMap, starts: readonly number[]) =>
    starts.reduce((acc, start) => ({ up: acc.up + (map.get(start)?.up ?? 0), total: acc.total + (map.get(start)?.total ?? 0) }), {
      up: 0,
      total: 0,
    });
  const window = (key: UptimeWindowKey, counts: { up: number; total: number }, windowStart: number): UptimeWindow => ({
    key,
    hours: UPTIME_WINDOWS.find((w) => w.key === key)!.hours,
    ...counts,
    coveredFrom: covered(windowStart),
  });
  const dayWindow = (key: UptimeWindowKey, count: number) => {
    const starts = dayStarts.slice(-count);
    return window(key, sum(days, starts), starts[0]);
  };
  // Checks made in maintenance count in no uptime (the rollups leave them out the same way).
  const raw = samples.filter((s) => s.at > asOfMs - 24 * HOUR_MS && !s.maintenance);

  const point = (start: number, r: Rollup | undefined): ResponsePoint =>
    r === undefined
      ? { at: new Date(start).toISOString(), total: 0, answered: 0, median: null, p95: null }
      : // A day converted from a version 1 history counted its checks but kept no times (answered null): a gap, said so.
        {
          at: new Date(start).toISOString(),
          total: r.total,
          answered: r.answered,
          median: r.median,
          p95: r.p95,
          ...(r.places ? { places: r.places } : {}),
        };
  const places24h: PlaceWindow[] = placeFigures(raw).map(([location, figures]) => ({ location, ...figures }));

  return {
    server,
    asOf: asOf.toISOString(),
    firstCheck: firstCheck === null ? null : new Date(firstCheck).toISOString(),
    uptime: [
      window("24h", { up: raw.filter((s) => s.up).length, total: raw.length }, asOfMs - 24 * HOUR_MS),
      window("7d", sum(hours, hourStarts), hourStarts[0]),
      dayWindow("30d", 30),
      dayWindow("90d", 90),
    ],
    days: dayStarts.map((start) => {
      const day = days.get(start);
      const gap = notCheckedMs((day?.total ?? 0) + (day?.maintenance ?? 0), start, firstCheck, asOfMs, intervalMs);
      return {
        date: new Date(start).toISOString().slice(0, 10),
        up: day?.up ?? 0,
        total: day?.total ?? 0,
        ...(day?.maintenance ? { maintenance: day.maintenance } : {}),
        ...(gap !== null ? { notCheckedMs: gap } : {}),
      };
    }),
    hourly: hourStarts.map((start) => point(start, hours.get(start))),
    daily: dayStarts.map((start) => point(start, days.get(start))),
    ...(places24h.length > 0 ? { places24h } : {}),
  };
}

/**
 * The server's first check as exactly as the history knows it: the first raw
 * check when the raw runs hold every check of its first day, else the first
 * hour when the hourly rollups hold every check of that day, else the day's start.
 */
function firstCheckOf(samples: readonly Sample[], hours: RollupMap, days: RollupMap): number | null {
  const firstOf = (map: RollupMap) => (map.size === 0 ? null : Math.min(...map.keys()));
  const firstDay = firstOf(days) ?? (samples.length > 0 ? dayStart(samples[0].at) : null);
  if (firstDay === null) return null;
  // Every check that day, those made in maintenance too (the rollups count them apart): the raw runs hold them all, or not.
  const checksOf = (r: Rollup | undefined) => (r?.total ?? 0) + (r?.maintenance ?? 0);
  const dayTotal = checksOf(days.get(firstDay));
  const rawThatDay = samples.filter((s) => dayStart(s.at) === firstDay);
  if (rawThatDay.length > 0 && rawThatDay.length >= dayTotal) return rawThatDay[0].at;
  const hoursThatDay = [...hours].filter(([start]) => dayStart(start) === firstDay);
  if (hoursThatDay.length > 0 && hoursThatDay.reduce((n, [, r]) => n + checksOf(r), 0) >= dayTotal) {
    return Math.min(...hoursThatDay.map(([start]) => start));
  }
  return firstDay;
}
