/**
 * One server's story, as its page (/servers/<id>) and /api/v1/servers/<id>.json
 * tell it: uptime over four windows, 90 daily bars, and response times hourly
 * (7 days) and daily (90 days). Worked out at build time from the check job's
 * history (raw runs for 48 hours, hourly rollups for 35 days, daily for 400).
 * Every figure is measured; a window, day or hour without checks says so
 * (total 0, null times), never 0.
 */

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

/** A UTC day's checks; total 0: no data that day. */
export type DayBar = { date: string; up: number; total: number };

/**
 * Response times over an hour or a UTC day (`at`: its start, ISO 8601): of the
 * checks (total), those that answered, and the median and 95th percentile of
 * their milliseconds (null when none answered: a gap in the chart).
 */
export type ResponsePoint = { at: string; total: number; answered: number; median: number | null; p95: number | null };

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
};

export const UPTIME_WINDOWS: ReadonlyArray<{ key: UptimeWindowKey; hours: number; label: string }> = [
  { key: "24h", hours: 24, label: "24 hours" },
  { key: "7d", hours: 7 * 24, label: "7 days" },
  { key: "30d", hours: 30 * 24, label: "30 days" },
  { key: "90d", hours: 90 * 24, label: "90 days" },
];
export const HOURLY_POINTS = 7 * 24;
export const DAILY_POINTS = 90;
