import { drawBudget } from "../../../src/charts/drawBudget";
import { drawDayBars } from "../../../src/charts/drawDayBars";
import { drawPerformance } from "../../../src/charts/drawPerformance";
import { drawResponse } from "../../../src/charts/drawResponse";
import { drawWeekOutages } from "../../../src/charts/drawWeekOutages";
import fc from "fast-check";
import type { ChartDrawings } from "../../../src/model/charts/chartDrawing";
import { dataXs } from "../../../src/components/ui/DrawnChart";
import { inlineChartStyles } from "../fixtures";
import type { DayBar, ResponsePoint } from "../../../src/domain/checks/serverHistory";

const TEXT = { id: "perf", title: "24 Hour Performance Overview", description: "Sample response time and uptime." };
const POINTS = [
  { time: "00:00", responseTime: 45, uptime: 99.9 },
  { time: "04:00", responseTime: null, uptime: 0 },
  { time: "08:00", responseTime: 48, uptime: 99.9 },
  { time: "12:00", responseTime: 50, uptime: 100 },
];

/** A drawing as the browser styles it (its classes' rules put back as styles). */
const parse = (svg: string) => {
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
  expect(doc.querySelector("parsererror")).toBeNull();
  return inlineChartStyles(doc.documentElement);
};
const ids = (svg: string) => [...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
/** The centre of each dot Victory draws (a scatter point is a path starting "M x, y"). */
const dots = (svg: Element, color: string) =>
  [...svg.querySelectorAll(`path[style*="fill:var(${color})"]`)].map((p) => Number(/^M ?([\d.]+),/.exec(p.getAttribute("d")!)![1]));

const hours: ResponsePoint[] = Array.from({ length: 168 }, (_, i) => ({
  at: new Date(Date.UTC(2026, 10, 17, i)).toISOString(),
  total: 12,
  answered: i === 30 ? 0 : 12,
  median: i === 30 ? null : 40 + (i % 9),
  p95: i === 30 ? null : 80 + (i % 13),
}));
const days: DayBar[] = Array.from({ length: 90 }, (_, i) => ({
  date: new Date(Date.UTC(2026, 7, 27 + i)).toISOString().slice(0, 10),
  up: [1000, 999, 998, 950, 949][i % 5],
  total: i === 89 ? 0 : 1000,
}));

const all = (d: ChartDrawings) => [d.wide, d.narrow];

describe("charts drawn at build time with Victory", () => {
  it("the 24-hour chart: an SVG named and described, one line per series, a dot per answered point, a gap where nothing answered", () => {
    for (const drawing of all(drawPerformance(POINTS, TEXT))) {
      const svg = parse(drawing.svg);
      expect(svg.getAttribute("role")).toBe("img");
      expect(svg.getAttribute("viewBox")).toBe(`0 0 ${drawing.width} ${drawing.height}`);
      expect(svg.querySelector(`#${svg.getAttribute("aria-labelledby")}`)?.textContent).toBe(TEXT.title);
      expect(svg.querySelector(`#${svg.getAttribute("aria-describedby")}`)?.textContent).toBe(TEXT.description);
      // xs is where Victory put each datum
      expect(dots(svg, "--c-chart-uptime")).toEqual(dataXs(drawing).map((x) => Math.round(x * 10) / 10));
      expect(dots(svg, "--c-chart-response")).toHaveLength(3);
      expect(dataXs(drawing)[0]).toBe(drawing.plot.left);
      expect(dataXs(drawing)[3]).toBe(drawing.plot.right);
      expect(drawing.svg).not.toContain("undefined");
    }
    // the lines are drawn once, in the wide drawing; the narrow one draws them by reference (narrowed)
    const { wide, narrow } = drawPerformance(POINTS, TEXT);
    const [response, uptime] = [...parse(wide.svg).querySelectorAll("path[style*='stroke-width:2']")];
    // two pieces of line around the gap: nothing is drawn at 0 ms
    expect(response.getAttribute("d")!.match(/M/g)).toHaveLength(2);
    expect(uptime.getAttribute("d")!.match(/M/g)).toHaveLength(1);
    // a line keeps its width however the drawing is stretched
    expect(response.getAttribute("style")).toContain("vector-effect:non-scaling-stroke");
    expect(parse(narrow.svg).querySelectorAll("path[style*='stroke-width:2']")).toHaveLength(0);
    expect(parse(narrow.svg).querySelector("use")?.getAttribute("href")).toBe("#perf-data");
  });

  it("its time labels are the points' times, every other one on a phone", () => {
    const labels = (svg: string) => [...parse(svg).querySelectorAll("text[id*='-time-']")].map((t) => t.textContent);
    const { wide, narrow } = drawPerformance([...POINTS, { time: "16:00", responseTime: 40, uptime: 100 }], TEXT);
    expect(labels(wide.svg)).toEqual(["00:00", "04:00", "08:00", "12:00", "16:00"]);
    expect(labels(narrow.svg).filter(Boolean)).toEqual(["00:00", "08:00", "16:00"]);
  });

  it("draws no data without failing: an empty chart, a single point, a day without answers", () => {
    for (const d of [
      drawPerformance([], TEXT),
      drawPerformance([{ time: "00:00", responseTime: null, uptime: 50 }], TEXT),
      drawResponse([], { ...TEXT, unit: "hour" }),
      drawResponse([{ at: "2026-11-24", total: 3, answered: 0, median: null, p95: null }], { ...TEXT, unit: "day" }),
      drawDayBars([], TEXT),
    ]) {
      for (const drawing of all(d)) {
        parse(drawing.svg);
        expect(drawing.svg).not.toMatch(/NaN|undefined|Infinity/);
      }
    }
    // a single point sits in the middle
    const { wide } = drawPerformance([POINTS[0]], TEXT);
    expect(dataXs(wide)).toEqual([(wide.plot.left + wide.plot.right) / 2]);
  });

  it("escapes text: markup in a title or description stays text, in Victory's charts and in those written by hand", () => {
    const hostile = { ...TEXT, title: `<script>alert("x")</script> & <b>co</b>`, description: `'"><img src=x onerror=alert(1)>` };
    for (const { wide, narrow } of [
      drawPerformance(POINTS, hostile),
      drawResponse(hours, { ...hostile, unit: "hour" }),
      drawDayBars(days, hostile),
      // an objective's burndown: its title carries the name an editor wrote
      drawBudget([{ date: "2026-11-24", bad: 0, remainingSeconds: 60, share: 1 }], hostile),
    ]) {
      for (const drawing of [wide, narrow]) {
        expect(drawing.svg).not.toContain("<script>");
        expect(drawing.svg).not.toContain("<b>");
        expect(drawing.svg).not.toContain("<img");
        const svg = parse(drawing.svg);
        expect(svg.querySelector("title")?.textContent).toBe(hostile.title);
        expect(svg.querySelector("desc")?.textContent).toBe(hostile.description);
        expect(svg.querySelectorAll("script, b, img")).toHaveLength(0);
      }
    }
  });

  it("is the same, byte for byte, for the same input, and its ids are its own: several charts can share a page", () => {
    const draw = () => [
      drawPerformance(POINTS, TEXT),
      drawResponse(hours, { id: "hourly", title: "Hourly", description: "d", unit: "hour" }),
      drawDayBars(days, { id: "days", title: "Days", description: "d" }),
    ];
    const first = draw();
    expect(JSON.stringify(draw())).toBe(JSON.stringify(first));
    const every = first.flatMap((d) => all(d).flatMap((x) => ids(x.svg)));
    expect(every.length).toBeGreaterThan(20);
    expect(new Set(every).size).toBe(every.length);
    first.forEach((chart, k) => {
      for (const drawing of all(chart)) {
        expect(ids(drawing.svg).every((id) => id.startsWith(`${["perf", "hourly", "days"][k]}-`))).toBe(true);
        // every url(#…) names an id of the same drawing
        for (const [, ref] of drawing.svg.matchAll(/url\(#([^)]+)\)/g)) expect(ids(drawing.svg)).toContain(ref);
      }
      // and the narrow drawing's one reference names the wide one's data
      expect([...chart.narrow.svg.matchAll(/ href="#([^"]+)"/g)].map((m) => m[1])).toEqual([`${["perf", "hourly", "days"][k]}-data`]);
      expect(ids(chart.wide.svg)).toContain(`${["perf", "hourly", "days"][k]}-data`);
    });
  });

  it("response times: a line's steps are relative, between points rounded to a tenth: its last point is where an absolute one would be", () => {
    const { wide } = drawResponse(hours, { id: "hourly", title: "Hourly", description: "d", unit: "hour" });
    const d = parse(wide.svg).querySelector("path[style*='--c-chart-response']")!.getAttribute("d")!;
    // walk the last piece (after the gap at hour 30) to its end
    const piece = d.slice(d.lastIndexOf("M") + 1);
    const [start, ...steps] = piece.split("l");
    const end = steps.reduce(([x, y], s) => {
      const [dx, dy] = s.match(/-?[\d.]+/g)!.map(Number);
      return [x + dx, y + dy];
    }, start.split(",").map(Number));
    expect(end[0]).toBeCloseTo(dataXs(wide)[167], 5);
    expect(end[0]).toBeCloseTo(wide.plot.right, 5);
    expect(steps).toHaveLength(167 - 31);
  });

  it("response times: a median and a p95 line over 168 hours, with a gap where nothing answered and a date at each midnight", () => {
    const { wide, narrow } = drawResponse(hours, { id: "hourly", title: "Hourly", description: "d", unit: "hour" });
    expect(dataXs(wide)).toHaveLength(168);
    expect(dataXs(wide)[0]).toBe(wide.plot.left);
    expect(dataXs(wide)[167]).toBe(wide.plot.right);
    const svg = parse(wide.svg);
    const median = svg.querySelector("path[style*='--c-chart-response']")!;
    const p95 = svg.querySelector("path[style*='--c-chart-p95']")!;
    expect(median.getAttribute("d")!.match(/M/g)).toHaveLength(2);
    expect(p95.getAttribute("d")!.match(/M/g)).toHaveLength(2);
    const labels = [...svg.querySelectorAll("g[data-axis='time'] text")].map((t) => t.textContent);
    expect(labels).toEqual(["Nov 17", "Nov 18", "Nov 19", "Nov 20", "Nov 21", "Nov 22", "Nov 23"]);
    expect([...parse(narrow.svg).querySelectorAll("g[data-axis='time'] text")].map((t) => t.textContent)).toEqual([
      "Nov 17",
      "Nov 19",
      "Nov 21",
      "Nov 23",
    ]);
  });

  it("response times: an answered point between two gaps is a dot, as a line cannot show it", () => {
    // a new check's first hour: 167 hours without checks, then one that answered
    const first = hours.map((p, i) => (i < 167 ? { ...p, total: 0, answered: 0, median: null, p95: null } : p));
    const { wide } = drawResponse(first, { id: "hourly", title: "Hourly", description: "d", unit: "hour" });
    const svg = parse(wide.svg);
    expect(dots(svg, "--c-chart-response")).toEqual([Math.floor(dataXs(wide)[167] * 100) / 100]);
    expect(dots(svg, "--c-chart-p95")).toHaveLength(1);
    // with answering neighbours there are lines and no dots
    const joined = parse(drawResponse(hours, { id: "hourly", title: "Hourly", description: "d", unit: "hour" }).wide.svg);
    expect(dots(joined, "--c-chart-response")).toEqual([]);
  });

  it("response times by day: 90 points, the newest day labelled", () => {
    const daily = days.map((d) => ({ at: d.date, total: 10, answered: 10, median: 40, p95: 90 }));
    const { wide } = drawResponse(daily, { id: "daily", title: "Daily", description: "d", unit: "day" });
    expect(dataXs(wide)).toHaveLength(90);
    const labels = [...parse(wide.svg).querySelectorAll("g[data-axis='time'] text")].map((t) => t.textContent);
    expect(labels[labels.length - 1]).toBe("Nov 24");
    expect(labels).toHaveLength(6);
    // the newest day's date ends at the plot's right edge, inside the SVG
    const newest = [...parse(wide.svg).querySelectorAll("g[data-axis='time'] text")].pop()!;
    expect(newest.getAttribute("text-anchor")).toBe("end");
  });

  it("day bars: one bar per day, coloured by its band, a day without checks as no data", () => {
    const { wide, narrow } = drawDayBars(days, { id: "days", title: "Days", description: "d" });
    expect(dataXs(narrow)).toHaveLength(90);
    // the narrow drawing has its own dates, and the wide one's bars by reference
    expect(parse(narrow.svg).querySelectorAll("path[style*='--c-band-']")).toHaveLength(0);
    // one path per colour, a bar per sub-path: "M left,bottom V top h width V bottom z"
    const bars = [...parse(wide.svg).querySelectorAll("path[style*='--c-band-']")]
      .flatMap((path) => {
        const fill = /fill:var\(--c-band-(\w+)\)/.exec(path.getAttribute("style")!)![1];
        return [...path.getAttribute("d")!.matchAll(/M([\d.]+),([\d.]+)V([\d.]+)h([\d.]+)V([\d.]+)z/g)].map((m) => ({
          left: Number(m[1]),
          width: Number(m[4]),
          top: Number(m[3]),
          bottom: Number(m[2]),
          fill,
        }));
      })
      .sort((a, b) => a.left - b.left);
    expect(bars).toHaveLength(90);
    expect(dataXs(wide)).toHaveLength(90);
    expect(bars.map((b) => b.fill).slice(0, 5)).toEqual(["full", "full", "high", "mid", "low"]);
    expect(bars[89].fill).toBe("none");
    bars.forEach((bar, i) => {
      // each bar is centred on its datum's x, and spans the plot's height
      expect(Math.abs(bar.left + bar.width / 2 - dataXs(wide)[i])).toBeLessThanOrEqual(0.1);
      expect([bar.top, bar.bottom]).toEqual([wide.plot.top, wide.plot.bottom]);
    });
    // a slot of 632 / 90 units, the bar 0.7 of it, a gap between each two
    expect(bars[0].width).toBeCloseTo(4.9, 1);
    expect(bars[1].left - (bars[0].left + bars[0].width)).toBeGreaterThan(1.5);
  });

  it("the narrow drawing puts the wide one's data onto its own plot: each datum at its own x, the plot's top and bottom at its own", () => {
    /** The narrow drawing's <use> transform, as the six numbers of its matrix. */
    const matrix = (svg: string) => /<use href="#[^"]+" transform="matrix\(([^)]+)\)"\/>/.exec(svg)![1].split(" ").map(Number);
    const response = fc.record({
      at: fc.constant("2026-11-24T00:00:00.000Z"),
      total: fc.constant(3),
      answered: fc.constant(3),
      median: fc.option(fc.integer({ min: 0, max: 90_000 }), { nil: null }),
      p95: fc.integer({ min: 0, max: 90_000 }),
    });
    const charts = fc.oneof(
      fc.array(response, { minLength: 0, maxLength: 200 }).map((points) => drawResponse(points, { ...TEXT, unit: "hour" })),
      fc
        .array(fc.record({ date: fc.constant("2026-11-24"), up: fc.nat(10), total: fc.constant(10) }), { maxLength: 120 })
        .map((bars) => drawDayBars(bars, TEXT)),
      fc
        .array(
          fc.record({
            week: fc.constant("2026-11-23"),
            began: fc.nat(40),
            ongoing: fc.constant(0),
            medianRecoveryMs: fc.constant(null),
            longestRecoveryMs: fc.constant(null),
          }),
          { maxLength: 60 },
        )
        .map((weeks) => drawWeekOutages(weeks, TEXT)),
      fc
        .array(
          fc.record({
            date: fc.constant("2026-11-24"),
            bad: fc.nat(10),
            remainingSeconds: fc.constant(0),
            share: fc.option(fc.double({ min: -3, max: 1, noNaN: true }), { nil: null }),
          }),
          { maxLength: 31 },
        )
        .map((budget) => drawBudget(budget, TEXT)),
    );
    fc.assert(
      fc.property(charts, ({ wide, narrow }) => {
        const [sx, , , sy, tx, ty] = matrix(narrow.svg);
        // xs are kept to a tenth of a unit: within two tenths once mapped
        dataXs(wide).forEach((x, i) => expect(Math.abs(sx * x + tx - dataXs(narrow)[i])).toBeLessThanOrEqual(0.2));
        expect(sy * wide.plot.top + ty).toBeCloseTo(narrow.plot.top, 1);
        expect(sy * wide.plot.bottom + ty).toBeCloseTo(narrow.plot.bottom, 1);
        expect(sx * wide.plot.left + tx).toBeCloseTo(narrow.plot.left, 1);
        expect(sx * wide.plot.right + tx).toBeCloseTo(narrow.plot.right, 1);
      }),
      { numRuns: 60 },
    );
  });

  it("the narrow drawing weighs its axes, not its data (#45)", () => {
    const { wide, narrow } = drawResponse(hours, { id: "hourly", title: "Hourly", description: "d", unit: "hour" });
    expect(narrow.svg.length).toBeLessThan(wide.svg.length / 2);
  });

  it("an error budget: a line of the share left each day, from 100 % down, below 0 when overspent, a gap where there was no budget", () => {
    const budgetDays = Array.from({ length: 30 }, (_, i) => ({
      date: new Date(Date.UTC(2026, 9, 30 + i)).toISOString().slice(0, 10),
      bad: i === 10 ? 30 : 0,
      remainingSeconds: 0,
      share: i < 2 ? null : i < 10 ? 1 : -0.4,
    }));
    const { wide, narrow } = drawBudget(budgetDays, { id: "budget", title: "Budget", description: "d" });
    expect(dataXs(wide)).toHaveLength(30);
    const svg = parse(wide.svg);
    const values = [...svg.querySelectorAll("g[data-axis='value'] text")].map((t) => Number(t.textContent));
    // the axis reaches below 0, to the overspent days, and up to 100 %
    expect(Math.min(...values)).toBeLessThanOrEqual(-40);
    expect(Math.max(...values)).toBe(100);
    const line = [...svg.querySelectorAll("path")].find((p) => (p.getAttribute("style") ?? "").includes("--c-chart-response"))!;
    // one piece: it starts at the first day with a budget (the third), not at the first day
    expect(line.getAttribute("d")!.match(/M/g)).toHaveLength(1);
    expect(Number(/^M([\d.]+),/.exec(line.getAttribute("d")!)![1])).toBeCloseTo(dataXs(wide)[2], 1);
    const labels = [...parse(narrow.svg).querySelectorAll("g[data-axis='time'] text")].map((t) => t.textContent);
    expect(labels[0]).toBe("Oct 30");
    expect(labels.at(-1)).toBe("Nov 28");
  });
});
