/** @jest-environment node */
import {
  emptyHistory,
  markCaused,
  performanceOf,
  recordRun,
  type CheckHistory,
  type CheckHistoryV1,
} from "../../../src/domain/checks/history";
import {
  DAILY_ROLLUP_DAYS,
  emptyRollup,
  HOURLY_ROLLUP_DAYS,
  mapSeries,
  median,
  newestRun,
  p95,
  rollupColumnsProblem,
  samplesByServer,
  seriesMap,
  sketchOfDays,
  updateRollup,
  upgradeHistory,
  uptimeOf,
  uptimeOverHours,
  type ServerRollup,
} from "../../../src/domain/checks/rollups";
import fc from "fast-check";
import { encodeSketch, sketchCount, sketchOf, sketchPercentile } from "../../../src/domain/checks/timeSketch";
import { DAY_MS, HOUR_MS } from "../../../src/domain/kernel/time";
import type { MeasuredStatus } from "../../../src/domain/checks/outcome";

type Result = { server: string; status: MeasuredStatus; responseTime: number | null };
const ok = (server: string, ms = 40): Result => ({ server, status: "online", responseTime: ms });
const slow = (server: string, ms = 200): Result => ({ server, status: "warning", responseTime: ms });
const down = (server: string, ms: number | null = null): Result => ({ server, status: "offline", responseTime: ms });

const historyOf = (runs: ReadonlyArray<[string, Result[]]>): CheckHistory =>
  runs.reduce((h, [at, results]) => recordRun(h, new Date(at), results), emptyHistory());

/** The job's step: the stored rollup brought up to the history's raw runs. */
const rolled = (history: CheckHistory, server: string, stored: ServerRollup = emptyRollup(server)) =>
  updateRollup(stored, samplesByServer(history).get(server) ?? [], newestRun(history)!);

const hours = (r: ServerRollup) => Object.fromEntries([...seriesMap(r.hourly, HOUR_MS)].map(([t, v]) => [new Date(t).toISOString(), v]));
const days = (r: ServerRollup) =>
  Object.fromEntries([...seriesMap(r.daily, DAY_MS)].map(([t, v]) => [new Date(t).toISOString().slice(0, 10), v]));

describe("the bounds of the rollups", () => {
  it("keeps hourly rollups for 35 days and daily ones for 400", () => {
    expect(HOURLY_ROLLUP_DAYS).toBe(35);
    expect(DAILY_ROLLUP_DAYS).toBe(400);
  });
});

describe("median and p95", () => {
  it("takes the middle value of an odd count and the mean of the middle two of an even count", () => {
    expect(median([10, 20, 30])).toBe(20);
    expect(median([10, 20, 30, 45])).toBe(25);
    // whole milliseconds, as the checks are: 40.5 rounds to 41
    expect(median([40, 41])).toBe(41);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNull();
  });

  it("takes the 95th percentile by nearest rank", () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(p95(hundred)).toBe(95);
    expect(p95([10, 20, 30, 40])).toBe(40);
    expect(p95(Array.from({ length: 20 }, (_, i) => i + 1))).toBe(19);
    expect(p95([5])).toBe(5);
    expect(p95([])).toBeNull();
  });
});

