import { projectToWorldMap, WORLD_MAP, WORLD_MAP_HEIGHT } from "../../../src/model/map/projection";

describe("world map frame", () => {
  it("is 1000 wide, 84°N to 60°S, so 400 high", () => {
    expect(WORLD_MAP).toEqual({ width: 1000, north: 84, south: -60 });
    expect(WORLD_MAP_HEIGHT).toBe(400);
  });
});

describe("projectToWorldMap", () => {
  it.each<[[number, number], [number, number]]>([
    [
      [-180, 84],
      [0, 0],
    ],
    [
      [180, -60],
      [1000, 400],
    ],
    [
      [0, 84],
      [500, 0],
    ],
    [
      [0, 0],
      [500, 233.3],
    ],
    [
      [90, 30],
      [750, 150],
    ],
    [
      [-90, -30],
      [250, 316.7],
    ],
    [
      [-6.2603, 53.3498],
      [482.6, 85.1],
    ],
  ])("%j -> %j", (lonLat, xy) => {
    expect(projectToWorldMap(lonLat)).toEqual(xy);
  });

  it("clamps latitudes beyond the crop to its edges", () => {
    expect(projectToWorldMap([0, 90])).toEqual([500, 0]);
    expect(projectToWorldMap([0, -90])).toEqual([500, 400]);
    expect(projectToWorldMap([10, 85])[1]).toBe(0);
  });

  it("is linear (equirectangular): x and y are within rounding of the exact formula", () => {
    for (let lon = -180; lon <= 180; lon += 7.5) {
      for (let lat = -60; lat <= 84; lat += 6.5) {
        const [x, y] = projectToWorldMap([lon, lat]);
        expect(Math.abs(x - ((lon + 180) / 360) * 1000)).toBeLessThanOrEqual(0.05 + 1e-9);
        expect(Math.abs(y - ((84 - lat) / 360) * 1000)).toBeLessThanOrEqual(0.05 + 1e-9);
      }
    }
  });

  it("rounds to one decimal place", () => {
    for (const [x, y] of [projectToWorldMap([1.23456, 7.891]), projectToWorldMap([-77.4874, 39.0438])]) {
      expect(Math.round(x * 10) / 10).toBe(x);
      expect(Math.round(y * 10) / 10).toBe(y);
    }
  });
});
