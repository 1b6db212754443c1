import { feature } from "topojson-client";
import type { Topology, GeometryCollection } from "topojson-specification";
import type { Position } from "geojson";
import land from "world-atlas/land-110m.json";
import { WORLD_MAP, WORLD_MAP_HEIGHT, projectToWorldMap } from "../../src/model/map/projection";
import { serveDrawnFile, writeDrawnFile, type DevServerApp } from "./drawnFile";

const WORLD_MAP_FILE = "world-land.svg";

function ringPath(ring: Position[], shift = 0): string {
  const points: string[] = [];
  for (const [lon, lat] of ring) {
    const [x, y] = projectToWorldMap([lon + shift, lat]);
    const point = `${x} ${y}`;
    if (points[points.length - 1] !== point) points.push(point);
  }
  return points.length > 2 ? `M${points.join("L")}Z` : "";
}

/**
 * Rings that cross the antimeridian jump from 180 to -180 in the data. Unwrap
 * them into one continuous ring, then also draw the copy shifted by 360° so the
 * part beyond the edge shows on the other side (the viewBox clips the rest).
 */
function ringPaths(ring: Position[]): string {
  const unwrapped: Position[] = [];
  let offset = 0;
  ring.forEach(([lon, lat], i) => {
    if (i > 0) {
      const previous = ring[i - 1][0];
      if (lon - previous > 180) offset -= 360;
      else if (previous - lon > 180) offset += 360;
    }
    unwrapped.push([lon + offset, lat]);
  });
  const lons = unwrapped.map(([lon]) => lon);
  let d = ringPath(unwrapped);
  if (Math.max(...lons) > 180) d += ringPath(unwrapped, -360);
  if (Math.min(...lons) < -180) d += ringPath(unwrapped, 360);
  return d;
}

/**
 * Draws the land of the world (Natural Earth 1:110m, from world-atlas) as a
 * small SVG with the projection the map page uses for its dots (the projection
 * is linear, so no projection library is needed). A file of its own: every
 * visit caches it, and it needs no JavaScript. Antarctica lies outside the crop.
 */
function worldMapSvg(): string {
  const topology = land as unknown as Topology<{ land: GeometryCollection }>;
  const geo = feature(topology, topology.objects.land);
  const polygons: Position[][][] = [];
  for (const f of geo.features) {
    if (f.geometry.type === "Polygon") polygons.push(f.geometry.coordinates);
    if (f.geometry.type === "MultiPolygon") polygons.push(...f.geometry.coordinates);
  }
  const d = polygons
    .filter((rings) => rings[0].some(([, lat]) => lat > WORLD_MAP.south + 1))
    .flatMap((rings) => rings.map(ringPaths))
    .join("");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WORLD_MAP.width} ${WORLD_MAP_HEIGHT}" width="${WORLD_MAP.width}" height="${WORLD_MAP_HEIGHT}">`,
    `<path d="${d}" fill="#334155" stroke="#475569" stroke-width="0.6" fill-rule="evenodd"/>`,
    `</svg>`,
  ].join("");
}

/** gatsby build: written into public/. */
export const writeWorldMap = (): void => writeDrawnFile(WORLD_MAP_FILE, worldMapSvg());

/** gatsby develop: served from memory. */
export const serveWorldMap = (app: DevServerApp): void => serveDrawnFile(app, WORLD_MAP_FILE, worldMapSvg());