describe("updateRollup", () => {
  it("rolls a server's raw checks up by UTC hour and day: warning is up, offline is not, only up checks are timed", () => {
    const history = historyOf([
      ["2026-11-23T10:00:00Z", [ok("a", 40), ok("b")]],
      ["2026-11-23T10:05:00Z", [slow("a", 200), ok("b")]],
      ["2026-11-23T10:10:00Z", [down("a", 900), ok("b")]],
      ["2026-11-23T11:00:00Z", [down("a"), ok("b")]],
    ]);
    const a = rolled(history, "a");
    expect(hours(a)).toEqual({
      "2026-11-23T10:00:00.000Z": { up: 2, total: 3, answered: 2, median: 120, p95: 200 },
      "2026-11-23T11:00:00.000Z": { up: 0, total: 1, answered: 0, median: null, p95: null },
    });
    // a day keeps its times' sketch too (40 ms in bucket 125, 200 ms 55 buckets up)
    expect(days(a)).toEqual({ "2026-11-23": { up: 2, total: 4, answered: 2, median: 120, p95: 200, sketch: "126.1,55.1" } });
  });

  it("splits days at UTC midnight, whatever offset the run was given with", () => {
    const history = historyOf([
      ["2026-11-24T01:30:00+02:00", [ok("a", 10)]],
      ["2026-11-23T23:59:59.999Z", [down("a")]],
      ["2026-11-24T00:00:00Z", [ok("a", 30)]],
    ]);
    expect(Object.keys(days(rolled(history, "a")))).toEqual(["2026-11-23", "2026-11-24"]);
    expect(days(rolled(history, "a"))["2026-11-23"]).toMatchObject({ up: 1, total: 2 });
  });

  it("is the same done once or many times, and counts a run that arrives late", () => {
    let history = historyOf([["2026-11-23T10:10:00Z", [ok("a", 10)]]]);
    let rollup = rolled(history, "a");
    history = recordRun(history, new Date("2026-11-23T10:00:00Z"), [down("a")]);
    rollup = rolled(history, "a", rollup);
    expect(rolled(history, "a", rollup)).toEqual(rollup);
    expect(hours(rollup)["2026-11-23T10:00:00.000Z"]).toEqual({ up: 1, total: 2, answered: 1, median: 10, p95: 10 });
  });

  it("keeps what it stored of hours and days older than the raw window, and works out again those inside it", () => {
    const stored: ServerRollup = {
      ...emptyRollup("a"),
      hourly: mapSeries(
        new Map([
          [Date.parse("2026-11-20T10:00:00Z"), { up: 12, total: 12, answered: 12, median: 50, p95: 90 }],
          [Date.parse("2026-11-23T09:00:00Z"), { up: 99, total: 99, answered: 99, median: 1, p95: 1 }],
        ]),
        HOUR_MS,
      ),
    };
    const history = historyOf([["2026-11-23T10:00:00Z", [ok("a", 40)]]]);
    // 09:00 lies inside the raw window and the raw runs hold no check of it: it goes
    expect(Object.keys(hours(rolled(history, "a", stored)))).toEqual(["2026-11-20T10:00:00.000Z", "2026-11-23T10:00:00.000Z"]);
  });

  it("drops hours older than 35 days and days older than 400", () => {
    const newest = Date.parse("2027-01-01T12:00:00Z");
    const hourly = new Map([
      [newest - 35 * DAY_MS, { up: 1, total: 1, answered: 1, median: 1, p95: 1 }],
      [newest - 35 * DAY_MS + HOUR_MS, { up: 2, total: 2, answered: 2, median: 2, p95: 2 }],
    ]);
    const daily = new Map([
      [Date.parse("2025-11-27T00:00:00Z"), { up: 1, total: 1, answered: null, median: null, p95: null }],
      [Date.parse("2025-11-28T00:00:00Z"), { up: 2, total: 2, answered: null, median: null, p95: null }],
    ]);
    const stored = { ...emptyRollup("a"), hourly: mapSeries(hourly, HOUR_MS), daily: mapSeries(daily, DAY_MS) };
    const history = historyOf([["2027-01-01T12:00:00Z", [ok("a")]]]);
    const after = rolled(history, "a", stored);
    expect(Object.keys(hours(after))[0]).toBe("2026-11-27T13:00:00.000Z");
    expect(Object.keys(days(after))[0]).toBe("2025-11-28");
  });

  it("stays bounded however long the job runs", () => {
    let history = emptyHistory();
    let rollup = emptyRollup("a");
    const start = Date.parse("2025-01-01T00:00:00Z");
    for (let t = start; t < start + 500 * DAY_MS; t += 6 * HOUR_MS) {
      history = recordRun(history, new Date(t), [ok("a")]);
      rollup = rolled(history, "a", rollup);
    }
    expect(rollup.hourly.total.length).toBeLessThanOrEqual(35 * 24);
    expect(rollup.daily.total).toHaveLength(400);
    expect(rollupColumnsProblem(rollup)).toBeNull();
  });
});

