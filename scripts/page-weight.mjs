/**
 * What each page of the production build (public/) costs a first visit, in bytes:
 * the HTML and every script it loads, raw and gzipped (level 9). Shared by the
 * weight benchmark and the byte-budget test.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** The routes that list or sum up the fleet, the same at any size. */
export const ROUTE_PAGES = [
  "/",
  "/map",
  "/analytics",
  "/servers",
  "/incidents",
  "/security",
  "/reports",
  "/objectives",
  "/settings",
  "/404.html",
];
/** One server's own page (/servers/<id>) of the sample content: one of the thousands a fleet makes, measured like the routes. */
export const SERVER_PAGE = "/servers/srv-eu-west-1";
export const PAGES = [...ROUTE_PAGES, SERVER_PAGE];

const gz = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;

export function htmlFile(publicDir, page) {
  if (page.endsWith(".html")) return path.join(publicDir, page);
  return path.join(publicDir, page === "/" ? "index.html" : `${page.slice(1)}/index.html`);
}

/** Scripts listed in the HTML (<script src>): runtime, framework, app. */
export function htmlScripts(html) {
  return [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]).filter((src) => src.startsWith("/"));
}

function pageDataFile(publicDir, page) {
  const name = page === "/" ? "index" : page === "/404.html" ? "404.html" : page.slice(1);
  return path.join(publicDir, "page-data", name, "page-data.json");
}

/**
 * Everything a first visit fetches before the page is live: the scripts in the
 * HTML, then (as Gatsby's runtime does) app-data.json, the page's page-data.json
 * and every chunk its component needs: webpack's chunk group for it, shared
 * chunks included (chunk-map.json names only the component's own chunk).
 */
export function firstLoadFiles(publicDir, page, html) {
  const pageData = JSON.parse(fs.readFileSync(pageDataFile(publicDir, page), "utf8"));
  const stats = JSON.parse(fs.readFileSync(path.join(publicDir, "webpack.stats.json"), "utf8"));
  const group = stats.namedChunkGroups[pageData.componentChunkName];
  if (!group) throw new Error(`webpack.stats.json has no chunk group ${pageData.componentChunkName}`);
  const rel = (file) => "/" + path.relative(publicDir, file).split(path.sep).join("/");
  const inHtml = htmlScripts(html);
  const chunks = group.assets.map((a) => `/${a.name}`).filter((src) => src.endsWith(".js") && !inHtml.includes(src));
  return [...inHtml, "/page-data/app-data.json", rel(pageDataFile(publicDir, page)), ...chunks];
}

export function pageWeight(publicDir, page) {
  const html = fs.readFileSync(htmlFile(publicDir, page));
  const scripts = firstLoadFiles(publicDir, page, html.toString("utf8"));
  const files = scripts.map((src) => {
    const body = fs.readFileSync(path.join(publicDir, src));
    return { src, raw: body.length, gzip: gz(body) };
  });
  return {
    page,
    html: { raw: html.length, gzip: gz(html) },
    /** scripts and data files */
    scripts: files,
    total: { raw: html.length + files.reduce((n, f) => n + f.raw, 0), gzip: gz(html) + files.reduce((n, f) => n + f.gzip, 0) },
  };
}

/** The chunk files a webpack runtime can load, read from its chunk-name function (`.u`). */
function runtimeChunkFiles(runtime) {
  const single = /\.u=function\(e\)\{return"([^"]+\.js)"\}/.exec(runtime);
  if (single) return [single[1]];
  const match = /\.u=function\(e\)\{return\((\{[^}]*\})\[e\]\|\|e\)\+"-"\+(\{[^}]*\})\[e\]\+"\.js"\}/.exec(runtime);
  if (!match) return null;
  const parse = (obj) => Object.fromEntries([...obj.matchAll(/(\d+):"([^"]+)"/g)].map((m) => [m[1], m[2]]));
  const names = parse(match[1]);
  return Object.entries(parse(match[2])).map(([id, hash]) => `${names[id] ?? id}-${hash}.js`);
}

/**
 * The script files of the current build (public/ may still hold files of earlier
 * builds): the chunks the pages' runtime can load, every entry's own scripts (a
 * Web Worker's included) and the chunks a worker's runtime loads.
 */
export function currentChunkFiles(publicDir) {
  const stats = JSON.parse(fs.readFileSync(path.join(publicDir, "webpack.stats.json"), "utf8"));
  const read = (name) => fs.readFileSync(path.join(publicDir, name), "utf8");
  const pages = runtimeChunkFiles(read(stats.assetsByChunkName.app[0]));
  if (!pages) throw new Error("Cannot read the chunk names from webpack's runtime");
  const files = new Set(pages);
  for (const group of Object.values(stats.namedChunkGroups)) {
    for (const { name } of group.assets) {
      if (!name.endsWith(".js")) continue;
      files.add(name);
      for (const loaded of runtimeChunkFiles(read(name)) ?? []) files.add(loaded);
    }
  }
  return [...files];
}

/** The script files of the current build that hold SheetJS. */
export function sheetJsChunks(publicDir) {
  return currentChunkFiles(publicDir).filter((name) => fs.readFileSync(path.join(publicDir, name), "utf8").includes("SheetJS"));
}

/**
 * Victory's code, found by the component names it keeps as strings after
 * minifying (displayName "VictoryChart", the container's "VictoryContainer").
 */
export const holdsVictory = (text) => text.includes("VictoryChart") || text.includes("VictoryContainer");

/** The script files of the current build that hold Victory's code (none: the charts are drawn at build time). */
export function victoryChunks(publicDir) {
  return currentChunkFiles(publicDir).filter((name) => holdsVictory(fs.readFileSync(path.join(publicDir, name), "utf8")));
}

/** The chunks of the current build that load on demand, found by what is in them. */
export function onDemandChunks(publicDir) {
  const found = {};
  for (const name of currentChunkFiles(publicDir)) {
    const body = fs.readFileSync(path.join(publicDir, name));
    const text = body.toString("utf8");
    if (text.includes("mapboxgl-canvas")) found.mapbox = (found.mapbox ?? 0) + gz(body);
    else if (text.includes("SheetJS")) found.xlsx = (found.xlsx ?? 0) + gz(body);
  }
  return found;
}

/** A page's first-load JavaScript: every script a first visit runs before anyone touches the page. */
export function firstLoadJs(publicDir, page) {
  const scripts = pageWeight(publicDir, page).scripts.filter((file) => file.src.endsWith(".js"));
  return { raw: scripts.reduce((n, f) => n + f.raw, 0), gzip: scripts.reduce((n, f) => n + f.gzip, 0), scripts };
}
