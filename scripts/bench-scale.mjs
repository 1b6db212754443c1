#!/usr/bin/env node
/**
 * npm run bench:scale [-- 6,1000,10000]: how the site grows with the number of
 * servers. For each count, builds a copy of the project whose content is a
 * generated fleet of that many servers (6: the sample content), then measures:
 *
 *   - the build's time, and its ratio to the first count's (goal at 10,000, a page per server included: ≤ 3×);
 *   - per route, the static HTML plus the page data, gzipped (goal: ≤ 300 KB), and
 *     the whole list a large fleet's pages fetch after load (/api/v1/servers.json);
 *   - the servers' own pages: one per server, and the heaviest one's HTML plus page
 *     data, gzipped (goal: ≤ 40 KB; with the fleet's generated history);
 *   - in Debian's Chromium, on the production build: the longest main-thread task
 *     over 12 s of an open dashboard simulating every 5 s (goal: a tick ≤ 16 ms, no
 *     task over 50 ms), the keystrokes of three searches typed on /servers once the
 *     whole list is there (Event Timing, key to next paint: median, slowest and how
 *     many over 50 ms; goal ≤ 50 ms),
 *     and Export Report from click to file (goal ≤ 2 s) with the longest task meanwhile.
 *
 * With ":all" (every server checked, a year of history), also what is published (#45): the
 * site's bytes and files, what that makes a server, the hosts it fits, and the time of a
 * second build after one more run (the job's files five minutes on, Gatsby's cache kept:
 * a run that turned no day).
 *
 * Times vary with the machine: compare ratios and runs on the same machine.
 * Writes bench/scale.json and its tables in the docs (between their markers: scripts/docTable.mjs).
 */
/* global document, window -- the functions given to page.evaluate and waitForFunction run in the browser */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { chromium } from "@playwright/test";
import { ROUTE_PAGES, htmlFile } from "./page-weight.mjs";
import { generateFleet } from "./generatedFleet.ts";
import { writeFullAgeHistory } from "./generateHistory.ts";
import { copySite } from "./siteCopy.ts";
import { HOSTS, measureSite } from "./siteSize.mjs";
import { writeDocTable } from "./docTable.mjs";

/** A build as the workflow's (.github/workflows/monitor.yml, its Build step) runs it: with a 4 GB heap. */
const AS_THE_WORKFLOW_BUILDS = {
  ...process.env,
  GATSBY_TELEMETRY_DISABLED: "1",
  CI: "1",
  NODE_OPTIONS: "--max-old-space-size=4096",
};

/** Servers of a generated fleet that have a check and a full-age history. */
const MEASURED_SERVERS = 100;

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
// "10000:all": every server checked, with a year of history as the job keeps it (sketches, outages): the reports' share of the build.
const runs = (process.argv[2] ?? "6,1000,10000").split(",").map((spec) => ({ n: Number(spec.split(":")[0]), all: spec.endsWith(":all") }));
const gzipKb = (file) => zlib.gzipSync(fs.readFileSync(file)).length / 1024;
const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** HTML plus page data of a route, gzipped, in KB. */
function routeWeight(publicDir, route) {
  const name = route === "/" ? "index" : route === "/404.html" ? "404.html" : route.slice(1);
  return round(gzipKb(htmlFile(publicDir, route)) + gzipKb(path.join(publicDir, "page-data", name, "page-data.json")));
}

/** The servers' own pages (/servers/<id>): how many were built, and the heaviest one's HTML plus page data, gzipped (goal: ≤ 40 KB). */
function serverPages(publicDir) {
  const ids = fs
    .readdirSync(path.join(publicDir, "servers"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const heaviestKb = Math.max(0, ...ids.map((id) => routeWeight(publicDir, `/servers/${id}`)));
  return { count: ids.length, heaviestKb };
}

async function serve(dir, port) {
  const server = spawn("npx", ["gatsby", "serve", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: dir,
    stdio: "ignore",
    detached: true,
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" },
  });
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return () => {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // already gone
    }
  };
}

/** Chromium's categories that hold every task of a thread (RunTask), as Lighthouse reads them. */
const TRACE = { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] };

