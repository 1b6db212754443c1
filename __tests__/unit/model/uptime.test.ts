/** @jest-environment node */
import { checksSince, uptimeCoverage } from "../../../src/domain/checks/uptime";
import { makeServer } from "../fixtures";

const measured = (up: number, total: number, since: string | null, lastChecked = "2026-11-23T14:15:00.000Z") =>
  makeServer({ source: "measured", lastChecked, uptime: "100.0%", uptimeChecks: { up, total, since } });

describe("uptimeCoverage", () => {
  it("a measured uptime of under a day of checks says how many and since when", () => {
    expect(uptimeCoverage(measured(3, 3, "2026-11-23T14:05:00.000Z"))).toEqual({
      checks: 3,
      since: new Date("2026-11-23T14:05:00.000Z"),
    });
    expect(uptimeCoverage(measured(1, 1, "2026-11-23T14:15:00.000Z"))).toEqual({ checks: 1, since: new Date("2026-11-23T14:15:00.000Z") });
  });

  it("a day of checks or more needs no note", () => {
    expect(uptimeCoverage(measured(288, 288, "2026-11-22T14:15:00.000Z"))).toBeNull();
    expect(uptimeCoverage(measured(8640, 8640, "2026-10-24T14:15:00.000Z"))).toBeNull();
  });

  it("without a since (an older job's result) the count is still said", () => {
    expect(uptimeCoverage(measured(2, 3, null))).toEqual({ checks: 3, since: null });
  });

  it("simulated and sample figures, and a since that is not a time, get no note", () => {
    expect(uptimeCoverage(makeServer({ source: "simulated" }))).toBeNull();
    expect(uptimeCoverage(makeServer({ source: "sample" }))).toBeNull();
    expect(uptimeCoverage(measured(3, 3, "soon"))).toEqual({ checks: 3, since: null });
  });
});

describe("checksSince", () => {
  it("counts checks in words and gives the time it is handed", () => {
    expect(checksSince(1, "14:05")).toBe("1 check since 14:05");
    expect(checksSince(3, "14:05")).toBe("3 checks since 14:05");
    expect(checksSince(12000, null)).toBe("12,000 checks");
  });
});