describe("upgradeHistory", () => {
  it("turns a version 1 history's day tallies into daily rollups without times, and keeps its runs", () => {
    const v1: CheckHistoryV1 = {
      version: 1,
      runs: [{ at: "2026-11-23T10:00:00.000Z", results: { a: ["o", 40] } }],
      days: { "2026-11-01": { a: [288, 280], b: [10, 0] }, "2026-11-23": { a: [1, 1] } },
    };
    const { history, rollups } = upgradeHistory(v1);
    expect(history).toEqual({ version: 2, runs: v1.runs });
    expect(days(rollups.get("a")!)).toEqual({
      "2026-11-01": { up: 280, total: 288, answered: null, median: null, p95: null },
      "2026-11-23": { up: 1, total: 1, answered: null, median: null, p95: null },
    });
    expect(days(rollups.get("b")!)).toEqual({ "2026-11-01": { up: 0, total: 10, answered: null, median: null, p95: null } });
    // the day inside the raw window is then worked out from the runs, with its time
    expect(days(rolled(history, "a", rollups.get("a")))["2026-11-23"]).toEqual({
      up: 1,
      total: 1,
      answered: 1,
      median: 40,
      p95: 40,
      sketch: "126.1",
    });
  });
});

describe("uptimeOf", () => {
  const stored: ServerRollup = {
    ...emptyRollup("a"),
    daily: mapSeries(
      new Map([
        [Date.parse("2026-10-24T00:00:00Z"), { up: 0, total: 100, answered: 0, median: null, p95: null }],
        [Date.parse("2026-10-25T00:00:00Z"), { up: 9, total: 10, answered: 9, median: 40, p95: 40 }],
        [Date.parse("2026-11-10T00:00:00Z"), { up: 20, total: 20, answered: 20, median: 40, p95: 40 }],
        [Date.parse("2026-11-23T00:00:00Z"), { up: 4, total: 5, answered: 4, median: 40, p95: 40 }],
      ]),
      DAY_MS,
    ),
  };

  it("sums the checks up and all checks of the last 30 UTC days, today included, since the first counted day", () => {
    expect(uptimeOf(stored, [], new Date("2026-11-23T10:40:00Z"))).toEqual({ up: 33, total: 35, since: "2026-10-25T00:00:00.000Z" });
    expect(uptimeOf(stored, [], new Date("2026-11-24T00:00:00Z"))).toEqual({ up: 24, total: 25, since: "2026-11-10T00:00:00.000Z" });
  });

  it("is 0 of 0 for a server without rollups", () => {
    expect(uptimeOf(undefined, [], new Date("2026-11-23T10:40:00Z"))).toEqual({ up: 0, total: 0, since: null });
  });

  it("says since the first check when the raw runs hold every check of the first day", () => {
    const history = historyOf([
      ["2026-11-23T14:05:00Z", [ok("b")]],
      ["2026-11-23T14:10:00Z", [down("b")]],
    ]);
    expect(uptimeOf(rolled(history, "b"), samplesByServer(history).get("b")!, new Date("2026-11-23T14:10:00Z"))).toEqual({
      up: 1,
      total: 2,
      since: "2026-11-23T14:05:00.000Z",
    });
  });

  // Protects "since" over a day the 48-hour trim cut in two: its rollup still counts the trimmed checks.
  it("says since the start of the first day when the raw runs no longer hold all of it", () => {
    let history = emptyHistory();
    let rollup = emptyRollup("a");
    for (let t = Date.parse("2026-11-21T00:00:00Z"); t <= Date.parse("2026-11-23T06:00:00Z"); t += 6 * HOUR_MS) {
      history = recordRun(history, new Date(t), [ok("a")]);
      rollup = rolled(history, "a", rollup);
    }
    expect(history.runs[0].at).toBe("2026-11-21T12:00:00.000Z");
    expect(uptimeOf(rollup, samplesByServer(history).get("a")!, new Date("2026-11-23T06:00:00Z"))).toEqual({
      up: 10,
      total: 10,
      since: "2026-11-21T00:00:00.000Z",
    });
  });
});

describe("rollupColumnsProblem", () => {
  it("names columns of different lengths", () => {
    const broken = {
      ...emptyRollup("a"),
      hourly: { from: "2026-11-23T10:00:00.000Z", up: [1], total: [1], answered: [1], median: [1], p95: [] },
    };
    expect(rollupColumnsProblem(broken)).toMatch(/hourly columns differ in length/);
    expect(rollupColumnsProblem(emptyRollup("a"))).toBeNull();
  });
});

