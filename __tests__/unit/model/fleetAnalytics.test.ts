/** @jest-environment node */
import { emptyRollup, mapSeries, type Rollup, type ServerRollup } from "../../../src/domain/checks/rollups";
import { encodeSketch, sketchOf } from "../../../src/domain/checks/timeSketch";
import { DAY_MS } from "../../../src/domain/kernel/time";
import { ANALYTICS_DAYS, OUTAGE_WEEKS, gatherFleetAnalytics, mostAlerted } from "../../../src/domain/reports/fleetAnalytics";
import { regionOf } from "../../../src/domain/kernel/regions";
import { analyticsFigures, changeWords, shareWords, weekWords } from "../../../src/model/analytics/analyticsPage";
import { shownCards } from "../../../src/model/fleet/figureCards";
import { alertId } from "../../../src/domain/checks/alertIds";
import { KEPT_ALERTS } from "../../../src/domain/checks/alerts";
import type { Alert } from "../../../src/domain/kernel/types";
import fc from "fast-check";

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

const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = 3_600_000;

describe("servers to look at, and outages each week (#34)", () => {
  // Four servers over 30 days: fast and always up; slow (300 ms) with 1 % down; middling (100 ms) with 5 % down; one that never answered.
  const fast = serverOf("fast", 30, () => dayOf(100, 0, 20));
  const slow = serverOf("slow", 30, () => dayOf(100, 1, 300));
  const mid = serverOf("mid", 30, () => dayOf(100, 5, 100));
  const dead = serverOf("dead", 30, () => dayOf(100, 100, 0));

  it("ranks the slowest by median (answered servers only) and the least available (below 100 % only)", () => {
    const g = gatherFleetAnalytics(ASOF);
    for (const s of [fast, slow, mid, dead]) g.add(s, "Paris, France");
    const { slowest, leastAvailable } = g.result();
    expect(slowest.map((r) => r.server)).toEqual(["slow", "mid", "fast"]);
    expect(Math.abs(slowest[0].times!.median - 300) / 300).toBeLessThanOrEqual(0.015);
    expect(leastAvailable.map((r) => [r.server, r.availability])).toEqual([
      ["dead", 0],
      ["mid", 0.95],
      ["slow", 0.99],
    ]);
  });

  it("names five at most, whatever the fleet (generated fleets)", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 5000 })), { maxLength: 12 }), (specs) => {
        const g = gatherFleetAnalytics(ASOF);
        specs.forEach(([down, ms], i) =>
          g.add(
            serverOf(`s${i}`, 5, () => dayOf(100, down, ms)),
            "Oslo, Norway",
          ),
        );
        const { slowest, leastAvailable } = g.result();
        expect(slowest.length).toBe(Math.min(5, specs.filter(([down]) => down < 100).length));
        expect(leastAvailable.length).toBe(Math.min(5, specs.filter(([down]) => down > 0).length));
        for (let i = 1; i < slowest.length; i++) expect(slowest[i - 1].times!.median).toBeGreaterThanOrEqual(slowest[i].times!.median);
        for (let i = 1; i < leastAvailable.length; i++)
          expect(leastAvailable[i - 1].availability!).toBeLessThanOrEqual(leastAvailable[i].availability!);
      }),
    );
  });

  it("counts the outages that began each week, Monday to Sunday UTC, with the time those that ended took", () => {
    // 2028-03-31 is a Friday: this week began Monday 2028-03-27.
    const outages: [string, string | null][] = [
      [iso(Date.UTC(2028, 2, 27, 1)), iso(Date.UTC(2028, 2, 27, 1, 10))], // this week, 10 min
      [iso(Date.UTC(2028, 2, 26, 23, 50)), iso(Date.UTC(2028, 2, 27, 0, 30))], // Sunday: the week before, 40 min
      [iso(Date.UTC(2028, 2, 20, 5)), iso(Date.UTC(2028, 2, 20, 5, 20))], // the week before, 20 min
      [iso(Date.UTC(2028, 2, 22, 5)), iso(Date.UTC(2028, 2, 22, 5, 30))], // the week before, 30 min
      [iso(Date.UTC(2028, 2, 31, 11)), null], // going on
      [iso(Date.UTC(2027, 10, 1)), iso(Date.UTC(2027, 10, 2))], // before the 13 weeks
    ];
    const g = gatherFleetAnalytics(ASOF);
    g.add({ ...serverOf("a", 30, () => dayOf(100, 0, 20)), outages }, "Paris, France");
    const { weeks, leastAvailable } = g.result();
    expect(weeks).toHaveLength(OUTAGE_WEEKS);
    expect(weeks.at(-1)).toEqual({
      week: "2028-03-27",
      began: 2,
      ongoing: 1,
      medianRecoveryMs: 10 * 60_000,
      longestRecoveryMs: 10 * 60_000,
    });
    // three ended: 20, 30, 40 min; the median is the middle one
    expect(weeks.at(-2)).toEqual({
      week: "2028-03-20",
      began: 3,
      ongoing: 0,
      medianRecoveryMs: 30 * 60_000,
      longestRecoveryMs: 40 * 60_000,
    });
    expect(weeks[0].week).toBe("2028-01-03");
    expect(weeks.slice(0, -2).every((w) => w.began === 0 && w.medianRecoveryMs === null)).toBe(true);
    expect(weekWords(weeks.at(-1)!)).toBe("Week of 2028-03-27: 2 outages began (1 still going on); median recovery 10 min");
    expect(weekWords(weeks[0])).toBe("Week of 2028-01-03: no outage began");
    // every check was up (the rollups say so), so it is not among the least available, whatever its outages
    expect(leastAvailable).toEqual([]);
  });

  it("every outage of the 13 weeks is counted once (generated outages)", () => {
    const start = Date.UTC(2028, 0, 3);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 88 * 24 }), fc.option(fc.integer({ min: 1, max: 48 }))), { maxLength: 30 }),
        (spans) => {
          const outages = spans.map(([h, len]): [string, string | null] => [
            iso(start + h * HOUR),
            len === null ? null : iso(start + (h + len) * HOUR),
          ]);
          const g = gatherFleetAnalytics(ASOF);
          g.add({ ...emptyRollup("x"), outages }, "Paris, France");
          const { weeks } = g.result();
          expect(weeks.reduce((n, w) => n + w.began, 0)).toBe(spans.length);
          expect(weeks.reduce((n, w) => n + w.ongoing, 0)).toBe(spans.filter(([, len]) => len === null).length);
        },
      ),
    );
  });
});

