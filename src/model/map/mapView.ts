/**
 * Where the map's camera starts so that every server is in view. Pure geometry:
 * the map (features/map/globe.ts) measures with its own projection and asks
 * these functions what to do.
 */

export type LngLat = readonly [number, number];

/** SPEC §2 /map: centred on (0, 20) at zoom 2. */
export const START_CENTER: LngLat = [0, 20];
export const START_ZOOM = 2;

/** A point further than this from the globe's centre is at the horizon (faded or hidden): it does not count as shown. */
export const GLOBE_VISIBLE_DEG = 80;

/** Pixels kept free at the card's edges, so a marker (20 px) is whole and clickable. */
export const VIEW_MARGIN_PX = 24;

const RAD = Math.PI / 180;

function toVector([lng, lat]: LngLat): [number, number, number] {
  return [Math.cos(lat * RAD) * Math.cos(lng * RAD), Math.cos(lat * RAD) * Math.sin(lng * RAD), Math.sin(lat * RAD)];
}

/** Great-circle distance between two points, in degrees. */
export function angularDistance(a: LngLat, b: LngLat): number {
  const [ax, ay, az] = toVector(a);
  const [bx, by, bz] = toVector(b);
  const dot = Math.min(1, Math.max(-1, ax * bx + ay * by + az * bz));
  return Math.acos(dot) / RAD;
}

/**
 * The centre of the points on the sphere (their mean direction) and how far the
 * furthest point lies from it. Points spread all round the world have no
 * meaningful centre: the radius then says so (close to or above 90°).
 */
export function sphericalCentre(points: readonly LngLat[]): { centre: LngLat; radius: number } {
  if (points.length === 0) return { centre: START_CENTER, radius: 0 };
  let x = 0;
  let y = 0;
  let z = 0;
  for (const point of points) {
    const [px, py, pz] = toVector(point);
    x += px;
    y += py;
    z += pz;
  }
  const length = Math.hypot(x, y, z);
  if (length < 1e-9) return { centre: START_CENTER, radius: 180 };
  const centre: LngLat = [Math.atan2(y, x) / RAD, Math.asin(z / length) / RAD];
  const radius = Math.max(...points.map((point) => angularDistance(centre, point)));
  return { centre, radius };
}

/** Whether every point lies on the visible side of a globe centred at `centre`. */
export function onVisibleSide(centre: LngLat, points: readonly LngLat[]): boolean {
  return points.every((point) => angularDistance(centre, point) <= GLOBE_VISIBLE_DEG);
}

/**
 * How much the view must shrink (above 1) or may grow (below 1) for every
 * projected point to sit inside a card of `width` × `height` px with the margin
 * kept. Offsets are from the card's centre, in px. 0 when there is nothing to fit.
 */
export function overflowRatio(offsets: ReadonlyArray<readonly [number, number]>, width: number, height: number): number {
  const halfWidth = Math.max(1, width / 2 - VIEW_MARGIN_PX);
  const halfHeight = Math.max(1, height / 2 - VIEW_MARGIN_PX);
  let ratio = 0;
  for (const [dx, dy] of offsets) ratio = Math.max(ratio, Math.abs(dx) / halfWidth, Math.abs(dy) / halfHeight);
  return ratio;
}

/** The west, south, east and north edges of the points (for a flat map). */
export function lngLatBounds(points: readonly LngLat[]): [[number, number], [number, number]] {
  const lngs = points.map(([lng]) => lng);
  const lats = points.map(([, lat]) => lat);
  return [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
}
