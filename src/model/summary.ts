import type { Server } from "./types";

/**
 * The figures of the dashboard's summary cards and of the counters on the map and
 * servers pages. Every figure is defined for any list, the empty one included:
 * no NaN or Infinity ever reaches a page.
 */

/** The trimmed second comma-separated part of a location, or null when there is none. */
export function regionOf(location: string): string | null {
  const parts = location.split(",");
  if (parts.length < 2) return null;
  const region = parts[1].trim();
  return region === "" ? null : region;
}

/** Distinct regions, compared ignoring case and surrounding space. */
export function countRegions(servers: readonly Server[]): number {
  const regions = new Set<string>();
  for (const server of servers) {
    const region = regionOf(server.location);
    if (region !== null) regions.add(region.toLowerCase());
  }
  return regions.size;
}

export type StatusCounts = { online: number; warning: number; offline: number; other: number };

export function countByStatus(servers: readonly Server[]): StatusCounts {
  const counts: StatusCounts = { online: 0, warning: 0, offline: 0, other: 0 };
  for (const server of servers) {
    if (server.status === "online" || server.status === "warning" || server.status === "offline") {
      counts[server.status] += 1;
    } else {
      counts.other += 1;
    }
  }
  return counts;
}

export type Summary = {
  total: number;
  regions: number;
  online: number;
  /** whole percent of servers online; null when there are no servers */
  onlinePercent: number | null;
  /** mean responseTime of online servers, rounded to whole ms; null when none is online */
  avgResponseMs: number | null;
  offline: number;
};

export function summarize(servers: readonly Server[]): Summary {
  const counts = countByStatus(servers);
  const online = servers.filter((s) => s.status === "online" && Number.isFinite(s.responseTime));
  const total = servers.length;
  return {
    total,
    regions: countRegions(servers),
    online: counts.online,
    onlinePercent: total === 0 ? null : Math.round((counts.online / total) * 100),
    avgResponseMs: online.length === 0 ? null : Math.round(online.reduce((sum, s) => sum + s.responseTime, 0) / online.length),
    offline: counts.offline,
  };
}

/** 'Across 1 region' / 'Across 5 regions' */
export function regionsLabel(regions: number): string {
  return `Across ${regions} ${regions === 1 ? "region" : "regions"}`;
}
