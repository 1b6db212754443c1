/**
 * A server's response times: the median and the 95th percentile of each hour
 * (168 points, 7 days) or UTC day (90 points), with a gap where none of the
 * checks answered (median null: never drawn at 0).
 */
import type { ChartDrawings } from "../model/charts/chartDrawing";
import { niceTicks } from "../model/charts/niceTicks";
import type { ResponsePoint } from "../domain/checks/serverHistory";
import { RESPONSE_LINES } from "../model/server/serverPage";
import { shortDate } from "./dates";
import { drawTwice, type ChartText, type Size } from "./frame";
import { dataLine, dots, timeAxis, valueAxis } from "./written";

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
 * ("day", 90 points), oldest first, drawn wide and narrow (the lines once: frame.drawTwice),
 * written by hand (written.ts): a server's charts are drawn for each of 10,000 servers.
 */
export function drawResponse(points: readonly ResponsePoint[], options: ResponseOptions): ChartDrawings {
  const n = points.length;
  const domainX: [number, number] = n > 1 ? [0, n - 1] : [-1, 1];
  const values = points.flatMap((p) => [p.median, p.p95].filter((v): v is number => v !== null));
  // At least 0–5 ms: a loopback answer of 1 ms gets whole-millisecond ticks, not 0.2 steps.
  const yTicks = values.length > 0 ? niceTicks(Math.min(0, ...values), Math.max(5, ...values), 5) : [0, 100];
  const domain = { x: domainX, y: [yTicks[0], yTicks[yTicks.length - 1]] as [number, number] };
  // Where the median is null nothing answered: the p95 has a gap there too.
  const series = (key: "median" | "p95") => points.map((p) => (p.median === null ? null : p[key]));
  return drawTwice(options, SIZES, domain, n, {
    axes: (variant) => {
      const ticks = dateTicks(points, options.unit, variant);
      // A date at either end of the plot reads inward, not cut by the SVG's edge.
      const dates = (ticks.length > 0 ? ticks : [0]).map((i) => ({
        at: i,
        text: points[i] ? shortDate(points[i].at) : "",
        anchor: i === 0 ? ("start" as const) : i === n - 1 ? ("end" as const) : ("middle" as const),
      }));
      return timeAxis(SIZES[variant], domain, dates) + valueAxis(SIZES[variant], domain, yTicks);
    },
    data: RESPONSE_LINES.map((s) =>
      dataLine(SIZES.wide, domain, series(s.key), { color: s.color, width: s.key === "median" ? 2 : 1.5 }),
    ).join(""),
    // A point with a gap on both sides makes no line: a dot shows it (the first hour of a new check, say).
    marks: (variant) =>
      RESPONSE_LINES.map((s) =>
        dots(
          SIZES[variant],
          domain,
          isolated(points).map((i) => ({ at: i, value: points[i][s.key] as number })),
          2.5,
          s.color,
        ),
      ).join(""),
  });
}
