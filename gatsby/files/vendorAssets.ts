import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { DevServerApp } from "./drawnFile";

/**
 * mapbox-gl's stylesheet is published as a file of its own and linked only when
 * the globe starts. Imported through webpack, Gatsby would merge it into the one
 * stylesheet it inlines into every page (37 KB on every page, used on one).
 * The version in the name lets hosts cache it forever.
 */
// gatsby-node is bundled by Parcel, which has no require.resolve: resolve from the project instead.
const projectRequire = () => createRequire(path.join(process.cwd(), "package.json"));
const mapboxPackage = (): string => projectRequire().resolve("mapbox-gl/package.json");
const mapboxVersion = (): string => (JSON.parse(fs.readFileSync(mapboxPackage(), "utf8")) as { version: string }).version;
const mapboxCssSource = (): string => path.join(path.dirname(mapboxPackage()), "dist", "mapbox-gl.css");

export const mapboxCssPath = (): string => `/vendor/mapbox-gl-${mapboxVersion()}.css`;

/** gatsby build: copied into public/. */
export function copyVendorAssets(): void {
  const target = path.join(process.cwd(), "public", mapboxCssPath());
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(mapboxCssSource(), target);
}

/** gatsby develop: served from node_modules. */
export function serveVendorAssets(app: DevServerApp): void {
  app.get(mapboxCssPath(), (_req, res) => {
    res.type("text/css").send(fs.readFileSync(mapboxCssSource(), "utf8"));
  });
}
