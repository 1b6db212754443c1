import { markerColor } from "./markers";
import { WORLD_MAP, WORLD_MAP_HEIGHT, projectToWorldMap } from "./projection";
import { statusLabel, statusSeverity } from "../../domain/kernel/status";
import { countStatus, type StatusCounts } from "../fleet/summary";
import type { Server } from "../../domain/kernel/types";

/** One dot of the flat map standing for the servers in one square of it. */
export type MapPlace = {
  /** the square's key, stable while the servers stay where they are */
  key: string;
  /** where the dot goes on the flat map (the mean of its servers' positions) */
  x: number;
  y: number;
  count: number;
  /** the status that most needs attention among them: the dot's colour */
  worst: string;
  counts: StatusCounts;
  /** where the first of them (problems first) is: what the dot is called after */
  location: string;
};

/** The side of a place's square, in the flat map's units (1000 across). */
const PLACE_SIZE = 20;

function squareOf(x: number, y: number): string {
  const column = Math.max(0, Math.min(Math.floor(x / PLACE_SIZE), Math.ceil(WORLD_MAP.width / PLACE_SIZE) - 1));
  const row = Math.max(0, Math.min(Math.floor(y / PLACE_SIZE), Math.ceil(WORLD_MAP_HEIGHT / PLACE_SIZE) - 1));
  return `${column}:${row}`;
}

/** The key of the place a server is drawn in. */
export function placeKeyOf(coordinates: readonly [number, number]): string {
  const [x, y] = projectToWorldMap(coordinates);
  return squareOf(x, y);
}

/**
 * The servers gathered by squares of the flat map, so that 10,000 servers make
 * a few hundred dots, each coloured by the worst status inside it.
 */
export function mapPlaces(servers: readonly Server[]): MapPlace[] {
  const places = new Map<string, MapPlace & { sumX: number; sumY: number }>();
  for (const server of servers) {
    const [x, y] = projectToWorldMap(server.coordinates);
    const key = squareOf(x, y);
    let place = places.get(key);
    if (place === undefined) {
      place = {
        key,
        x: 0,
        y: 0,
        sumX: 0,
        sumY: 0,
        count: 0,
        worst: server.status,
        counts: { online: 0, warning: 0, offline: 0, unchecked: 0, other: 0 },
        location: server.location,
      };
      places.set(key, place);
    }
    place.sumX += x;
    place.sumY += y;
    place.count += 1;
    const status = server.status;
    countStatus(place.counts, status);
    if (statusSeverity(status) > statusSeverity(place.worst)) {
      place.worst = status;
      place.location = server.location;
    }
  }
  return [...places.values()].map(({ sumX, sumY, ...place }) => ({
    ...place,
    x: Math.round((sumX / place.count) * 10) / 10,
    y: Math.round((sumY / place.count) * 10) / 10,
  }));
}

/** The dot's colour: the marker colour of its worst status. */
export const placeColor = (place: MapPlace): string => markerColor(place.worst);

/** A place's accessible name: 'Frankfurt, Germany and nearby: 12 servers, 2 offline, 1 warning, 9 online'. */
export function placeLabel(place: MapPlace): string {
  if (place.count === 1) return `${place.location}: 1 server, ${statusLabel(place.worst)}`;
  const { offline, warning, unchecked, other, online } = place.counts;
  const parts = (
    [
      [offline, "offline"],
      [warning, "warning"],
      [unchecked, "not checked"],
      [other, "other status"],
      [online, "online"],
    ] as const
  )
    .filter(([n]) => n > 0)
    .map(([n, word]) => `${n} ${word}`);
  return `${place.location} and nearby: ${place.count} servers, ${parts.join(", ")}`;
}
