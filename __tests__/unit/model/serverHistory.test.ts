/** @jest-environment node */
import { emptyHistory, recordRun, type CheckHistory } from "../../../src/domain/checks/history";
import { emptyRollup, mapSeries, rollUpAll, type Rollup, type ServerRollup } from "../../../src/domain/checks/rollups";
import { DAY_MS, HOUR_MS } from "../../../src/domain/kernel/time";
import type { MeasuredStatus } from "../../../src/domain/checks/outcome";
import {
  DAILY_POINTS,
  HOURLY_POINTS,
  notCheckedMs,
  serverHistoryFigures,
  UPTIME_WINDOWS,
  type DayBar,
  type ResponsePoint,
  type UptimeWindow,
} from "../../../src/domain/checks/serverHistory";

type Result = { server: string; status: MeasuredStatus; responseTime: number | null };
const ok = (ms = 40): Result => ({ server: "a", status: "online", responseTime: ms });
const down = (): Result => ({ server: "a", status: "offline", responseTime: null });

/** The history and rollups as the job leaves them after these runs. */
function jobOf(runs: ReadonlyArray<[string, Result[]]>, stored?: ServerRollup): { history: CheckHistory; rollup: ServerRollup } {
  let history = emptyHistory();
  let rollups = new Map<string, ServerRollup>(stored ? [["a", stored]] : []);
  for (const [at, results] of runs) {
    history = recordRun(history, new Date(at), results);
    rollups = rollUpAll(rollups, history);
  }
  return { history, rollup: rollups.get("a")! };
}

const r = (up: number, total: number, median: number | null = 40): Rollup => ({
  up,
  total,
  answered: median === null ? 0 : up,
  median,
  p95: median,
});

