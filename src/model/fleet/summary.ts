import type { FigureSource, Server } from "../../domain/kernel/types";
import { UNCHECKED_STATUS } from "../../domain/kernel/status";
import { regionKey, regionOf } from "../../domain/kernel/regions";

/**
 * The figures of the dashboard's summary cards and of the counters on the map and
 * servers pages. Every figure is defined for any list, the empty one included:
 * no NaN or Infinity ever reaches a page.
 */

/** A location's region as regions are compared (domain/kernel/regions.ts), worked out once per location. */
const regionKeys = new Map<string, string | null>();
function locationRegion(location: string): string | null {
  let key = regionKeys.get(location);
  if (key === undefined) {
    const region = regionOf(location);
    key = region === null ? null : regionKey(region);
    regionKeys.set(location, key);
  }
  return key;
}

/** Distinct regions (domain/kernel/regions.ts: compared ignoring case and surrounding space). */
export function countRegions(servers: readonly Server[]): number {
  const regions = new Set<string>();
  for (const server of servers) {
    const region = locationRegion(server.location);
    if (region !== null) regions.add(region);
  }
  return regions.size;
}

/** Servers by status: the three known ones, those the job has no fresh result for (unchecked), and any other. */
export type StatusCounts = { online: number; warning: number; offline: number; unchecked: number; other: number };

/** Counts one status in `counts`: the three known ones and unchecked by name, any other as 'other'. */
export function countStatus(counts: StatusCounts, status: string): void {
  if (status === "online" || status === "warning" || status === "offline" || status === UNCHECKED_STATUS) counts[status] += 1;
  else counts.other += 1;
}

export function countByStatus(servers: readonly Server[]): StatusCounts {
  const counts: StatusCounts = { online: 0, warning: 0, offline: 0, unchecked: 0, other: 0 };
  for (const server of servers) countStatus(counts, server.status);
  return counts;
}

/** Everything the counters show about a fleet, whether or not its servers are at hand. */
export type FleetFigures = {
  total: number;
  regions: number;
  /** whole percent of servers online; null when there are no servers */
  onlinePercent: number | null;
  /** mean responseTime of the online servers that answered, rounded to whole ms; null when none did */
  avgResponseMs: number | null;
  counts: StatusCounts;
  /** how many servers take their figures from each source */
  sources: Record<FigureSource, number>;
};

/** The fleet's figures in one pass over the servers, as a live update of 10,000 servers needs. */
export function fleetFigures(servers: readonly Server[]): FleetFigures {
  const counts: StatusCounts = { online: 0, warning: 0, offline: 0, unchecked: 0, other: 0 };
  const sources: Record<FigureSource, number> = { measured: 0, simulated: 0, sample: 0 };
  const regions = new Set<string>();
  let respondingOnline = 0;
  let responseSum = 0;
  for (const server of servers) {
    countStatus(counts, server.status);
    sources[server.source] += 1;
    const region = locationRegion(server.location);
    if (region !== null) regions.add(region);
    const ms = server.responseTime;
    if (server.status === "online" && ms !== null && Number.isFinite(ms)) {
      respondingOnline += 1;
      responseSum += ms;
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

export type Summary = Pick<FleetFigures, "total" | "regions" | "onlinePercent" | "avgResponseMs"> & { online: number; offline: number };

/** The dashboard's four cards (and /api/v1/status.json's summary). */
export function summarize(servers: readonly Server[]): Summary {
  const { total, regions, onlinePercent, avgResponseMs, counts } = fleetFigures(servers);
  return { total, regions, online: counts.online, onlinePercent, avgResponseMs, offline: counts.offline };
}

/** 'Across 1 region' / 'Across 5 regions' */
export function regionsLabel(regions: number): string {
  return `Across ${regions} ${regions === 1 ? "region" : "regions"}`;
}
