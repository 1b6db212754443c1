/** @jest-environment node */
/**
 * An objective's latency target (#48): checks answered under a time, counted
 * from the days' time sketches, by hand over a week with a slow day, a day
 * whose times were not kept and checks that did not answer; a property that
 * good and bad never count a check twice; and the words a page says.
 */
import fc from "fast-check";
import type { Rollup, RollupMap } from "../../../src/domain/checks/rollups";
import { encodeSketch, sketchOf } from "../../../src/domain/checks/timeSketch";
import { latencyBudget, latencyCount } from "../../../src/domain/objectives/latency";
import { latencyFacts } from "../../../src/model/objectives/objectivesPage";

const DAY = 86_400_000;
const at = (iso: string) => Date.parse(iso);
/** A day of `total` checks: `times` answered (in ms), the rest down; its sketch kept unless told. */
const day = (times: number[], total = times.length, kept = true): Rollup => ({
  up: times.length,
  total,
  answered: times.length,
  median: null,
  p95: null,
  ...(kept ? { sketch: encodeSketch(sketchOf(times)) } : {}),
});
const repeat = (ms: number, n: number) => Array.from({ length: n }, () => ms);

describe("a latency target", () => {
  it("a week to the 20th: fast days, a slow one, one not answered at all, one whose times were not kept", () => {
    const daily: RollupMap = new Map([
      [at("2028-02-13T00:00:00Z"), day(repeat(120, 288))],
      [at("2028-02-14T00:00:00Z"), day([...repeat(120, 200), ...repeat(450, 88)])],
      [at("2028-02-15T00:00:00Z"), day(repeat(120, 280), 288)],
      [at("2028-02-16T00:00:00Z"), day(repeat(120, 288), 288, false)],
      // 296 ms is under 300 (its bucket's value within 1.5 %), 310 is not
      [at("2028-02-19T00:00:00Z"), day([...repeat(296, 10), ...repeat(310, 10)])],
      [at("2028-02-20T00:00:00Z"), day(repeat(50, 12))],
    ]);
    const count = latencyCount(daily, { rolling: 7 }, at("2028-02-20T01:00:00Z"), 300);
    // the window's first day (the 13th, from 02:00) counted whole
    expect(count.from).toBe(at("2028-02-13T00:00:00Z"));
    expect(count).toMatchObject({ good: 288 + 200 + 280 + 10 + 12, bad: 88 + 8 + 10, unknown: 288 });
    const budget = latencyBudget(count, { percent: 95, underMs: 300 });
    expect(budget.attained).toBeCloseTo(790 / 896, 12);
    // 5 % of 896 checks: 44.8, and 106 spent
    expect(budget.total).toBeCloseTo(44.8, 9);
    expect(budget.remaining).toBeCloseTo(44.8 - 106, 9);
    // a calendar month counts from its first day
    expect(latencyCount(daily, { calendar: "month" }, at("2028-02-20T01:00:00Z"), 300).from).toBe(at("2028-02-01T00:00:00Z"));
  });

  it("property: each check counted once, good or bad (or unknown), never more good than answered under the time", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ times: fc.array(fc.integer({ min: 0, max: 5000 }), { maxLength: 40 }), down: fc.nat(10), kept: fc.boolean() }),
          {
            minLength: 1,
            maxLength: 10,
          },
        ),
        fc.integer({ min: 1, max: 5000 }),
        (days, underMs) => {
          const start = at("2028-02-10T00:00:00Z");
          const daily: RollupMap = new Map(days.map((d, i) => [start + i * DAY, day(d.times, d.times.length + d.down, d.kept)] as const));
          const count = latencyCount(daily, { rolling: 30 }, start + days.length * DAY - 1, underMs);
          const checks = days.reduce((n, d) => n + d.times.length + d.down, 0);
          expect(count.good + count.bad + count.unknown).toBe(checks);
          const answeredUnder = days.filter((d) => d.kept).reduce((n, d) => n + d.times.filter((t) => t < underMs * 1.031).length, 0);
          expect(count.good).toBeLessThanOrEqual(answeredUnder);
        },
      ),
    );
  });

  it("in words: the target, what was attained, the budget of checks left; nothing measured says so", () => {
    const latencyFigures = {
      from: "2028-02-13T00:00:00.000Z",
      attained: 790 / 896,
      checks: { good: 790, bad: 106, unknown: 288 },
      budget: { checks: 44.8, remainingChecks: -61.2, remainingShare: -1.366 },
    };
    expect(latencyFacts({ latency: { percent: 95, underMs: 300 }, latencyFigures })).toEqual([
      ["Latency target", "95 % of checks answered under 300 ms, over whole UTC days from 2028-02-13"],
      ["Latency attained", "88.169 % (790 of 896 checks under it; 288 checks of days whose times were not kept)"],
      ["Latency budget left", "overspent by 61.2 checks"],
    ]);
    expect(latencyFacts({ latency: { percent: 95, underMs: 1500 }, latencyFigures: null })).toEqual([
      ["Latency target", "95 % of checks answered under 1,500 ms"],
    ]);
    expect(latencyFacts({ latencyFigures: null })).toEqual([]);
  });
});
