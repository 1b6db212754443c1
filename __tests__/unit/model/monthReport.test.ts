/** @jest-environment node */
import { emptyRollup, mapSeries, type Rollup, type ServerRollup } from "../../../src/domain/checks/rollups";
import { encodeSketch, sketchOf } from "../../../src/domain/checks/timeSketch";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "../../../src/domain/kernel/time";
import { gatherMonths, gatherPeriod, monthBounds, monthReport, monthsBetween, reportedMonths } from "../../../src/domain/reports/month";
import { mergeSketches } from "../../../src/domain/checks/timeSketch";

const FIVE_MINUTES = 5 * MINUTE_MS;
const day = (iso: string) => Date.parse(`${iso}T00:00:00.000Z`);
const time = (iso: string) => Date.parse(iso);

/** A day of 288 checks, `down` of them offline, `maintenance` more in a window, the up ones answering in `ms` (one time each). */
const dayOf = (down = 0, maintenance = 0, ms: readonly number[] = [40]): Rollup => {
  const total = 288 - maintenance;
  const times = Array.from({ length: total - down }, (_, i) => ms[i % ms.length]);
  return {
    up: total - down,
    total,
    answered: times.length,
    median: null,
    p95: null,
    ...(maintenance > 0 ? { maintenance } : {}),
    sketch: encodeSketch(sketchOf(times)),
  };
};

/** A server's rollups: the days given (by ISO date), and its outages. */
function serverOf(server: string, days: Record<string, Rollup>, outages: Array<[string, string | null]> = []): ServerRollup {
  const map = new Map(Object.entries(days).map(([date, r]) => [day(date), r] as const));
  return { ...emptyRollup(server), daily: mapSeries(map, DAY_MS), ...(outages.length > 0 ? { outages } : {}) };
}

/** Every day of February 2028 (a leap year: 29 days), each as `make` says. */
const february = (make: (date: string) => Rollup | null) =>
  Object.fromEntries(
    Array.from({ length: 29 }, (_, i) => `2028-02-${String(i + 1).padStart(2, "0")}`).flatMap((date) => {
      const r = make(date);
      return r ? [[date, r]] : [];
    }),
  );

/**
 * February 2028, worked out by hand:
 * - a: checked all month every 5 minutes (29 × 288 = 8,352 checks). Down one
 *   hour on the 10th (12 checks, 03:00 to 04:00), down from 23:00 on the 29th
 *   into March (12 checks in February, 60 minutes of it); 24 checks in a
 *   maintenance window on the 20th. Its answers: 40 ms, one in four 400 ms.
 * - b: not checked before the 15th (the job was set up then): 15 days,
 *   4,320 checks, all up at 100 ms; no outage.
 */
const A = serverOf(
  "a",
  february((date) => {
    if (date === "2028-02-10") return dayOf(12, 0, [40, 40, 40, 400]);
    if (date === "2028-02-20") return dayOf(0, 24, [40, 40, 40, 400]);
    if (date === "2028-02-29") return dayOf(12, 0, [40, 40, 40, 400]);
    return dayOf(0, 0, [40, 40, 40, 400]);
  }),
  [
    ["2028-01-20T10:00:00.000Z", "2028-01-20T10:30:00.000Z"],
    ["2028-02-10T03:00:00.000Z", "2028-02-10T04:00:00.000Z"],
    ["2028-02-29T23:00:00.000Z", "2028-03-01T01:00:00.000Z"],
  ],
);
const B = serverOf(
  "b",
  february((date) => (date >= "2028-02-15" ? dayOf(0, 0, [100]) : null)),
);
const rollups = new Map([
  ["a", A],
  ["b", B],
]);
const MARCH_2 = new Date("2028-03-02T00:00:00Z");

