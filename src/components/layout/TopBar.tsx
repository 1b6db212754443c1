import { Icon } from "../ui/Icon";
import { useEffect, useRef } from "react";
import { liveLine, overallState } from "../../model/shell/statusLine";
import { Button } from "../ui/Button";
import { StatusDot } from "../ui/StatusDot";
import { VisuallyHidden } from "../ui/VisuallyHidden";
import { useAnnouncer } from "../ui/useAnnouncer";
import { useNow } from "../ui/useNow";
import { useSettings } from "../../state/SettingsProvider";
import { useFeedStatus, useNoticesFeed } from "../../state/useFeed";
import { useMeasured, useMonitoring, useStatusCounts } from "../../state/useMonitoring";
import { useSystemsNotices } from "../../state/useNotices";
import { useSidebar } from "./SidebarContext";
import { classed } from "../../styles/classed";
import * as styles from "./TopBar.module.css";
import { useTimeZoneMode } from "../domain/TimeZone";

/**
 * The sidebar trigger, the site's overall state when it is not "all systems
 * operational" (servers offline or in warning, open incidents by their worst
 * impact, maintenance in progress: status.json's `overall`), and the
 * monitoring indicator: live (with the time of the feed's last answer), stale,
 * the feed unreachable since when, simulated or paused. A change of state is
 * announced by the indicator; a new answer of the feed or of the incidents that
 * changes the overall state is announced once, as one summary.
 */
export function TopBar() {
  const { expanded, isMobile, mobileOpen, toggle } = useSidebar();
  const [settings] = useSettings();
  const { intervalSeconds } = useMonitoring();
  const measured = useMeasured();
  const feed = useFeedStatus();
  const now = useNow();
  const line = liveLine({
    ...measured,
    intervalSeconds,
    autoRefresh: settings.autoRefresh,
    refreshSeconds: settings.refreshInterval,
    now,
    feed,
    timeZone: useTimeZoneMode(),
  });
  const overall = overallState(useStatusCounts(), useSystemsNotices(now));
  const summary = overall.text;
  const fetchedNotices = useNoticesFeed().lastSuccess;
  const [announcement, announce] = useAnnouncer();
  const announced = useRef(summary);
  useEffect(() => {
    if ((feed.lastSuccess === null && fetchedNotices === null) || summary === announced.current) return;
    announced.current = summary;
    announce(`Status updated: ${summary}.`);
  }, [feed.lastSuccess, fetchedNotices, summary, announce]);
  // "All systems operational" (and a site without servers) is the sidebar's to say; the top bar keeps SPEC's indicator alone then.
  const troubled = overall.state !== "operational" && overall.state !== "unknown";
  return (
    <>
      <Bar>
        <Button
          $variant="ghost"
          $size="icon"
          id="sidebar-trigger"
          aria-label="Toggle sidebar"
          aria-controls={isMobile ? "sidebar-sheet" : "sidebar"}
          aria-expanded={isMobile ? mobileOpen : expanded}
          aria-keyshortcuts="Control+B Meta+B"
          title="Toggle sidebar (Ctrl+B)"
          onClick={toggle}
        >
          <Icon name="panel-left" size={18} />
        </Button>
        {troubled ? (
          <Overall data-state={overall.state} data-tone={overall.tone}>
            <StatusDot tone={overall.tone} pulse={overall.pulse} size={8} />
            <span>{overall.text}</span>
          </Overall>
        ) : null}
        <Live data-state={line.stale ? "stale" : line.tone}>
          <StatusDot tone={line.tone} pulse={line.pulse} size={8} />
          <span role="status">{line.text}</span>
          {line.detail ? <Detail>· {line.detail}</Detail> : null}
        </Live>
      </Bar>
      {/* Outside the banner: the summary is an event, not a part of the indicator. */}
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
    </>
  );
}

const Bar = classed("header", styles.bar);

const Overall = classed("p", styles.overall);

const Live = classed("p", styles.live);

const Detail = classed("span", styles.detail);
