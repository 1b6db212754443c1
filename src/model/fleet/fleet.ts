import type { MapPlace } from "../map/mapPlaces";
import { toServers, type ServerRecord } from "./graphqlRecords";
import { fleetFigures, type FleetFigures } from "./summary";
import type { Server } from "../../domain/kernel/types";

/**
 * A fleet of this many servers or fewer travels whole in a page's data, as it
 * always did. A larger one does not: a page carries the fleet's figures and the
 * servers it shows first (problems first), and the browser fetches the whole
 * list from the site's own /api/v1/servers.json after the page is up. At 10,000
 * servers the whole list is about 250 KB gzipped; the page data stays a few KB.
 */
export const INLINE_FLEET_LIMIT = 300;

/** Up to this many alerts travel whole in the dashboard's data; above, the ones it shows (the rest come with the export). */
export const INLINE_ALERT_LIMIT = 100;

/** The flat map draws one dot per server up to this many; above, one dot per place (a square of the map). */
export const FLAT_MAP_DOT_LIMIT = 300;

/** A fleet as the lists and counters see it: every server once `complete`, else the first ones and the build's figures. */
export type FleetView = { servers: readonly Server[]; complete: boolean; figures: FleetFigures };

/** A fleet as a page's query hands it over: its figures, and all its servers or the ones the page shows first. */
export type FleetRecord = Omit<FleetFigures, "onlinePercent" | "avgResponseMs"> & {
  complete: boolean;
  onlinePercent?: number | null;
  avgResponseMs?: number | null;
  servers: readonly ServerRecord[];
  places?: readonly MapPlace[] | null;
};

/** What the build knows of the fleet: `servers` is all of it when `complete`, else the first the page shows. */
export type BuildFleet = { complete: boolean; figures: FleetFigures; servers: Server[]; places: readonly MapPlace[] };

/** A page's fleet; none (a build without the Fleet node, as in a page's unit test) is an empty fleet. */
export function toFleet(record: FleetRecord | null): BuildFleet {
  if (record === null) return { complete: true, figures: fleetFigures([]), servers: [], places: [] };
  return {
    complete: record.complete,
    figures: {
      total: record.total,
      regions: record.regions,
      onlinePercent: record.onlinePercent ?? null,
      avgResponseMs: record.avgResponseMs ?? null,
      counts: { ...record.counts },
      sources: { ...record.sources },
    },
    servers: toServers(record.servers),
    places: record.places ?? [],
  };
}
