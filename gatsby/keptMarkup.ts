import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { ChartDrawings, Drawing, PageDrawing } from "../src/model/charts/chartDrawing";

/**
 * The build's store of markup kept in pages' HTML only (src/components/ui/keptMarkup.ts):
 * createPages keeps each drawing here under a hash of it and gives the page its key;
 * the pages' rendering (gatsby-ssr.tsx, in Gatsby's render workers) reads it back.
 * It lives in .cache, which a build starts from and `gatsby clean` removes; a build keeps
 * what is still used from the last one (startKeptMarkup, pruneKeptMarkup).
 */
const storeDir = () => path.join(process.cwd(), ".cache", "kept-markup");

/** The key of a markup: 16 hex digits of its SHA-256 (a page's data changes when its drawing does). */
export const markupKey = (markup: string): string => crypto.createHash("sha256").update(markup).digest("hex").slice(0, 16);

/** The keys this build's pages use (createPages and onPostBuild run in the build's own process). */
let used: Set<string> | null = null;

/**
 * A build starts using the store. The store is kept from one build to the next: a drawing that
 * did not change since the last run (a server's daily bars, its narrow axes) keeps its file and
 * is not written again; pruneKeptMarkup removes, after the pages are rendered, what no page of
 * this build uses (#45: 60,000 writes and as many deletions a 10,000-server build did not need).
 */
export function startKeptMarkup(): void {
  used = new Set();
  fs.mkdirSync(storeDir(), { recursive: true });
}

/** Keeps a markup and gives its key: written once (through a file of its own, renamed, so a stopped build leaves no half). */
export function keepMarkup(markup: string): string {
  const key = markupKey(markup);
  used?.add(key);
  const file = path.join(storeDir(), `${key}.svg`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(storeDir(), { recursive: true });
    const partial = `${file}.${process.pid}.part`;
    fs.writeFileSync(partial, markup);
    fs.renameSync(partial, file);
  }
  return key;
}

/** A drawing whose markup is kept in its page's HTML only: its page data names it by key. */
const kept = (drawing: Drawing): PageDrawing => ({ ...drawing, svg: null, kept: keepMarkup(drawing.svg) });

/** A chart's two drawings, kept (a server's charts, an objective's burndown): the page data does not carry them twice. */
export const keptPair = (drawings: ChartDrawings): ChartDrawings<PageDrawing> => ({
  wide: kept(drawings.wide),
  narrow: kept(drawings.narrow),
});

/** After the pages are rendered: removes every markup (and any half-written file) no page of this build uses; says how many. */
export function pruneKeptMarkup(): number {
  if (used === null || !fs.existsSync(storeDir())) return 0;
  let removed = 0;
  for (const name of fs.readdirSync(storeDir())) {
    if (used.has(name.replace(/\.svg$/, "")) && name.endsWith(".svg")) continue;
    fs.rmSync(path.join(storeDir(), name), { force: true });
    removed += 1;
  }
  used = null;
  return removed;
}

/** The markup of a key; a key the store does not hold stops the page's rendering, named. */
export function readKeptMarkup(key: string): string {
  if (!/^[0-9a-f]{16}$/.test(key)) throw new Error(`Kept markup: "${key}" is not a key`);
  const file = path.join(storeDir(), `${key}.svg`);
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    throw new Error(`Kept markup: ${file} is missing; was the page made by this build's createPages?`);
  }
}
