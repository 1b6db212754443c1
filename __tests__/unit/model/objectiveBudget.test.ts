/** @jest-environment node */
/**
 * Error budgets by time slices (#48), worked out by hand for a month with an
 * outage, a gap and a maintenance window, and held by properties over generated
 * histories: nothing unknown counted good, attained never above 100 %, budgets
 * that add up over merged windows and servers.
 */
import fc from "fast-check";
import type { Rollup, RollupMap } from "../../../src/domain/checks/rollups";
import { HOUR_MS, MINUTE_MS } from "../../../src/domain/kernel/time";
import {
  addDays,
  addSlots,
  budgetOf as budgetFromSlots,
  burndown,
  burnCounts,
  burnRate,
  NO_SLOTS,
  slotsOf,
  windowBounds,
  windowDays,
  windowSlots,
  type ObjectiveWindow,
} from "../../../src/domain/objectives/budget";

/** The budget of the servers' hourly rollups, counted a server at a time as the build does. */
const budgetOf = (hourly: RollupMap[], target: number, window: ObjectiveWindow, asOf: number, intervalMs: number) =>
  budgetFromSlots(
    hourly.map((map) => windowSlots([map], window, asOf, intervalMs)).reduce(addSlots, NO_SLOTS),
    hourly.length,
    target,
    window,
    asOf,
    intervalMs,
  );

const FIVE_MINUTES = 5 * MINUTE_MS;
const at = (iso: string) => Date.parse(iso);
const up = (n = 12): Rollup => ({ up: n, total: n, answered: n, median: 40, p95: 40 });

/** Hourly rollups from `from` to `to`, 12 checks up an hour unless `change` says otherwise (null: no check that hour). */
function hours(from: string, to: string, change: (hour: number) => Rollup | null | undefined = () => undefined): RollupMap {
  const map: RollupMap = new Map();
  for (let hour = at(from); hour < at(to); hour += HOUR_MS) {
    const r = change(hour);
    if (r !== null) map.set(hour, r ?? up());
  }
  return map;
}

/**
 * February 2028 (29 days, 8,352 slots of 5 minutes), as of the 20th at 00:00: 19
 * days gone (5,472 slots). Down from 03:00 to 05:00 on the 10th (24 slots bad);
 * no check all of the 12th (288 unknown); a maintenance window 10:00 to 11:00 on
 * the 15th (12 checks in it, left out).
 */
const FEBRUARY = hours("2028-02-01T00:00:00Z", "2028-02-20T00:00:00Z", (hour) => {
  if (hour >= at("2028-02-10T03:00:00Z") && hour < at("2028-02-10T05:00:00Z")) return { ...up(), up: 0, answered: 0 };
  if (hour >= at("2028-02-12T00:00:00Z") && hour < at("2028-02-13T00:00:00Z")) return null;
  if (hour === at("2028-02-15T10:00:00Z")) return { up: 0, total: 0, answered: 0, median: null, p95: null, maintenance: 12 };
  return undefined;
});

