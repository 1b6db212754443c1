/**
 * The outages that began each week (/analytics, #34): one bar a week, its
 * height the count, on a value axis of whole numbers; a week without outages
 * is a bar of no height, drawn at 0 because none is a count, not a gap.
 */
import { createElement as h } from "react";
import { VictoryAxis, VictoryBar } from "victory";
import type { ChartDrawings } from "../model/charts/chartDrawing";
import { niceTicks } from "../model/charts/niceTicks";
import type { OutageWeek } from "../domain/reports/fleetAnalytics";
import { shortDate } from "./dates";
import { drawTwice, GRID_STYLE, victoryAxes, victoryLayer, type ChartText, type Size } from "./frame";

const SIZES: Record<keyof ChartDrawings, Size> = {
  wide: { width: 640, height: 200, padding: { top: 12, right: 12, bottom: 32, left: 40 } },
  narrow: { width: 340, height: 200, padding: { top: 12, right: 10, bottom: 32, left: 36 } },
};

/** The weeks' outages (oldest first), drawn wide and narrow (the bars once: frame.drawTwice). */
export function drawWeekOutages(weeks: readonly OutageWeek[], text: ChartText): ChartDrawings {
  const n = weeks.length;
  const domainX: [number, number] = [-0.5, Math.max(1, n) - 0.5];
  // Whole numbers only: a count of outages has no tenths.
  const yTicks = niceTicks(0, Math.max(4, ...weeks.map((w) => w.began)), 4).filter((t) => Number.isInteger(t));
  const domain = { x: domainX, y: [0, yTicks[yTicks.length - 1]] as [number, number] };
  return drawTwice(text, SIZES, domain, n, {
    axes: (variant) => {
      const step = variant === "narrow" ? 4 : 2;
      return victoryAxes(
        SIZES[variant],
        domain,
        h(VictoryAxis, {
          name: `${text.id}-${variant}-weeks`,
          tickValues: weeks.map((_, i) => i).filter((i) => (n - 1 - i) % step === 0),
          tickFormat: (i: number) => (weeks[i] ? shortDate(weeks[i].week) : ""),
          style: GRID_STYLE,
        }),
        h(VictoryAxis, { name: `${text.id}-${variant}-count`, dependentAxis: true, tickValues: yTicks, style: GRID_STYLE }),
      );
    },
    data: victoryLayer(
      SIZES.wide,
      domain,
      h(VictoryBar, {
        name: `${text.id}-bars`,
        data: weeks.map((w, i) => ({ x: i, y: w.began })),
        barRatio: 0.6,
        style: { data: { fill: "var(--c-offline)" } },
      }),
    ),
  });
}