describe("serverHistoryFigures", () => {
  const asOf = new Date("2026-11-23T10:40:00Z");

  it("has four uptime windows, 90 bars, 168 hourly and 90 daily points, the last holding asOf", () => {
    const { history, rollup } = jobOf([["2026-11-23T10:40:00Z", [ok()]]]);
    const f = serverHistoryFigures(history, rollup, "a", asOf);
    expect(f.uptime.map((w) => [w.key, w.hours])).toEqual(UPTIME_WINDOWS.map((w) => [w.key, w.hours]));
    expect(f.days).toHaveLength(DAILY_POINTS);
    expect(f.hourly).toHaveLength(HOURLY_POINTS);
    expect(f.daily).toHaveLength(DAILY_POINTS);
    expect(f.days.at(-1)).toEqual({ date: "2026-11-23", up: 1, total: 1 });
    expect(f.days[0].date).toBe("2026-08-26");
    expect(f.hourly.at(-1)?.at).toBe("2026-11-23T10:00:00.000Z");
    expect(f.hourly[0].at).toBe("2026-11-16T11:00:00.000Z");
    expect(f.daily.at(-1)?.at).toBe("2026-11-23T00:00:00.000Z");
    expect(f.asOf).toBe("2026-11-23T10:40:00.000Z");
  });

  // Protects "no data is not 0 % or 0 ms": bars without checks have total 0, points without answers null times.
  it("gives days and hours without checks total 0 and null times, and an hour where nothing answered null times", () => {
    const { history, rollup } = jobOf([
      ["2026-11-23T08:10:00Z", [down()]],
      ["2026-11-23T10:10:00Z", [ok(30)]],
    ]);
    const f = serverHistoryFigures(history, rollup, "a", asOf);
    expect(f.hourly.slice(-3)).toEqual<ResponsePoint[]>([
      { at: "2026-11-23T08:00:00.000Z", total: 1, answered: 0, median: null, p95: null },
      { at: "2026-11-23T09:00:00.000Z", total: 0, answered: 0, median: null, p95: null },
      { at: "2026-11-23T10:00:00.000Z", total: 1, answered: 1, median: 30, p95: 30 },
    ]);
    const noData: DayBar = { date: "2026-11-22", up: 0, total: 0 };
    expect(f.days.at(-2)).toEqual(noData);
  });

  it("takes the median and p95 of an hour with an even and an odd count of answers", () => {
    const { history, rollup } = jobOf([
      ["2026-11-23T09:00:00Z", [ok(10)]],
      ["2026-11-23T09:10:00Z", [ok(20)]],
      ["2026-11-23T09:20:00Z", [ok(30)]],
      ["2026-11-23T09:30:00Z", [ok(100)]],
      ["2026-11-23T10:00:00Z", [ok(10)]],
      ["2026-11-23T10:10:00Z", [ok(50)]],
      ["2026-11-23T10:20:00Z", [ok(20)]],
    ]);
    const f = serverHistoryFigures(history, rollup, "a", asOf);
    expect(f.hourly.at(-2)).toMatchObject({ answered: 4, median: 25, p95: 100 });
    expect(f.hourly.at(-1)).toMatchObject({ answered: 3, median: 20, p95: 50 });
    expect(f.daily.at(-1)).toMatchObject({ total: 7, answered: 7, median: 20, p95: 100 });
  });

  it("counts 24 hours from the raw runs, to the millisecond", () => {
    const { history, rollup } = jobOf([
      ["2026-11-22T10:40:00Z", [down()]],
      ["2026-11-22T10:40:00.001Z", [ok()]],
      ["2026-11-23T10:40:00Z", [ok()]],
    ]);
    const f = serverHistoryFigures(history, rollup, "a", asOf);
    const whole: UptimeWindow = { key: "24h", hours: 24, up: 2, total: 2, coveredFrom: null };
    expect(f.uptime[0]).toEqual(whole);
    expect(f.uptime[1]).toMatchObject({ key: "7d", up: 2, total: 3 });
  });

  it("says from when a window is covered when the history is younger than it", () => {
    const { history, rollup } = jobOf([
      ["2026-11-23T09:05:00Z", [ok()]],
      ["2026-11-23T10:40:00Z", [down()]],
    ]);
    const f = serverHistoryFigures(history, rollup, "a", asOf);
    expect(f.firstCheck).toBe("2026-11-23T09:05:00.000Z");
    expect(f.uptime.map((w) => [w.key, w.up, w.total, w.coveredFrom])).toEqual([
      ["24h", 1, 2, "2026-11-23T09:05:00.000Z"],
      ["7d", 1, 2, "2026-11-23T09:05:00.000Z"],
      ["30d", 1, 2, "2026-11-23T09:05:00.000Z"],
      ["90d", 1, 2, "2026-11-23T09:05:00.000Z"],
    ]);
  });

  it("knows the first check when its day ended in maintenance: the raw runs holding that day's later checks do not hold them all", () => {
    // 2026-11-21: 24 checks counted from 00:00 to 05:45, then 72 in maintenance; the raw window now starts at 06:00 that day.
    const day = Date.parse("2026-11-21T00:00:00Z");
    const hourly = new Map<number, Rollup>(
      Array.from({ length: 24 }, (_, h): [number, Rollup] => [day + h * HOUR_MS, h < 6 ? r(4, 4) : { ...r(0, 0, null), maintenance: 4 }]),
    );
    const daily = new Map<number, Rollup>([[day, { ...r(24, 24), maintenance: 72 }]]);
    const stored: ServerRollup = { ...emptyRollup("a"), hourly: mapSeries(hourly, HOUR_MS), daily: mapSeries(daily, DAY_MS) };
    let history = emptyHistory();
    for (let t = day + 6 * HOUR_MS + 15 * 60_000; t < day + DAY_MS; t += 15 * 60_000) {
      history = recordRun(history, new Date(t), [{ ...down(), maintenance: true }]);
    }
    history = recordRun(history, new Date(day + 2 * DAY_MS + 6 * HOUR_MS), [ok()]);
    const rollup = rollUpAll(new Map([["a", stored]]), history).get("a")!;
    const f = serverHistoryFigures(history, rollup, "a", new Date(day + 2 * DAY_MS + 6 * HOUR_MS));
    expect(f.firstCheck).toBe("2026-11-21T00:00:00.000Z");
  });

  it("reads 30 and 90 days from the daily rollups, 7 days from the hourly ones, and says a window is whole", () => {
    const daily = new Map<number, Rollup>([
      [Date.parse("2026-06-01T00:00:00Z"), r(1, 1)],
      [Date.parse("2026-08-26T00:00:00Z"), r(280, 288)],
      [Date.parse("2026-10-25T00:00:00Z"), r(10, 20)],
      [Date.parse("2026-11-20T00:00:00Z"), r(288, 288)],
    ]);
    const hourly = new Map<number, Rollup>([
      [Date.parse("2026-11-16T10:00:00Z"), r(5, 12)],
      [Date.parse("2026-11-16T11:00:00Z"), r(11, 12)],
      [Date.parse("2026-11-20T05:00:00Z"), r(12, 12, null)],
    ]);
    const stored: ServerRollup = { ...emptyRollup("a"), hourly: mapSeries(hourly, HOUR_MS), daily: mapSeries(daily, DAY_MS) };
    const { history, rollup } = jobOf([["2026-11-23T10:40:00Z", [ok()]]], stored);
    const f = serverHistoryFigures(history, rollup, "a", asOf);
    expect(f.firstCheck).toBe("2026-06-01T00:00:00.000Z");
    expect(f.uptime.map((w) => [w.key, w.up, w.total, w.coveredFrom])).toEqual([
      ["24h", 1, 1, null],
      // the hour of 2026-11-16T10:00 is the 169th hour back: not counted
      ["7d", 24, 25, null],
      // from 2026-10-25 (30 days, today included)
      ["30d", 299, 309, null],
      // from 2026-08-26 (90 days)
      ["90d", 579, 597, null],
    ]);
    expect(f.days[0]).toEqual({ date: "2026-08-26", up: 280, total: 288 });
    expect(f.hourly.find((p) => p.at === "2026-11-20T05:00:00.000Z")).toEqual({
      at: "2026-11-20T05:00:00.000Z",
      total: 12,
      answered: 0,
      median: null,
      p95: null,
    });
  });

  // Protects the UTC day: a check at 23:59:59.999 UTC is yesterday's, whatever the reader's zone.
  it("splits the bars at UTC midnight", () => {
    const { history, rollup } = jobOf([
      ["2026-11-22T23:59:59.999Z", [down()]],
      ["2026-11-23T00:00:00Z", [ok()]],
    ]);
    const f = serverHistoryFigures(history, rollup, "a", asOf);
    expect(f.days.slice(-2)).toEqual([
      { date: "2026-11-22", up: 0, total: 1 },
      { date: "2026-11-23", up: 1, total: 1 },
    ]);
  });

  it("keeps a day converted from a version 1 history in the bars, and in the response times as checks without times", () => {
    const daily = new Map<number, Rollup>([
      [Date.parse("2026-11-01T00:00:00Z"), { up: 280, total: 288, answered: null, median: null, p95: null }],
    ]);
    const stored: ServerRollup = { ...emptyRollup("a"), daily: mapSeries(daily, DAY_MS) };
    const { history, rollup } = jobOf([["2026-11-23T10:40:00Z", [ok()]]], stored);
    const f = serverHistoryFigures(history, rollup, "a", asOf);
    expect(f.days.find((d) => d.date === "2026-11-01")).toEqual({ date: "2026-11-01", up: 280, total: 288 });
    expect(f.daily.find((p) => p.at.startsWith("2026-11-01"))).toEqual({
      at: "2026-11-01T00:00:00.000Z",
      total: 288,
      answered: null,
      median: null,
      p95: null,
    });
    expect(f.firstCheck).toBe("2026-11-01T00:00:00.000Z");
  });

  it("works the rollups out from the raw runs when the stored file is older than them (or missing)", () => {
    const { history, rollup } = jobOf([
      ["2026-11-23T10:00:00Z", [ok()]],
      ["2026-11-23T10:40:00Z", [down()]],
    ]);
    expect(serverHistoryFigures(history, null, "a", asOf)).toEqual(serverHistoryFigures(history, rollup, "a", asOf));
  });

  it("has no first check and empty figures for a server the history does not hold", () => {
    const f = serverHistoryFigures(emptyHistory(), null, "a", asOf);
    expect(f.firstCheck).toBeNull();
    expect(f.uptime.every((w) => w.total === 0 && w.coveredFrom === null)).toBe(true);
    expect(f.days.every((d) => d.total === 0)).toBe(true);
  });
});

