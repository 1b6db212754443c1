import type { MapPlace } from "./mapPlaces";
import { toServers, type ServerRecord } from "./records";
import { statusSeverity } from "./status";
import { regionOf, type StatusCounts, type Summary } from "./summary";
import type { FigureSource, Server } from "./types";

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

/** Everything the counters show about a fleet, whether or not its servers are at hand. */
export type FleetFigures = Omit<Summary, "online" | "offline"> & {
  counts: StatusCounts;
  sources: Record<FigureSource, number>;
};

export function fleetFigures(servers: readonly Server[]): FleetFigures {
  // One pass, as a live update of 10,000 servers needs; the same figures as summarize, countByStatus and countSources.
  const counts: StatusCounts = { online: 0, warning: 0, offline: 0, other: 0 };
  const sources: Record<FigureSource, number> = { measured: 0, simulated: 0, sample: 0 };
  const regions = new Set<string>();
  let respondingOnline = 0;
  let responseSum = 0;
  for (const server of servers) {
    const status = server.status;
    if (status === "online" || status === "warning" || status === "offline") counts[status] += 1;
    else counts.other += 1;
    sources[server.source] += 1;
    const region = regionKey(server.location);
    if (region !== null) regions.add(region);
    if (status === "online" && Number.isFinite(server.responseTime)) {
      respondingOnline += 1;
      responseSum += server.responseTime;
    }
  }
  const total = servers.length;
  return {
    total,
    regions: regions.size,
    onlinePercent: total === 0 ? null : Math.round((counts.online / total) * 100),
    avgResponseMs: respondingOnline === 0 ? null : Math.round(responseSum / respondingOnline),
    counts,
    sources,
  };
}

/** A location's region as countRegions compares it (lower case), worked out once per location. */
const regionKeys = new Map<string, string | null>();
function regionKey(location: string): string | null {
  let key = regionKeys.get(location);
  if (key === undefined) {
    key = regionOf(location)?.toLowerCase() ?? null;
    regionKeys.set(location, key);
  }
  return key;
}

/** A fleet as the lists and counters see it: every server once `complete`, else the first ones and the build's figures. */
export type FleetView = { servers: readonly Server[]; complete: boolean; figures: FleetFigures };

/**
 * The `limit` servers that most need attention, problems first and in their
 * order within a status: problemsFirst(items).slice(0, limit) in one pass, with
 * no sort, as a live update of 10,000 servers needs.
 */
export function mostUrgent<T extends { status: string }>(items: readonly T[], limit: number): T[] {
  const bySeverity: T[][] = [[], [], [], []];
  for (const item of items) {
    const bucket = bySeverity[3 - statusSeverity(item.status)];
    if (bucket.length < limit) bucket.push(item);
  }
  return bySeverity.flat().slice(0, limit);
}

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
