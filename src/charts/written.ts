/**
 * The pieces of a chart written as SVG markup by hand, not by Victory: the charts
 * of the server pages, drawn once a server a build (#45). Victory took 21 ms for a
 * server's three charts (about 210 s of a 10,000-server build, most of its time
 * in createPages); these take a fraction of a millisecond (`npm run bench:charts`).
 * They draw what Victory drew, in its coordinates and with the same styles (the
 * axes' look of frame.ts's AXIS_STYLE and GRID_STYLE), so a page looks as it did.
 *
 * Every label is escaped (escapeText); numbers are written to a tenth of a unit
 * by frame.ts's compaction, as Victory's are.
 */
import { escapeText, scalesOf, type Domain, type Size } from "./frame";

/** Where Victory put a 12-unit label: 6 units off its axis (its padding), the baseline 11.3 below a time axis, 4.3 below a value's tick. */
const [BELOW_TIME_AXIS, LEFT_OF_VALUE_AXIS, BELOW_VALUE_TICK] = [17.3, 7, 4.3];
/**
 * The axes' looks are classes of the site's stylesheet (src/styles/global.css: `chart-axis`, `chart-grid`,
 * `chart-label`), not styles in each drawing: 10,000 server pages do not carry them (#45).
 */
type LineClass = "chart-axis" | "chart-grid";

type Anchor = "start" | "middle" | "end";

const line = (x1: number, y1: number, x2: number, y2: number, look: LineClass) =>
  `<line x1="${x1}" x2="${x2}" y1="${y1}" y2="${y2}" class="${look}"/>`;

const label = (x: number, y: number, anchor: Anchor, text: string) =>
  `<text x="${x}" y="${y}" text-anchor="${anchor}" class="chart-label">${escapeText(text)}</text>`;

/** The time axis under the plot: its line (unless `line` is false) and a label at each tick (a datum's index). */
export function timeAxis(
  size: Size,
  domain: Domain,
  ticks: ReadonlyArray<{ at: number; text: string; anchor: Anchor }>,
  options: { line: boolean } = { line: true },
): string {
  const { plot, x } = scalesOf(size, domain);
  const axis = options.line ? line(plot.left, plot.bottom, plot.right, plot.bottom, "chart-axis") : "";
  return `<g data-axis="time">${axis}${ticks.map((t) => label(x(t.at), plot.bottom + BELOW_TIME_AXIS, t.anchor, t.text)).join("")}</g>`;
}

/** The value axis at the plot's left: its line, a dashed grid line across the plot at each tick, and the tick's figure. */
export function valueAxis(size: Size, domain: Domain, ticks: readonly number[]): string {
  const { plot, y } = scalesOf(size, domain);
  const marks = ticks.map(
    (t) =>
      `${line(plot.left, y(t), plot.right, y(t), "chart-grid")}${label(plot.left - LEFT_OF_VALUE_AXIS, y(t) + BELOW_VALUE_TICK, "end", String(t))}`,
  );
  return `<g data-axis="value">${line(plot.left, plot.top, plot.left, plot.bottom, "chart-axis")}${marks.join("")}</g>`;
}

/** A coordinate in tenths of a unit, the drawing's precision: steps between two of them add up exactly. */
const tenths = (n: number) => Math.round(n * 10);
/** A relative step of a path: `dx,dy`, the comma left out before a minus sign (SVG's syntax). */
const step = (dx: number, dy: number) => `${dx / 10}${dy < 0 ? "" : ","}${dy / 10}`;

/**
 * A line through the values in order (index = x); a null breaks it, so nothing is drawn where
 * nothing was measured. Each point after the first of a piece is a relative step from the one
 * before, between positions rounded to a tenth, so the steps never drift.
 */
export function dataLine(
  size: Size,
  domain: Domain,
  values: ReadonlyArray<number | null>,
  style: { color: string; width: number },
): string {
  const { x, y } = scalesOf(size, domain);
  let d = "";
  let last: [number, number] | null = null;
  values.forEach((v, i) => {
    if (v === null) {
      last = null;
      return;
    }
    const here: [number, number] = [tenths(x(i)), tenths(y(v))];
    d += last === null ? `M${here[0] / 10},${here[1] / 10}` : `l${step(here[0] - last[0], here[1] - last[1])}`;
    last = here;
  });
  if (d === "") return "";
  return `<path d="${d}" style="fill:none;stroke:${style.color};stroke-width:${style.width};vector-effect:non-scaling-stroke"/>`;
}

/** A round dot at each datum given (index, value), of radius r. */
export function dots(size: Size, domain: Domain, points: ReadonlyArray<{ at: number; value: number }>, r: number, color: string): string {
  const { x, y } = scalesOf(size, domain);
  return points
    .map(
      (p) => `<path d="M${x(p.at)},${y(p.value)}m-${r},0a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 -${2 * r},0" style="fill:${color}"/>`,
    )
    .join("");
}

/**
 * A bar per datum from the plot's bottom to its value, `ratio` of its slot wide and centred on it,
 * filled with its colour: one path per colour, a bar per sub-path (90 daily bars in a few paths).
 */
export function bars(size: Size, domain: Domain, data: ReadonlyArray<{ value: number; color: string }>, ratio: number): string {
  const { x, y, plot } = scalesOf(size, domain);
  const width = tenths((ratio * (plot.right - plot.left)) / (domain.x[1] - domain.x[0]));
  const bottom = tenths(plot.bottom);
  const byColor = new Map<string, string>();
  data.forEach((b, i) => {
    const left = tenths(x(i)) - Math.round(width / 2);
    const bar = `M${left / 10},${bottom / 10}V${tenths(y(b.value)) / 10}h${width / 10}V${bottom / 10}z`;
    byColor.set(b.color, (byColor.get(b.color) ?? "") + bar);
  });
  return [...byColor].map(([color, d]) => `<path d="${d}" style="fill:${color}"/>`).join("");
}
