/**
 * npm run bench:charts
 *
 * What the charts drawn at build time (src/charts, Victory in Node) cost: the
 * time to load Victory and draw a first chart, each chart's drawing time (wide
 * and narrow; the median of 25 runs after a first), and the bytes a drawing
 * adds to a page: its markup in the HTML and the drawing in the page's data,
 * gzipped (-9). The data are made up in the shapes the pages use (6 points of
 * the dashboard's sample; 168 hours, 90 days, 90 bars of a server's history).
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { ChartDrawings } from "../src/model/charts/chartDrawing";
import type { ChartPoint } from "../src/domain/kernel/types";

const gz = (s: string) => zlib.gzipSync(s, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  const started = performance.now();
  const { drawPerformance } = await import("../src/charts/drawPerformance");
  const { drawResponse } = await import("../src/charts/drawResponse");
  const { drawDayBars } = await import("../src/charts/drawDayBars");
  const loaded = performance.now();
  const sample = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "content", "performance.json"), "utf8")) as ChartPoint[];
  drawPerformance(sample, { id: "performance", title: "t", description: "d" });
  console.log(
    `load Victory and src/charts: ${(loaded - started).toFixed(0)} ms; first drawing: ${(performance.now() - loaded).toFixed(0)} ms`,
  );

  const hours = Array.from({ length: 168 }, (_, i) => ({
    at: new Date(Date.UTC(2026, 10, 17, i)).toISOString(),
    total: 12,
    answered: 12,
    median: 40 + ((i * 7) % 23),
    p95: 90 + ((i * 13) % 41),
  }));
  const daily = Array.from({ length: 90 }, (_, i) => ({
    at: new Date(Date.UTC(2026, 7, 27 + i)).toISOString().slice(0, 10),
    total: 288,
    answered: 288,
    median: 40 + ((i * 7) % 23),
    p95: 90 + ((i * 13) % 41),
  }));
  const days = daily.map((d, i) => ({ date: d.at, up: 288 - (i % 11 === 0 ? 5 : 0), total: 288 }));
  const text = { title: "A chart", description: "What it shows." };
  const cases: Array<[string, () => ChartDrawings]> = [
    ["dashboard, 24 hours (6 points)", () => drawPerformance(sample, { id: "performance", ...text })],
    ["response times, hourly (168)", () => drawResponse(hours, { id: "hourly", unit: "hour", ...text })],
    ["response times, daily (90)", () => drawResponse(daily, { id: "daily", unit: "day", ...text })],
    ["daily bars (90)", () => drawDayBars(days, { id: "days", ...text })],
  ];
  console.log("\nchart                            draw (median)  HTML (gz)  page data (gz)");
  for (const [name, draw] of cases) {
    let drawings = draw();
    const times: number[] = [];
    for (let k = 0; k < 25; k += 1) {
      const t = performance.now();
      drawings = draw();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const html = gz(drawings.wide.svg + drawings.narrow.svg);
    console.log(
      `${name.padEnd(32)} ${`${times[12].toFixed(1)} ms`.padStart(13)}  ${kb(html).padStart(9)}  ${kb(gz(JSON.stringify(drawings))).padStart(14)}`,
    );
  }
}

void main();
