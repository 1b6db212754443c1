/**
 * Objectives' error budgets by time slices (#48), from what the job keeps: each
 * scheduled check slot (one usual interval) of a window is good (the check
 * found the server up), bad (down), or unknown (no check came: a late run, a
 * gap); unknown is counted as neither, and said. Checks made in maintenance are
 * left out, slots and all, as the uptime leaves them out.
 *
 * The window is counted in the hourly rollups (kept 35 days: a rolling window
 * of 7, 28 or 30 days, or a calendar month, always fits): each whole hour
 * expects an hour of slots, the hour holding `asOf` the part of it gone by. An
 * hour's figures are its own, so a window's are the sum of its hours' and a
 * group's the sum of its servers': budgets add up over merged windows and
 * servers. The budget of a target t is (1 - t) of the window's measured slots
 * (good and bad: an unknown slot is neither, and a gap gives no allowance); a
 * calendar month's also of the slots still to come, spent as it goes.
 */
import { DAY_MS, HOUR_MS, MINUTE_MS } from "../kernel/time";
import type { RollupMap } from "../checks/rollups";

/** The stretch an objective is judged over: the last 7, 28 or 30 days, or the calendar month (UTC) so far. */
export type ObjectiveWindow = { rolling: 7 | 28 | 30 } | { calendar: "month" };

/** A window's slots, as counts of the job's usual interval. */
export type Slots = {
  /** the check found the server up (online or warning) */
  good: number;
  /** the check found it down */
  bad: number;
  /** no check came for them (neither good nor bad) */
  unknown: number;
  /** checks made in maintenance: left out */
  maintenance: number;
};

export type Budget = Slots & {
  /** good of good and bad, 0 to 1; null when no slot was good or bad */
  attained: number | null;
  /** the budget, in slots: (1 - target) of the window's measured slots (a calendar month: and of those to come) */
  total: number;
  /** the budget left, in slots: total - bad (below 0 when overspent) */
  remaining: number;
  /** the budget left as a share of it (1: untouched; below 0: overspent); null when nothing was measured, or without a budget (a target of 100 %) */
  remainingShare: number | null;
  /** the window's unknown slots of all its slots, 0 to 1 */
  unknownShare: number;
  /** the window as it was counted: [from, to) in ms */
  from: number;
  to: number;
};

const hourStartOf = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;

/** [from, to) of a window at `asOf`, and the end of the whole window (a calendar month's end; `to` for a rolling one). */
export function windowBounds(window: ObjectiveWindow, asOf: number): { from: number; to: number; whole: number } {
  if ("rolling" in window) return { from: hourStartOf(asOf - window.rolling * DAY_MS) + HOUR_MS, to: asOf, whole: asOf };
  const day = new Date(asOf);
  const from = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1);
  return { from, to: asOf, whole: Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 1) };
}

/** Slots of the hours of [from, to) of some servers' hourly rollups, added up hour by hour. */
export function slotsOf(hourly: readonly RollupMap[], from: number, to: number, intervalMs: number): Slots & { expected: number } {
  if (!(intervalMs > 0) || !Number.isFinite(intervalMs)) throw new RangeError(`a slot of ${intervalMs} ms cannot be counted`);
  const slots = { good: 0, bad: 0, unknown: 0, maintenance: 0, expected: 0 };
  for (let hour = hourStartOf(from); hour < to; hour += HOUR_MS) {
    // The hour holding `to` expects the part of it gone by.
    const span = Math.min(hour + HOUR_MS, to) - Math.max(hour, from);
    if (span <= 0) continue;
    for (const server of hourly) {
      const expected = span / intervalMs;
      const r = server.get(hour);
      const good = r?.up ?? 0;
      const bad = (r?.total ?? 0) - good;
      const maintenance = r?.maintenance ?? 0;
      slots.good += good;
      slots.bad += bad;
      slots.maintenance += maintenance;
      // More checks than slots (runs closer than the usual interval) leave none unknown, never fewer than none.
      slots.unknown += Math.max(0, expected - good - bad - maintenance);
      slots.expected += Math.max(expected, good + bad + maintenance);
    }
  }
  return slots;
}

/** A window's slots counted, with all it expected. */
export type SlotCount = Slots & { expected: number };

/** The slots of an objective's window at `asOf`, in some servers' hourly rollups (a server at a time, or several). */
export function windowSlots(hourly: readonly RollupMap[], window: ObjectiveWindow, asOf: number, intervalMs: number): SlotCount {
  const { from, to } = windowBounds(window, asOf);
  return slotsOf(hourly, from, to, intervalMs);
}

