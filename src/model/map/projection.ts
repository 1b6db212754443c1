/**
 * The flat world map's projection: plain equirectangular, cropped to the
 * latitudes where people run servers (84°N to 60°S). Linear, so the build (which
 * draws the land) and the page (which places the dots) agree exactly.
 */
export const WORLD_MAP = { width: 1000, north: 84, south: -60 } as const;
export const WORLD_MAP_HEIGHT = (WORLD_MAP.width * (WORLD_MAP.north - WORLD_MAP.south)) / 360;

/** [longitude, latitude] -> [x, y] in the map's viewBox; latitudes beyond the crop sit on its edge. */
export function projectToWorldMap([lon, lat]: readonly [number, number]): [number, number] {
  const clampedLat = Math.min(WORLD_MAP.north, Math.max(WORLD_MAP.south, lat));
  const x = ((lon + 180) / 360) * WORLD_MAP.width;
  const y = ((WORLD_MAP.north - clampedLat) / 360) * WORLD_MAP.width;
  return [Math.round(x * 10) / 10, Math.round(y * 10) / 10];
}