describe("runs that never came (#32)", () => {
  const FIVE_MIN = 5 * 60_000;
  const runsEvery = (from: string, count: number, skip: (i: number) => boolean = () => false): Array<[string, Result[]]> =>
    Array.from({ length: count }, (_, i) => i)
      .filter((i) => !skip(i))
      .map((i) => [new Date(Date.parse(from) + i * FIVE_MIN).toISOString(), [ok()]]);

  it("a day whose runs stopped for an hour says so; one late run is the schedule's jitter, not a gap", () => {
    // 10:00 to 12:55 every 5 minutes, with 11:00–11:55 missing (12 runs).
    const { history, rollup } = jobOf(runsEvery("2026-11-23T10:00:00Z", 36, (i) => i >= 12 && i < 24));
    const asOf = new Date("2026-11-23T12:55:00Z");
    const day = serverHistoryFigures(history, rollup, "a", asOf, undefined, FIVE_MIN).days.at(-1)!;
    expect(day).toMatchObject({ up: 24, total: 24, notCheckedMs: 11 * FIVE_MIN });
    // The uptime counts only the checks made: the gap is in no figure of it.
    expect(serverHistoryFigures(history, rollup, "a", asOf, undefined, FIVE_MIN).uptime[0]).toMatchObject({ up: 24, total: 24 });
    const jitter = jobOf(runsEvery("2026-11-23T10:00:00Z", 36, (i) => i === 20));
    expect(serverHistoryFigures(jitter.history, jitter.rollup, "a", asOf, undefined, FIVE_MIN).days.at(-1)).not.toHaveProperty(
      "notCheckedMs",
    );
  });

  it("without an interval, or before the first check, nothing is said", () => {
    expect(notCheckedMs(10, Date.parse("2026-11-23T00:00:00Z"), null, Date.parse("2026-11-23T12:00:00Z"), FIVE_MIN)).toBeNull();
    expect(
      notCheckedMs(10, Date.parse("2026-11-23T00:00:00Z"), Date.parse("2026-11-23T11:10:00Z"), Date.parse("2026-11-23T12:00:00Z"), null),
    ).toBeNull();
    // Watched from 11:10 to 12:00: 10 runs owed, 10 made.
    expect(
      notCheckedMs(
        10,
        Date.parse("2026-11-23T00:00:00Z"),
        Date.parse("2026-11-23T11:10:00Z"),
        Date.parse("2026-11-23T12:00:00Z"),
        FIVE_MIN,
      ),
    ).toBeNull();
    expect(
      notCheckedMs(7, Date.parse("2026-11-23T00:00:00Z"), Date.parse("2026-11-23T11:10:00Z"), Date.parse("2026-11-23T12:00:00Z"), FIVE_MIN),
    ).toBe(3 * FIVE_MIN);
  });
});
