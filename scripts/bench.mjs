#!/usr/bin/env node
/**
 * npm run bench: how fast the site is on a phone. Builds the production site,
 * serves it on 127.0.0.1 with gzip (as a CDN does), and for every route prints
 * its first-load JavaScript (gzip bytes, from the build), and Lighthouse's mobile
 * figures: the four scores, LCP, TBT, CLS and the bytes transferred, each the
 * median of 3 runs. Writes the figures to bench/performance.json and the table
 * into docs/contributors.md's Performance section.
 *
 *   npm run bench                  build, then measure every route
 *   npm run bench -- --no-build    measure the current build
 *   npm run bench -- --runs 5 /,/map
 *
 * Lighthouse 12 comes through npx on first use (13 needs Node 22); Chromium is
 * Debian's (CHROMIUM_PATH to use another). A benchmark: npm test never depends on timings.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PAGES, firstLoadJs } from "./page-weight.mjs";
import { writeDocTable } from "./docTable.mjs";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const runs = Number(option("--runs", "3"));
const routes = (args.find((a) => a.startsWith("/")) ?? PAGES.join(",")).split(",");
const PORT = 9400;

if (!flag("--no-build")) execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });

const server = spawn("npx", ["gatsby", "serve", "-H", "127.0.0.1", "-p", String(PORT)], {
  cwd: root,
  stdio: "ignore",
  detached: true,
  env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" },
});
const stop = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
};
process.on("exit", stop);
for (let i = 0; ; i += 1) {
  try {
    if ((await fetch(`http://127.0.0.1:${PORT}/`)).ok) break;
  } catch {
    // not up yet
  }
  if (i > 240) throw new Error("the site did not start");
  await new Promise((r) => setTimeout(r, 250));
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** One Lighthouse run (mobile, its default profile: simulated 4G and a 4× slower CPU). */
function lighthouse(route, out) {
  const report = path.join(out, "report.json");
  execFileSync(
    "npx",
    [
      "-y",
      "lighthouse@12",
      // Lighthouse will not measure a page answered with status 404: the 404 page is measured at its own address.
      `http://127.0.0.1:${PORT}${route}`,
      "--quiet",
      "--output=json",
      `--output-path=${report}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-background-networking",
      "--only-categories=performance,accessibility,best-practices,seo",
    ],
    { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" } },
  );
  const { categories: c, audits: a } = JSON.parse(fs.readFileSync(report, "utf8"));
  return {
    performance: c.performance.score,
    accessibility: c.accessibility.score,
    bestPractices: c["best-practices"].score,
    seo: c.seo.score,
    lcpMs: a["largest-contentful-paint"].numericValue,
    tbtMs: a["total-blocking-time"].numericValue,
    cls: a["cumulative-layout-shift"].numericValue,
    transferBytes: a["total-byte-weight"].numericValue,
  };
}

const out = fs.mkdtempSync(path.join(os.tmpdir(), "bench-"));
const rows = [];
for (const route of routes) {
  const samples = Array.from({ length: runs }, () => lighthouse(route, out));
  const row = { route, firstLoadJsGzip: firstLoadJs(path.join(root, "public"), route).gzip };
  for (const key of Object.keys(samples[0])) row[key] = median(samples.map((s) => s[key]));
  rows.push(row);
  console.error(`measured ${route}`);
}
stop();

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const score = (s) => String(Math.round(s * 100));
const table = [
  "| route | first-load JS (gzip) | transfer | performance | accessibility | best practices | SEO | LCP | TBT | CLS |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ...rows.map(
    (r) =>
      `| ${r.route} | ${kb(r.firstLoadJsGzip)} | ${kb(r.transferBytes)} | ${score(r.performance)} | ${score(r.accessibility)} | ${score(r.bestPractices)} | ${score(r.seo)} | ${(r.lcpMs / 1000).toFixed(1)} s | ${Math.round(r.tbtMs)} ms | ${r.cls.toFixed(3)} |`,
  ),
].join("\n");
console.log(table);

const measuredAt = new Date().toISOString();
fs.mkdirSync(path.join(root, "bench"), { recursive: true });
fs.writeFileSync(
  path.join(root, "bench", "performance.json"),
  JSON.stringify({ measuredAt, runs, lighthouse: "12, mobile", node: process.version, routes: rows }, null, 2) + "\n",
);

// The docs show the latest table, between its markers (scripts/docTable.mjs).
if (routes.length === PAGES.length) {
  const doc = writeDocTable(
    root,
    "bench",
    `Measured ${measuredAt.slice(0, 10)} with \`npm run bench\` (median of ${runs} Lighthouse 12 mobile runs; first-load JS from the build):\n\n${table}`,
  );
  if (doc) console.error(`${doc}: Performance table updated`);
}
process.exit(0);
