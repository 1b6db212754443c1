/**
 * A chart drawn at build time (src/charts, with Victory in Node) as the page
 * receives it: the SVG's markup and where its data sit, so the browser's small
 * interaction layer (components/ui/DrawnChart) can put a cursor and a tooltip
 * over the datum under the pointer or the keyboard without the chart library.
 */
export type Drawing = {
  /** an <svg> element's markup, drawn by our build (any text in it escaped) */
  svg: string;
  /** the SVG's viewBox: 0 0 width height */
  width: number;
  height: number;
  /**
   * where the data sit: `count` data at 0 … count-1 over the x `domain`, spread linearly
   * across the plot (components/ui/DrawnChart's dataXs gives each one's x; the page data carries two numbers, not a list)
   */
  data: { count: number; domain: [number, number] };
  /** the plot area in the viewBox */
  plot: { left: number; right: number; top: number; bottom: number };
};

/**
 * Every chart is drawn twice: text in an SVG scales with it, so a 640-wide
 * drawing shrunk onto a 375 px phone has unreadable labels. The page's CSS
 * shows one (narrow under the phone breakpoint). The data are drawn once, in
 * the wide drawing; the narrow one has its own axes and draws the wide one's
 * data by reference (charts/frame.ts, drawTwice), so a page shows both or
 * neither.
 */
export type ChartDrawings<D = Drawing> = { wide: D; narrow: D };

/**
 * A drawing as a page's data may carry it: where pages are many (a server's),
 * its markup is in the page's HTML only and `kept` is its key (gatsby/keptMarkup.ts,
 * components/ui/keptMarkup.ts), so the page data does not carry each chart a
 * second time (#45).
 */
export type PageDrawing = Omit<Drawing, "svg"> & { svg: string | null; kept?: string };
