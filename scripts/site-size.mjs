#!/usr/bin/env node
/**
 * npm run site-size [-- --host github-pages] [--dir public] [--max-bytes N]: does the
 * built site fit where the workflow publishes it (scripts/siteSize.mjs)? The workflow
 * runs it after the build and before deploying; exit 1 with the reason when it does not.
 * The host is --host, else SITE_HOST, else github-pages.
 */
import fs from "node:fs";
import { describeSite, HOSTS, judgeSite, measureSite } from "./siteSize.mjs";

function option(args, name) {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args[at + 1];
}

{
  const args = process.argv.slice(2);
  const dir = option(args, "--dir") ?? "public";
  const host = option(args, "--host") ?? (process.env.SITE_HOST || "github-pages");
  const maxBytes = option(args, "--max-bytes");
  if (!fs.existsSync(dir)) {
    console.error(`${dir} does not exist: build the site first (npm run build).`);
    process.exit(1);
  }
  if (!HOSTS[host]) {
    console.error(`Unknown host "${host}" (--host or SITE_HOST): one of ${Object.keys(HOSTS).join(", ")}.`);
    process.exit(1);
  }
  if (maxBytes !== undefined && !(Number(maxBytes) > 0)) {
    console.error(`--max-bytes must be a number of bytes above 0, not "${maxBytes}".`);
    process.exit(1);
  }
  const measured = measureSite(dir);
  console.log(describeSite(measured, dir));
  const problems = judgeSite(measured, host, maxBytes === undefined ? undefined : Number(maxBytes));
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem);
    process.exit(1);
  }
  console.log(`It fits ${HOSTS[host].name}.`);
}
