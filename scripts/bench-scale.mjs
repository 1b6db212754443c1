#!/usr/bin/env node
/**
 * npm run bench:scale [-- 100,1000]: how the site grows with the number of
 * servers. For each count, builds a copy of the project whose servers.json holds
 * that many servers (made from the sample ones), then prints the build time and
 * what a first visit to the dashboard and the map costs (gzipped).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pageWeight } from "./page-weight.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const counts = (process.argv[2] ?? "6,100,1000").split(",").map(Number);
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
const sample = JSON.parse(fs.readFileSync(path.join(root, "content", "servers.json"), "utf8"));

function servers(n) {
  return Array.from({ length: n }, (_, i) => {
    const base = sample[i % sample.length];
    const [lon, lat] = base.coordinates;
    return {
      ...base,
      id: `${base.id}-${i}`,
      name: `${base.name}-${i}`,
      ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      coordinates: [Math.max(-180, Math.min(180, lon + ((i * 7) % 40) - 20)), Math.max(-60, Math.min(80, lat + ((i * 3) % 20) - 10))],
    };
  });
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log("servers  build    dashboard (first visit)  map (first visit)");
for (const n of counts) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `scale-${n}-`));
  for (const entry of COPIED) fs.cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
  fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  const list = servers(n);
  fs.writeFileSync(path.join(dir, "content", "servers.json"), JSON.stringify(list, null, 2));
  // alerts must name existing servers: keep the sample ones' names
  const alerts = JSON.parse(fs.readFileSync(path.join(dir, "content", "alerts.json"), "utf8"));
  const byIp = new Map(list.slice(0, sample.length).map((s, i) => [sample[i].ip, s]));
  fs.writeFileSync(
    path.join(dir, "content", "alerts.json"),
    JSON.stringify(
      alerts.map((a) => ({ ...a, server: byIp.get(a.ip).name, ip: byIp.get(a.ip).ip })),
      null,
      2,
    ),
  );
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
