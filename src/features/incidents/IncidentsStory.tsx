import { withPrefix } from "gatsby";
import { HISTORY_DAYS, windowsAhead, type NoticeIncident, type NoticeWindow } from "../../domain/incidents/statusNotices";
import { MAINTENANCE_CALENDAR, SITE_FEEDS } from "../../domain/kernel/paths";
import { IncidentEntry } from "../../components/domain/IncidentEntry";
import { SubscribeMenu } from "../../components/domain/SubscribeMenu";
import { MaintenanceEntry } from "../../components/domain/MaintenanceEntry";
import { SectionCard } from "../../components/ui/Card";
import { PageHeader } from "../../components/ui/PageHeader";
import { useNow } from "../../components/ui/useNow";
import * as styles from "../../components/domain/notices.module.css";

export type IncidentsStoryProps = {
  builtAt: string;
  open: readonly NoticeIncident[];
  /** resolved in the last HISTORY_DAYS days at the build, the latest first */
  history: readonly NoticeIncident[];
  /** every occurrence the build placed (35 days ahead) */
  windows: readonly NoticeWindow[];
};

/**
 * /incidents: the open incidents, the scheduled maintenance (each window with
 * its next times; the browser's clock says which is in progress once live),
 * then the history, each incident with its whole timeline.
 */
export function IncidentsStory({ builtAt, open, history, windows }: IncidentsStoryProps) {
  const now = useNow() ?? Date.parse(builtAt);
  const ahead = windowsAhead(windows, now);
  return (
    <div className={styles.list}>
      <PageHeader
        title="Incidents"
        subtitle="What is wrong now, the maintenance planned, and what happened lately"
        actions={<SubscribeMenu />}
      />
      <SectionCard title="Open incidents" empty={open.length === 0} emptyText="No incidents are open.">
        <ul className={styles.list}>
          {open.map((incident) => (
            <li key={incident.id}>
              <IncidentEntry incident={incident} />
            </li>
          ))}
        </ul>
      </SectionCard>
      <div id="maintenance">
        <SectionCard
          title="Scheduled maintenance"
          description="Servers are still checked during a window; planned work raises no alarm."
          empty={ahead.length === 0}
          emptyText="No maintenance is scheduled."
        >
          <ul className={styles.list}>
            {ahead.map(({ window, next }) => (
              <li key={window.id}>
                <MaintenanceEntry next={next} inProgress={Date.parse(next[0].start) <= now} />
              </li>
            ))}
          </ul>
        </SectionCard>
      </div>
      <SectionCard
        title="History"
        description={`Incidents resolved in the last ${HISTORY_DAYS} days, the latest first.`}
        empty={history.length === 0}
        emptyText={`No incidents in the last ${HISTORY_DAYS} days.`}
      >
        <ul className={styles.list}>
          {history.map((incident) => (
            <li key={incident.id}>
              <IncidentEntry incident={incident} />
            </li>
          ))}
        </ul>
      </SectionCard>
      <p className={styles.meta}>
        <span>
          As data: <a href={withPrefix("/api/v1/incidents.json")}>/api/v1/incidents.json</a>
        </span>
        <span>
          As a feed: <a href={withPrefix(SITE_FEEDS.rss)}>{SITE_FEEDS.rss}</a> (RSS),{" "}
          <a href={withPrefix(SITE_FEEDS.atom)}>{SITE_FEEDS.atom}</a> (Atom), <a href={withPrefix(SITE_FEEDS.json)}>{SITE_FEEDS.json}</a>{" "}
          (JSON Feed)
        </span>
        <span>
          As a calendar: <a href={withPrefix(MAINTENANCE_CALENDAR)}>{MAINTENANCE_CALENDAR}</a>
        </span>
      </p>
    </div>
  );
}
