import {
  GLOBE_VISIBLE_DEG,
  START_CENTER,
  VIEW_MARGIN_PX,
  angularDistance,
  lngLatBounds,
  onVisibleSide,
  overflowRatio,
  sphericalCentre,
  type LngLat,
} from "../../../src/model/map/mapView";
import { problemsFirst, statusSeverity } from "../../../src/domain/kernel/status";

const SAMPLE: LngLat[] = [
  [-77.4874, 39.0438], // Ashburn
  [-6.2603, 53.3498], // Dublin
  [72.8777, 19.076], // Mumbai
  [-122.6765, 45.5231], // Portland
  [114.1694, 22.3193], // Hong Kong
  [8.6821, 50.1109], // Frankfurt
];

describe("angularDistance", () => {
  it("is 0 for a point and itself, 180 for antipodes, 90 from the pole to the equator", () => {
    expect(angularDistance([10, 20], [10, 20])).toBeCloseTo(0, 6);
    expect(angularDistance([0, 0], [180, 0])).toBeCloseTo(180, 6);
    expect(angularDistance([0, 90], [123, 0])).toBeCloseTo(90, 6);
  });
  it("goes the short way across the antimeridian", () => {
    expect(angularDistance([179, 0], [-179, 0])).toBeCloseTo(2, 6);
  });
});

describe("sphericalCentre", () => {
  it("of the six sample servers lies in the far north, with every server within the globe's visible side", () => {
    const { centre, radius } = sphericalCentre(SAMPLE);
    expect(centre[1]).toBeGreaterThan(60);
    expect(radius).toBeLessThan(GLOBE_VISIBLE_DEG);
    expect(radius).toBeGreaterThan(60);
    expect(onVisibleSide(centre, SAMPLE)).toBe(true);
  });
  it("SPEC's start (0, 20) does not have all six on its visible side", () => {
    expect(onVisibleSide(START_CENTER, SAMPLE)).toBe(false);
  });
  it("of one point is that point, radius 0", () => {
    const { centre, radius } = sphericalCentre([[151.2, -33.9]]);
    expect(centre[0]).toBeCloseTo(151.2, 6);
    expect(centre[1]).toBeCloseTo(-33.9, 6);
    expect(radius).toBeCloseTo(0, 6);
  });
  it("of points all round the world says no globe view holds them (radius over the visible side)", () => {
    const world: LngLat[] = [
      [0, 0],
      [90, 0],
      [180, 0],
      [-90, 0],
      [0, -60],
    ];
    expect(sphericalCentre(world).radius).toBeGreaterThan(GLOBE_VISIBLE_DEG);
  });
  it("of nothing is SPEC's start", () => {
    expect(sphericalCentre([])).toEqual({ centre: START_CENTER, radius: 0 });
  });
});

describe("overflowRatio", () => {
  it("is at most 1 when every offset is inside the card less the margin, over 1 when one is outside", () => {
    const half = 200 - VIEW_MARGIN_PX;
    expect(overflowRatio([[0, half]], 1000, 400)).toBeCloseTo(1, 6);
    expect(overflowRatio([[0, half / 2]], 1000, 400)).toBeCloseTo(0.5, 6);
    expect(overflowRatio([[0, -(half + 10)]], 1000, 400)).toBeGreaterThan(1);
  });
  it("takes the narrower side at 375 px: a point 160 px to the side is out", () => {
    expect(overflowRatio([[160, 0]], 335, 400)).toBeGreaterThan(1);
    expect(overflowRatio([[160, 0]], 1000, 400)).toBeLessThan(1);
  });
  it("is 0 with nothing to fit", () => {
    expect(overflowRatio([], 300, 300)).toBe(0);
  });
});

test("lngLatBounds gives west-south and east-north corners", () => {
  expect(lngLatBounds(SAMPLE)).toEqual([
    [-122.6765, 19.076],
    [114.1694, 53.3498],
  ]);
});

describe("problems first", () => {
  it("ranks offline, warning, any other status, then online", () => {
    expect(["online", "maintenance", "warning", "offline"].map(statusSeverity)).toEqual([0, 1, 2, 3]);
  });
  it("orders by that rank and keeps the order within a status", () => {
    const list = [
      { id: "a", status: "online" },
      { id: "b", status: "offline" },
      { id: "c", status: "maintenance" },
      { id: "d", status: "warning" },
      { id: "e", status: "offline" },
      { id: "f", status: "online" },
    ];
    expect(problemsFirst(list).map((s) => s.id)).toEqual(["b", "e", "d", "c", "a", "f"]);
    expect(list[0].id).toBe("a"); // the input is not reordered
  });
});
