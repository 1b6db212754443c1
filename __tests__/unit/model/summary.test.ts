import { countByStatus, countRegions, fleetFigures, regionsLabel, summarize } from "../../../src/model/fleet/summary";
import { makeServer } from "../fixtures";

describe("countRegions", () => {
  it("counts distinct regions ignoring case and space (a location of one part is its own), skipping empty locations", () => {
    const servers = [
      makeServer({ location: "Ashburn, USA" }),
      makeServer({ location: "Portland,usa" }),
      makeServer({ location: "Dublin, Ireland" }),
      makeServer({ location: "Singapore" }),
      makeServer({ location: " " }),
    ];
    expect(countRegions(servers)).toBe(3);
  });
});

describe("summarize", () => {
  it("computes the four summary cards", () => {
    const servers = [
      makeServer({ status: "online", responseTime: 40 }),
      makeServer({ status: "online", responseTime: 51 }),
      makeServer({ status: "warning", responseTime: 156 }),
      makeServer({ status: "offline", responseTime: 0 }),
    ];
    expect(summarize(servers)).toEqual({ total: 4, regions: 1, online: 2, onlinePercent: 50, avgResponseMs: 46, offline: 1 });
  });

  it("has no NaN or Infinity when no server is online", () => {
    const s = summarize([makeServer({ status: "offline", responseTime: 0 }), makeServer({ status: "warning" })]);
    expect(s.avgResponseMs).toBeNull();
    expect(s.onlinePercent).toBe(0);
    expect(Object.values(s).every((v) => v === null || Number.isFinite(v))).toBe(true);
  });

  it("has no NaN or Infinity for an empty list", () => {
    expect(summarize([])).toEqual({ total: 0, regions: 0, online: 0, onlinePercent: null, avgResponseMs: null, offline: 0 });
  });

  it("counts an unknown status as neither online nor offline", () => {
    const s = summarize([makeServer({ status: "maintenance" }), makeServer({ status: "online", responseTime: 30 })]);
    expect(s).toMatchObject({ total: 2, online: 1, offline: 0, avgResponseMs: 30, onlinePercent: 50 });
    expect(countByStatus([makeServer({ status: "maintenance" })])).toEqual({ online: 0, warning: 0, offline: 0, unchecked: 0, other: 1 });
  });
});

describe("regionsLabel", () => {
  it("says region or regions", () => {
    expect(regionsLabel(1)).toBe("Across 1 region");
    expect(regionsLabel(5)).toBe("Across 5 regions");
    expect(regionsLabel(0)).toBe("Across 0 regions");
  });
});

describe("no answer is not zero", () => {
  it("the mean response time skips servers without an answer, and is null when none answered", () => {
    const servers = [
      makeServer({ status: "online", responseTime: 40 }),
      makeServer({ status: "online", responseTime: null }),
      makeServer({ status: "online", responseTime: 60 }),
    ];
    expect(fleetFigures(servers).avgResponseMs).toBe(50);
    expect(summarize([makeServer({ status: "online", responseTime: null })]).avgResponseMs).toBeNull();
  });
});
