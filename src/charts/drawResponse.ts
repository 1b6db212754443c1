/**
 * A server's response times: the median and the 95th percentile of each hour
 * (168 points, 7 days) or UTC day (90 points), with a gap where none of the
 * checks answered (median null: never drawn at 0).
 */
import { createElement as h } from "react";
import { VictoryAxis, VictoryClipContainer, VictoryLine, VictoryScatter } from "victory";
import type { ChartDrawings } from "../model/charts/chartDrawing";
import { niceTicks } from "../model/charts/niceTicks";
import type { ResponsePoint } from "../domain/checks/serverHistory";
import { RESPONSE_LINES } from "../model/server/serverPage";
import { shortDate } from "./dates";
import { AXIS_STYLE, DATA_LINE, drawTwice, GRID_STYLE, type ChartText, type Size } from "./frame";

const SIZES: Record<keyof ChartDrawings, Size> = {
  wide: { width: 640, height: 240, padding: { top: 12, right: 16, bottom: 32, left: 48 } },
  narrow: { width: 340, height: 220, padding: { top: 12, right: 14, bottom: 32, left: 44 } },
};

type ResponseOptions = ChartText & { unit: "hour" | "day" };

/** Which points get a date under them: each midnight (UTC) for hours, every 15 days (30 on a phone) for days. */
function dateTicks(points: readonly ResponsePoint[], unit: "hour" | "day", variant: keyof ChartDrawings): number[] {
  if (unit === "hour") {
    const midnights = points.flatMap((p, i) => (p.at.slice(11, 13) === "00" ? [i] : []));
    return variant === "narrow" ? midnights.filter((_, k) => k % 2 === 0) : midnights;
  }
  const every = variant === "narrow" ? 30 : 15;
  // Counted back from the newest day, so today is always labelled.
  return points.flatMap((_, i) => ((points.length - 1 - i) % every === 0 ? [i] : []));
}

/** The points that answered with no answering neighbour on either side. */
function isolated(points: readonly ResponsePoint[]): number[] {
  const answered = (i: number) => points[i] !== undefined && points[i].median !== null;
  return points.flatMap((_, i) => (answered(i) && !answered(i - 1) && !answered(i + 1) ? [i] : []));
}

/**
 * Median and p95 lines over a server's hours (unit "hour", 168 points) or days
 * ("day", 90 points), oldest first, drawn wide and narrow (the lines once: frame.drawTwice).
 */
export function drawResponse(points: readonly ResponsePoint[], options: ResponseOptions): ChartDrawings {
  const n = points.length;
  const domainX: [number, number] = n > 1 ? [0, n - 1] : [-1, 1];
  const values = points.flatMap((p) => [p.median, p.p95].filter((v): v is number => v !== null));
  // At least 0–5 ms: a loopback answer of 1 ms gets whole-millisecond ticks, not 0.2 steps.
  const yTicks = values.length > 0 ? niceTicks(Math.min(0, ...values), Math.max(5, ...values), 5) : [0, 100];
  const id = options.id;
  return drawTwice(options, SIZES, { x: domainX, y: [yTicks[0], yTicks[yTicks.length - 1]] }, n, {
    axes: (variant) => {
      const ticks = dateTicks(points, options.unit, variant);
      return [
        h(VictoryAxis, {
          name: `${id}-${variant}-time`,
          tickValues: ticks.length > 0 ? ticks : [0],
          tickFormat: (i: number) => (points[i] ? shortDate(points[i].at) : ""),
          // A date at either end of the plot reads inward, not cut by the SVG's edge.
          style: {
            ...AXIS_STYLE,
            tickLabels: {
              ...AXIS_STYLE.tickLabels,
              textAnchor: ({ tick }: { tick?: unknown }) => (tick === 0 ? "start" : tick === n - 1 ? "end" : "middle"),
            },
          },
        }),
        h(VictoryAxis, { name: `${id}-${variant}-value`, dependentAxis: true, tickValues: yTicks, style: GRID_STYLE }),
      ];
    },
    data: RESPONSE_LINES.map((s) =>
      h(VictoryLine, {
        key: s.key,
        name: `${id}-${s.key}`,
        // Where the median is null nothing answered: the p95 has a gap there too.
        data: points.map((p, i) => ({ x: i, y: p.median === null ? null : p[s.key] })),
        style: { data: { stroke: s.color, strokeWidth: s.key === "median" ? 2 : 1.5, ...DATA_LINE } },
        groupComponent: h(VictoryClipContainer, { clipId: `${id}-${s.key}-clip` }),
      }),
    ),
    // A point with a gap on both sides makes no line: a dot shows it (the first hour of a new check, say).
    marks: (variant) =>
      RESPONSE_LINES.map((s) =>
        h(VictoryScatter, {
          key: `${s.key}-alone`,
          name: `${id}-${variant}-${s.key}-alone`,
          data: isolated(points).map((i) => ({ x: i, y: points[i][s.key] })),
          size: 2.5,
          style: { data: { fill: s.color } },
        }),
      ),
  });
}
