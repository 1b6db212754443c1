/**
 * The words of the dashboard's 24-hour chart, shared by the build (which draws
 * it: gatsby/pages/dashboardChart.ts) and the page (its slider and table), so both
 * pick the same points and say the same about them.
 */
import type { ChartDrawings } from "./chartDrawing";
import type { ChartPoint } from "../../domain/kernel/types";

/** What the dashboard's page gets besides its query: its chart, drawn by the build. */
export type DashboardContext = { performanceChart: ChartDrawings };

export const PERFORMANCE_CHART_TITLE = "24 Hour Performance Overview";

/** The checks' last 24 hours when the job has a history; the editors' sample points otherwise. */
export function dashboardPoints(
  measured: readonly ChartPoint[],
  sample: readonly ChartPoint[],
): { points: ChartPoint[]; measured: boolean } {
  const from = measured.length > 0 ? measured : sample;
  return { points: from.map(({ time, responseTime, uptime }) => ({ time, responseTime, uptime })), measured: measured.length > 0 };
}

/** The chart's description for screen readers (its SVG's <desc>). */
export const performanceDescription = (points: readonly ChartPoint[], measured: boolean): string =>
  `${measured ? "Measured" : "Sample"} response time in milliseconds and uptime in percent at ${points.map((p) => p.time).join(", ")}${measured ? " UTC" : ""}.`;

/** One point in words: the tooltip, and what the chart's slider says at it. */
export const performanceLabel = (p: ChartPoint, measured: boolean): string =>
  `${p.time}${measured ? " UTC" : ""}: ${p.responseTime === null ? "no check answered" : `response time ${p.responseTime} ms`}, uptime ${p.uptime}%`;