describe("a month's report (#33)", () => {
  it("a server's figures: availability outside maintenance, downtime and outages inside the month, recovery, times, coverage", () => {
    const report = monthReport("2028-02", rollups, ["a", "b"], MARCH_2, FIVE_MINUTES);
    const a = report.servers[0];
    expect(a).toMatchObject({
      server: "a",
      checks: 8352 - 24,
      up: 8352 - 24 - 24,
      maintenanceChecks: 24,
      // 60 minutes on the 10th, and the first 60 of the outage that ran into March
      downtimeMs: 2 * HOUR_MS,
      outages: 2,
      longestOutageMs: HOUR_MS,
      // only the outage that ended in February: the one that ended in March is March's recovery
      medianRecoveryMs: HOUR_MS,
      covered: 1,
      // whole: the one that ran into March keeps its end
      outageTimes: [
        { from: "2028-02-10T03:00:00.000Z", to: "2028-02-10T04:00:00.000Z" },
        { from: "2028-02-29T23:00:00.000Z", to: "2028-03-01T01:00:00.000Z" },
      ],
    });
    expect(a.availability).toBeCloseTo(8304 / 8328, 12);
    // three in four answers at 40 ms, one at 400: the median 40, the p95 and p99 400 (the bucket's middle, within 1.5 %)
    expect(a.times).toMatchObject({ median: 40, daysKept: 29, daysTimed: 29 });
    expect(Math.abs(a.times!.p95 - 400) / 400).toBeLessThanOrEqual(0.015);
    expect(Math.abs(a.times!.p99 - 400) / 400).toBeLessThanOrEqual(0.015);
    const b = report.servers[1];
    expect(b).toMatchObject({ checks: 4320, up: 4320, downtimeMs: 0, outages: 0, longestOutageMs: null, medianRecoveryMs: null });
    expect(b.covered).toBeCloseTo(4320 / 8352, 12);
    // 100 ms is told as its bucket's middle, 99.1 ms: within 1.5 %
    expect(b.times).toMatchObject({ median: 99.1, p95: 99.1, p99: 99.1 });
  });

  it("the fleet's figures are the servers' added up, its times from all their answers together", () => {
    const { fleet, status, reason } = monthReport("2028-02", rollups, ["a", "b"], MARCH_2, FIVE_MINUTES);
    expect(fleet).toMatchObject({ checks: 8328 + 4320, up: 8304 + 4320, maintenanceChecks: 24, downtimeMs: 2 * HOUR_MS, outages: 2 });
    expect(fleet.availability).toBeCloseTo(12624 / 12648, 12);
    expect(fleet.covered).toBeCloseTo((8352 + 4320) / (2 * 8352), 12);
    // 6,246 answers at 40 ms, 2,082 at 400, 4,320 at 100: the median is 100 ms (its bucket's 99.1)
    expect(fleet.times?.median).toBe(99.1);
    expect([status, reason]).toEqual(["completed", null]);
  });

  it("checks a dependency made fail count as down and apart; the editor's setting leaves them out of the availability", () => {
    // a's hour down on the 10th was a switch it depends on: 10 of its 12 failed checks found it unreachable because of that
    const caused = serverOf("a", { ...february(() => dayOf()), "2028-02-10": { ...dayOf(12), caused: 10 } });
    const both = new Map([...rollups, ["a", caused]]);
    const counted = monthReport("2028-02", both, ["a", "b"], MARCH_2, FIVE_MINUTES);
    expect(counted.causedDowntime).toBe("counted");
    expect(counted.servers[0]).toMatchObject({ checks: 8352, up: 8340, causedChecks: 10 });
    expect(counted.servers[0].availability).toBeCloseTo(8340 / 8352, 12);
    const excluded = monthReport("2028-02", both, ["a", "b"], MARCH_2, FIVE_MINUTES, "excluded");
    expect(excluded.causedDowntime).toBe("excluded");
    expect(excluded.servers[0]).toMatchObject({ checks: 8352, up: 8340, causedChecks: 10 });
    expect(excluded.servers[0].availability).toBeCloseTo(8340 / 8342, 12);
    expect(excluded.fleet.causedChecks).toBe(10);
    expect(excluded.fleet.availability).toBeCloseTo((8340 + 4320) / (8342 + 4320), 12);
    // b had none: the same either way
    expect(excluded.servers[1].availability).toBe(counted.servers[1].availability);
    // every check of a day caused: nothing left to count is no availability, never 0 % or 100 %
    const allCaused = serverOf("c", { "2028-02-03": { ...dayOf(288), caused: 288 } });
    const none = monthReport("2028-02", new Map([["c", allCaused]]), ["c"], MARCH_2, FIVE_MINUTES, "excluded");
    expect(none.servers[0]).toMatchObject({ checks: 288, up: 0, causedChecks: 288, availability: null });
  });

  it("the month in progress is processing, as of the newest run; an outage still going on counts up to it", () => {
    const asOf = new Date("2028-02-29T23:30:00Z");
    const open = new Map([["a", { ...A, outages: [["2028-02-29T23:00:00.000Z", null] as [string, null]] }]]);
    const report = monthReport("2028-02", open, ["a"], asOf, FIVE_MINUTES);
    expect(report).toMatchObject({ status: "processing", reason: null, asOf: "2028-02-29T23:30:00.000Z" });
    expect(report.servers[0]).toMatchObject({ downtimeMs: 30 * MINUTE_MS, outages: 1, medianRecoveryMs: null });
    // the checks so far are those the month's time so far expects (8,352 less the last 30 minutes' 6)
    expect(report.servers[0].covered).toBe(1);
  });

  it("a closed month the checks covered less than half of is failed, saying why; one without checks says so", () => {
    // b, checked from the 15th, covered 51.7 %: completed; one checked from the 17th, 44.8 %: failed
    expect(monthReport("2028-02", new Map([["b", B]]), ["b"], MARCH_2, FIVE_MINUTES).status).toBe("completed");
    const d = serverOf(
      "d",
      february((date) => (date >= "2028-02-17" ? dayOf() : null)),
    );
    const late = monthReport("2028-02", new Map([["d", d]]), ["d"], MARCH_2, FIVE_MINUTES);
    expect(late.status).toBe("failed");
    expect(late.reason).toMatch(/^the checks covered 44\.8 % of the month/);
    expect(late.fleet.availability).toBe(1);
    const none = monthReport("2028-01", new Map([["b", B]]), ["b"], MARCH_2, FIVE_MINUTES);
    expect([none.status, none.reason]).toEqual(["failed", "no check ran in this month"]);
    expect(none.fleet).toMatchObject({ checks: 0, availability: null, times: null, longestOutageMs: null });
    expect(none.servers).toEqual([expect.objectContaining({ server: "b", checks: 0, covered: 0 })]);
  });

  it("gathered a server at a time, the months start at the first with a check; a month between without any is failed", () => {
    const gathering = gatherMonths(["2027-12", "2028-01", "2028-02"], MARCH_2, FIVE_MINUTES);
    gathering.add("a", A);
    gathering.add("b", B);
    const reports = gathering.reports();
    // a's outage of January 20th: January has no checks but an outage, so it is reported (its checks did not come)
    expect(reports.map((r) => [r.month, r.status])).toEqual([
      ["2028-01", "failed"],
      ["2028-02", "completed"],
    ]);
    expect(reports[1]).toEqual(monthReport("2028-02", rollups, ["a", "b"], MARCH_2, FIVE_MINUTES));
  });

  it("days from before the time sketches have checks and no times: the times say how many days they cover", () => {
    const old = serverOf(
      "c",
      february((date) => (date < "2028-02-11" ? { ...dayOf(), sketch: undefined } : dayOf())),
    );
    const { servers } = monthReport("2028-02", new Map([["c", old]]), ["c"], MARCH_2, FIVE_MINUTES);
    expect(servers[0].times).toMatchObject({ median: 40, daysKept: 19, daysTimed: 29 });
    expect(servers[0].checks).toBe(29 * 288);
  });

  it("a build reports the months the daily rollups hold whole (400 days), up to the month in progress", () => {
    // 400 days back from 2026-11-26 is 2025-10-23: October 2025 is held only in part, so not reported
    const months = reportedMonths(new Date("2026-11-26T21:00:00Z"));
    expect([months[0], months.at(-1), months.length]).toEqual(["2025-11", "2026-11", 13]);
    // 400 days back from 2027-02-04 is 2026-01-01: January 2026 is held whole
    expect(reportedMonths(new Date("2027-02-04T00:10:00Z"))[0]).toBe("2026-01");
  });

  it("UTC months: October 2026 (clocks change on the 25th in Europe) has 744 hours; February 2028 29 days, 2027 28", () => {
    const hours = (month: string) => (monthBounds(month).end - monthBounds(month).start) / HOUR_MS;
    expect(hours("2026-10")).toBe(744);
    expect(hours("2028-02")).toBe(29 * 24);
    expect(hours("2027-02")).toBe(28 * 24);
    expect(monthsBetween(time("2027-11-30T10:00:00Z"), time("2028-02-01T00:00:00Z"))).toEqual(["2027-11", "2027-12", "2028-01", "2028-02"]);
  });
});

