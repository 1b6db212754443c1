import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { expect, test } from "@playwright/test";
import {
  PAGES,
  SERVER_PAGE,
  firstLoadJs,
  holdsVictory,
  htmlFile,
  htmlScripts,
  onDemandChunks,
  pageWeight,
  sheetJsChunks,
  victoryChunks,
} from "../../scripts/page-weight.mjs";

/**
 * Byte budgets of the production build (bytes do not vary between runs, unlike
 * timings). First-load JavaScript: every script a first visit runs before anyone
 * touches the page (the HTML's scripts and webpack's chunk group of the page,
 * shared chunks included), gzipped. npm run bench:weight and npm run bench print
 * today's figures.
 *
 * The budgets are the goals: 150 KB on the dashboard and 120 KB elsewhere (today
 * 100–111 KB; README, Performance). Under every page is the same base, the scripts
 * the HTML names (React, Gatsby's runtime, the shell): it has its own, tighter
 * budget, since every page pays for it. It was 115 KB while styles were
 * styled-components (a CSS-in-JS runtime of 11 KB with its CSS parser); the styles
 * are stylesheets now, and a runtime coming back would fail here. (webpack splits
 * shared chunks a little differently from a clean build than from a cached one, by
 * up to 0.7 KB.)
 */
const PUBLIC = path.resolve(__dirname, "..", "..", "public");
const KB = 1024;
const JS_BUDGET: Record<string, number> = {
  "/": 150 * KB,
  "/map": 120 * KB,
  "/analytics": 120 * KB,
  "/servers": 120 * KB,
  "/incidents": 120 * KB,
  "/security": 120 * KB,
  "/reports": 120 * KB,
  "/objectives": 120 * KB,
  "/settings": 120 * KB,
  "/404.html": 120 * KB,
  // A server's own page (the sample's: its charts are SVG in the HTML, never script).
  [SERVER_PAGE]: 120 * KB,
};
/** The whole first visit (HTML, scripts, app and page data), which content can grow. */
const TOTAL_BUDGET = 160 * KB;
/**
 * The scripts in every page's HTML (webpack's runtime, React, Gatsby's runtime and the shell): 106.5 KB
 * since the shell carries the banner of incidents and maintenance (#22), which every page's static HTML shows
 * and hydrates (it was under 102 KB before).
 */
const BASE_BUDGET = 107 * KB;

test(`every page's base (the scripts its HTML names) within ${BASE_BUDGET / KB} KB gzipped`, () => {
  for (const page of PAGES) {
    const html = fs.readFileSync(htmlFile(PUBLIC, page), "utf8");
    const base = htmlScripts(html).reduce((n, src) => n + zlib.gzipSync(fs.readFileSync(path.join(PUBLIC, src)), { level: 9 }).length, 0);
    expect(base, page).toBeGreaterThan(60 * KB);
    expect(base, page).toBeLessThanOrEqual(BASE_BUDGET);
  }
});

for (const page of PAGES) {
  test(`${page}: first-load JavaScript within ${Math.round(JS_BUDGET[page] / KB)} KB gzipped, without mapbox-gl, xlsx or code loaded on demand`, () => {
    const js = firstLoadJs(PUBLIC, page);
    expect(js.gzip).toBeLessThanOrEqual(JS_BUDGET[page]);
    expect(pageWeight(PUBLIC, page).total.gzip).toBeLessThanOrEqual(TOTAL_BUDGET);
    for (const { src } of js.scripts) {
      const body = fs.readFileSync(path.join(PUBLIC, src), "utf8");
      expect(body.includes("mapboxgl-canvas"), `${src} holds mapbox-gl`).toBe(false);
      expect(body.includes("SheetJS"), `${src} holds xlsx`).toBe(false);
      // The charts are drawn with Victory at build time (src/charts): its code never reaches a page.
      expect(holdsVictory(body), `${src} holds Victory`).toBe(false);
      // The status feed's client (TanStack Query, the schema checker) loads only on pages that follow a feed.
      expect(body.includes("status-feed"), `${src} holds the feed client`).toBe(false);
      // The toasts (react-hot-toast, with goober) load with the first toast.
      expect(body.includes("_goober"), `${src} holds the toasts' code`).toBe(false);
      // The globe's own code (clusters, camera fitting) comes with mapbox-gl.
      expect(body.includes("server-clusters"), `${src} holds the globe's code`).toBe(false);
      // Dialogs' panels come with the first click that opens one.
      expect(body.includes("data-radix-focus-guard"), `${src} holds a dialog panel`).toBe(false);
      // The web editor (Decap CMS and ours) is /admin's alone.
      expect(/decap-cms|CMS_MANUAL_INIT/.test(body), `${src} holds the web editor`).toBe(false);
    }
    const html = fs.readFileSync(htmlFile(PUBLIC, page), "utf8");
    expect(html).not.toContain(".mapboxgl-map");
    expect(html).not.toMatch(/admin\/(editor|decap-cms)\.js/);
  });
}

