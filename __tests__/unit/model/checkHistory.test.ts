/** @jest-environment node */
import {
  MIN_INTERVAL_S,
  RAW_HISTORY_HOURS,
  UPTIME_DAYS,
  emptyHistory,
  formatUptime,
  observedInterval,
  performanceOf,
  recordRun,
  type CheckHistory,
  type HistoryRun,
} from "../../../src/domain/checks/history";
import type { MeasuredStatus } from "../../../src/domain/checks/outcome";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Result = { server: string; status: MeasuredStatus; responseTime: number | null; confirmed?: MeasuredStatus };
const ok = (server: string, responseTime = 40): Result => ({ server, status: "online", responseTime });
const slow = (server: string, responseTime = 200): Result => ({ server, status: "warning", responseTime });
const down = (server: string): Result => ({ server, status: "offline", responseTime: null });

/** A history built by recordRun alone, run after run. */
function historyOf(runs: ReadonlyArray<[string, Result[]]>): CheckHistory {
  return runs.reduce((history, [at, results]) => recordRun(history, new Date(at), results), emptyHistory());
}

const run = (at: string, results: HistoryRun["results"]): HistoryRun => ({ at, results });

describe("the bounds of the history", () => {
  it("keeps raw runs for 48 hours and counts uptime over 30 days", () => {
    expect(RAW_HISTORY_HOURS).toBe(48);
    expect(UPTIME_DAYS).toBe(30);
  });
});

describe("emptyHistory", () => {
  it("has no runs", () => {
    expect(emptyHistory()).toEqual({ version: 2, runs: [] });
  });

  it("is a new object each time", () => {
    const a = emptyHistory();
    a.runs.push(run("2026-11-23T10:00:00.000Z", {}));
    expect(emptyHistory().runs).toEqual([]);
  });
});

