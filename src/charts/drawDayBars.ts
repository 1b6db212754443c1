/**
 * The 90 daily bars status pages are known by: one bar per UTC day, all the
 * same height, coloured by the day's uptime band (model/server/uptimeBands.ts); a day
 * without checks is "no data", never 0 %.
 */
import { createElement as h } from "react";
import { VictoryAxis, VictoryBar } from "victory";
import type { ChartDrawings } from "../model/charts/chartDrawing";
import type { DayBar } from "../domain/checks/serverHistory";
import { UPTIME_BANDS, uptimeBand } from "../model/server/uptimeBands";
import { shortDate } from "./dates";
import { AXIS_STYLE, drawTwice, type ChartText, type Size } from "./frame";

const SIZES: Record<keyof ChartDrawings, Size> = {
  wide: { width: 640, height: 72, padding: { top: 4, right: 4, bottom: 24, left: 4 } },
  narrow: { width: 340, height: 72, padding: { top: 4, right: 4, bottom: 24, left: 4 } },
};

const COLOR = Object.fromEntries(UPTIME_BANDS.map((b) => [b.band, b.color]));

type BarDatum = { x: number; y: number; fill: string };

/** The daily bars (oldest first), drawn wide and narrow (the bars once: frame.drawTwice). */
export function drawDayBars(days: readonly DayBar[], text: ChartText): ChartDrawings {
  const n = days.length;
  // Each bar is centred on its slot: half a slot of room at either end.
  const domainX: [number, number] = [-0.5, Math.max(1, n) - 0.5];
  const data: BarDatum[] = days.map((d, i) => ({ x: i, y: 1, fill: COLOR[uptimeBand(d)] }));
  return drawTwice(text, SIZES, { x: domainX, y: [0, 1] }, n, {
    axes: (variant) => [
      h(VictoryAxis, {
        name: `${text.id}-${variant}-days`,
        // The first and the last day: the span the bars cover.
        tickValues: n > 1 ? [0, n - 1] : [0],
        tickFormat: (i: number) => (days[i] ? shortDate(days[i].date) : ""),
        // The first date starts at the left edge and the last ends at the right one, not cut by the SVG's edges.
        style: {
          ...AXIS_STYLE,
          axis: { stroke: "none" },
          tickLabels: {
            ...AXIS_STYLE.tickLabels,
            textAnchor: ({ index }: { index?: number | string }) => (index === 0 && n > 1 ? "start" : "end"),
          },
        },
      }),
    ],
    data: [
      h(VictoryBar, {
        name: `${text.id}-bars`,
        data,
        barRatio: 0.7,
        style: { data: { fill: ({ datum }: { datum?: BarDatum }) => datum?.fill ?? COLOR.none } },
      }),
    ],
  });
}