describe("the servers most often alerted (#34)", () => {
  const alert = (
    server: string,
    type: Alert["type"],
    at: number,
    kind = type === "error" ? "offline" : type === "info" ? "online" : "slow",
  ): Alert => ({
    id: alertId(server, iso(at), kind as "offline"),
    server: `Name of ${server}`,
    type,
    message: "m",
    ip: "192.0.2.1",
    location: "Paris, France",
    timestamp: iso(at),
  });
  const now = ASOF.getTime();

  it("counts outages and warnings of the last 30 days by the server the id names; back-online news and strangers apart", () => {
    const alerts = [
      alert("a", "error", now - HOUR),
      alert("a", "info", now - HOUR / 2),
      alert("a", "warning", now - 2 * HOUR),
      alert("b", "error", now - 3 * HOUR),
      alert("b", "error", now - 31 * 24 * HOUR),
      alert("gone", "error", now - HOUR),
      alert("web-1", "warning", now - HOUR),
    ];
    const { from, servers } = mostAlerted(alerts, ["a", "b", "web", "web-1"], ASOF);
    expect(from).toBe("2028-03-02T00:00:00.000Z");
    expect(servers).toEqual([
      { server: "a", alerts: 2, errors: 1, warnings: 1 },
      { server: "b", alerts: 1, errors: 1, warnings: 0 },
      { server: "web-1", alerts: 1, errors: 0, warnings: 1 },
    ]);
  });

  it("with a full store, counts from its oldest kept warning, and says so", () => {
    const alerts = Array.from({ length: KEPT_ALERTS }, (_, i) => alert("a", i < 10 ? "warning" : "error", now - i * HOUR));
    const { from, servers } = mostAlerted(alerts, ["a"], ASOF);
    expect(from).toBe(iso(now - 9 * HOUR));
    expect(servers[0]).toEqual({ server: "a", alerts: 10, errors: 0, warnings: 10 });
    // only errors kept: the others are not known
    expect(
      mostAlerted(
        alerts.map((a) => ({ ...a, type: "error" as const })),
        ["a"],
        ASOF,
      ),
    ).toEqual({ from: null, servers: [] });
  });
});

describe("the analytics cards (#34)", () => {
  const cards = [
    { id: "r", title: "Total Requests", measure: "checks" },
    { id: "t", title: "Response Time", measure: "response-time" },
    { id: "u", title: "Active Users", value: "1,234", note: "+8% from last week" },
    { id: "c", title: "Global Coverage", measure: "countries" },
  ];

  it("shows measured figures where the job measures them, and labels the editors' figure as typed", () => {
    const g = gatherFleetAnalytics(ASOF);
    g.add(
      serverOf("a", 60, (ago) => dayOf(100, 0, ago < 30 ? 40 : 60)),
      "Frankfurt, Germany",
    );
    const shown = shownCards(
      cards,
      analyticsFigures({ fleetAnalytics: g.result(), countries: ["Germany", "Japan"] }),
      "analytics-cards.json",
    );
    expect(shown.map((c) => [c.title, c.value, c.note, c.source])).toEqual([
      ["Total Requests", "3,000 checks", "Made by the check job in the last 30 days, to 1 server", "Measured by the check job"],
      ["Response Time", "40 ms", "The fleet's median over 30 days; 20 ms faster than the 30 days before", "Measured by the check job"],
      ["Active Users", "1,234", "+8% from last week", "Typed by an editor (content/analytics-cards.json)"],
      ["Global Coverage", "2", "Countries the servers are in", "From the servers' locations"],
    ]);
  });

  it("without checks, a measured card says it is not measured yet, never a typed figure", () => {
    const shown = shownCards(cards, analyticsFigures({ fleetAnalytics: null, countries: ["Germany"] }), "analytics-cards.json");
    expect(shown.map((c) => c.value)).toEqual(["Not measured yet", "Not measured yet", "1,234", "1"]);
    expect(shown[0].source).toBe("Measured by the check job once it runs");
  });
});