export const NO_SLOTS: SlotCount = { good: 0, bad: 0, unknown: 0, maintenance: 0, expected: 0 };

/** A UTC day of a window and its slots (the window's first and last days only the part of them it holds). */
export type DaySlots = SlotCount & { day: number };

/**
 * The slots of an objective's window at `asOf`, a UTC day at a time, oldest
 * first: the days partition the window's hours, so they add up to windowSlots.
 */
export function windowDays(hourly: readonly RollupMap[], window: ObjectiveWindow, asOf: number, intervalMs: number): DaySlots[] {
  const { from, to } = windowBounds(window, asOf);
  const days: DaySlots[] = [];
  for (let day = Math.floor(from / DAY_MS) * DAY_MS; day < to; day += DAY_MS) {
    days.push({ day, ...slotsOf(hourly, Math.max(day, from), Math.min(day + DAY_MS, to), intervalMs) });
  }
  return days;
}

/** Two servers' days of the same window added up, day by day. */
export const addDays = (a: readonly DaySlots[], b: readonly DaySlots[]): DaySlots[] =>
  a.length === 0 ? [...b] : a.map((day, i) => ({ day: day.day, ...addSlots(day, b[i] ?? NO_SLOTS) }));

/**
 * The budget left at the end of each day of its window (a burndown): the
 * budget's total less the bad slots up to that day's end, in slots and as a
 * share of the total (null without a budget, and for the days before the
 * first slot measured: nothing known is never "untouched").
 */
export function burndown(
  days: readonly DaySlots[],
  total: number,
  maintenance: MaintenancePolicy = "excluded",
): Array<{ day: number; bad: number; remaining: number; share: number | null }> {
  let spent = 0;
  let measured = false;
  return days.map(({ day, good, bad: down, maintenance: held }) => {
    const bad = down + (maintenance === "counted" ? held : 0);
    spent += bad;
    measured ||= good + bad > 0;
    const remaining = total - spent;
    return { day, bad, remaining, share: measured && total > 0 ? remaining / total : null };
  });
}

/** Two counts of slots added up (a group's servers, or a window's days, one after the other). */
export const addSlots = (a: SlotCount, b: SlotCount): SlotCount => ({
  good: a.good + b.good,
  bad: a.bad + b.bad,
  unknown: a.unknown + b.unknown,
  maintenance: a.maintenance + b.maintenance,
  expected: a.expected + b.expected,
});

/** What an objective does with the checks made in maintenance: leaves them out (the default), or counts them as bad slots. */
export type MaintenancePolicy = "excluded" | "counted";

/**
 * The budget of an objective (availability `target`, 0 to 1) over its window
 * at `asOf`, from the slots of its `servers` servers in that window (added up
 * a server at a time: windowSlots, addSlots). With maintenance "counted", each
 * check made in a maintenance window is a bad slot (the service was announced
 * unavailable; its state was held, not judged).
 */
export function budgetOf(
  counted: SlotCount,
  servers: number,
  target: number,
  window: ObjectiveWindow,
  asOf: number,
  intervalMs: number,
  maintenance: MaintenancePolicy = "excluded",
): Budget {
  if (!(intervalMs > 0) || !Number.isFinite(intervalMs)) throw new RangeError(`a slot of ${intervalMs} ms cannot be counted`);
  const { from, to, whole } = windowBounds(window, asOf);
  const { expected, ...found } = counted;
  const slots = maintenance === "counted" ? { ...found, bad: found.bad + found.maintenance } : found;
  const measured = slots.good + slots.bad;
  // A calendar month's budget is also of the slots still to come (as the interval expects them).
  const ahead = Math.max(0, ((whole - to) / intervalMs) * servers);
  const total = (1 - target) * (measured + ahead);
  const remaining = total - slots.bad;
  return {
    ...slots,
    attained: measured > 0 ? slots.good / measured : null,
    total,
    remaining,
    // Nothing measured is nothing known: never "untouched".
    remainingShare: measured > 0 && total > 0 ? remaining / total : null,
    unknownShare: expected > 0 ? slots.unknown / expected : 0,
    from,
    to,
  };
}

/**
 * How fast a budget burns over the checks given (the raw runs of a short
 * window): their share down over the share the target allows (1: the budget
 * lasts exactly its window; 6: it is gone in a sixth of it). Null when none of
 * them was made outside maintenance.
 */
