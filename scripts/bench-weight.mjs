#!/usr/bin/env node
/**
 * npm run bench:weight: bytes each page sends on a first visit (HTML + scripts),
 * from the current production build. Run `npm run build` first.
 */
import path from "node:path";
import { PAGES, onDemandChunks, pageWeight } from "./page-weight.mjs";

const publicDir = path.resolve(process.argv[2] ?? "public");
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`First-visit weight per page (${publicDir}), gzip -9:\n`);
console.log("page            HTML       JS + data  total");
for (const page of PAGES) {
  const w = pageWeight(publicDir, page);
  const scripts = w.scripts.reduce((n, f) => n + f.gzip, 0);
  console.log(`${page.padEnd(15)} ${kb(w.html.gzip).padStart(9)}  ${kb(scripts).padStart(9)}  ${kb(w.total.gzip).padStart(9)}`);
}
const lazy = onDemandChunks(publicDir);
console.log(`\nLoaded on demand: mapbox-gl ${kb(lazy.mapbox ?? 0)} (Initialize Map), xlsx ${kb(lazy.xlsx ?? 0)} (Export Report)`);
