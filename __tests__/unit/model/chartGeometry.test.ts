/** @jest-environment node */
import { CHART_PADDING, chartGeometry, nearestPoint, niceTicks } from "../../../src/model/chartGeometry";

const SAMPLE = [
  { time: "00:00", responseTime: 45, uptime: 99.9 },
  { time: "04:00", responseTime: 52, uptime: 99.8 },
  { time: "08:00", responseTime: 48, uptime: 99.9 },
  { time: "12:00", responseTime: 61, uptime: 99.7 },
  { time: "16:00", responseTime: 55, uptime: 99.8 },
  { time: "20:00", responseTime: 49, uptime: 99.9 },
];

describe("niceTicks", () => {
  it.each([
    [45, 99.9, [40, 50, 60, 70, 80, 90, 100]],
    [0, 1, [0, 0.2, 0.4, 0.6, 0.8, 1]],
    [120, 480, [100, 200, 300, 400, 500]],
    [0, 100, [0, 20, 40, 60, 80, 100]],
  ])("from %p to %p: %j", (min, max, ticks) => {
    expect(niceTicks(min, max)).toEqual(ticks);
  });

  it("spreads a single value, and survives no values", () => {
    expect(niceTicks(50, 50)).toEqual([44, 46, 48, 50, 52, 54, 56]);
    expect(niceTicks(Infinity, -Infinity)).toEqual([0, 1]);
  });
});

describe("chartGeometry", () => {
  const g = chartGeometry(SAMPLE, 640, 256);

  it("spreads the points over the plot, first on the left edge, last on the right", () => {
    expect(g.plot).toEqual({ left: 44, right: 624, top: 12, bottom: 224 });
    expect(g.xs).toEqual([44, 160, 276, 392, 508, 624]);
  });

  it("puts the lowest tick on the bottom and the highest on the top", () => {
    expect(g.yTicks[0]).toEqual({ value: 40, y: 224 });
    expect(g.yTicks[g.yTicks.length - 1]).toEqual({ value: 100, y: 12 });
  });

  it("draws each series through its points", () => {
    expect(g.series.responseTime.path).toMatch(/^M44,\d+(\.\d+)?(L\d+(\.\d+)?,\d+(\.\d+)?){5}$/);
    expect(g.series.responseTime.points[3]).toEqual({ x: 392, y: 224 - ((61 - 40) / 60) * 212 });
    expect(g.series.uptime.points.every((p) => p !== null && p.y < 20)).toBe(true);
  });

  it("puts a single point in the middle, and a narrow chart keeps a plot", () => {
    expect(chartGeometry([SAMPLE[0]], 640, 256).xs).toEqual([334]);
    const narrow = chartGeometry(SAMPLE, 20, 256);
    expect(narrow.plot.right).toBe(CHART_PADDING.left + 1);
  });
});

describe("nearestPoint", () => {
  it("finds the point nearest to an x, and nothing without points", () => {
    expect(nearestPoint([44, 160, 276], 0)).toBe(0);
    expect(nearestPoint([44, 160, 276], 110)).toBe(1);
    expect(nearestPoint([44, 160, 276], 1000)).toBe(2);
    expect(nearestPoint([], 10)).toBeNull();
  });
});

describe("a point where nothing answered", () => {
  const points = [
    { time: "00:00", responseTime: 45, uptime: 100 },
    { time: "04:00", responseTime: null, uptime: 0 },
    { time: "08:00", responseTime: 55, uptime: 100 },
  ];
  const g = chartGeometry(points, 640, 256);

  it("is a gap in the response time line, not a drop to 0", () => {
    expect(g.series.responseTime.points[1]).toBeNull();
    // two pieces: the line stops before the gap and starts again after it
    expect(g.series.responseTime.path).toMatch(/^M44,[\d.]+M624,[\d.]+$/);
    expect(g.series.responseTime.path).not.toContain("L");
  });

  it("keeps the uptime line whole, and the value axis from the answers' figures", () => {
    expect(g.series.uptime.points.every((p) => p !== null)).toBe(true);
    expect(g.series.uptime.path).toMatch(/^M[^M]+$/);
    expect(g.yTicks[0].value).toBe(0);
  });

  it("joins the points on either side of a gap only within a piece", () => {
    const longer = chartGeometry([...points, { time: "12:00", responseTime: 60, uptime: 100 }], 640, 256);
    expect(longer.series.responseTime.path.match(/M/g)).toHaveLength(2);
    expect(longer.series.responseTime.path.match(/L/g)).toHaveLength(1);
  });
});
