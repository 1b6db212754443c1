import { graphql, useStaticQuery } from "gatsby";
import { useMemo, useSyncExternalStore } from "react";
import type { StatusCounts } from "../model/fleet/summary";
import { useLiveServerStore } from "./LiveServers";
import { liveFigures } from "./liveFigures";

export type MonitoringSummary = StatusCounts & {
  total: number;
  /** servers whose figures are measured by the check job */
  measured: number;
  /** when the newest check run finished (ISO); null without checks */
  newestCheck: string | null;
  intervalSeconds: number | null;
};

/** The build's summary of the whole site (gatsby/nodes/checks.ts): the shell shows it on every page. */
export function useMonitoring(): MonitoringSummary {
  const data = useStaticQuery<Queries.MonitoringSummaryQuery>(graphql`
    query MonitoringSummary {
      monitoring {
        total
        online
        warning
        offline
        unchecked
        other
        measured
        newestCheck
        intervalSeconds
      }
    }
  `);
  const summary = data.monitoring;
  if (!summary) throw new Error("The Monitoring node is missing: gatsby/nodes/checks.ts makes it at every build");
  return summary;
}

/** The live servers while a page that shows them is open (it follows the feed), else null: the shell then shows the build's. */
function useShownLiveServers() {
  const store = useLiveServerStore();
  const live = useSyncExternalStore(store.subscribe, store.getSnapshot, () => null);
  const inUse = useSyncExternalStore(store.subscribeInUse, store.isInUse, () => false);
  return inUse ? live : null;
}

/**
 * Servers by state for the shell: the live servers while a page that shows
 * them is open and has seeded the store, the build's summary before that and
 * on pages that show no servers.
 */
export function useStatusCounts(): StatusCounts & { total: number } {
  const summary = useMonitoring();
  const live = useShownLiveServers();
  const figures = live ? liveFigures(live) : null;
  return useMemo(() => (figures ? { ...figures.counts, total: figures.total } : summary), [figures, summary]);
}

/**
 * How many servers are measured and when the newest was checked: from the live
 * servers while a page that shows them is open (a status feed moves them on),
 * from the build otherwise.
 */
export function useMeasured(): { measured: number; newestCheck: string | null } {
  const summary = useMonitoring();
  const live = useShownLiveServers();
  if (!live) return { measured: summary.measured, newestCheck: summary.newestCheck };
  const measured = live.filter((s) => s.source === "measured");
  const newest = measured.reduce<string | null>(
    (max, s) => (max === null || Date.parse(s.lastChecked) > Date.parse(max) ? s.lastChecked : max),
    null,
  );
  return { measured: measured.length, newestCheck: newest ?? summary.newestCheck };
}
