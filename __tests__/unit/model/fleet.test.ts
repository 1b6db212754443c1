import { FLAT_MAP_DOT_LIMIT, INLINE_ALERT_LIMIT, INLINE_FLEET_LIMIT } from "../../../src/model/fleet/fleet";
import { RECENT_ALERTS_SHOWN } from "../../../src/model/shell/alerts";
import { mapPlaces, placeColor, placeKeyOf, placeLabel } from "../../../src/model/map/mapPlaces";
import { MARKER_COLORS } from "../../../src/model/map/markers";
import { countSources } from "../../../src/model/shell/statusLine";
import { countByStatus, fleetFigures, summarize } from "../../../src/model/fleet/summary";
import { problemsFirst } from "../../../src/domain/kernel/status";
import { findInFirstServers } from "../../../src/model/fleet/serverQuery";
import { fleetNodeFields, MOST_FIRST_SERVERS } from "../../../gatsby/nodes/fleet";
import { makeServer } from "../fixtures";

const statuses = ["online", "offline", "warning", "maintenance", "online", "online", "warning"];
const fleet = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    makeServer({ name: `N-${i}`, status: statuses[i % statuses.length], coordinates: [-180 + ((i * 37) % 360), -50 + ((i * 13) % 120)] }),
  );

describe("fleetFigures", () => {
  it("has the dashboard's figures, the counts by status and by source", () => {
    const servers = [
      makeServer({ status: "online", responseTime: 40, location: "Dublin, Ireland" }),
      makeServer({ status: "offline", responseTime: 0, location: "Tokyo, Japan", source: "measured" }),
      makeServer({ status: "maintenance", location: "Tokyo, Japan", source: "sample" }),
    ];
    expect(fleetFigures(servers)).toEqual({
      total: 3,
      regions: 2,
      onlinePercent: 33,
      avgResponseMs: 40,
      counts: { online: 1, warning: 0, offline: 1, unchecked: 0, other: 1 },
      sources: { measured: 1, simulated: 1, sample: 1 },
    });
  });
  it("agrees with summarize, countByStatus and countSources on any fleet", () => {
    const locations = ["Dublin, Ireland", "Cork, ireland ", "Tokyo, Japan", "Nowhere", "Lima, Peru"];
    const sourcesList = ["measured", "simulated", "sample"] as const;
    const servers = Array.from({ length: 500 }, (_, i) =>
      makeServer({
        status: statuses[i % statuses.length],
        location: locations[i % locations.length],
        source: sourcesList[i % 3],
        responseTime: i % 11 === 0 ? Number.NaN : (i * 7) % 90,
      }),
    );
    const { online: _online, offline: _offline, ...summary } = summarize(servers);
    expect(fleetFigures(servers)).toEqual({ ...summary, counts: countByStatus(servers), sources: countSources(servers) });
  });
  it("is empty, with no percent or average, for no server", () => {
    expect(fleetFigures([])).toMatchObject({ total: 0, onlinePercent: null, avgResponseMs: null });
  });
});

describe("problemsFirst with a limit", () => {
  it("is problemsFirst cut to the limit, for any limit", () => {
    const servers = fleet(100);
    for (const limit of [0, 1, 5, 12, 40, 100, 200]) {
      expect(problemsFirst(servers, limit)).toEqual(problemsFirst(servers).slice(0, limit));
    }
  });
});