test("CSS Modules' class names are short hashes in the production build (gatsby/webpack.ts)", () => {
  for (const page of PAGES) {
    const html = fs.readFileSync(htmlFile(PUBLIC, page), "utf8");
    expect(html, page).toMatch(/class="_?[\w-]{6}[ "]/);
    expect(html, page).not.toContain("-module--");
  }
});

test("the flat world map stays small", () => {
  const svg = fs.readFileSync(path.join(PUBLIC, "world-land.svg"));
  expect(zlib.gzipSync(svg, { level: 9 }).length).toBeLessThanOrEqual(30 * KB);
});

test("SheetJS is loaded only by the export's worker, never by a page", () => {
  const stats = JSON.parse(fs.readFileSync(path.join(PUBLIC, "webpack.stats.json"), "utf8")) as {
    assetsByChunkName: { app: string[] };
    namedChunkGroups: Record<string, { assets: Array<{ name: string }> }>;
  };
  const sheetJs = sheetJsChunks(PUBLIC);
  expect(sheetJs.length).toBeGreaterThan(0);
  // The pages' runtime names every chunk a page can load: none of them holds SheetJS.
  const pagesRuntime = fs.readFileSync(
    path.join(
      PUBLIC,
      stats.assetsByChunkName.app.find((f) => f.startsWith("webpack-runtime"))!,
    ),
    "utf8",
  );
  for (const file of sheetJs)
    expect(pagesRuntime.includes(file.replace(/-[0-9a-f]+\.js$/, "")), `${file} is loadable by a page`).toBe(false);
  // The worker's own runtime does load it.
  const worker = stats.namedChunkGroups.workbook.assets.map((a) => a.name).find((f) => f.endsWith(".js"))!;
  const workerRuntime = fs.readFileSync(path.join(PUBLIC, worker), "utf8");
  expect(sheetJs.some((file) => workerRuntime.includes(file))).toBe(true);
});

test("no script of the build holds Victory, while the dashboard's HTML holds the chart it drew", () => {
  expect(victoryChunks(PUBLIC)).toEqual([]);
  const html = fs.readFileSync(htmlFile(PUBLIC, "/"), "utf8");
  expect(html).toContain('data-chart="performance"');
  // Victory's drawing, with its ids from the chart's: no id left to chance.
  expect(html).toContain('clip-path="url(#performance-responseTime-clip)"');
  expect(html).not.toContain("url(#undefined)");
});

test("the code loaded on demand stays within its budget: xlsx (mini build) 80 KB, mapbox-gl 520 KB", () => {
  const lazy = onDemandChunks(PUBLIC);
  expect(lazy.xlsx).toBeGreaterThan(0);
  expect(lazy.xlsx!).toBeLessThanOrEqual(80 * KB);
  expect(lazy.mapbox).toBeGreaterThan(0);
  expect(lazy.mapbox!).toBeLessThanOrEqual(520 * KB);
});

test("/admin is the only route that loads the web editor: Decap's bundle as its package ships it (no source maps), and ours within 332 KB gzipped", () => {
  const admin = path.join(PUBLIC, "admin");
  const html = fs.readFileSync(path.join(admin, "index.html"), "utf8");
  expect(html).toContain('<script src="editor.js"></script>');
  const files = fs.readdirSync(admin);
  expect(files.filter((f) => f.endsWith(".map"))).toEqual([]);
  // Decap's bundle, byte for byte from its npm package, loaded by our code on /admin
  const decap = fs.readFileSync(path.join(admin, "decap-cms.js"));
  expect(decap.equals(fs.readFileSync(require.resolve("decap-cms/dist/decap-cms.js")))).toBe(true);
  expect(fs.readFileSync(path.join(admin, "editor.js"), "utf8")).toContain("decap-cms.js");
  const ours = zlib.gzipSync(fs.readFileSync(path.join(admin, "editor.js")), { level: 9 }).length;
  // 320 KB until heartbeats (#49): the editor's validation judges a heartbeat's cron as the build does, with croner (306 to
  // 321 KB: croner about 10 KB, the heartbeat rules the rest).
  expect(ours).toBeLessThanOrEqual(332 * KB);
  const all = files.reduce((n, f) => n + zlib.gzipSync(fs.readFileSync(path.join(admin, f)), { level: 9 }).length, 0);
  expect(all).toBeLessThanOrEqual(2400 * KB);
  // no script of the pages names it: nothing but the address leads there
  for (const file of fs.readdirSync(PUBLIC).filter((f) => f.endsWith(".js"))) {
    expect(/decap-cms\.js|editor\.js/.test(fs.readFileSync(path.join(PUBLIC, file), "utf8")), file).toBe(false);
  }
});