describe("recordRun", () => {
  it("records each server's status as one letter with its response time", () => {
    const history = recordRun(emptyHistory(), new Date("2026-11-23T10:40:00Z"), [ok("a", 45), slow("b", 156), down("c")]);
    expect(history).toEqual({
      version: 2,
      runs: [{ at: "2026-11-23T10:40:00.000Z", results: { a: ["o", 45], b: ["w", 156], c: ["x", null] } }],
    });
  });

  // Protects the memory of confirmation: a run records what it observed and, when it differs, what was confirmed.
  it("records the confirmed status third, only when it differs from the observed one", () => {
    const history = recordRun(emptyHistory(), new Date("2026-11-23T10:40:00Z"), [
      { ...slow("a", 160), confirmed: "online" },
      { ...ok("b", 40), confirmed: "online" },
      { ...down("c"), confirmed: "warning" },
      { ...ok("d", 30), confirmed: "offline" },
    ]);
    expect(history.runs[0].results).toEqual({ a: ["w", 160, "o"], b: ["o", 40], c: ["x", null, "w"], d: ["o", 30, "x"] });
    expect(history.runs[0].results.b).toHaveLength(2);
  });

  // Protects "no answer is not zero" in history.json.
  it("records a check without an answer as null, and an offline answer (unexpected status) with its time", () => {
    const history = recordRun(emptyHistory(), new Date("2026-11-23T10:40:00Z"), [
      down("a"),
      { server: "b", status: "offline", responseTime: 45 },
    ]);
    expect(history.runs[0].results).toEqual({ a: ["x", null], b: ["x", 45] });
  });

  it("does not change the history it is given", () => {
    const before = recordRun(emptyHistory(), new Date("2026-11-23T10:00:00Z"), [ok("a")]);
    const copy = JSON.parse(JSON.stringify(before));
    recordRun(before, new Date("2026-11-23T10:05:00Z"), [down("a")]);
    expect(before).toEqual(copy);
  });

  it("keeps the runs of the last 48 hours and leaves older ones out", () => {
    const at = new Date("2026-11-23T10:00:00Z");
    const start: CheckHistory = {
      version: 2,
      runs: [
        run(new Date(at.getTime() - 48 * HOUR - 1).toISOString(), { a: ["o", 40] }),
        run(new Date(at.getTime() - 48 * HOUR + 1).toISOString(), { a: ["o", 41] }),
        run(new Date(at.getTime() - HOUR).toISOString(), { a: ["o", 42] }),
      ],
    };
    const history = recordRun(start, at, [ok("a", 43)]);
    expect(history.runs).toEqual([
      run("2026-11-21T10:00:00.001Z", { a: ["o", 41] }),
      run("2026-11-23T09:00:00.000Z", { a: ["o", 42] }),
      run("2026-11-23T10:00:00.000Z", { a: ["o", 43] }),
    ]);
  });

  it("keeps the runs in time order even when a run arrives late", () => {
    const history = historyOf([
      ["2026-11-23T10:10:00Z", [ok("a", 1)]],
      ["2026-11-23T10:00:00Z", [ok("a", 2)]],
      ["2026-11-23T10:05:00Z", [ok("a", 3)]],
    ]);
    expect(history.runs.map((r) => [r.at, r.results.a[1]])).toEqual([
      ["2026-11-23T10:00:00.000Z", 2],
      ["2026-11-23T10:05:00.000Z", 3],
      ["2026-11-23T10:10:00.000Z", 1],
    ]);
  });

  // Protects overlapping runs: a late run takes its place in time order, and the bounds are the newest run's.
  it("trims relative to the newest run, not to a run that arrives late", () => {
    const newest = new Date("2026-11-23T10:00:00Z");
    const start: CheckHistory = {
      version: 2,
      runs: [
        run(new Date(newest.getTime() - 48 * HOUR).toISOString(), { a: ["o", 1] }),
        run(new Date(newest.getTime() - 47 * HOUR).toISOString(), { a: ["o", 2] }),
        run(newest.toISOString(), { a: ["o", 3] }),
      ],
    };
    const history = recordRun(start, new Date("2026-11-23T09:00:00Z"), [ok("a", 4)]);
    expect(history.runs.map((r) => [r.at, r.results.a[1]])).toEqual([
      ["2026-11-21T11:00:00.000Z", 2],
      ["2026-11-23T09:00:00.000Z", 4],
      ["2026-11-23T10:00:00.000Z", 3],
    ]);
  });

  it("stays bounded however long the job runs", () => {
    let history = emptyHistory();
    const start = Date.parse("2026-09-01T00:00:00Z");
    // one run every 6 hours for 60 days
    for (let t = start; t < start + 60 * DAY; t += 6 * HOUR) history = recordRun(history, new Date(t), [ok("a")]);
    expect(history.runs).toHaveLength(8);
  });
});

describe("formatUptime", () => {
  it.each([
    [999, 1000, "99.9%"],
    [9996, 10_000, "99.9%"],
    [9999, 10_000, "99.9%"],
    [1, 1, "100.0%"],
    [8640, 8640, "100.0%"],
    [2, 3, "66.6%"],
    [1, 3, "33.3%"],
    [29, 50, "58.0%"],
    [1, 2, "50.0%"],
    [0, 7, "0.0%"],
    [1, 1001, "0.0%"],
  ])("%d of %d reads %j (rounded down to a tenth)", (up, total, text) => {
    expect(formatUptime(up, total)).toBe(text);
  });

  it("shows 100% only when no check failed", () => {
    expect(formatUptime(8639, 8640)).toBe("99.9%");
    expect(formatUptime(99_999, 100_000)).toBe("99.9%");
  });

  it("reads '—' when there were no checks", () => {
    expect(formatUptime(0, 0)).toBe("—");
    expect(formatUptime(0, -1)).toBe("—");
  });
});

