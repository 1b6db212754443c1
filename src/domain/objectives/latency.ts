/**
 * An objective's latency target (#48): a share of checks answered under a
 * time ("95 % of checks answered under 300 ms"). A check is good when it was
 * answered faster than the time, bad when it was answered slower or not at
 * all; checks in maintenance are left out, as in the uptime.
 *
 * Counted from the days' time sketches (domain/checks/timeSketch.ts: a count
 * of answers per bucket of 3 %, kept 62 days), so over whole UTC days: the
 * window's days, its first one whole. An answer is under the time when its
 * bucket's value is (within 1.5 % of the time, the sketches' precision). A
 * day whose times were not kept (written by an older job) is unknown.
 */
import { DAY_MS } from "../kernel/time";
import type { RollupMap } from "../checks/rollups";
import { bucketValue, decodeSketch } from "../checks/timeSketch";
import { windowBounds, type ObjectiveWindow } from "./budget";

export type LatencyTarget = { percent: number; underMs: number };

export type LatencyCount = {
  /** checks answered under the time */
  good: number;
  /** checks answered slower, or not answered */
  bad: number;
  /** checks of days whose times were not kept */
  unknown: number;
  /** the first day counted (its start, ms) */
  from: number;
};

export const NO_LATENCY = (from: number): LatencyCount => ({ good: 0, bad: 0, unknown: 0, from });

/** A server's checks against a latency target over an objective's window at `asOf`, a day at a time. */
export function latencyCount(daily: RollupMap, window: ObjectiveWindow, asOf: number, underMs: number): LatencyCount {
  const from = Math.floor(windowBounds(window, asOf).from / DAY_MS) * DAY_MS;
  const count = NO_LATENCY(from);
  for (let day = from; day <= asOf; day += DAY_MS) {
    const r = daily.get(day);
    if (!r || r.total === 0) continue;
    const sketch = r.sketch ? decodeSketch(r.sketch) : null;
    if (sketch === null) {
      count.unknown += r.total;
      continue;
    }
    let fast = 0;
    for (const [bucket, n] of sketch) if (bucketValue(bucket) < underMs) fast += n;
    // Never more than the checks made (a sketch and its day's count come from the same checks).
    fast = Math.min(fast, r.total);
    count.good += fast;
    count.bad += r.total - fast;
  }
  return count;
}

export const addLatency = (a: LatencyCount, b: LatencyCount): LatencyCount => ({
  good: a.good + b.good,
  bad: a.bad + b.bad,
  unknown: a.unknown + b.unknown,
  from: Math.min(a.from, b.from),
});

export type LatencyBudget = LatencyCount & {
  /** good of good and bad, 0 to 1; null when no check was counted */
  attained: number | null;
  /** the budget, in checks: (1 - target) of those counted, and what is left of it */
  total: number;
  remaining: number;
  remainingShare: number | null;
};

/** A latency target's budget over its counted checks. */
export function latencyBudget(count: LatencyCount, target: LatencyTarget): LatencyBudget {
  const measured = count.good + count.bad;
  const share = Number((target.percent / 100).toPrecision(12));
  const total = (1 - share) * measured;
  const remaining = total - count.bad;
  return {
    ...count,
    attained: measured > 0 ? count.good / measured : null,
    total,
    remaining,
    remainingShare: measured > 0 && total > 0 ? remaining / total : null,
  };
}
