import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { expect, test } from "@playwright/test";
import { PAGES, onDemandChunks, pageWeight } from "../../scripts/page-weight.mjs";

/**
 * Byte budgets of the production build (bytes do not vary between runs, unlike
 * timings). A first visit: HTML, scripts, app-data and page-data, gzipped.
 * npm run bench:weight prints today's figures.
 */
const PUBLIC = path.resolve(__dirname, "..", "..", "public");
const KB = 1024;
const BUDGET: Record<string, number> = {
  "/": 260 * KB, // the Victory chart is most of the difference
  "/map": 175 * KB,
  "/analytics": 165 * KB,
  "/servers": 170 * KB,
  "/security": 170 * KB,
  "/reports": 170 * KB,
  "/settings": 175 * KB,
  "/404.html": 165 * KB,
};

for (const page of PAGES) {
  test(`${page} stays within ${Math.round(BUDGET[page] / KB)} KB gzipped on a first visit, without mapbox-gl or xlsx`, () => {
    const weight = pageWeight(PUBLIC, page);
    expect(weight.total.gzip).toBeLessThanOrEqual(BUDGET[page]);
    for (const { src } of weight.scripts) {
      const body = fs.readFileSync(path.join(PUBLIC, src), "utf8");
      expect(body.includes("mapboxgl-canvas"), `${src} holds mapbox-gl`).toBe(false);
      expect(body.includes("SheetJS"), `${src} holds xlsx`).toBe(false);
      // The status feed's client (TanStack Query, the schema checker) loads only on pages that follow a feed.
      expect(body.includes("status-feed"), `${src} holds the feed client`).toBe(false);
      // The toasts (react-hot-toast, with goober) load with the first toast.
      expect(body.includes("_goober"), `${src} holds the toasts' code`).toBe(false);
    }
    const html = fs.readFileSync(
      path.join(PUBLIC, page === "/" ? "index.html" : page.endsWith(".html") ? page : `${page}/index.html`),
      "utf8",
    );
    expect(html).not.toContain(".mapboxgl-map");
  });
}

test("the flat world map stays small", () => {
  const svg = fs.readFileSync(path.join(PUBLIC, "world-land.svg"));
  expect(zlib.gzipSync(svg, { level: 9 }).length).toBeLessThanOrEqual(30 * KB);
});

test("the code loaded on demand stays within its budget: xlsx (mini build) 80 KB, mapbox-gl 520 KB", () => {
  const lazy = onDemandChunks(PUBLIC);
  expect(lazy.xlsx).toBeGreaterThan(0);
  expect(lazy.xlsx!).toBeLessThanOrEqual(80 * KB);
  expect(lazy.mapbox).toBeGreaterThan(0);
  expect(lazy.mapbox!).toBeLessThanOrEqual(520 * KB);
});
