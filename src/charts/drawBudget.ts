/**
 * An objective's error budget over its window (/objectives, #48): the share of
 * it left at the end of each UTC day, from 100 % down as bad slots spend it,
 * below 0 when overspent (the axis goes there too, never clipped). A day
 * without a budget (nothing measured yet) is a gap.
 */
import type { ChartDrawings } from "../model/charts/chartDrawing";
import { niceTicks } from "../model/charts/niceTicks";
import type { BudgetDay } from "../model/objectives/objectivesPage";
import { shortDate } from "./dates";
import { drawTwice, type ChartText, type Size } from "./frame";
import { dataLine, dots, timeAxis, valueAxis } from "./written";

const SIZES: Record<keyof ChartDrawings, Size> = {
  wide: { width: 640, height: 200, padding: { top: 12, right: 16, bottom: 32, left: 48 } },
  narrow: { width: 340, height: 200, padding: { top: 12, right: 14, bottom: 32, left: 44 } },
};

const LINE = "var(--c-chart-response)";

/** The budget left, in percent, after each day (oldest first), drawn wide and narrow (the line once: frame.drawTwice). */
export function drawBudget(days: readonly BudgetDay[], text: ChartText): ChartDrawings {
  const n = days.length;
  const values = days.map((d) => (d.share === null ? null : d.share * 100));
  const known = values.filter((v): v is number => v !== null);
  const yTicks = niceTicks(Math.min(0, ...known), Math.max(100, ...known), 4);
  const domainX: [number, number] = n > 1 ? [0, n - 1] : [-1, 1];
  const domain = { x: domainX, y: [yTicks[0], yTicks[yTicks.length - 1]] as [number, number] };
  return drawTwice(text, SIZES, domain, n, {
    axes: (variant) => {
      // The first and the last day, and one a week between them on a wide screen.
      const every = variant === "narrow" ? 14 : 7;
      const ticks = days.flatMap((_, i) => (i === 0 || i === n - 1 || ((n - 1 - i) % every === 0 && i > 2 && i < n - 3) ? [i] : []));
      const dates = ticks.map((i) => ({
        at: i,
        text: shortDate(days[i].date),
        anchor: i === 0 ? ("start" as const) : i === n - 1 ? ("end" as const) : ("middle" as const),
      }));
      return timeAxis(SIZES[variant], domain, dates) + valueAxis(SIZES[variant], domain, yTicks);
    },
    data: dataLine(SIZES.wide, domain, values, { color: LINE, width: 2 }),
    // A day alone between gaps draws no line: a dot shows it.
    marks: (variant) =>
      dots(
        SIZES[variant],
        domain,
        values.flatMap((v, i) => (v !== null && values[i - 1] == null && values[i + 1] == null ? [{ at: i, value: v }] : [])),
        2.5,
        LINE,
      ),
  });
}
