import { memo, useMemo, useState, type KeyboardEvent, type PointerEvent } from "react";
import { mobileQuery } from "../../styles/media";
import { classed } from "../../styles/classed";
import * as styles from "./DrawnChart.module.css";
import { KEPT_ATTRIBUTE, useKeptMarkup } from "./keptMarkup";

/** A chart our build drew (src/charts, with Victory in Node): its SVG and where its data sit in the viewBox. */
type Drawing = {
  /** null where the page's HTML holds it, under `kept` (a server page's: see keptMarkup) */
  svg: string | null;
  kept?: string;
  width: number;
  height: number;
  /** where its data sit in the viewBox (dataXs) */
  data: { count: number; domain: [number, number] };
  plot: { left: number; right: number; top: number; bottom: number };
};

type DrawnChartProps = {
  /** the same chart drawn wide and narrow; the narrow one is shown under the phone breakpoint */
  drawings: { wide: Drawing; narrow: Drawing };
  /** one text per datum, in the drawing's order: the tooltip, and what a screen reader hears at it */
  labels: readonly string[];
  /** the chart's name; the slider over it is "<title>: the figures at one time" */
  title: string;
  /** where the keyboard starts: the first datum, or the last (the newest, where a history's reader looks first) */
  start?: "first" | "last";
};

const SIZES = ["wide", "narrow"] as const;

/**
 * Each datum's x in the viewBox, in the data's order, to a tenth of a unit (the drawing's own
 * precision): `count` data at 0 … count-1 over the x domain, spread linearly across the plot, as
 * the build placed them (src/charts/frame.ts's scalesOf; __tests__/unit/charts/draw.test.ts holds
 * the two to each other on every chart).
 */
export function dataXs({ data, plot }: Pick<Drawing, "data" | "plot">): number[] {
  const [from, to] = data.domain;
  return Array.from(
    { length: data.count },
    (_, i) => Math.round((plot.left + ((i - from) / (to - from)) * (plot.right - plot.left)) * 10) / 10,
  );
}
const pct = (n: number) => `${Math.round(n * 10000) / 100}%`;

/** The datum nearest to an x in the viewBox, or null without data. */
function nearest(xs: readonly number[], x: number): number | null {
  let best: number | null = null;
  xs.forEach((px, i) => {
    if (best === null || Math.abs(px - x) < Math.abs(xs[best] - x)) best = i;
  });
  return best;
}

/**
 * Shows a chart drawn at build time, and adds what the chart library would
 * have added in the browser, without it: a slider over the data (arrow keys,
 * Home, End; screen readers hear each datum's label), and a cursor and a
 * tooltip that follow the pointer, a touch or the keys. The SVG is in the
 * static HTML; the cursor and tooltip are HTML laid over it, placed in
 * percent of the viewBox, so they sit right at any width.
 *
 * Memoised: pages re-render on every simulated tick, a drawing does not change.
 */
