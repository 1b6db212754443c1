#!/usr/bin/env node
/**
 * npm run bench:scale [-- 6,1000,10000]: how the site grows with the number of
 * servers. For each count, builds a copy of the project whose content is a
 * generated fleet of that many servers (6: the sample content), then prints the
 * build time and what a first visit to the dashboard and the map costs (gzipped).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pageWeight } from "./page-weight.mjs";
import { generateFleet } from "./generateContent.ts";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const counts = (process.argv[2] ?? "6,1000,10000").split(",").map(Number);
const COPIED = [
  "package.json",
  "gatsby-config.ts",
  "gatsby-node.ts",
  "gatsby-browser.tsx",
  "gatsby-ssr.tsx",
  "tsconfig.json",
  "src",
  "gatsby",
  "static",
  "content",
];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log("servers  build    dashboard (first visit)  map (first visit)");
for (const n of counts) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `scale-${n}-`));
  for (const entry of COPIED) fs.cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
  fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  // 6 is the sample content as it is; other counts are a generated fleet (scripts/generateContent.ts, seed 1).
  if (n !== 6) {
    const { servers, alerts } = generateFleet(n, 1);
    fs.writeFileSync(path.join(dir, "content", "servers.json"), JSON.stringify(servers, null, 2));
    fs.writeFileSync(path.join(dir, "content", "alerts.json"), JSON.stringify(alerts, null, 2));
  }
  const started = Date.now();
  const build = spawnSync("npx", ["gatsby", "build"], {
    cwd: dir,
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", CI: "1" },
    encoding: "utf8",
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (build.status !== 0) {
    console.log(`${String(n).padStart(7)}  build failed:\n${build.stdout.slice(-2000)}${build.stderr.slice(-2000)}`);
    continue;
  }
  const publicDir = path.join(dir, "public");
  const dash = pageWeight(publicDir, "/");
  const map = pageWeight(publicDir, "/map");
  console.log(
    `${String(n).padStart(7)}  ${`${seconds} s`.padStart(5)}    ${kb(dash.total.gzip).padStart(9)} (HTML ${kb(dash.html.gzip)})      ${kb(map.total.gzip).padStart(9)}`,
  );
  fs.rmSync(dir, { recursive: true, force: true });
}
