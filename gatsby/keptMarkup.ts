import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The build's store of markup kept in pages' HTML only (src/components/ui/keptMarkup.ts):
 * createPages keeps each drawing here under a hash of it and gives the page its key;
 * the pages' rendering (gatsby-ssr.tsx, in Gatsby's render workers) reads it back.
 * It lives in .cache, which a build starts from and `gatsby clean` removes.
 */
const storeDir = () => path.join(process.cwd(), ".cache", "kept-markup");

/** The key of a markup: 16 hex digits of its SHA-256 (a page's data changes when its drawing does). */
export const markupKey = (markup: string): string => crypto.createHash("sha256").update(markup).digest("hex").slice(0, 16);

/** Empties the store: a build keeps what its own pages use, nothing from an older one. */
export function clearKeptMarkup(): void {
  fs.rmSync(storeDir(), { recursive: true, force: true });
  fs.mkdirSync(storeDir(), { recursive: true });
}

/** Keeps a markup and gives its key. */
export function keepMarkup(markup: string): string {
  const key = markupKey(markup);
  const file = path.join(storeDir(), `${key}.svg`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(storeDir(), { recursive: true });
    fs.writeFileSync(file, markup);
  }
  return key;
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
