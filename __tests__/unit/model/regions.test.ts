import fc from "fast-check";
import { distinctRegions, regionKey, regionOf } from "../../../src/domain/kernel/regions";

/** One rule for a server's region (#46): the dashboard's count, the analytics' regions and Statuspage's groups agree. */
describe("a location's region", () => {
  it("is the trimmed second comma-separated part; a location of one part is its own; an empty one has none", () => {
    expect(regionOf("Dublin,   Ireland ")).toBe("Ireland");
    expect(regionOf("Ashburn, Virginia, USA")).toBe("Virginia");
    expect(regionOf("Singapore")).toBe("Singapore");
    expect(regionOf("Dublin, ")).toBe("Dublin");
    expect(regionOf("")).toBeNull();
    expect(regionOf(" , ")).toBeNull();
  });

  it("regions that differ only in case are one, named as the first spells it", () => {
    expect(regionKey("Germany")).toBe(regionKey("germany"));
    expect(distinctRegions(["Berlin, Germany", "Munich, germany", "Paris, France", "", "Singapore"])).toEqual([
      "France",
      "Germany",
      "Singapore",
    ]);
  });

  it("for any location: a region is never empty nor padded, and is one of the location's parts", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.constantFrom(" ", "", "Berlin", "germany ")), { maxLength: 4 }), (parts) => {
        const location = parts.join(",");
        const region = regionOf(location);
        if (region === null)
          return location
            .split(",")
            .slice(0, 2)
            .every((p) => p.trim() === "");
        return region !== "" && region === region.trim() && location.split(",").some((p) => p.trim() === region);
      }),
    );
  });
});