/** The longest task (ms) of the pages' main threads (CrRendererMain) in a Chromium trace, and how many took over 50 ms. */
function longestTask(trace) {
  const events = JSON.parse(trace.toString("utf8")).traceEvents;
  const mains = new Set(
    events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`),
  );
  const tasks = events.filter((e) => e.name === "RunTask" && e.ph === "X" && mains.has(`${e.pid}:${e.tid}`));
  const durations = tasks.map((e) => e.dur / 1000);
  return { longest: round(Math.max(0, ...durations)), over50: durations.filter((d) => d > 50).length };
}

/** What the keystroke measure types into /servers' search, one search after another. */
const SEARCHES = ["frankfurt", "10.1", "tokyo japan"];

async function browserFigures(base, n) {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
  try {
    const context = await browser.newContext({ acceptDownloads: true });
    // every 5 s (the shortest Settings allows), so 12 s hold two ticks
    await context.addInitScript(() => {
      localStorage.setItem("settings", JSON.stringify({ refreshInterval: 5, autoRefresh: true }));
    });
    await context.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.abort());
    const page = await context.newPage();
    const whole = n > 300 ? page.waitForResponse("**/api/v1/servers.json") : null;
    await page.goto(`${base}/`);
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    if (whole) await whole;
    await page.waitForTimeout(1500);

    await browser.startTracing(page, TRACE);
    await page.waitForTimeout(12_000);
    const idle = longestTask(await browser.stopTracing());

    await browser.startTracing(page, TRACE);
    const started = Date.now();
    const download = page.waitForEvent("download", { timeout: 60_000 });
    await page.getByRole("button", { name: "Export Report" }).click();
    await (await download).path();
    const exportMs = Date.now() - started;
    const exporting = longestTask(await browser.stopTracing());

    // The search runs over the whole fleet once its list is there (before that, over the
    // build's first page), so the keys are typed after the list has come and been taken in.
    const wholeOnServers = n > 300 ? page.waitForResponse("**/api/v1/servers.json") : null;
    await page.goto(`${base}/servers`);
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    if (wholeOnServers) await wholeOnServers;
    await page.waitForTimeout(1000);
    // Event Timing: each keystroke is one interaction (keydown, input, keyup share an
    // interactionId); its time is its slowest event's, from the key to the next paint.
    await page.evaluate(() => {
      window.__keys = new Map();
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          if (e.interactionId) window.__keys.set(e.interactionId, Math.max(window.__keys.get(e.interactionId) ?? 0, e.duration));
        }
      }).observe({ type: "event", durationThreshold: 16, buffered: false });
    });
    const search = page.getByRole("searchbox", { name: "Search servers" });
    for (const text of SEARCHES) {
      await search.pressSequentially(text, { delay: 150 });
      await page.waitForTimeout(500);
      await search.fill("");
      await page.waitForTimeout(500);
    }
    // Keystrokes faster than 16 ms leave no entry: they count as 16.
    const typed = SEARCHES.join("").length;
    const measured = await page.evaluate(() => [...window.__keys.values()]);
    const keys = [...measured, ...Array(Math.max(0, typed - measured.length)).fill(16)].sort((a, b) => a - b);
    return {
      idleLongestTaskMs: idle.longest,
      idleTasksOver50: idle.over50,
      keystrokeMedianMs: keys[Math.floor(keys.length / 2)],
      keystrokesOver50: keys.filter((ms) => ms > 50).length,
      keystrokes: keys.length,
      slowestKeystrokeMs: keys.at(-1),
      exportMs,
      exportLongestTaskMs: exporting.longest,
    };
  } finally {
    await browser.close();
  }
}

const rows = [];
const reportRows = [];
for (const [i, { n, all }] of runs.entries()) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `scale-${n}-`));
  copySite(root, dir);
  // 6 is the sample content as it is; other counts are a generated fleet (scripts/generatedFleet.ts, seed 1).
  if (n !== 6) {
    const { servers, alerts } = generateFleet(n, 1);
    fs.writeFileSync(path.join(dir, "content", "servers.json"), JSON.stringify(servers, null, 2));
    fs.writeFileSync(path.join(dir, "content", "alerts.json"), JSON.stringify(alerts, null, 2));
    // A hundred of them checked, with a history at full age (what a repository of the job's files suits): their pages are the heaviest.
    const checked = all ? servers : servers.slice(0, MEASURED_SERVERS);
    for (const server of checked) server.check = { url: `https://${server.id}.example.org/health` };
    fs.writeFileSync(path.join(dir, "content", "servers.json"), JSON.stringify(servers, null, 2));
    writeFullAgeHistory(
      path.join(dir, "content"),
      checked.map((server) => server.id),
      Date.now() - 60_000,
      7,
      all,
    );
  }
  const started = Date.now();
  const build = spawnSync("npx", ["gatsby", "build"], {
    cwd: dir,
    env: AS_THE_WORKFLOW_BUILDS,
    encoding: "utf8",
  });
  const buildSeconds = Math.round((Date.now() - started) / 1000);
  if (build.status !== 0) {
    console.log(`${n}: build failed:\n${build.stdout.slice(-2000)}${build.stderr.slice(-2000)}`);
    continue;
  }
  const publicDir = path.join(dir, "public");
  let published = {};
  if (all) {
    const site = measureSite(publicDir);
    published = {
      publishedMb: round(site.bytes / 1e6),
      publishedFiles: site.files,
      perServerKb: round(site.bytes / n / 1000),
      fits: Object.entries(HOSTS)
        .filter(([, host]) => (host.bytes ?? Infinity) >= site.bytes && (host.files ?? Infinity) >= site.files)
        .map(([key]) => key),
    };
  }
  const routes = Object.fromEntries(ROUTE_PAGES.map((route) => [route, routeWeight(publicDir, route)]));
  const pages = serverPages(publicDir);
  let browserRow = {};
  // A run with every server checked measures what the reports cost the build; the browser figures are the other runs'.
  if (!all) {
    const stop = await serve(dir, 9450 + i);
    try {
      browserRow = await browserFigures(`http://127.0.0.1:${9450 + i}`, n);
    } finally {
      stop();
    }
  }
  // One more run, as the job would leave it five minutes on (every server's last hours move), built again with Gatsby's cache.
  if (all) {
    const ids = JSON.parse(fs.readFileSync(path.join(dir, "content", "servers.json"), "utf8")).map((server) => server.id);
    writeFullAgeHistory(path.join(dir, "content"), ids, Date.now() - 60_000 + 5 * 60_000, 7, true);
    const again = Date.now();
    const second = spawnSync("npx", ["gatsby", "build"], {
      cwd: dir,
      env: AS_THE_WORKFLOW_BUILDS,
      encoding: "utf8",
    });
    published.secondBuildSeconds = second.status === 0 ? Math.round((Date.now() - again) / 1000) : null;
  }
  // The build says how long its reports took (gatsby/pages/reportTiming.ts).
  const reportsSeconds = Number(/Reports \(#33\) took ([\d.]+) s/.exec(build.stdout)?.[1] ?? NaN);
  const row = {
    servers: n,
    checked: all ? n : Math.min(n, n === 6 ? 0 : MEASURED_SERVERS),
    reportsSeconds,
    reportsShare: round(reportsSeconds / buildSeconds, 3),
    reportMonths: fs.existsSync(path.join(publicDir, "api", "v1", "reports"))
      ? fs.readdirSync(path.join(publicDir, "api", "v1", "reports")).length
      : 0,
    buildSeconds,
    buildRatio: rows.length === 0 ? 1 : round(buildSeconds / rows[0].buildSeconds, 2),
    routesKb: routes,
    heaviestRouteKb: Math.max(...Object.values(routes)),
    wholeListKb: round(gzipKb(path.join(publicDir, "api", "v1", "servers.json"))),
    serverPages: pages.count,
    heaviestServerPageKb: pages.heaviestKb,
    ...published,
    ...browserRow,
  };
  (all ? reportRows : rows).push(row);
  console.log(JSON.stringify(row));
  // BENCH_KEEP=1 leaves the built site to look into (its folder is printed).
  if (process.env.BENCH_KEEP) console.log(`kept: ${dir}`);
  else fs.rmSync(dir, { recursive: true, force: true });
}

console.log(
  "\nservers  build (×)     heaviest route  whole list  server pages (heaviest)  idle: longest task (>50 ms)  keystroke: median, slowest (>50 ms)  export (longest task)",
);
for (const r of rows) {
  console.log(
    `${String(r.servers).padStart(7)}  ${`${r.buildSeconds} s (${r.buildRatio}×)`.padEnd(12)}  ${`${r.heaviestRouteKb} KB`.padStart(14)}  ${`${r.wholeListKb} KB`.padStart(10)}  ${`${r.serverPages} (${r.heaviestServerPageKb} KB)`.padStart(23)}  ${`${r.idleLongestTaskMs} ms (${r.idleTasksOver50})`.padStart(27)}  ${`${r.keystrokeMedianMs}, ${r.slowestKeystrokeMs} ms (${r.keystrokesOver50} of ${r.keystrokes})`.padStart(34)}  ${r.exportMs} ms (${r.exportLongestTaskMs} ms)`,
  );
}
fs.mkdirSync(path.join(root, "bench"), { recursive: true });
/** Writes a table between a doc's markers (scripts/docTable.mjs), stamped with the command. */
function writeTable(marker, command, table) {
  const stamp = `\`${command}\`, ${new Date().toISOString().slice(0, 10)}, on this project's 2-core machine:`;
  writeDocTable(root, marker, `${stamp}\n\n${table}`);
}

if (reportRows.length > 0) {
  const command = `npm run bench:scale -- ${runs
    .filter((r) => r.all)
    .map((r) => `${r.n}:all`)
    .join(",")}`;
  fs.writeFileSync(
    path.join(root, "bench", "scale-reports.json"),
    `${JSON.stringify({ command, date: new Date().toISOString(), rows: reportRows }, null, 2)}\n`,
  );
  spawnSync("npx", ["prettier", "--write", path.join("bench", "scale-reports.json")], { cwd: root, stdio: "ignore" });
  writeTable(
    "scale-reports",
    command,
    [
      "| servers, all checked with a year of history | build | reports (share of the build) | months reported | heaviest route (HTML + page data, gzip) | /reports (HTML + page data, gzip) |",
      "|---|---|---|---|---|---|",
      ...reportRows.map(
        (r) =>
          `| ${r.servers.toLocaleString("en-US")} | ${r.buildSeconds} s | ${r.reportsSeconds} s (${Math.round(r.reportsShare * 1000) / 10} %) | ${r.reportMonths} | ${r.heaviestRouteKb} KB | ${r.routesKb["/reports"]} KB |`,
      ),
    ].join("\n"),
  );
  writeTable(
    "scale-publish",
    command,
    [
      "| servers, all checked with a year of history | published | files | a server (published ÷ servers) | full build | build after one more run (cache kept) | fits |",
      "|---|---|---|---|---|---|---|",
      ...reportRows.map(
        (r) =>
          `| ${r.servers.toLocaleString("en-US")} | ${r.publishedMb.toLocaleString("en-US")} MB | ${r.publishedFiles.toLocaleString("en-US")} | ${r.perServerKb} KB | ${r.buildSeconds} s | ${r.secondBuildSeconds === null ? "failed" : `${r.secondBuildSeconds} s`} | ${r.fits.map((key) => HOSTS[key].name).join(", ")} |`,
      ),
    ].join("\n"),
  );
}
if (rows.length === 0) process.exit(0);

fs.writeFileSync(
  path.join(root, "bench", "scale.json"),
  `${JSON.stringify(
    {
      command: `npm run bench:scale -- ${runs
        .filter((r) => !r.all)
        .map((r) => r.n)
        .join(",")}`,
      date: new Date().toISOString(),
      rows,
    },
    null,
    2,
  )}\n`,
);

const table = [
  "| servers | build | heaviest route (HTML + page data, gzip) | whole list fetched after load (gzip) | server pages (heaviest, gzip) | idle: longest task (tasks > 50 ms) | keystroke: median, slowest (over 50 ms) | Export Report (longest task) |",
  "|---|---|---|---|---|---|---|---|",
  ...rows.map(
    (r) =>
      `| ${r.servers.toLocaleString("en-US")} | ${r.buildSeconds} s (${r.buildRatio}×) | ${r.heaviestRouteKb} KB | ${r.wholeListKb} KB | ${r.serverPages.toLocaleString("en-US")} (${r.heaviestServerPageKb} KB) | ${r.idleLongestTaskMs} ms (${r.idleTasksOver50}) | ${r.keystrokeMedianMs} ms, ${r.slowestKeystrokeMs} ms (${r.keystrokesOver50} of ${r.keystrokes}) | ${r.exportMs} ms (${r.exportLongestTaskMs} ms) |`,
  ),
].join("\n");
writeTable(
  "scale",
  `npm run bench:scale -- ${runs
    .filter((r) => !r.all)
    .map((r) => r.n)
    .join(",")}`,
  table,
);
