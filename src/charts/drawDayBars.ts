/**
 * The 90 daily bars status pages are known by: one bar per UTC day, all the
 * same height, coloured by the day's uptime band (model/server/uptimeBands.ts); a day
 * without checks is "no data", never 0 %.
 */
import type { ChartDrawings } from "../model/charts/chartDrawing";
import type { DayBar } from "../domain/checks/serverHistory";
import { UPTIME_BANDS, uptimeBand } from "../model/server/uptimeBands";
import { shortDate } from "./dates";
import { drawTwice, type ChartText, type Size } from "./frame";
import { bars, timeAxis } from "./written";

const SIZES: Record<keyof ChartDrawings, Size> = {
  wide: { width: 640, height: 72, padding: { top: 4, right: 4, bottom: 24, left: 4 } },
  narrow: { width: 340, height: 72, padding: { top: 4, right: 4, bottom: 24, left: 4 } },
};

const COLOR = Object.fromEntries(UPTIME_BANDS.map((b) => [b.band, b.color]));

/** The daily bars (oldest first), drawn wide and narrow (the bars once: frame.drawTwice), written by hand (written.ts). */
export function drawDayBars(days: readonly DayBar[], text: ChartText): ChartDrawings {
  const n = days.length;
  // Each bar is centred on its slot: half a slot of room at either end.
  const domain = { x: [-0.5, Math.max(1, n) - 0.5] as [number, number], y: [0, 1] as [number, number] };
  // The first and the last day: the span the bars cover. The first date starts at the left
  // edge and the last ends at the right one, not cut by the SVG's edges.
  const span = (n > 1 ? [0, n - 1] : [0]).map((i, k) => ({
    at: i,
    text: days[i] ? shortDate(days[i].date) : "",
    anchor: k === 0 && n > 1 ? ("start" as const) : ("end" as const),
  }));
  return drawTwice(text, SIZES, domain, n, {
    axes: (variant) => timeAxis(SIZES[variant], domain, span, { line: false }),
    data: bars(
      SIZES.wide,
      domain,
      days.map((d) => ({ value: 1, color: COLOR[uptimeBand(d)] })),
      0.7,
    ),
  });
}