describe("performanceOf", () => {
  const now = new Date("2026-11-23T10:40:00Z");

  it("has six 4-hour UTC buckets, the one holding now last, labelled by their start", () => {
    const history: CheckHistory = {
      version: 2,
      runs: [
        run("2026-11-22T12:00:00.000Z", { a: ["o", 10] }),
        run("2026-11-22T16:30:00.000Z", { a: ["o", 20] }),
        run("2026-11-22T20:00:00.000Z", { a: ["o", 30] }),
        run("2026-11-23T03:59:59.999Z", { a: ["o", 40] }),
        run("2026-11-23T04:00:00.000Z", { a: ["o", 50] }),
        run("2026-11-23T10:40:00.000Z", { a: ["o", 60] }),
      ],
    };
    expect(performanceOf(history, now)).toEqual([
      { time: "12:00", responseTime: 10, uptime: 100 },
      { time: "16:00", responseTime: 20, uptime: 100 },
      { time: "20:00", responseTime: 30, uptime: 100 },
      { time: "00:00", responseTime: 40, uptime: 100 },
      { time: "04:00", responseTime: 50, uptime: 100 },
      { time: "08:00", responseTime: 60, uptime: 100 },
    ]);
  });

  it("takes the mean response time of the checks that answered and the share of successful checks", () => {
    const history: CheckHistory = {
      version: 2,
      runs: [
        run("2026-11-23T08:05:00.000Z", { a: ["o", 40], b: ["w", 200], c: ["x", 0] }),
        run("2026-11-23T08:10:00.000Z", { a: ["o", 45], b: ["o", 60], c: ["x", 0] }),
      ],
    };
    // answered: 40, 200, 45, 60 -> mean 86.25; 4 of 6 up -> 66.6
    expect(performanceOf(history, now)).toEqual([{ time: "08:00", responseTime: 86, uptime: 66.6 }]);
  });

  it("rounds the mean to whole milliseconds", () => {
    const history: CheckHistory = {
      version: 2,
      runs: [run("2026-11-23T09:00:00.000Z", { a: ["o", 40], b: ["o", 41] })],
    };
    expect(performanceOf(history, now)).toEqual([{ time: "08:00", responseTime: 41, uptime: 100 }]);
  });

  // Protects "chart points with no answering check are gaps": null, never drawn as 0 ms.
  it("gives a bucket where every check failed no response time (a gap) and an uptime of 0", () => {
    const history: CheckHistory = {
      version: 2,
      runs: [
        run("2026-11-23T05:00:00.000Z", { a: ["x", null], b: ["x", null] }),
        run("2026-11-23T09:00:00.000Z", { a: ["o", 40], b: ["x", null] }),
      ],
    };
    expect(performanceOf(history, now)).toEqual([
      { time: "04:00", responseTime: null, uptime: 0 },
      { time: "08:00", responseTime: 40, uptime: 50 },
    ]);
  });

  it("leaves the time of an offline answer (an unexpected status) out of the mean", () => {
    const history: CheckHistory = {
      version: 2,
      runs: [run("2026-11-23T05:00:00.000Z", { a: ["x", 900] }), run("2026-11-23T09:00:00.000Z", { a: ["o", 40], b: ["x", 900] })],
    };
    expect(performanceOf(history, now)).toEqual([
      { time: "04:00", responseTime: null, uptime: 0 },
      { time: "08:00", responseTime: 40, uptime: 50 },
    ]);
  });

  it("means the answers of runs that recorded a confirmed status too", () => {
    const history: CheckHistory = {
      version: 2,
      runs: [run("2026-11-23T09:00:00.000Z", { a: ["w", 160, "o"], b: ["o", 40, "w"] })],
    };
    expect(performanceOf(history, now)).toEqual([{ time: "08:00", responseTime: 100, uptime: 100 }]);
  });

  it("leaves out buckets without checks, and runs before the first bucket or after now", () => {
    const history: CheckHistory = {
      version: 2,
      runs: [
        run("2026-11-22T11:59:59.999Z", { a: ["o", 999] }),
        run("2026-11-22T13:00:00.000Z", { a: ["o", 20] }),
        run("2026-11-23T09:00:00.000Z", { a: ["o", 30] }),
        run("2026-11-23T10:40:00.001Z", { a: ["o", 999] }),
        run("2026-11-23T11:00:00.000Z", { a: ["o", 999] }),
      ],
    };
    expect(performanceOf(history, now)).toEqual([
      { time: "12:00", responseTime: 20, uptime: 100 },
      { time: "08:00", responseTime: 30, uptime: 100 },
    ]);
  });

  it("counts runs with no results as nothing", () => {
    const history: CheckHistory = { version: 2, runs: [run("2026-11-23T09:00:00.000Z", {})] };
    expect(performanceOf(history, now)).toEqual([]);
  });

  it("is empty for an empty history", () => {
    expect(performanceOf(emptyHistory(), now)).toEqual([]);
  });

  it("starts a new last bucket at a 4-hour boundary", () => {
    const history = historyOf([
      ["2026-11-23T11:59:00Z", [ok("a", 10)]],
      ["2026-11-23T12:00:00Z", [ok("a", 20)]],
    ]);
    expect(performanceOf(history, new Date("2026-11-23T12:00:00Z"))).toEqual([
      { time: "08:00", responseTime: 10, uptime: 100 },
      { time: "12:00", responseTime: 20, uptime: 100 },
    ]);
  });
});

