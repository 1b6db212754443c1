import { INLINE_FLEET_LIMIT, fleetFigures, mostUrgent } from "../src/model/fleet";
import { mapPlaces, type MapPlace } from "../src/model/mapPlaces";
import type { Server } from "../src/model/types";

/** The most servers a page asks for before the whole fleet is at hand (the map's list: 50). */
export const MOST_FIRST_SERVERS = 50;

/**
 * The Fleet node's fields: the figures of every server, the places of the flat
 * map, and whether a page can carry the whole list (INLINE_FLEET_LIMIT). For a
 * larger fleet it names the servers a page shows first (problems first); the
 * `servers(limit)` field (gatsby/schemaCustomization.ts) gives their records.
 */
export function fleetNodeFields(servers: readonly Server[]): Record<string, unknown> {
  const complete = servers.length <= INLINE_FLEET_LIMIT;
  const places: MapPlace[] = complete ? [] : mapPlaces(servers);
  return {
    complete,
    ...fleetFigures(servers),
    places,
    firstIds: complete ? [] : mostUrgent(servers, MOST_FIRST_SERVERS).map((s) => s.id),
  };
}
