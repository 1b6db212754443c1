/**
 * The dashboard's 24-hour chart (SPEC §2: a grid, a time axis, a value axis,
 * two lines): response time and uptime on one value axis, a dot on every
 * point, a gap where no check answered (null: never drawn at 0).
 */
import { createElement as h } from "react";
import { VictoryAxis, VictoryClipContainer, VictoryLine, VictoryScatter } from "victory";
import type { ChartDrawings } from "../model/charts/chartDrawing";
import { niceTicks } from "../model/charts/niceTicks";
import type { ChartPoint } from "../domain/kernel/types";
import { DATA_LINE, drawTwice, GRID_STYLE, victoryAxes, victoryLayer, type ChartText, type Size } from "./frame";

const SIZES: Record<keyof ChartDrawings, Size> = {
  wide: { width: 640, height: 256, padding: { top: 12, right: 16, bottom: 32, left: 44 } },
  narrow: { width: 340, height: 240, padding: { top: 12, right: 14, bottom: 32, left: 40 } },
};

const SERIES = [
  { key: "responseTime", color: "var(--c-chart-response)" },
  { key: "uptime", color: "var(--c-chart-uptime)" },
] as const;

/**
 * The 24-hour chart, drawn wide and narrow (the lines once: frame.drawTwice). Points: oldest
 * first; `responseTime` null where nothing answered.
 */
export function drawPerformance(points: readonly ChartPoint[], text: ChartText): ChartDrawings {
  const n = points.length;
  const domainX: [number, number] = n > 1 ? [0, n - 1] : [-1, 1];
  const values = points.flatMap((p) => (p.responseTime === null ? [p.uptime] : [p.responseTime, p.uptime]));
  const yTicks = niceTicks(Math.min(...values), Math.max(...values));
  const series = SERIES.map((s) => ({ ...s, data: points.map((p, i) => ({ x: i, y: p[s.key] })) }));
  const domain = { x: domainX, y: [yTicks[0], yTicks[yTicks.length - 1]] as [number, number] };
  return drawTwice(text, SIZES, domain, n, {
    axes: (variant) => {
      // On a phone every other time is labelled when they would crowd.
      const step = variant === "narrow" && n > 4 ? 2 : 1;
      return victoryAxes(
        SIZES[variant],
        domain,
        h(VictoryAxis, {
          name: `${text.id}-${variant}-time`,
          tickValues: points.map((_, i) => i),
          tickFormat: (i: number) => (i % step === 0 && points[i] ? points[i].time : ""),
          style: GRID_STYLE,
        }),
        h(VictoryAxis, { name: `${text.id}-${variant}-value`, dependentAxis: true, tickValues: yTicks, style: GRID_STYLE }),
      );
    },
    data: victoryLayer(
      SIZES.wide,
      domain,
      ...series.map((s) =>
        h(VictoryLine, {
          key: `${s.key}-line`,
          name: `${text.id}-${s.key}`,
          data: s.data,
          style: { data: { stroke: s.color, strokeWidth: 2, ...DATA_LINE } },
          groupComponent: h(VictoryClipContainer, { clipId: `${text.id}-${s.key}-clip` }),
        }),
      ),
    ),
    marks: (variant) =>
      victoryLayer(
        SIZES[variant],
        domain,
        ...series.map((s) =>
          h(VictoryScatter, {
            key: `${s.key}-dots`,
            name: `${text.id}-${variant}-${s.key}-dots`,
            data: s.data.filter((d) => d.y !== null),
            size: 3,
            style: { data: { fill: s.color } },
          }),
        ),
      ),
  });
}