describe("checks made in maintenance (issue #22)", () => {
  const history = [
    ["2026-11-23T10:00:00Z", [ok("a", 40)]],
    ["2026-11-23T10:05:00Z", [down("a")]],
    ["2026-11-23T10:10:00Z", [ok("a", 900)]],
  ].reduce(
    (h, [at, results], i) =>
      recordRun(
        h,
        new Date(at as string),
        (results as Result[]).map((r) => ({ ...r, maintenance: i > 0 })),
      ),
    emptyHistory(),
  );

  it("count in no uptime and no time, and are counted apart", () => {
    const rollup = rolled(history, "a");
    expect(hours(rollup)["2026-11-23T10:00:00.000Z"]).toEqual({ up: 1, total: 1, answered: 1, median: 40, p95: 40, maintenance: 2 });
    expect(days(rollup)["2026-11-23"]).toMatchObject({ up: 1, total: 1, maintenance: 2 });
    expect(uptimeOf(rollup, samplesByServer(history).get("a")!, new Date("2026-11-23T10:11:00Z"))).toEqual({
      up: 1,
      total: 1,
      since: "2026-11-23T10:00:00.000Z",
    });
  });

  it("an hour with only such checks is kept (as maintenance), and a file without any has no maintenance column", () => {
    const only = recordRun(emptyHistory(), new Date("2026-11-23T10:00:00Z"), [{ ...down("a"), maintenance: true }]);
    const rollup = rolled(only, "a");
    expect(hours(rollup)["2026-11-23T10:00:00.000Z"]).toEqual({ up: 0, total: 0, answered: 0, median: null, p95: null, maintenance: 1 });
    expect(rollup.hourly.maintenance).toEqual([1]);
    expect(rollupColumnsProblem(rollup)).toBeNull();
    const plain = rolled(recordRun(emptyHistory(), new Date("2026-11-23T10:00:00Z"), [ok("a")]), "a");
    expect("maintenance" in plain.hourly).toBe(false);
    expect(rollupColumnsProblem({ ...rollup, hourly: { ...rollup.hourly, maintenance: [] } })).toMatch(/differ in length/);
  });

  it("are left out of the dashboard's last 24 hours", () => {
    expect(performanceOf(history, new Date("2026-11-23T10:11:00Z"))).toEqual([{ time: "08:00", responseTime: 40, uptime: 100 }]);
  });
});

describe("uptimeOverHours (/metrics.txt's last 24 hours)", () => {
  it("sums the hours from 23 before the one holding now to it, maintenance left out; none is 0 of 0", () => {
    const runs: Array<[string, Result[]]> = [
      ["2026-11-22T11:30:00Z", [down("a")]],
      ["2026-11-22T12:10:00Z", [down("a")]],
      ["2026-11-23T11:50:00Z", [ok("a")]],
    ];
    const rollup = rolled(historyOf(runs), "a");
    // the hour of 11:00 the day before is 24 hours back: out; 12:00 is in
    expect(uptimeOverHours(rollup, new Date("2026-11-23T11:55:00Z"), 24)).toEqual({ up: 1, total: 2 });
    expect(uptimeOverHours(rollup, new Date("2026-11-23T12:00:00Z"), 24)).toEqual({ up: 1, total: 1 });
    expect(uptimeOverHours(undefined, new Date("2026-11-23T12:00:00Z"), 24)).toEqual({ up: 0, total: 0 });
  });
});

