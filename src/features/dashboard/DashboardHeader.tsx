import { Icon } from "../../components/ui/Icon";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Alert } from "../../domain/kernel/types";
import { figuresNote } from "../../model/shell/statusLine";
import { REFRESH_DELAY_MS } from "../../model/fleet/simulate";
import { Button } from "../../components/ui/Button";
import { PageHeader } from "../../components/ui/PageHeader";
import { notify } from "../../components/ui/notify";
import { useWorkbookExport } from "../../components/domain/useWorkbookExport";
import { useFeedStore, useLiveServerStore, useNoticesStore } from "../../state/LiveServers";
import { useSettings } from "../../state/SettingsProvider";
import { useFeedStatus } from "../../state/useFeed";
import type { LiveFleet } from "../../state/useLiveFleet";
import { classed } from "../../styles/classed";
import * as styles from "./DashboardHeader.module.css";

type DashboardHeaderProps = {
  fleet: LiveFleet;
  /** newest first: every alert when `alertsComplete`, else the ones the page shows */
  alerts: readonly Alert[];
  alertsComplete: boolean;
};

/** Title, where the figures come from, Refresh and Export Report. */
export function DashboardHeader({ fleet, alerts, alertsComplete }: DashboardHeaderProps) {
  const store = useLiveServerStore();
  const feed = useFeedStore();
  const notices = useNoticesStore();
  const [settings] = useSettings();
  const following = useFeedStatus().mode !== "off";
  const [refreshing, setRefreshing] = useState(false);
  const sources = fleet.figures.sources;
  const { servers, complete } = fleet;
  // The workbook lists every server and alert: what a large fleet's page does not hold is fetched on the click.
  const { exporting, run: exportReport } = useWorkbookExport(
    useCallback(async () => {
      if (complete && alertsComplete) return { servers, alerts };
      // Only what is missing: checking 10,000 published servers again would hold up the page for tens of ms.
      const published = await import("../../state/publishedData");
      const [allServers, allAlerts] = await Promise.all([
        complete ? servers : published.loadPublishedServers(),
        alertsComplete ? alerts : published.loadPublishedAlerts(),
      ]);
      return { servers: allServers, alerts: allAlerts };
    }, [complete, alertsComplete, servers, alerts]),
  );
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  const refresh = () => {
    // The timer, not the state, says a refresh is running: two clicks in one tick see the same state.
    if (timer.current !== null) return;
    setRefreshing(true);
    // With a status feed, Refresh asks it at once; the second it takes (SPEC) runs alongside.
    const fetched = feed.refetch()?.catch(() => false) ?? null;
    // And the site's incidents, which follow the feed: a failure there says so under the banner.
    void notices.refetch()?.catch(() => false);
    timer.current = setTimeout(() => {
      void (fetched ?? Promise.resolve(null)).then((answered) => {
        timer.current = null;
        store.markChecked();
        setRefreshing(false);
        if (answered === false) notify.error("Refresh failed", "The status feed did not answer; the last figures stay on screen.");
        else if (answered === true || sources.simulated > 0) notify.success("Data Refreshed", "Server status updated successfully");
        // Measured figures without a feed change with the next check run and build, not in the browser: say so rather than pretend.
        else notify.success("Data Refreshed", "These are the newest measured figures; the next check run brings new ones.");
      });
    }, REFRESH_DELAY_MS);
  };

  return (
    <PageHeader
      title="Server Dashboard"
      subtitle="Real-time monitoring and location tracking"
      actions={
        <>
          {/* Disabled while refreshing (aria-disabled, so a keyboard user keeps focus on it). */}
          <Button $variant="outline" onClick={refresh} aria-disabled={refreshing || undefined} aria-busy={refreshing}>
            <Icon name="refresh-cw" size={16} className={refreshing ? styles.spinning : undefined} />
            Refresh
          </Button>
          <Button onClick={exportReport} aria-disabled={exporting || undefined} aria-busy={exporting}>
            <Icon name="download" size={16} />
            Export Report
          </Button>
        </>
      }
    >
      <Note>{figuresNote(sources, settings.autoRefresh, settings.refreshInterval, following)}</Note>
    </PageHeader>
  );
}

const Note = classed("p", styles.note);
