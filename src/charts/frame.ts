/**
 * What the charts share: the SVG element around a drawing (its name and
 * description wired for screen readers), the two widths with the data drawn
 * once (drawTwice), Victory's axes' look in the palettes' custom properties,
 * where a datum falls, and the compaction of the markup.
 *
 * Build-time only (Node): nothing the browser loads imports src/charts
 * (dependency-cruiser's `charts-are-build-time`), so Victory never ships.
 */
import { createElement as h, type ReactElement, type ReactNode } from "react";
import { VictoryChart, VictoryGroup } from "victory";
import { renderToStaticMarkup } from "react-dom/server";
import type { ChartDrawings, Drawing } from "../model/charts/chartDrawing";

export type ChartText = {
  /**
   * Unique among the charts of a page and the same on every build: the SVG's
   * ids (title, description, clip paths, labels) start with it.
   */
  id: string;
  /** the chart's accessible name (its <title>) */
  title: string;
  /** what it shows, for screen readers (its <desc>) */
  description: string;
};

export type Size = { width: number; height: number; padding: Drawing["plot"] };

const plotOf = ({ width, height, padding }: Size): Drawing["plot"] => ({
  left: padding.left,
  right: width - padding.right,
  top: padding.top,
  bottom: height - padding.bottom,
});

/** A tenth of a viewBox unit: at most a fifth of a pixel on the widest screen, and the drawing's own precision. */
const round = (n: number) => Math.round(n * 10) / 10;

/** Where a datum falls in the viewBox: x of its index, y of its value, over a domain, at a size (Victory's linear scales). */
export function scalesOf(size: Size, domain: { x: [number, number]; y: [number, number] }) {
  const plot = plotOf(size);
  return {
    plot,
    x: (i: number) => plot.left + ((i - domain.x[0]) / (domain.x[1] - domain.x[0])) * (plot.right - plot.left),
    y: (v: number) => plot.bottom - ((v - domain.y[0]) / (domain.y[1] - domain.y[0])) * (plot.bottom - plot.top),
  };
}

/**
 * Victory's chart, drawn into our <svg> (svgOf), not an SVG of its own, at the
 * size's width, height and padding, over the given domain.
 */
const chartOf = (size: Size, domain: { x: [number, number]; y: [number, number] }, ...children: ReactNode[]): ReactElement =>
  h(VictoryChart, { standalone: false, width: size.width, height: size.height, padding: size.padding, domain }, ...children);

/** Victory's defaults are a fixed grey and Gill Sans: ours follow the page's palette and font. */
const FONT = { fontFamily: "inherit", fontSize: 12 } as const;
const AXIS_STYLE = {
  axis: { stroke: "var(--c-border)" },
  grid: { stroke: "none" },
  ticks: { stroke: "none" },
  tickLabels: { ...FONT, fill: "var(--c-text-muted)", padding: 6 },
};
export const GRID_STYLE = {
  ...AXIS_STYLE,
  grid: { stroke: "var(--c-chart-grid)", strokeDasharray: "3 3" },
};

type Variant = keyof ChartDrawings;
export type Domain = { x: [number, number]; y: [number, number] };

/**
 * What a chart draws, as SVG markup (Victory's, rendered by victoryAxes and victoryLayer, or
 * our own: written.ts): its axes, its data, and the marks that must not be stretched.
 */
export type ChartParts = {
  /** the axes of each width: their text does not scale, so each width has its own */
  axes: (variant: Variant) => string;
  /** lines and bars, drawn once, in the wide drawing (a line's style: `vector-effect: non-scaling-stroke`, DATA_LINE) */
  data: string;
  /** marks that a stretch would deform (a dot), drawn in each drawing over the data */
  marks?: (variant: Variant) => string;
};

/** A line of data keeps its width however its drawing is stretched (the narrow drawing stretches the wide one's data). */
export const DATA_LINE = { vectorEffect: "non-scaling-stroke" } as const;

/** Victory's markup of an element, rendered inside an <svg> (so React knows its SVG elements) without it. */
const inSvg = (element: ReactElement): string => renderToStaticMarkup(h("svg", null, element)).slice("<svg>".length, -"</svg>".length);

/** Victory's axes (and whatever else it draws with them) at a size, over a domain. */
export const victoryAxes = (size: Size, domain: Domain, ...children: ReactElement[]): string => inSvg(chartOf(size, domain, ...children));

/** Victory's series drawn into the chart's plot without axes of their own (VictoryChart would add default ones). */
export const victoryLayer = (size: Size, domain: Domain, ...children: ReactElement[]): string =>
  inSvg(h(VictoryGroup, { standalone: false, width: size.width, height: size.height, padding: size.padding, domain }, ...children));

const fixed = (n: number) => String(Math.round(n * 10000) / 10000);

/**
 * A chart's two drawings with its data drawn once (#45): the wide drawing holds the data in a
 * group with an id, and the narrow one draws that group again by reference (<use>), moved and
 * scaled from the wide plot onto its own, under its own axes. Both are always on the same page
 * (DrawnChart shows one by width), so the narrow drawing weighs its axes only. Lines keep their
 * width (DATA_LINE) and dots are drawn in each (`marks`): a stretch would flatten them.
 */
