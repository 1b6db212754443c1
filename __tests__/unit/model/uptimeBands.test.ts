import { uptimeBand } from "../../../src/model/server/uptimeBands";

describe("uptimeBand", () => {
  it.each([
    [1000, 1000, "full"],
    [999, 1000, "full"],
    [998, 1000, "high"],
    [990, 1000, "high"],
    [989, 1000, "mid"],
    [950, 1000, "mid"],
    [949, 1000, "low"],
    [0, 10, "low"],
    [0, 0, "none"],
  ])("%i of %i checks up is %s", (up, total, band) => {
    expect(uptimeBand({ up, total })).toBe(band);
  });
});

describe("a day of maintenance", () => {
  it("with only checks in maintenance is its own band; with others, theirs decide", () => {
    expect(uptimeBand({ up: 0, total: 0, maintenance: 12 })).toBe("maintenance");
    expect(uptimeBand({ up: 0, total: 0, maintenance: 0 })).toBe("none");
    expect(uptimeBand({ up: 5, total: 10, maintenance: 280 })).toBe("low");
  });
});