describe("a period a reader picks (#33, Generate Report)", () => {
  const period = (from: string, to: string, asOf = MARCH_2) => {
    const gathering = gatherPeriod(day(from), day(to) + DAY_MS, asOf, FIVE_MINUTES);
    for (const server of ["a", "b"]) gathering.add(server, rollups.get(server)!);
    return gathering.report();
  };

  it("the days 10 to 14 February: a's outage on the 10th whole, b not yet checked, the share covered said", () => {
    const report = period("2028-02-10", "2028-02-14");
    expect(report).toMatchObject({ start: "2028-02-10T00:00:00.000Z", end: "2028-02-15T00:00:00.000Z", status: "completed" });
    const [a, b] = report.servers;
    expect(a).toMatchObject({ checks: 5 * 288, up: 5 * 288 - 12, downtimeMs: HOUR_MS, outages: 1, medianRecoveryMs: HOUR_MS, covered: 1 });
    expect(a.times).toMatchObject({ median: 40, daysKept: 5, daysTimed: 5 });
    expect(b).toMatchObject({ checks: 0, availability: null, times: null, covered: 0 });
    // half the checks the two servers' interval expects: not less than half, so not failed
    expect(report.fleet.covered).toBe(0.5);
  });

  it("a period that reaches past the newest run is processing; one without checks says so", () => {
    expect(period("2028-02-25", "2028-03-10").status).toBe("processing");
    const none = period("2028-01-01", "2028-01-10");
    expect([none.status, none.reason]).toEqual(["failed", "no check ran in this period"]);
  });

  it("part of a month whose days were folded into its sketch has no times for those days, rather than the whole month's", () => {
    // January 2028: the first 20 days folded into the month's sketch (at 200 ms), the rest with their own (at 50 ms)
    const jan = (date: string) => Number(date.slice(8, 10));
    const days = Object.fromEntries(
      Array.from({ length: 31 }, (_, i) => `2028-01-${String(i + 1).padStart(2, "0")}`).map((date) => [
        date,
        jan(date) <= 20 ? { ...dayOf(0, 0, [200]), sketch: "" } : dayOf(0, 0, [50]),
      ]),
    );
    const folded = mergeSketches(Array.from({ length: 20 }, () => sketchOf(Array.from({ length: 288 }, () => 200))));
    const server = { ...serverOf("c", days), months: { "2028-01": encodeSketch(folded) } };
    const of = (from: string, to: string) => {
      const g = gatherPeriod(day(from), day(to) + DAY_MS, MARCH_2, FIVE_MINUTES);
      g.add("c", server);
      return g.report().servers[0].times;
    };
    // the whole month: every day's times, the folded ones from the month's sketch
    expect(of("2028-01-01", "2028-01-31")).toMatchObject({ daysKept: 31, daysTimed: 31 });
    // 15 to 25 January: days 15 to 20 are folded, part of the month's sketch only: not kept, and the times are the 21st to 25th's
    expect(of("2028-01-15", "2028-01-25")).toMatchObject({ median: 50, p99: 50, daysKept: 5, daysTimed: 11 });
  });
});