describe("mapPlaces", () => {
  it("gathers servers in the same square into one place with its worst status, counts and mean position", () => {
    const here = [
      makeServer({ status: "online", location: "Frankfurt, Germany", coordinates: [8.68, 50.11] }),
      makeServer({ status: "offline", location: "Offenbach, Germany", coordinates: [8.76, 50.1] }),
      makeServer({ status: "warning", location: "Mainz, Germany", coordinates: [8.27, 50.0] }),
    ];
    const far = makeServer({ status: "online", location: "Sydney, Australia", coordinates: [151.2, -33.87] });
    const places = mapPlaces([...here, far]);
    expect(places).toHaveLength(2);
    const frankfurt = places.find((p) => p.count === 3)!;
    expect(frankfurt).toMatchObject({
      worst: "offline",
      location: "Offenbach, Germany",
      counts: { online: 1, warning: 1, offline: 1, unchecked: 0, other: 0 },
    });
    expect(placeColor(frankfurt)).toBe(MARKER_COLORS.offline);
    expect(placeLabel(frankfurt)).toBe("Offenbach, Germany and nearby: 3 servers, 1 offline, 1 warning, 1 online");
    expect(placeKeyOf(here[0].coordinates)).toBe(frankfurt.key);
    expect(placeKeyOf(far.coordinates)).not.toBe(frankfurt.key);
    const sydney = places.find((p) => p.count === 1)!;
    expect(placeLabel(sydney)).toBe("Sydney, Australia: 1 server, Online");
    expect(sydney.x).toBeGreaterThan(frankfurt.x);
  });
  it("keeps every server in some place, and stays within the map at its edges", () => {
    const edges = [
      [-180, 84],
      [180, -90],
      [179.99, 89],
      [0, 0],
    ].map((c) => makeServer({ coordinates: c as [number, number] }));
    const servers = [...fleet(5000), ...edges];
    const places = mapPlaces(servers);
    expect(places.reduce((sum, p) => sum + p.count, 0)).toBe(servers.length);
    // a few hundred dots for thousands of servers
    expect(places.length).toBeLessThan(1000);
    for (const p of places) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(1000);
    }
  });
});

describe("the build's fleet (gatsby/nodes/fleet.ts)", () => {
  it("is complete, with no places or first servers, up to the inline limit", () => {
    const fields = fleetNodeFields(fleet(INLINE_FLEET_LIMIT), []);
    expect(fields).toMatchObject({ complete: true, total: INLINE_FLEET_LIMIT, places: [], firstIds: [] });
  });
  it("above it, names the servers that most need attention and draws places", () => {
    const servers = fleet(INLINE_FLEET_LIMIT + 1);
    const fields = fleetNodeFields(servers, []) as { complete: boolean; firstIds: string[]; places: unknown[] };
    expect(fields.complete).toBe(false);
    expect(fields.firstIds).toEqual(
      problemsFirst(servers)
        .slice(0, MOST_FIRST_SERVERS)
        .map((s) => s.id),
    );
    expect(fields.places.length).toBeGreaterThan(0);
    expect(FLAT_MAP_DOT_LIMIT).toBeLessThanOrEqual(INLINE_FLEET_LIMIT);
  });
});

describe("the build's alerts (gatsby/nodes/fleet.ts)", () => {
  const alerts = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      id: `a-${i}`,
      server: "N-1",
      type: "error" as const,
      message: "Timeout",
      ip: "192.0.2.1",
      location: "Dublin, Ireland",
      timestamp: `2026-11-23T10:${String(59 - (i % 60)).padStart(2, "0")}:00Z`,
    }));
  it("are all there up to the limit, in the order given (newest first)", () => {
    const all = alerts(INLINE_ALERT_LIMIT);
    expect(fleetNodeFields([], all)).toMatchObject({ alertsComplete: true, alertTotal: INLINE_ALERT_LIMIT, alerts: all });
  });
  it("above it, only the ones the dashboard shows travel, with the total", () => {
    const all = alerts(INLINE_ALERT_LIMIT + 1);
    expect(fleetNodeFields([], all)).toMatchObject({
      alertsComplete: false,
      alertTotal: INLINE_ALERT_LIMIT + 1,
      alerts: all.slice(0, RECENT_ALERTS_SHOWN),
    });
  });
});

describe("findInFirstServers", () => {
  const first = problemsFirst(fleet(40)).slice(0, 10);
  const totals = { total: 1000, counts: { online: 500, warning: 250, offline: 150, unchecked: 0, other: 100 } };
  it("shows the build's first page with the fleet's totals", () => {
    const result = findInFirstServers(first, totals, { text: "", status: "all", page: 1 }, 10);
    expect(result).toMatchObject({ total: 1000, pages: 100, page: 1, from: 1, to: 10, waiting: false, counts: totals.counts });
    expect(result.items).toEqual(first);
  });
  it("waits for the whole list for a search, a status or another page", () => {
    for (const query of [
      { text: "fra", status: "all" as const, page: 1 },
      { text: "", status: "offline" as const, page: 1 },
      { text: "", status: "all" as const, page: 3 },
    ]) {
      const result = findInFirstServers(first, totals, query, 10);
      expect(result).toMatchObject({ items: [], waiting: true, from: 0, to: 0 });
    }
  });
});
