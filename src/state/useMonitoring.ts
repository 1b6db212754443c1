import { graphql, useStaticQuery } from "gatsby";
import { useSyncExternalStore } from "react";
import { countByStatus, type StatusCounts } from "../model/summary";
import { useLiveServerStore } from "./LiveServers";

export type MonitoringSummary = StatusCounts & {
  total: number;
  /** servers whose figures are measured by the check job */
  measured: number;
  /** when the newest check run finished (ISO); null without checks */
  newestCheck: string | null;
  intervalSeconds: number | null;
};

/** The build's summary of the whole site (gatsby/sourceChecks.ts): the shell shows it on every page. */
export function useMonitoring(): MonitoringSummary {
  const data = useStaticQuery<Queries.MonitoringSummaryQuery>(graphql`
    query MonitoringSummary {
      monitoring {
        total
        online
        warning
        offline
        other
        measured
        newestCheck
        intervalSeconds
      }
    }
  `);
  const summary = data.monitoring;
  if (!summary) throw new Error("The Monitoring node is missing: gatsby/sourceChecks.ts makes it at every build");
  return summary;
}

/**
 * Servers by state for the shell: the live servers once a page has seeded the
 * store, the build's summary before that and on pages that show no servers.
 */
export function useStatusCounts(): StatusCounts & { total: number } {
  const summary = useMonitoring();
  const store = useLiveServerStore();
  const live = useSyncExternalStore(store.subscribe, store.getSnapshot, () => null);
  return live ? { ...countByStatus(live), total: live.length } : summary;
}