describe("checks a dependency made fail (#47)", () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 10, minute));
  // a and b down together twice, b's because of a (marked once its run's states were known); up again at 10:10
  const history = [0, 5, 10].reduce((h, minute) => {
    const results = minute < 10 ? [down("a"), down("b")] : [ok("a"), ok("b")];
    const recorded = recordRun(h, at(minute), results);
    return minute < 10 ? markCaused(recorded, at(minute), ["b", "not-in-the-run"]) : recorded;
  }, emptyHistory());

  it("are marked on their run (only servers it checked), counted as down, and counted apart", () => {
    expect(history.runs.map((r) => r.caused)).toEqual([["b"], ["b"], undefined]);
    const b = rolled(history, "b");
    expect(hours(b)["2026-11-23T10:00:00.000Z"]).toEqual({ up: 1, total: 3, answered: 1, median: 40, p95: 40, caused: 2 });
    expect(days(b)["2026-11-23"]).toMatchObject({ up: 1, total: 3, caused: 2 });
    expect(uptimeOf(b, samplesByServer(history).get("b")!, at(11))).toMatchObject({ up: 1, total: 3 });
    const a = rolled(history, "a");
    expect("caused" in a.hourly || "caused" in a.daily).toBe(false);
  });

  it("marking again changes nothing; a run not in the history is no mark; a mark never outcounts the checks down", () => {
    expect(markCaused(history, at(0), ["b"])).toBe(history);
    expect(markCaused(history, at(3), ["b"])).toBe(history);
    const b = rolled(history, "b");
    expect(rollupColumnsProblem(b)).toBeNull();
    expect(rollupColumnsProblem({ ...b, daily: { ...b.daily, caused: [] } })).toMatch(/differ in length/);
    // a file that says more caused checks than down ones (edited by hand) is read as no more than those down
    const edited = { ...b, hourly: { ...b.hourly, caused: [7] } };
    expect(hours(edited)["2026-11-23T10:00:00.000Z"].caused).toBe(2);
    expect(mapSeries(seriesMap(b.hourly, HOUR_MS), HOUR_MS)).toEqual(b.hourly);
  });
});

describe("each place's figures (issue #32)", () => {
  const PLACES = ["ap-south", "eu-west", "us-east"];
  const seen = (ms: ReadonlyArray<number | null>) =>
    PLACES.map((location, i) => ({
      location,
      status: ms[i] === null ? ("offline" as const) : ("online" as const),
      responseTime: ms[i],
      detail: ms[i] === null ? "connection refused" : "HTTP 200",
    }));

  it("an hour's median and p95 per place come from that place's times alone; a place that never reached it has none", () => {
    const history = [
      [120, 40, null],
      [80, 42, null],
      [100, 44, null],
    ].reduce(
      (h, ms, i) => recordRun(h, new Date(Date.UTC(2026, 10, 23, 10, 5 * i)), [{ ...ok("a", 44), places: seen(ms) }]),
      emptyHistory(),
    );
    const hour = hours(rolled(history, "a"))["2026-11-23T10:00:00.000Z"];
    expect(hour.places).toEqual({ "ap-south": { answered: 3, median: 100, p95: 120 }, "eu-west": { answered: 3, median: 42, p95: 44 } });
    // and a rollup without places stays as it was (no places key: files from one place do not change)
    expect("places" in rolled(historyOf([["2026-11-23T10:00:00Z", [ok("a")]]]), "a").hourly).toBe(false);
  });

  it("property: every hour's and day's figures per place are the median and p95 of that place's times then, outside maintenance", () => {
    const run = fc.record({
      // within the 48 raw hours, so every run is still there to count (hours over two days)
      minute: fc.integer({ min: 0, max: 47 * 60 }),
      ms: fc.tuple(...PLACES.map(() => fc.option(fc.integer({ min: 1, max: 5000 }), { nil: null }))),
      maintenance: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(run, { minLength: 1, maxLength: 40 }), (runs) => {
        const start = Date.UTC(2026, 10, 21);
        const sorted = [...runs].sort((a, b) => a.minute - b.minute);
        const history = sorted.reduce(
          (h, r) =>
            recordRun(h, new Date(start + r.minute * 60_000), [
              { ...ok("a"), places: seen(r.ms), ...(r.maintenance ? { maintenance: true } : {}) },
            ]),
          emptyHistory(),
        );
        const rollup = rolled(history, "a");
        for (const [unit, map] of [
          [HOUR_MS, seriesMap(rollup.hourly, HOUR_MS)],
          [DAY_MS, seriesMap(rollup.daily, DAY_MS)],
        ] as const) {
          const expected = new Map<number, Map<string, number[]>>();
          for (const r of sorted) {
            if (r.maintenance) continue;
            const at = Math.floor((start + r.minute * 60_000) / unit) * unit;
            const byPlace = expected.get(at) ?? new Map<string, number[]>();
            expected.set(at, byPlace);
            PLACES.forEach((place, i) => {
              if (r.ms[i] !== null) byPlace.set(place, [...(byPlace.get(place) ?? []), r.ms[i]]);
            });
          }
          for (const [at, byPlace] of expected) {
            const want = Object.fromEntries(
              [...byPlace].map(([place, list]) => {
                const times = [...list].sort((a, b) => a - b);
                // a day keeps each place's time sketch too (a month's percentiles a place come from them)
                const sketch = unit === DAY_MS ? { sketch: encodeSketch(sketchOf(times)) } : {};
                return [place, { answered: times.length, median: median(times), p95: p95(times), ...sketch }];
              }),
            );
            expect(map.get(at)?.places ?? {}).toEqual(want);
          }
        }
        expect(rollupColumnsProblem(rollup)).toBeNull();
      }),
    );
  });
});

