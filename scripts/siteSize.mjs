/**
 * What npm run site-size (scripts/site-size.mjs) measures and judges: does the built site fit where the workflow publishes it? Counts every file
 * under the folder (links are not followed), says the total, how many files,
 * the heaviest file and what a server adds, and fails with what to do when the
 * host would refuse it. The workflow runs it after the build, before deploying:
 * a site over GitHub Pages' limit fails to deploy (or deploys a truncated
 * site), and the run should say why in words, not in a deploy error.
 *
 * Hosts' limits are their own documentation's (docs/operators.md, "Publishing"):
 *   github-pages            a published site of at most 1 GB; deployments time out after 10 minutes
 *   cloudflare-pages        20,000 files a site (Free plan), 25 MiB a file
 *   cloudflare-pages-paid   100,000 files a site (paid plans), 25 MiB a file
 *   s3                      S3-compatible storage behind a CDN: no limit a site of ours reaches
 */
import fs from "node:fs";
import path from "node:path";

const MB = 1_000_000;
const MIB = 1024 * 1024;

/** What each host takes. `bytes`: the whole site; `files`: how many; `fileBytes`: one file. */
export const HOSTS = {
  "github-pages": { name: "GitHub Pages", bytes: 1000 * MB, source: 'GitHub\'s documentation, "GitHub Pages limits"' },
  "cloudflare-pages": {
    name: "Cloudflare Pages (Free plan)",
    files: 20_000,
    fileBytes: 25 * MIB,
    source: 'Cloudflare\'s documentation, "Pages limits"',
  },
  "cloudflare-pages-paid": {
    name: "Cloudflare Pages (paid plans)",
    files: 100_000,
    fileBytes: 25 * MIB,
    source: 'Cloudflare\'s documentation, "Pages limits"',
  },
  s3: { name: "S3-compatible storage behind a CDN", source: "no limit for a site" },
};

/** Every regular file under `dir`: the total bytes, the count, the heaviest, and the servers' own pages (servers/<id>/). */
export function measureSite(dir) {
  let bytes = 0;
  let files = 0;
  let heaviest = { file: null, bytes: 0 };
  const walk = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const size = fs.statSync(full).size;
        bytes += size;
        files += 1;
        if (size > heaviest.bytes) heaviest = { file: path.relative(dir, full), bytes: size };
      }
    }
  };
  walk(dir);
  const serversDir = path.join(dir, "servers");
  const servers = fs.existsSync(serversDir) ? fs.readdirSync(serversDir, { withFileTypes: true }).filter((e) => e.isDirectory()).length : 0;
  return { bytes, files, heaviest, servers };
}

const mb = (bytes) => `${(bytes / MB).toLocaleString("en-US", { maximumFractionDigits: 1 })} MB`;
const count = (n) => n.toLocaleString("en-US");

/**
 * The problems the host would have with a site so measured (empty: it fits), each in words
 * with what to do. `maxBytes` sets a lower bound of one's own (room for growth).
 */
export function judgeSite(measured, hostKey, maxBytes) {
  const host = HOSTS[hostKey];
  if (!host) throw new Error(`Unknown host "${hostKey}": one of ${Object.keys(HOSTS).join(", ")}`);
  const problems = [];
  const limit = Math.min(host.bytes ?? Infinity, maxBytes ?? Infinity);
  const what = 'Publish to a host that takes larger sites: docs/operators.md, "Publishing" (the workflow\'s SITE_HOST).';
  if (measured.bytes > limit) {
    const whose = limit === host.bytes ? `${host.name}'s limit for a published site (${host.source})` : `the limit set with --max-bytes`;
    problems.push(`The site is ${mb(measured.bytes)}: over ${mb(limit)}, ${whose}. ${what}`);
  }
  if (host.files !== undefined && measured.files > host.files) {
    problems.push(`The site has ${count(measured.files)} files: over ${count(host.files)}, ${host.name}'s limit (${host.source}). ${what}`);
  }
  if (host.fileBytes !== undefined && measured.heaviest.bytes > host.fileBytes) {
    problems.push(
      `${measured.heaviest.file} is ${mb(measured.heaviest.bytes)}: over ${mb(host.fileBytes)}, ${host.name}'s limit for one file (${host.source}).`,
    );
  }
  return problems;
}

/** The summary line: what the site weighs, and what a server adds to it. */
export function describeSite(measured, dir) {
  const perServer = measured.servers > 0 ? `; ${count(measured.servers)} server pages` : "";
  return `${dir}: ${mb(measured.bytes)} in ${count(measured.files)} files${perServer}; heaviest file ${measured.heaviest.file ?? "none"} (${mb(measured.heaviest.bytes)})`;
}