export function drawTwice(text: ChartText, sizes: Record<Variant, Size>, domain: Domain, n: number, parts: ChartParts): ChartDrawings {
  const dataId = `${text.id}-data`;
  const marks = (variant: Variant) => (parts.marks ? parts.marks(variant) : "");
  const wide = `${parts.axes("wide")}<g id="${dataId}">${parts.data}</g>${marks("wide")}`;
  // The affine map from the wide plot to the narrow one: both scales are linear over the same domain.
  const [from, to] = [plotOf(sizes.wide), plotOf(sizes.narrow)];
  const sx = (to.right - to.left) / (from.right - from.left);
  const sy = (to.bottom - to.top) / (from.bottom - from.top);
  const transform = `matrix(${[sx, 0, 0, sy, to.left - from.left * sx, to.top - from.top * sy].map(fixed).join(" ")})`;
  const narrow = `${parts.axes("narrow")}<use href="#${dataId}" transform="${transform}"/>${marks("narrow")}`;
  const drawing = (variant: Variant, content: string): Drawing => ({
    svg: svgOf(content, text, sizes[variant], variant),
    width: sizes[variant].width,
    height: sizes[variant].height,
    data: { count: n, domain: domain.x },
    plot: plotOf(sizes[variant]),
  });
  return { wide: drawing("wide", wide), narrow: drawing("narrow", narrow) };
}

/** Text as SVG's (and HTML's) markup holds it: what a title or a label says, never markup. */
export const escapeText = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);

/**
 * The chart's SVG around its content, named and described for screen readers from its text
 * (escaped: escapeText). Its content is markup our build wrote (Victory's through React's
 * renderToStaticMarkup, or written.ts's, whose labels are escaped too).
 */
function svgOf(content: string, text: ChartText, size: Size, variant: Variant): string {
  const id = `${text.id}-${variant}`;
  const markup =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size.width} ${size.height}" width="${size.width}" height="${size.height}"` +
    ` role="img" aria-labelledby="${escapeText(id)}-title" aria-describedby="${escapeText(id)}-desc" data-chart="${escapeText(text.id)}">` +
    `<title id="${escapeText(id)}-title">${escapeText(text.title)}</title><desc id="${escapeText(id)}-desc">${escapeText(text.description)}</desc>` +
    `${content}</svg>`;
  return compact(markup);
}

/**
 * Victory writes coordinates to 15 digits, its paths over several lines, and
 * markup that draws nothing: zero-radius arcs in each bar's outline, attributes
 * that are defaults (`shape-rendering="auto"`, `dx="0"`), roles inside an
 * image (whose parts are presentational anyway), and attributes SVG does not
 * know (`index`, `padding`). A tenth of a viewBox unit is finer than a screen
 * shows. Dropped and rounded here, about a quarter of a server page's weight:
 * only attribute values and names are touched (React escapes quotes in text, so
 * a title's or description's figures stay as they were written). Then the paths
 * lose the spaces their syntax does not need, an empty shape closes itself, and a
 * style that repeats (each of 90 bars, each dot of a line) becomes a class of a
 * rule written once (#45).
 */
function compact(markup: string): string {
  const rounded = markup
    .replace(/ (?:role="presentation"|shape-rendering="auto"|index="\d+"|direction="inherit"|dx="0"|dy="0")/g, "")
    .replace(/( [\w:-]+)="([^"]*)"/g, (whole: string, name: string, value: string) =>
      // a <use>'s transform maps one plot onto another (drawTwice): rounded, it would misplace the data
      name === " transform"
        ? whole
        : `${name}="${value
            .replace(/padding:[\d.]+px;?/g, "")
            // VictoryGroup gives each datum's style a width (a bar's offset), which no SVG shape reads
            .replace(/(?<![\w-])width:[\w.]+px;?/g, "")
            .replace(/\s*\n\s*/g, " ")
            .replace(/ ?A 0 0 0 0 1,? ?-?[\d.]+,? ?-?[\d.]+/g, "")
            .replace(/-?\d+\.\d+/g, (n) => String(round(Number(n))))
            .trim()}"`,
    );
  const paths = rounded.replace(
    / d="([^"]*)"/g,
    (_, d: string) => ` d="${d.replace(/ *([MLHVCSQTAZ]) */gi, "$1").replace(/ *, */g, ",")}"`,
  );
  // An element that holds nothing closes itself (SVG's syntax, in HTML too): `<path …/>`, not `<path …></path>`.
  const closed = paths.replace(/<(path|line|rect|circle|polyline|polygon|ellipse|use)((?: [^<>]*)?)><\/\1>/g, "<$1$2/>");
  return classedStyles(closed);
}

/** A class name for a style: the same declarations, the same name, in any chart on any page (so rules never disagree). */
const styleClass = (declarations: string) => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < declarations.length; i += 1) hash = Math.imul(hash ^ declarations.charCodeAt(i), 0x01000193) >>> 0;
  return `s${hash.toString(36)}`;
};

/** Each style that repeats becomes a class, its rule written once in a <style> after the chart's <desc>. */
function classedStyles(markup: string): string {
  const counts = new Map<string, number>();
  for (const [, style] of markup.matchAll(/ style="([^"]*)"/g)) counts.set(style, (counts.get(style) ?? 0) + 1);
  const repeated = [...counts].filter(([, n]) => n > 1).map(([style]) => style);
  if (repeated.length === 0) return markup;
  if (!markup.includes("</desc>")) throw new Error("A chart without its <desc>: svgOf writes one, and the rules go after it");
  const shared = new Set(repeated);
  const rules = repeated.map((style) => `.${styleClass(style)}{${style}}`).join("");
  return markup
    .replace(/ style="([^"]*)"/g, (whole, style: string) => (shared.has(style) ? ` class="${styleClass(style)}"` : whole))
    .replace("</desc>", () => `</desc><style>${rules}</style>`);
}