describe("each place's times in a month (#33, checks from several places)", () => {
  it("each place's percentiles from its own days' sketches, the fleet's from all servers' together; a place's days without a sketch are said", () => {
    const placed = (euMs: number, apMs: number | null, keep = true) => ({
      ...dayOf(0, 0, [euMs]),
      places: {
        "eu-west": { answered: 288, median: euMs, p95: euMs, ...(keep ? { sketch: encodeSketch(sketchOf(Array(288).fill(euMs))) } : {}) },
        ...(apMs === null
          ? {}
          : {
              "ap-south": {
                answered: 288,
                median: apMs,
                p95: apMs,
                ...(keep ? { sketch: encodeSketch(sketchOf(Array(288).fill(apMs))) } : {}),
              },
            }),
      },
    });
    // x: all February from two places; the first 9 days' place sketches let go (older than 62 days, say)
    const x = serverOf(
      "x",
      february((date) => placed(40, 300, date >= "2028-02-10")),
    );
    // y: from eu-west only
    const y = serverOf(
      "y",
      february(() => placed(60, null)),
    );
    const report = monthReport(
      "2028-02",
      new Map([
        ["x", x],
        ["y", y],
      ]),
      ["x", "y"],
      MARCH_2,
      FIVE_MINUTES,
    );
    const [px, py] = report.servers.map((s) => s.places);
    expect(px?.map((p) => [p.place, p.answered, p.times?.median, p.times?.daysKept, p.times?.daysTimed])).toEqual([
      // 300 ms told as its bucket's middle, 295.9 ms: within 1.5 %
      ["ap-south", 29 * 288, 295.9, 20, 29],
      ["eu-west", 29 * 288, 40, 20, 29],
    ]);
    expect(py?.map((p) => p.place)).toEqual(["eu-west"]);
    // the fleet's eu-west: x's 20 kept days at 40 ms and y's 29 at 60 ms: the median is 60
    const eu = report.fleet.places?.find((p) => p.place === "eu-west");
    expect(eu?.answered).toBe(2 * 29 * 288);
    expect(eu?.times).toMatchObject({ daysKept: 49, daysTimed: 58 });
    expect(Math.abs(eu!.times!.median - 60) / 60).toBeLessThanOrEqual(0.015);
    // one place only: no places at all
    expect(monthReport("2028-02", rollups, ["a"], MARCH_2, FIVE_MINUTES).fleet.places).toBeUndefined();
  });
});