describe("an objective's budget by time slices (#48)", () => {
  it("a calendar month so far: its slots good, bad, unknown and in maintenance; the budget of the whole month, spent", () => {
    const budget = budgetOf([FEBRUARY], 0.999, { calendar: "month" }, at("2028-02-20T00:00:00Z"), FIVE_MINUTES);
    expect(budget).toMatchObject({ good: 5148, bad: 24, unknown: 288, maintenance: 12 });
    expect(budget.attained).toBeCloseTo(5148 / 5172, 12);
    // (1 - 99.9 %) of the 5,172 slots measured and the 2,880 to come: 8.052 slots (40 min 16 s), overspent by 15.948;
    // the day without checks gives no allowance
    expect(budget.total).toBeCloseTo(8.052, 9);
    expect(budget.remaining).toBeCloseTo(8.052 - 24, 9);
    expect(budget.remainingShare).toBeCloseTo((8.052 - 24) / 8.052, 9);
    expect(budget.unknownShare).toBeCloseTo(288 / 5472, 12);
    expect([budget.from, budget.to]).toEqual([at("2028-02-01T00:00:00Z"), at("2028-02-20T00:00:00Z")]);
  });

  it("maintenance counted (an objective that says so): its 12 checks are bad slots, of the budget and of the burndown", () => {
    const asOf = at("2028-02-20T00:00:00Z");
    const slots = windowSlots([FEBRUARY], { calendar: "month" }, asOf, FIVE_MINUTES);
    const budget = budgetFromSlots(slots, 1, 0.99, { calendar: "month" }, asOf, FIVE_MINUTES, "counted");
    expect(budget).toMatchObject({ good: 5148, bad: 36, maintenance: 12 });
    // 1 % of 5,184 measured slots and 2,880 to come: 80.64; 36 spent
    expect(budget.total).toBeCloseTo(80.64, 9);
    expect(budget.remaining).toBeCloseTo(44.64, 9);
    expect(budget.attained).toBeCloseTo(5148 / 5184, 12);
    const days = windowDays([FEBRUARY], { calendar: "month" }, asOf, FIVE_MINUTES);
    expect(burndown(days, budget.total, "counted")[14]).toMatchObject({ bad: 12 });
    expect(burndown(days, budget.total, "counted").at(-1)!.remaining).toBeCloseTo(44.64, 9);
    expect(burndown(days, budget.total)[14]).toMatchObject({ bad: 0 });
    // and in the burn windows: a check in maintenance is a bad one
    const samples = [
      { at: asOf - FIVE_MINUTES, up: true, maintenance: true },
      { at: asOf, up: true },
    ];
    expect(burnCounts(samples, FEBRUARY, asOf, "counted")["30m"]).toEqual({ good: 1, bad: 1 });
    expect(burnCounts(samples, FEBRUARY, asOf)["30m"]).toEqual({ good: 1, bad: 0 });
  });

  it("a rolling week: 167 whole hours and the hour going on so far; its budget of its own slots", () => {
    const map = hours("2028-02-13T00:00:00Z", "2028-02-20T01:00:00Z", (hour) => {
      if (hour === at("2028-02-15T10:00:00Z")) return { up: 0, total: 0, answered: 0, median: null, p95: null, maintenance: 12 };
      if (hour === at("2028-02-20T00:00:00Z")) return up(6);
      return undefined;
    });
    const asOf = at("2028-02-20T00:30:00Z");
    expect(windowBounds({ rolling: 7 }, asOf)).toEqual({ from: at("2028-02-13T01:00:00Z"), to: asOf, whole: asOf });
    const budget = budgetOf([map], 0.99, { rolling: 7 }, asOf, FIVE_MINUTES);
    expect(budget).toMatchObject({ good: 167 * 12 + 6 - 12, bad: 0, unknown: 0, maintenance: 12, attained: 1, remainingShare: 1 });
    expect(budget.total).toBeCloseTo(0.01 * (167 * 12 + 6 - 12), 9);
  });

  it("a window without any check knows nothing: attained null, every slot unknown, no share of a budget left (never untouched)", () => {
    const budget = budgetOf([new Map()], 0.999, { rolling: 7 }, at("2028-02-20T00:00:00Z"), FIVE_MINUTES);
    expect(budget).toMatchObject({ good: 0, bad: 0, total: 0, attained: null, unknownShare: 1, remainingShare: null });
    const month = budgetOf([new Map()], 0.999, { calendar: "month" }, at("2028-02-20T00:00:00Z"), FIVE_MINUTES);
    expect(month.remainingShare).toBeNull();
    // a slot of no length cannot be counted: a programming error, never a budget of Infinity or NaN
    expect(() => budgetOf([FEBRUARY], 0.999, { rolling: 7 }, at("2028-02-20T00:00:00Z"), 0)).toThrow(RangeError);
    // a target of 100 % has no budget to share
    expect(budgetOf([FEBRUARY], 1, { calendar: "month" }, at("2028-02-20T00:00:00Z"), FIVE_MINUTES).remainingShare).toBeNull();
  });

  it("burns at the share down over the share allowed; checks in maintenance count in neither", () => {
    const checks = [...Array.from({ length: 94 }, () => ({ up: true })), ...Array.from({ length: 6 }, () => ({ up: false }))];
    expect(burnRate(checks, 0.99)).toBeCloseTo(6, 9);
    expect(burnRate([...checks, { up: false, maintenance: true }], 0.99)).toBeCloseTo(6, 9);
    expect(burnRate([{ up: false, maintenance: true }], 0.99)).toBeNull();
  });

  it("counts each burn window's checks: the raw runs' for 30 minutes and 6 hours, the whole hours' for 3 days", () => {
    const asOf = at("2028-02-20T00:00:00Z");
    // a check every 5 minutes for the last 8 hours, down in the last 20 minutes and one in maintenance
    const samples = Array.from({ length: 96 }, (_, i) => ({
      at: asOf - i * FIVE_MINUTES,
      up: i >= 4,
      ...(i === 50 ? { maintenance: true } : {}),
    }));
    const counts = burnCounts(samples, FEBRUARY, asOf);
    expect(counts["30m"]).toEqual({ good: 2, bad: 4 });
    expect(counts["6h"]).toEqual({ good: 67, bad: 4 });
    // February's hours from 01:00 on the 17th: 71 hours of 12 checks, all up
    expect(counts["3d"]).toEqual({ good: 71 * 12, bad: 0 });
  });

  it("counts the 5 minutes and the hour a place at a time, from runs checked from two places or more only", () => {
    const asOf = at("2028-02-20T00:00:00Z");
    const samples: Array<{ at: number; up: boolean; maintenance?: boolean; places: Record<string, number | null> }> = [
      // two places, one of which did not reach it, and the quorum found it down: one good, one bad
      { at: asOf, up: false, places: { Paris: 40, Tokyo: null } },
      // found up by the quorum though one place failed: no budget spent, both good
      { at: asOf - 2 * MINUTE_MS, up: true, places: { Paris: 40, Tokyo: null } },
      // one place: no place counted
      { at: asOf - FIVE_MINUTES, up: true, places: { Paris: 40 } },
      // three places, 20 minutes ago: in the hour, not in the 5 minutes
      { at: asOf - 20 * MINUTE_MS, up: true, places: { Paris: 40, Tokyo: 90, Oregon: 60 } },
      // in maintenance: left out, or three bad checks when counted
      { at: asOf - 30 * MINUTE_MS, up: true, maintenance: true, places: { Paris: 40, Tokyo: 90, Oregon: 60 } },
    ];
    const counts = burnCounts(samples, FEBRUARY, asOf);
    expect(counts["5m"]).toEqual({ good: 3, bad: 1 });
    expect(counts["1h"]).toEqual({ good: 6, bad: 1 });
    expect(burnCounts(samples, FEBRUARY, asOf, "counted")["1h"]).toEqual({ good: 6, bad: 4 });
    // without places, nothing in those windows: their rates say nothing
    expect(burnCounts([{ at: asOf, up: false }], FEBRUARY, asOf)["5m"]).toEqual({ good: 0, bad: 0 });
  });

  const START = at("2028-02-01T00:00:00Z");
  const anyHours = fc.array(fc.option(fc.record({ up: fc.nat(14), down: fc.nat(14), maintenance: fc.nat(3) }), { nil: null }), {
    minLength: 1,
    maxLength: 72,
  });
  const mapOf = (list: ReadonlyArray<{ up: number; down: number; maintenance: number } | null>): RollupMap =>
    new Map(
      list.flatMap((h, i) =>
        h === null
          ? []
          : [
              [
                START + i * HOUR_MS,
                { up: h.up, total: h.up + h.down, answered: h.up, median: null, p95: null, maintenance: h.maintenance },
              ] as const,
            ],
      ),
    );

  it("property: nothing unknown is counted good, attained is never above 100 %, and every slot is one of the four", () => {
    fc.assert(
      fc.property(anyHours, fc.integer({ min: 1, max: 72 * 60 }), (list, minutes) => {
        const map = mapOf(list);
        const to = START + minutes * MINUTE_MS;
        const slots = slotsOf([map], START, to, FIVE_MINUTES);
        const inWindow = [...map].filter(([hour]) => hour < to).map(([, r]) => r);
        expect(slots.good).toBe(inWindow.reduce((n, r) => n + r.up, 0));
        expect(slots.bad).toBe(inWindow.reduce((n, r) => n + r.total - r.up, 0));
        expect(slots.good + slots.bad + slots.unknown + slots.maintenance).toBeCloseTo(slots.expected, 9);
        expect(slots.unknown).toBeGreaterThanOrEqual(0);
        const budget = budgetOf([map], 0.999, { rolling: 7 }, to, FIVE_MINUTES);
        if (budget.attained !== null) expect(budget.attained).toBeLessThanOrEqual(1);
        if (budget.attained !== null) expect(budget.attained).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("property: slots add up over windows split at an hour and over servers, so budgets of merged windows and groups are the sums", () => {
    fc.assert(
      fc.property(anyHours, anyHours, fc.integer({ min: 1, max: 71 }), (a, b, split) => {
        const [one, two] = [mapOf(a), mapOf(b)];
        const end = START + 72 * HOUR_MS;
        const middle = START + split * HOUR_MS;
        const whole = slotsOf([one, two], START, end, FIVE_MINUTES);
        const parts = [
          slotsOf([one], START, middle, FIVE_MINUTES),
          slotsOf([one], middle, end, FIVE_MINUTES),
          slotsOf([two], START, end, FIVE_MINUTES),
        ];
        for (const key of ["good", "bad", "unknown", "maintenance", "expected"] as const) {
          expect(whole[key]).toBeCloseTo(
            parts.reduce((n, p) => n + p[key], 0),
            9,
          );
        }
      }),
    );
  });

  it("property: a window's days partition it (they add up to its slots), and two servers' days add up day by day", () => {
    fc.assert(
      fc.property(
        anyHours,
        anyHours,
        fc.integer({ min: 1, max: 72 * 60 }),
        fc.constantFrom<ObjectiveWindow>({ rolling: 7 }, { calendar: "month" }),
        (a, b, minutes, window) => {
          const [one, two] = [mapOf(a), mapOf(b)];
          const asOf = START + minutes * MINUTE_MS;
          const days = addDays(windowDays([one], window, asOf, FIVE_MINUTES), windowDays([two], window, asOf, FIVE_MINUTES));
          const whole = windowSlots([one, two], window, asOf, FIVE_MINUTES);
          for (const key of ["good", "bad", "unknown", "maintenance", "expected"] as const) {
            expect(days.reduce((n, d) => n + d[key], 0)).toBeCloseTo(whole[key], 9);
          }
          // Oldest first, a day apart, each a UTC midnight.
          days.forEach((d, i) => {
            expect(d.day % (24 * HOUR_MS)).toBe(0);
            if (i > 0) expect(d.day - days[i - 1].day).toBe(24 * HOUR_MS);
          });
          // The burndown ends where the budget does.
          const budget = budgetOf([one, two], 0.99, window, asOf, FIVE_MINUTES);
          const down = burndown(days, budget.total);
          expect(down.at(-1)?.remaining ?? budget.total).toBeCloseTo(budget.remaining, 9);
        },
      ),
    );
  });
});

describe("an objective's budget, day by day (#48)", () => {
  it("February so far: 19 days, the outage of the 10th spent on the 10th, the budget left after each day", () => {
    const days = windowDays([FEBRUARY], { calendar: "month" }, at("2028-02-20T00:00:00Z"), FIVE_MINUTES);
    expect(days).toHaveLength(19);
    expect(days[9]).toMatchObject({ day: at("2028-02-10T00:00:00Z"), good: 264, bad: 24, unknown: 0 });
    expect(days[11]).toMatchObject({ good: 0, bad: 0, unknown: 288 });
    expect(days[14]).toMatchObject({ good: 276, maintenance: 12, unknown: 0 });
    // 99 %: 1 % of 5,172 measured slots and 2,880 to come (8,052), 80.52 slots.
    const down = burndown(days, 80.52);
    expect(down[8].remaining).toBeCloseTo(80.52, 9);
    expect(down[9].remaining).toBeCloseTo(56.52, 9);
    expect(down[18].share).toBeCloseTo(56.52 / 80.52, 9);
    expect(burndown(days, 0).every((d) => d.share === null)).toBe(true);
  });
});
