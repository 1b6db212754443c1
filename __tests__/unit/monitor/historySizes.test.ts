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

const NOW = Date.parse("2027-06-30T23:55:00Z");
const id = (i: number) => `srv-eu-west-${String(i + 1).padStart(3, "0")}`;

/** Three-digit times (100 to 999 ms), one failed check an hour: a server that is not near to its host. */
const full = (checks: number): Rollup => ({ up: checks - 1, total: checks, answered: checks - 1, median: 123, p95: 456 });

/** One server's stored rollups at full age (35 days of hours, 400 days), then the raw runs of 48 hours at one run every 5 minutes. */
export function fullAge(servers: number): { history: CheckHistory; rollups: Map<string, ServerRollup> } {
  const stored = new Map<string, ServerRollup>();
  for (let i = 0; i < servers; i += 1) {
    const hours = new Map(
      Array.from({ length: 35 * 24 }, (_, h) => [Math.floor(NOW / HOUR_MS) * HOUR_MS - h * HOUR_MS, full(12)] as const),
    );
    const days = new Map(Array.from({ length: 400 }, (_, d) => [Math.floor(NOW / DAY_MS) * DAY_MS - d * DAY_MS, full(288)] as const));
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

  // The runs' times (about 27 KB for 576 runs) are shared by every server: a lone server costs about 66 KB.
  it("is at most 4 MB for 100 servers, at most 40 KB a server", () => {
    const { history, rollups, perServer } = bytesOf(100);
    expect(history + rollups).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(perServer).toBeLessThanOrEqual(40 * 1024);
    // each server's own file: about 22 KB
    expect(rollups / 100).toBeLessThanOrEqual(23 * 1024);
  });
});