export function burnRate(checks: ReadonlyArray<{ up: boolean; maintenance?: boolean }>, target: number): number | null {
  const counted = checks.filter((c) => !c.maintenance);
  const good = counted.filter((c) => c.up).length;
  return burnOf({ good, bad: counted.length - good }, target);
}

/**
 * The Google SRE Workbook's multiwindow pairs that a 5-minute schedule can
 * measure (burnAlerts.ts says which pair calls for what): 30 minutes and 6
 * hours, 6 hours and 3 days, and, with checks from at least two places (each
 * place's check counted: a 5-minute window then holds two or more), 5 minutes
 * and 1 hour.
 */
export const BURN_WINDOWS = { "5m": 5 * MINUTE_MS, "30m": 30 * MINUTE_MS, "1h": HOUR_MS, "6h": 6 * HOUR_MS, "3d": 3 * DAY_MS } as const;
export type BurnWindow = keyof typeof BURN_WINDOWS;
export type BurnCounts = Record<BurnWindow, { good: number; bad: number }>;

const WINDOW_KEYS = Object.keys(BURN_WINDOWS) as BurnWindow[];
const countsOf = (each: (window: BurnWindow) => { good: number; bad: number }): BurnCounts =>
  Object.fromEntries(WINDOW_KEYS.map((w) => [w, each(w)])) as BurnCounts;

export const NO_BURN: BurnCounts = countsOf(() => ({ good: 0, bad: 0 }));

/** The windows counted a place at a time, and only from runs with checks from at least two places. */
const PLACE_WINDOWS: ReadonlySet<BurnWindow> = new Set(["5m", "1h"]);

/**
 * A server's checks up and down in each burn window ending at `asOf` (those in
 * maintenance left out, or counted down with maintenance "counted"): the raw
 * runs' (48 hours) for the windows they hold, the hourly rollups' whole hours
 * for the 3 days; the 5 minutes and the hour a place at a time (each place's
 * check of a run with two or more places: all good when the quorum found the
 * server up, else good when that place reached it), so that they burn only
 * when the budget does.
 */
export function burnCounts(
  samples: ReadonlyArray<{ at: number; up: boolean; maintenance?: boolean; places?: Record<string, number | null> }>,
  hourly: RollupMap,
  asOf: number,
  maintenance: MaintenancePolicy = "excluded",
): BurnCounts {
  const inWindow = (window: BurnWindow) => samples.filter((s) => s.at > asOf - BURN_WINDOWS[window] && s.at <= asOf);
  const raw = (window: BurnWindow) => {
    const within = inWindow(window);
    const counted = maintenance === "counted" ? within : within.filter((s) => !s.maintenance);
    const good = counted.filter((s) => s.up && !s.maintenance).length;
    return { good, bad: counted.length - good };
  };
  const byPlace = (window: BurnWindow) => {
    let good = 0;
    let bad = 0;
    for (const s of inWindow(window)) {
      const seen = s.places ? Object.values(s.places) : [];
      if (seen.length < 2 || (s.maintenance && maintenance !== "counted")) continue;
      // A slot the quorum found up spends no budget: each of its places' checks is good, even one that failed (its
      // server was reached from the others). A slot found down, or in maintenance counted, is told place by place.
      if (s.maintenance) bad += seen.length;
      else if (s.up) good += seen.length;
      else
        for (const ms of seen) {
          if (ms !== null) good += 1;
          else bad += 1;
        }
    }
    return { good, bad };
  };
  let good = 0;
  let bad = 0;
  for (let hour = hourStartOf(asOf - BURN_WINDOWS["3d"]) + HOUR_MS; hour <= asOf; hour += HOUR_MS) {
    const r = hourly.get(hour);
    good += r?.up ?? 0;
    bad += (r?.total ?? 0) - (r?.up ?? 0) + (maintenance === "counted" ? (r?.maintenance ?? 0) : 0);
  }
  return countsOf((window) => (window === "3d" ? { good, bad } : PLACE_WINDOWS.has(window) ? byPlace(window) : raw(window)));
}

export const addBurn = (a: BurnCounts, b: BurnCounts): BurnCounts =>
  countsOf((w) => ({ good: a[w].good + b[w].good, bad: a[w].bad + b[w].bad }));

/** A window's burn rate from its counts: its share down over the share the target allows; null when nothing was checked. */
export function burnOf({ good, bad }: { good: number; bad: number }, target: number): number | null {
  if (good + bad === 0 || target >= 1) return null;
  return bad / (good + bad) / (1 - target);
}
