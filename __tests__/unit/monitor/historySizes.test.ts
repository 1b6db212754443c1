/** @jest-environment node */
/**
 * The bytes of the check job's history at full age, made by the job's own
 * functions and written by its own formatters (README.md, "Sizes"): 48 hours of
 * raw runs at one run every 5 minutes, 35 days of hourly and 400 days of daily
 * rollups. Bytes do not vary from machine to machine, so the budget is exact.
 */
import { formatHistory, formatRollup } from "../../../io/jobFiles";
import { emptyHistory, recordRun, type CheckHistory } from "../../../src/domain/checks/history";
import { emptyRollup, mapSeries, rollUpAll, type Rollup, type ServerRollup } from "../../../src/domain/checks/rollups";
import { DAY_MS, HOUR_MS } from "../../../src/domain/kernel/time";
import { encodeSketch, sketchOf } from "../../../src/domain/checks/timeSketch";
import { seededRandom } from "../../../scripts/seededRandom";

const NOW = Date.parse("2027-06-30T23:55:00Z");
const id = (i: number) => `srv-eu-west-${String(i + 1).padStart(3, "0")}`;

/** Three-digit times (100 to 999 ms), one failed check an hour: a server that is not near to its host. */
const full = (checks: number): Rollup => ({ up: checks - 1, total: checks, answered: checks - 1, median: 123, p95: 456 });

/**
 * A day's time sketch of such a server: 287 times drawn around a median of
 * 123 ms with a p95 near 456 ms (log-normal, σ 0.8: a wide spread, so many
 * buckets). The job folds those older than 62 days into their months.
 */
const random = seededRandom(3);
const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
const DAY_SKETCHES = Array.from({ length: 400 }, () =>
  encodeSketch(sketchOf(Array.from({ length: 287 }, () => Math.round(123 * Math.exp(0.8 * normal()))))),
);

/** One server's stored rollups at full age (35 days of hours, 400 days), then the raw runs of 48 hours at one run every 5 minutes. */
export function fullAge(servers: number): { history: CheckHistory; rollups: Map<string, ServerRollup> } {
  const stored = new Map<string, ServerRollup>();
  for (let i = 0; i < servers; i += 1) {
    const hours = new Map(
      Array.from({ length: 35 * 24 }, (_, h) => [Math.floor(NOW / HOUR_MS) * HOUR_MS - h * HOUR_MS, full(12)] as const),
    );
    const days = new Map(
      Array.from(
        { length: 400 },
        (_, d) => [Math.floor(NOW / DAY_MS) * DAY_MS - d * DAY_MS, { ...full(288), sketch: DAY_SKETCHES[d] }] as const,
      ),
    );
    stored.set(id(i), { ...emptyRollup(id(i)), hourly: mapSeries(hours, HOUR_MS), daily: mapSeries(days, DAY_MS) });
  }
  let history = emptyHistory();
  for (let t = NOW - 48 * HOUR_MS + 5 * 60_000; t <= NOW; t += 5 * 60_000) {
    history = recordRun(
      history,
      new Date(t),
      Array.from({ length: servers }, (_, i) => ({ server: id(i), status: "warning" as const, responseTime: 456 })),
    );
  }
  return { history, rollups: rollUpAll(stored, history) };
}

export function bytesOf(servers: number): { history: number; rollups: number; perServer: number } {
  const { history, rollups } = fullAge(servers);
  const historyBytes = Buffer.byteLength(formatHistory(history));
  const rollupBytes = [...rollups.values()].reduce((n, r) => n + Buffer.byteLength(formatRollup(r)), 0);
  return { history: historyBytes, rollups: rollupBytes, perServer: (historyBytes + rollupBytes) / servers };
}

describe("the history's size at full age", () => {
  it("holds 576 runs, 840 hours and 400 days", () => {
    const { history, rollups } = fullAge(1);
    expect(history.runs).toHaveLength(576);
    const rollup = rollups.get(id(0))!;
    expect(rollup.hourly.total).toHaveLength(840);
    expect(rollup.daily.total).toHaveLength(400);
  });

  it("keeps the time sketches of 62 days, and the older days' in their months (the 11 whole months of the 400 days)", () => {
    const rollup = fullAge(1).rollups.get(id(0))!;
    expect(rollup.daily.sketch!.filter((t) => t)).toHaveLength(62);
    expect(rollup.daily.sketch!.filter((t) => t === "")).toHaveLength(400 - 62);
    // May 2026's first day has left the 400 days, so its sketch went with it (it held days no longer kept)
    expect(Object.keys(rollup.months!)).toEqual([
      ...["06", "07", "08", "09", "10", "11", "12"].map((m) => `2026-${m}`),
      ...["01", "02", "03", "04"].map((m) => `2027-${m}`),
    ]);
  });

  // The runs' times (about 27 KB for 576 runs) are shared by every server.
  it("is at most 6 MB for 100 servers, at most 60 KB a server", () => {
    const { history, rollups, perServer } = bytesOf(100);
    expect(history + rollups).toBeLessThanOrEqual(6 * 1024 * 1024);
    expect(perServer).toBeLessThanOrEqual(60 * 1024);
    // each server's own file: about 22 KB of rollups and 17 KB of time sketches (62 days, 11 months), 39 KB
    expect(rollups / 100).toBeLessThanOrEqual(42 * 1024);
  });
});
