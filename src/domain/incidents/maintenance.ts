/**
 * Maintenance windows (content/maintenance.json) as instants. A one-off window is
 * its start and end; a recurring one is a local time in an IANA zone (every day,
 * a weekday every week, a day of the month every month) that croner turns into
 * UTC, daylight saving included: nothing here adds or subtracts an offset.
 *
 * The rules, as CONTENT.md tells editors:
 * - A window runs from its start (included) to its end (excluded).
 * - A recurring window lasts durationMinutes of real time from its start, so one
 *   across a daylight-saving change is as long as any other (22:00 CET + 4 h
 *   ends at 03:00 CEST).
 * - A local start the clocks skip (02:30 on the night they go forward) starts
 *   at the first minute after the gap (03:00 summer time); a local start that
 *   happens twice (the night they go back) starts once, at the first of the two.
 * - A month without the window's day (31 in April, 29–31 in February) has no
 *   window that month: the window is not moved to the month's last day.
 * - Windows may overlap (two windows, or a long one with the next): a server is
 *   in maintenance while any of its windows is, and is told every one in force.
 * - A window that spans midnight UTC, or lasts over a day, is one occurrence
 *   from its start to its end.
 */
import { Cron } from "croner";
import { MINUTE_MS as MINUTE } from "../kernel/time";

export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
type Weekday = (typeof WEEKDAYS)[number];

type WindowBase = {
  id: string;
  title: string;
  /** the ids of the servers (servers.json) it covers */
  affected: string[];
  message?: string | null;
};

export type OneOffWindow = WindowBase & { start: string; end: string };

export type RecurringWindow = WindowBase & {
  every: "day" | "week" | "month";
  /** a weekday for every week, a day of the month (1–31) for every month, none for every day */
  on?: Weekday | number | null;
  /** the local start, HH:MM */
  at: string;
  durationMinutes: number;
  /** IANA time zone of `at` */
  timeZone: string;
};

export type MaintenanceWindow = OneOffWindow | RecurringWindow;

/** One time a window is in force, in UTC (ISO 8601): from start (included) to end (excluded). */
export type MaintenanceOccurrence = { window: MaintenanceWindow; start: string; end: string };

/** Whether a window repeats (every day, week or month) rather than happening once. */
export const isRecurring = (window: MaintenanceWindow): window is RecurringWindow =>
  (window as Partial<RecurringWindow>).every !== undefined && (window as Partial<RecurringWindow>).every !== null;

/** Whether a zone is an IANA name this platform knows (UTC included; an offset such as +02:00 is not a zone). */
export function isKnownTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const DAY = 24 * 60 * MINUTE;

/** The cron pattern of a recurring window: minute, hour, day of month, month, weekday (0 is Sunday). */
function cronPattern(window: RecurringWindow): string {
  const [hour, minute] = window.at.split(":").map(Number);
  if (window.every === "week") {
    const weekday = (WEEKDAYS.indexOf(window.on as Weekday) + 1) % 7;
    return `${minute} ${hour} * * ${weekday}`;
  }
  if (window.every === "month") return `${minute} ${hour} ${Number(window.on)} * *`;
  return `${minute} ${hour} * * *`;
}

const schedules = new WeakMap<RecurringWindow, Cron>();
function scheduleOf(window: RecurringWindow): Cron {
  let cron = schedules.get(window);
  if (cron === undefined) {
    // No function: croner only computes the times, it never starts a timer.
    cron = new Cron(cronPattern(window), { timezone: window.timeZone });
    schedules.set(window, cron);
  }
  return cron;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Every occurrence of one window that is in force at some instant of [from, to). */
function occurrencesOf(window: MaintenanceWindow, from: number, to: number): MaintenanceOccurrence[] {
  if (!isRecurring(window)) {
    const start = Date.parse(window.start);
    const end = Date.parse(window.end);
    return start < to && end > from && end > start ? [{ window, start: iso(start), end: iso(end) }] : [];
  }
  const length = window.durationMinutes * MINUTE;
  const cron = scheduleOf(window);
  const found: MaintenanceOccurrence[] = [];
  // An occurrence that started up to its length before `from` is still in force at `from`; croner gives the next start strictly after the cursor.
  let cursor = new Date(from - length);
  for (;;) {
    const next = cron.nextRun(cursor);
    if (next === null || next.getTime() >= to) break;
    found.push({ window, start: iso(next.getTime()), end: iso(next.getTime() + length) });
    cursor = next;
  }
  return found;
}

const byStart = (a: MaintenanceOccurrence, b: MaintenanceOccurrence) =>
  a.start < b.start ? -1 : a.start > b.start ? 1 : a.window.id < b.window.id ? -1 : a.window.id > b.window.id ? 1 : 0;

const ms = (instant: Date | number) => (typeof instant === "number" ? instant : instant.getTime());

/** Every occurrence of every window in force at some instant of [from, to), in start order (then by id). */
export function maintenanceOccurrences(
  windows: readonly MaintenanceWindow[],
  from: Date | number,
  to: Date | number,
): MaintenanceOccurrence[] {
  const start = ms(from);
  const end = ms(to);
  return windows.flatMap((window) => occurrencesOf(window, start, end)).sort(byStart);
}

/** The windows in force for a server at an instant (none: it is not in maintenance), earliest start first. */
export function activeMaintenance(windows: readonly MaintenanceWindow[], server: string, at: Date | number): MaintenanceOccurrence[] {
  const instant = ms(at);
  return maintenanceOccurrences(
    windows.filter((window) => window.affected.includes(server)),
    instant,
    instant + 1,
  );
}

/** The occurrences that start after `now` and within `days` days of it (those in progress are activeMaintenance's). */
export function upcomingMaintenance(windows: readonly MaintenanceWindow[], now: Date | number, days: number): MaintenanceOccurrence[] {
  const from = ms(now);
  return maintenanceOccurrences(windows, from, from + days * DAY + 1).filter((o) => Date.parse(o.start) > from);
}

/**
 * Which windows are in force for a server at an instant within [from, to),
 * worked out once: the check job asks it of every check of a run (10,000 at a
 * time), where activeMaintenance would work out every window's occurrences
 * again for each.
 */
export function maintenanceLookup(
  windows: readonly MaintenanceWindow[],
  from: Date | number,
  to: Date | number,
): (server: string, at: Date | number) => MaintenanceOccurrence[] {
  const byServer = new Map<string, MaintenanceOccurrence[]>();
  for (const occurrence of maintenanceOccurrences(windows, from, to)) {
    for (const server of occurrence.window.affected) {
      let list = byServer.get(server);
      if (!list) byServer.set(server, (list = []));
      list.push(occurrence);
    }
  }
  return (server, at) => {
    const instant = ms(at);
    return (byServer.get(server) ?? []).filter((o) => Date.parse(o.start) <= instant && instant < Date.parse(o.end));
  };
}