export const DrawnChart = memo(function DrawnChart({ drawings, labels, title, start = "first" }: DrawnChartProps) {
  const [active, setActive] = useState<number | null>(null);
  const xs = useMemo(() => ({ wide: dataXs(drawings.wide), narrow: dataXs(drawings.narrow) }), [drawings]);
  const last = labels.length - 1;
  const first = start === "last" ? last : 0;

  const pointAt = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    // The drawing the stylesheet shows (the explorer covers it exactly).
    const phone = typeof window.matchMedia === "function" && window.matchMedia(mobileQuery).matches;
    const size = phone ? "narrow" : "wide";
    return nearest(xs[size], ((event.clientX - box.left) / (box.width || 1)) * drawings[size].width);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const now = active ?? first;
    // Page Up and Page Down: a tenth of the data at a time (17 of 168 hours, 9 of 90 days), as sliders step.
    const page = Math.max(1, Math.round(labels.length / 10));
    const next = {
      ArrowRight: now + 1,
      ArrowUp: now + 1,
      ArrowLeft: now - 1,
      ArrowDown: now - 1,
      PageUp: now + page,
      PageDown: now - page,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setActive(Math.min(last, Math.max(0, next)));
  };

  return (
    <Frame>
      {SIZES.map((size) => {
        const d = drawings[size];
        const x = active === null ? 0 : xs[size][active] / d.width;
        return (
          <Drawn key={size} $size={size}>
            {/* keyed by its markup's hash: another drawing starts afresh */}
            <DrawingMarkup key={d.kept ?? "inline"} drawing={d} />
            {active === null ? null : (
              <>
                <Cursor
                  aria-hidden="true"
                  style={{ left: pct(x), top: pct(d.plot.top / d.height), bottom: pct(1 - d.plot.bottom / d.height) }}
                />
                <Tip
                  aria-hidden="true"
                  $align={x < 0.3 ? "start" : x > 0.7 ? "end" : "middle"}
                  style={{ left: pct(x), top: pct(d.plot.top / d.height) }}
                >
                  {labels[active]}
                </Tip>
              </>
            )}
          </Drawn>
        );
      })}
      {labels.length > 0 ? (
        <Explorer
          role="slider"
          tabIndex={0}
          aria-label={`${title}: the figures at one time`}
          aria-valuemin={0}
          aria-valuemax={last}
          aria-valuenow={active ?? first}
          aria-valuetext={labels[active ?? first]}
          onKeyDown={onKeyDown}
          onFocus={() => setActive((a) => a ?? first)}
          onBlur={() => setActive(null)}
          onPointerMove={(event) => setActive(pointAt(event))}
          onPointerDown={(event) => setActive(pointAt(event))}
          onPointerLeave={(event) => {
            if (event.currentTarget !== document.activeElement) setActive(null);
          }}
        />
      ) : null}
    </Frame>
  );
});

const Frame = classed("div", styles.frame);

/** One drawing with its cursor and tooltip; the stylesheet shows the wide or the narrow one. */
const Drawn = classed<"div", { $size: "wide" | "narrow" }>("div", styles.drawing);

const Svg = classed("div", styles.svg);

/**
 * A drawing's SVG: from the page data, or kept in the page's HTML (keptMarkup).
 * Its box keeps the drawing's proportions while it loads, so nothing moves
 * when it comes; if it cannot come, the chart says so (its table stays below).
 */
function DrawingMarkup({ drawing }: { drawing: Drawing }) {
  const kept = useKeptMarkup(drawing.svg, drawing.kept);
  return (
    <>
      <Svg
        {...{ [KEPT_ATTRIBUTE]: drawing.kept }}
        style={kept.state === "ready" ? undefined : { aspectRatio: `${drawing.width} / ${drawing.height}` }}
        // Kept in the HTML: hydration keeps the element's markup as the build rendered it.
        suppressHydrationWarning
        // Why markup: a chart is drawn at build time in Node (src/charts: Victory's, or written by hand in
        // written.ts), so no chart code reaches the browser. It is only markup our build drew: its texts are
        // the chart's own (fixed titles, figures, dates), never content, each escaped (React's
        // renderToStaticMarkup, or frame.ts escapeText; tested with markup in a title, in both kinds of
        // chart: __tests__/unit/charts/draw.test.ts, "escapes text"). Kept in
        // the page's HTML, it is taken only from the element of our own page that carries its hash
        // (keptMarkup.ts; tested with a hostile title through that path: keptMarkup.test.tsx).
        dangerouslySetInnerHTML={{ __html: kept.state === "ready" ? kept.markup : "" }}
      />
      {kept.state === "failed" ? (
        <Failed role="status">This chart could not be loaded; reload the page to see it. Its figures are in the table below.</Failed>
      ) : null}
    </>
  );
}

const Failed = classed("p", styles.failed);

const Cursor = classed("div", styles.cursor);

const Tip = classed<"div", { $align: "start" | "middle" | "end" }>("div", styles.tip);

/** Over the chart, taking the pointer, touches and the keyboard. */
const Explorer = classed("div", styles.explorer);