describe("the time sketches (#33)", () => {
  const DAY0 = Date.UTC(2026, 0, 1);
  /** A stored rollup of `count` days from DAY0, each with `perDay` timed checks of made-up times, and the times. */
  const storedDays = (count: number, perDay: number, seed = 1) => {
    let s = seed;
    const random = () => (s = (s * 16807) % 2147483647) / 2147483647;
    const times: number[][] = Array.from({ length: count }, () => Array.from({ length: perDay }, () => Math.round(20 + random() * 400)));
    const map = new Map(
      times.map((list, d) => {
        const sorted = [...list].sort((a, b) => a - b);
        const rollup = {
          up: perDay,
          total: perDay,
          answered: perDay,
          median: median(sorted),
          p95: p95(sorted),
          sketch: encodeSketch(sketchOf(list)),
        };
        return [DAY0 + d * DAY_MS, rollup] as const;
      }),
    );
    return { rollup: { ...emptyRollup("a"), daily: mapSeries(map, DAY_MS) }, times };
  };

  it("a day's sketch older than 62 days is added into its month's, and the days then have none", () => {
    const { rollup } = storedDays(100, 5);
    // the job's next run, three days after the last stored day (so no stored day is inside the raw runs)
    const updated = updateRollup(rollup, [], DAY0 + 102 * DAY_MS);
    const kept = [...seriesMap(updated.daily, DAY_MS)].filter(([, r]) => r.sketch).map(([start]) => start);
    // the older ones say their times are in their month's
    expect([...seriesMap(updated.daily, DAY_MS)].filter(([, r]) => r.sketch === "")).toHaveLength(41);
    // the 62 days up to the run's (2026-04-13): the 59 of them stored, from 2026-02-11
    expect(kept).toHaveLength(59);
    expect(new Date(Math.min(...kept)).toISOString().slice(0, 10)).toBe("2026-02-11");
    expect(Object.keys(updated.months!)).toEqual(["2026-01", "2026-02"]);
    expect(rollupColumnsProblem(updated)).toBeNull();
  });

  it("a month's sketch goes when its first day leaves the 400 days: its days left have no times, rather than the whole month's", () => {
    const { rollup } = storedDays(415, 5);
    // January is added into its month's while whole (the job ran on 2026-04-11) ...
    const folded = updateRollup(rollup, [], DAY0 + 100 * DAY_MS);
    expect(Object.keys(folded.months!)[0]).toBe("2026-01");
    // ... and on 2026-02-21 of the next year the 400 days start on 2026-01-18: January's sketch would hold 17 days no longer kept
    const updated = updateRollup(folded, [], DAY0 + 416 * DAY_MS);
    expect(Object.keys(updated.months!)[0]).toBe("2026-02");
    const jan20 = Date.UTC(2026, 0, 20);
    expect(sketchOfDays(updated, [jan20])).toMatchObject({ kept: 0, timed: 1 });
    expect(
      sketchOfDays(
        updated,
        Array.from({ length: 28 }, (_, d) => Date.UTC(2026, 1, 1 + d)),
      ).kept,
    ).toBe(28);
  });

  it("each place's day sketch is kept for the same 62 days, then let go (its figures stay)", () => {
    const { rollup } = storedDays(100, 5);
    const days = seriesMap(rollup.daily, DAY_MS);
    for (const [start, day] of days) {
      days.set(start, {
        ...day,
        places: { "eu-west": { answered: 5, median: 40, p95: 44, sketch: encodeSketch(sketchOf([40, 40, 41, 44, 44])) } },
      });
    }
    const updated = updateRollup({ ...rollup, daily: mapSeries(days, DAY_MS) }, [], DAY0 + 102 * DAY_MS);
    const after = [...seriesMap(updated.daily, DAY_MS)];
    expect(after.filter(([, r]) => r.places?.["eu-west"]?.sketch !== undefined)).toHaveLength(59);
    const old = after.filter(([, r]) => r.sketch === "");
    expect(old).toHaveLength(41);
    expect(old.every(([, r]) => r.places?.["eu-west"]?.sketch === undefined && r.places?.["eu-west"]?.median === 40)).toBe(true);
    // on disk: a sketch column beside the place's others, null where let go
    expect(updated.daily.places?.["eu-west"].sketch?.filter((t) => t === null)).toHaveLength(41);
    expect(rollupColumnsProblem(updated)).toBeNull();
  });

  it("property: folding loses nothing: any stretch of days has the same times however many were folded", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 90 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 0, max: 89 }),
        (count, later, from) => {
          const { rollup, times } = storedDays(count, 3, count * 7 + 1);
          const start = Math.min(from, count - 1);
          const newest = DAY0 + (count + 2 + later) * DAY_MS;
          const updated = updateRollup(rollup, [], newest);
          // whole months of the stretch, so the months' sketches answer for the days folded into them
          const firstMonth = new Date(DAY0 + start * DAY_MS);
          const monthStartDay = Math.round((Date.UTC(firstMonth.getUTCFullYear(), firstMonth.getUTCMonth(), 1) - DAY0) / DAY_MS);
          const days = Array.from({ length: count - monthStartDay }, (_, i) => DAY0 + (monthStartDay + i) * DAY_MS);
          const asked = sketchOfDays(updated, days);
          const inDaily = seriesMap(updated.daily, DAY_MS);
          // every day still held in the daily rollups (400 days) has its times, in a day's sketch or its month's,
          // but for the days of a month whose first day left the 400 days (its sketch went with it)
          const held = days.filter((d) => inDaily.has(d));
          const keptFrom = Math.floor(newest / DAY_MS) * DAY_MS - 399 * DAY_MS;
          const monthOf = (d: number) => Date.UTC(new Date(d).getUTCFullYear(), new Date(d).getUTCMonth(), 1);
          const timedDays = held.filter((d) => monthOf(d) >= keptFrom || d > Math.floor(newest / DAY_MS) * DAY_MS - 62 * DAY_MS);
          expect(asked.timed).toBe(held.length);
          expect(asked.kept).toBe(timedDays.length);
          expect(asked.sketch).toEqual(sketchOf(timedDays.flatMap((d) => times[Math.round((d - DAY0) / DAY_MS)])));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("a month's p95 from its days' sketches is within 1.5 % of the exact one; days from before sketches are said, not made up", () => {
    const { rollup, times } = storedDays(31, 288, 5);
    const updated = updateRollup(rollup, [], DAY0 + 120 * DAY_MS);
    const january = Array.from({ length: 31 }, (_, d) => DAY0 + d * DAY_MS);
    const { sketch, kept, timed } = sketchOfDays(updated, january);
    expect([kept, timed]).toEqual([31, 31]);
    const exact = p95([...times.flat()].sort((a, b) => a - b))!;
    expect(Math.abs(sketchPercentile(sketch, 0.95)! - exact) / exact).toBeLessThanOrEqual(0.015);
    // a day converted from a version 1 history had answers whose times were not kept: a day with answers, not kept
    const old = upgradeHistory({ version: 1, runs: [], days: { "2026-01-05": { a: [288, 288] } } }).rollups.get("a")!;
    expect(sketchOfDays(old, [Date.UTC(2026, 0, 5)])).toEqual({ sketch: new Map(), kept: 0, timed: 1 });
    // and a month whose later days were added into its sketch does not count its earlier days, which never had one
    const half = storedDays(31, 10, 9);
    const unsketched = mapSeries(
      new Map(
        [...seriesMap(half.rollup.daily, DAY_MS)].map(([start, r]) => [
          start,
          start < DAY0 + 15 * DAY_MS ? { ...r, sketch: undefined } : r,
        ]),
      ),
      DAY_MS,
    );
    const aged = updateRollup({ ...half.rollup, daily: unsketched }, [], DAY0 + 120 * DAY_MS);
    expect(sketchOfDays(aged, january)).toMatchObject({ kept: 16, timed: 31 });
    expect(sketchCount(sketchOfDays(aged, january).sketch)).toBe(16 * 10);
  });
});
