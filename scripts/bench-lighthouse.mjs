#!/usr/bin/env node
/**
 * npm run bench:lighthouse: Lighthouse scores (performance, accessibility, best
 * practices, SEO) of each page of the current production build, served on
 * 127.0.0.1, in Debian's Chromium. Lighthouse 12 is fetched by npx on first use
 * (Lighthouse 13 needs Node 22). Run `npm run build` first.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const PORT = 9400;
const pages = (process.argv[2] ?? "/,/map,/servers,/settings").split(",");
const server = spawn("npx", ["gatsby", "serve", "-H", "127.0.0.1", "-p", String(PORT)], {
  stdio: "ignore",
  detached: true,
  env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" },
});
const stop = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // gone
  }
};
process.on("exit", stop);

for (let i = 0; ; i += 1) {
  try {
    if ((await fetch(`http://127.0.0.1:${PORT}/`)).ok) break;
  } catch {
    // not yet
  }
  if (i > 240) throw new Error("the site did not start");
  await new Promise((r) => setTimeout(r, 250));
}

const out = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-"));
console.log("page           perf  a11y  best  seo   LCP      TBT     CLS    bytes");
for (const page of pages) {
  const report = path.join(out, `${page.replace(/\W/g, "_") || "home"}.json`);
  execFileSync(
    "npx",
    [
      "-y",
      "lighthouse@12",
      `http://127.0.0.1:${PORT}${page}`,
      "--quiet",
      "--output=json",
      `--output-path=${report}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-background-networking",
      "--only-categories=performance,accessibility,best-practices,seo",
    ],
    { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" } },
  );
  const { categories: c, audits: a } = JSON.parse(fs.readFileSync(report, "utf8"));
  const score = (k) => String(Math.round(c[k].score * 100)).padStart(4);
  console.log(
    `${page.padEnd(14)} ${score("performance")}  ${score("accessibility")}  ${score("best-practices")}  ${score("seo")}  ${a["largest-contentful-paint"].displayValue.padStart(7)}  ${a["total-blocking-time"].displayValue.padStart(6)}  ${a["cumulative-layout-shift"].displayValue.padStart(5)}  ${a["total-byte-weight"].displayValue}`,
  );
}
stop();
process.exit(0);
