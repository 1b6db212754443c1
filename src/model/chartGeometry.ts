/**
 * The geometry of the 24-hour chart (SPEC §2: a line chart with a grid, a time
 * axis, a value axis, a tooltip and two lines): where every point, line, tick
 * and grid line goes, for a given width. Pure numbers, so the static HTML, the
 * page and the tests draw the same chart.
 */
import type { ChartPoint } from "./types";

export const CHART_PADDING = { top: 12, right: 16, bottom: 32, left: 44 } as const;

type ChartSeriesKey = "responseTime" | "uptime";

export type ChartGeometry = {
  width: number;
  height: number;
  /** the x of each point, left to right */
  xs: number[];
  /** the value axis' ticks, bottom to top */
  yTicks: Array<{ value: number; y: number }>;
  /**
   * the line of each series as an SVG path (M x,y L x,y …) and its points; a
   * point without a value (nothing answered) is null and a gap in the path, never 0
   */
  series: Record<ChartSeriesKey, { path: string; points: Array<{ x: number; y: number } | null> }>;
  /** the plot area */
  plot: { left: number; right: number; top: number; bottom: number };
};

/** Round ticks (1, 2 or 5 times a power of ten apart, about `count` steps) that cover [min, max]. */
export function niceTicks(min: number, max: number, count = 6): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  if (min === max) {
    const pad = Math.abs(min) > 0 ? Math.abs(min) * 0.1 : 1;
    return niceTicks(min - pad, max + pad, count);
  }
  const rough = (max - min) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const first = Math.floor(min / step) * step;
  const last = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let v = first; v <= last + step / 2; v += step) ticks.push(Number(v.toFixed(10)));
  return ticks;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

export function chartGeometry(points: readonly ChartPoint[], width: number, height: number): ChartGeometry {
  const plot = {
    left: CHART_PADDING.left,
    right: Math.max(CHART_PADDING.left + 1, width - CHART_PADDING.right),
    top: CHART_PADDING.top,
    bottom: height - CHART_PADDING.bottom,
  };
  const values = points.flatMap((p) => (p.responseTime === null ? [p.uptime] : [p.responseTime, p.uptime]));
  const ticks = niceTicks(Math.min(...values), Math.max(...values));
  const low = ticks[0];
  const high = ticks[ticks.length - 1];
  const yOf = (v: number) => round(plot.bottom - ((v - low) / (high - low || 1)) * (plot.bottom - plot.top));
  const span = plot.right - plot.left;
  const xs = points.map((_, i) => round(points.length === 1 ? plot.left + span / 2 : plot.left + (i * span) / (points.length - 1)));
  const line = (key: ChartSeriesKey) => {
    const at = points.map((p, i) => {
      const value = p[key];
      return value === null ? null : { x: xs[i], y: yOf(value) };
    });
    // A point after a gap starts a new piece of the line (M), one after a point continues it (L).
    const path = at.map((p, i) => (p === null ? "" : `${i > 0 && at[i - 1] !== null ? "L" : "M"}${p.x},${p.y}`)).join("");
    return { points: at, path };
  };
  return {
    width,
    height,
    xs,
    yTicks: ticks.map((value) => ({ value, y: yOf(value) })),
    series: { responseTime: line("responseTime"), uptime: line("uptime") },
    plot,
  };
}

/** The point nearest to an x in the chart (a pointer over it), or null without points. */
export function nearestPoint(xs: readonly number[], x: number): number | null {
  let best: number | null = null;
  xs.forEach((px, i) => {
    if (best === null || Math.abs(px - x) < Math.abs(xs[best] - x)) best = i;
  });
  return best;
}