describe("observedInterval", () => {
  const every = (start: string, gapsS: number[]): CheckHistory => {
    let t = Date.parse(start);
    const runs = [run(new Date(t).toISOString(), {})];
    for (const gap of gapsS) {
      t += gap * 1000;
      runs.push(run(new Date(t).toISOString(), {}));
    }
    return { version: 2, runs };
  };

  it("is null with fewer than two runs", () => {
    expect(observedInterval(emptyHistory())).toBeNull();
    expect(observedInterval(every("2026-11-23T10:00:00Z", []))).toBeNull();
  });

  it("is the gap between two runs", () => {
    expect(observedInterval(every("2026-11-23T10:00:00Z", [300]))).toBe(300);
  });

  it("is the median gap, so one late run does not move it", () => {
    expect(observedInterval(every("2026-11-23T10:00:00Z", [300, 300, 3600, 300, 290]))).toBe(300);
  });

  it("takes the mean of the two middle gaps when there is an even number", () => {
    expect(observedInterval(every("2026-11-23T10:00:00Z", [100, 200, 400, 1000]))).toBe(300);
  });

  it("looks only at the last 13 runs", () => {
    // 12 old gaps of 60 s, then 12 recent gaps of 600 s
    expect(observedInterval(every("2026-11-23T00:00:00Z", [...Array<number>(12).fill(60), ...Array<number>(12).fill(600)]))).toBe(600);
    // with only 6 recent gaps of 600 s, the last 12 gaps are half 60 s and half 600 s: the mean of the middle two
    expect(observedInterval(every("2026-11-23T00:00:00Z", [...Array<number>(12).fill(60), ...Array<number>(6).fill(600)]))).toBe(330);
  });

  it("rounds to whole seconds", () => {
    expect(observedInterval(every("2026-11-23T10:00:00Z", [299.6]))).toBe(300);
    expect(observedInterval(every("2026-11-23T10:00:00Z", [300.4]))).toBe(300);
  });

  it("is at least a minute, so runs by hand close together are not taken for a schedule", () => {
    expect(MIN_INTERVAL_S).toBe(60);
    expect(observedInterval(every("2026-11-23T10:00:00Z", [59]))).toBe(60);
    expect(observedInterval(every("2026-11-23T10:00:00Z", [0.2]))).toBe(60);
    expect(observedInterval(every("2026-11-23T10:00:00Z", [0]))).toBe(60);
    expect(observedInterval(every("2026-11-23T10:00:00Z", [61]))).toBe(61);
  });
});
