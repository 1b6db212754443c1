/** @jest-environment node */
import { emptyRollup, mapSeries, type Rollup, type ServerRollup } from "../../../src/domain/checks/rollups";
import { encodeSketch, sketchOf } from "../../../src/domain/checks/timeSketch";
import { DAY_MS } from "../../../src/domain/kernel/time";
import { ANALYTICS_DAYS, gatherFleetAnalytics, regionOf } from "../../../src/domain/reports/fleetAnalytics";
import { changeWords, shareWords } from "../../../src/model/analytics/analyticsPage";

const ASOF = new Date("2028-03-31T12:00:00Z");
const TODAY = Date.UTC(2028, 2, 31);

/** A day of `total` checks, `down` of them failed, the others answering in `ms`; `sketch` false: older than the kept sketches. */
const dayOf = (total: number, down: number, ms: number, sketch = true): Rollup => ({
  up: total - down,
  total,
  answered: total - down,
  median: ms,
  p95: ms,
  sketch: sketch ? encodeSketch(sketchOf(Array(total - down).fill(ms))) : "",
});

/** A server checked `days` days back from today, each day as `make` says (daysAgo 0 is today). */
function serverOf(id: string, days: number, make: (daysAgo: number) => Rollup): ServerRollup {
  const map = new Map(Array.from({ length: days }, (_, ago) => [TODAY - ago * DAY_MS, make(ago)] as const));
  return { ...emptyRollup(id), daily: mapSeries(map, DAY_MS) };
}

describe("the fleet over time (#34, /analytics)", () => {
  // a (Frankfurt): 100 days, 100 checks a day all up, 40 ms the last 30 days, 60 ms the 30 before
  // b (Tokyo): 10 days, 100 checks a day, 10 down each day, 200 ms; one day with 20 more in maintenance
  const a = serverOf("a", 100, (ago) => dayOf(100, 0, ago < 30 ? 40 : 60, ago < 62));
  const b = serverOf("b", 10, (ago) => (ago === 3 ? { ...dayOf(100, 10, 200), maintenance: 20 } : dayOf(100, 10, 200)));
  const gather = () => {
    const g = gatherFleetAnalytics(ASOF);
    g.add(a, "Frankfurt, Germany");
    g.add(b, "Tokyo, Japan");
    return g.result();
  };

  it("90 UTC days of the fleet's checks, the last today's; days before a server was checked count none of it", () => {
    const { days, servers } = gather();
    expect(servers).toBe(2);
    expect(days).toHaveLength(ANALYTICS_DAYS);
    expect(days.at(-1)).toEqual({ date: "2028-03-31", up: 190, total: 200 });
    expect(days[0]).toEqual({ date: "2028-01-02", up: 100, total: 100 });
    // the maintenance checks are apart, in no availability
    expect(days.at(-4)).toEqual({ date: "2028-03-28", up: 190, total: 200, maintenance: 20 });
  });

  it("each region's last 30 days: availability, and times against the 30 before", () => {
    const { regions, checks30, recent, before } = gather();
    expect(regions.map((r) => [r.region, r.servers, r.checks, r.up])).toEqual([
      ["Germany", 1, 3000, 3000],
      ["Japan", 1, 1000, 900],
    ]);
    expect(regions[1].availability).toBe(0.9);
    expect(regions[0].recent?.median).toBeCloseTo(40, -0.5);
    expect(Math.abs(regions[0].before!.median - 60) / 60).toBeLessThanOrEqual(0.015);
    // Japan was not checked in the 30 days before: no times, not 0
    expect(regions[1].before).toBeNull();
    // the fleet: 4,000 checks and 20 in maintenance; its times from all answers together
    expect(checks30).toBe(4020);
    expect(recent?.median).toBeCloseTo(40, -0.5);
    expect(Math.abs(recent!.p95 - 200) / 200).toBeLessThanOrEqual(0.015);
    // the 30 days before: only Frankfurt answered, at 60 ms
    expect(Math.abs(before!.median - 60) / 60).toBeLessThanOrEqual(0.015);
    expect(Math.abs(before!.p95 - 60) / 60).toBeLessThanOrEqual(0.015);
  });

  it("says the figures in words: a share rounded down, a change against the 30 days before", () => {
    expect(shareWords(0.99999)).toBe("99.99 %");
    expect(shareWords(null)).toBe("no checks");
    expect(changeWords({ median: 40, p95: 90 }, { median: 45, p95: 80 }, "median")).toBe("40 ms (5 ms faster than the 30 days before)");
    expect(changeWords({ median: 40, p95: 90 }, { median: 45, p95: 80 }, "p95")).toBe("90 ms (10 ms slower than the 30 days before)");
    expect(changeWords({ median: 40, p95: 90 }, null, "median")).toBe("40 ms (the 30 days before: no answers kept)");
    expect(changeWords(null, null, "median")).toBe("no answers");
    expect(regionOf("Frankfurt, Germany")).toBe("Germany");
    expect(regionOf("Singapore")).toBe("Singapore");
  });
});
