import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { copySite } from "../../../scripts/siteCopy";

/**
 * Builds of the site from other content (broken, hostile, empty), each in a copy
 * of the project so the main build and its cache stay untouched. The copy shares
 * node_modules through a symlink.
 */
export const PROJECT = path.resolve(__dirname, "..", "..", "..");
export const VARIANTS_ROOT = path.join(os.tmpdir(), "server-monitoring-variants");

export type ContentFiles = Record<string, unknown>;

/** The variant published in a folder of a real host, as README.md's "Publishing" says to build it. */
export const PREFIXED = {
  siteUrl: "https://status.example.org",
  prefix: "/status",
  strayFile: "notes.json",
  env: { SITE_URL: "https://status.example.org", PATH_PREFIX: "/status", PREFIX_PATHS: "true" },
} as const;

export function readContent(): Record<string, unknown[]> {
  const dir = path.join(PROJECT, "content");
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => [f, JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as unknown[]]),
  );
}

/** A fresh copy of the project with `files` written over content/ (a string is written as is). */
export function makeVariant(name: string, files: Record<string, unknown>): string {
  const dir = path.join(VARIANTS_ROOT, name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  copySite(PROJECT, dir);
  for (const [file, value] of Object.entries(files)) {
    const target = path.join(dir, "content", file);
    if (value === undefined) fs.rmSync(target, { force: true });
    else fs.writeFileSync(target, typeof value === "string" ? value : JSON.stringify(value, null, 2));
  }
  return dir;
}

/**
 * Every variant is built in this one place, and webpack's cache of the bundles
 * is handed from one build to the next: webpack keys its cache by absolute path,
 * so a copy built where the last one was rebuilds only what changed (the content
 * is data, not code). A variant's build then takes about 9 s instead of 46 s; one
 * whose GATSBY_ variables or path prefix differ rebuilds the modules they reach
 * (about 20 s). Builds run one at a time: the setup builds in series, and the one
 * test that builds (broken content) runs after it.
 */
const BUILD_PLACE = path.join(VARIANTS_ROOT, "building");
const BUNDLE_CACHE = path.join(VARIANTS_ROOT, "webpack-cache");

export function buildVariant(dir: string, env: Record<string, string> = {}): { status: number | null; output: string } {
  fs.rmSync(BUILD_PLACE, { recursive: true, force: true });
  fs.renameSync(dir, BUILD_PLACE);
  const cacheInPlace = path.join(BUILD_PLACE, ".cache", "webpack");
  if (fs.existsSync(BUNDLE_CACHE)) {
    fs.mkdirSync(path.dirname(cacheInPlace), { recursive: true });
    fs.renameSync(BUNDLE_CACHE, cacheInPlace);
  }
  try {
    return buildHere(BUILD_PLACE, env);
  } finally {
    if (fs.existsSync(cacheInPlace)) fs.renameSync(cacheInPlace, BUNDLE_CACHE);
    fs.renameSync(BUILD_PLACE, dir);
  }
}

/** Starts the next builds from no cache: each run of the tests measures the same work, and the cache never outgrows one run. */
export function forgetBundleCache(): void {
  fs.rmSync(BUNDLE_CACHE, { recursive: true, force: true });
}

function buildHere(dir: string, env: Record<string, string>): { status: number | null; output: string } {
  const result = spawnSync("npx", ["gatsby", "build"], {
    cwd: dir,
    env: {
      ...process.env,
      GATSBY_TELEMETRY_DISABLED: "1",
      GATSBY_FEEDBACK_DISABLED: "1",
      CI: "1",
      NO_COLOR: "1",
      FORCE_COLOR: "0",
      ...env,
    },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

/** Serves a built variant on 127.0.0.1 with Gatsby's own static server. */
export async function serveVariant(dir: string, port: number): Promise<{ url: string; stop: () => void }> {
  const child: ChildProcess = spawn("npx", ["gatsby", "serve", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: dir,
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" },
    stdio: "ignore",
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const response = await fetch(`${url}/`);
      if (response.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`gatsby serve did not start on ${url}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: () => {
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        // already gone
      }
    },
  };
}

/**
 * Serves the built variant `name` for the tests of one spec file: its tests run
 * in order in one worker, around one server. Returns the site's base URL getter.
 */
export function serveBuiltVariant(
  test: {
    describe: { configure: (o: { mode: "default" }) => void };
    beforeAll: (f: () => Promise<void>) => void;
    afterAll: (f: () => void) => void;
  },
  name: string,
  port: number,
): () => string {
  test.describe.configure({ mode: "default" });
  let site: { url: string; stop: () => void } | undefined;
  test.beforeAll(async () => {
    const dir = fs.readFileSync(path.join(VARIANTS_ROOT, `${name}.built`), "utf8");
    site = await serveVariant(dir, port);
  });
  test.afterAll(() => site?.stop());
  return () => {
    if (!site) throw new Error(`the ${name} site is not being served`);
    return site.url;
  };
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".xml": "application/rss+xml",
  ".svg": "image/svg+xml",
  ".csv": "text/csv",
  ".txt": "text/plain",
  ".woff2": "font/woff2",
};

/**
 * Serves a build's public/ under a folder (/status/…) on 127.0.0.1, as a host
 * that keeps other sites beside it would: nothing outside the folder exists.
 * /status/map is map.html or map/index.html, as static hosts find it.
 */
export async function serveUnderPrefix(dir: string, prefix: string, port: number): Promise<{ url: string; stop: () => void }> {
  const root = path.join(dir, "public");
  const find = (urlPath: string): string | null => {
    const file = path.join(root, decodeURIComponent(urlPath));
    if (!file.startsWith(root)) return null;
    for (const candidate of [file, `${file}.html`, path.join(file, "index.html")])
      if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
    return null;
  };
  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? "/", "http://127.0.0.1");
    const inside = pathname === prefix || pathname.startsWith(`${prefix}/`);
    const file = inside ? find(pathname.slice(prefix.length) || "/") : null;
    if (!file) {
      response.writeHead(404, { "content-type": "text/plain" }).end(`not found: ${pathname}`);
      return;
    }
    response.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => server.close() };
}
