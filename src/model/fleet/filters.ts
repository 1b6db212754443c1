import { isKnownStatus } from "../../domain/kernel/status";
import type { Report, Server } from "../../domain/kernel/types";

/** The status filters of a server list; 'other' is any status but the three known ones. */
export const SERVER_FILTERS = ["all", "online", "warning", "offline", "other"] as const;
export type ServerFilter = (typeof SERVER_FILTERS)[number];
export type ReportFilter = "all" | Report["status"];

export function filterServers(servers: readonly Server[], filter: ServerFilter): readonly Server[] {
  if (filter === "all") return servers;
  if (filter === "other") return servers.filter((s) => !isKnownStatus(s.status));
  return servers.filter((s) => s.status === filter);
}

export function filterReports<T extends Pick<Report, "status">>(reports: readonly T[], filter: ReportFilter): readonly T[] {
  return filter === "all" ? reports : reports.filter((r) => r.status === filter);
}

export type ReportCounts = { total: number; completed: number; processing: number; failed: number };

export function countReports(reports: ReadonlyArray<Pick<Report, "status">>): ReportCounts {
  return {
    total: reports.length,
    completed: reports.filter((r) => r.status === "completed").length,
    processing: reports.filter((r) => r.status === "processing").length,
    failed: reports.filter((r) => r.status === "failed").length,
  };
}
