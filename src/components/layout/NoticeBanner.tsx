import { Link } from "gatsby";
import {
  IMPACT_TONES,
  INCIDENT_STATUS_LABELS,
  newestUpdate,
  type NoticeIncident,
  type NoticeWindow,
} from "../../domain/incidents/statusNotices";
import { useNoticesNow } from "../../state/useNotices";
import { AlertTime } from "../domain/AlertTime";
import { ImpactBadge } from "../domain/ImpactBadge";
import { NoticeServers } from "../domain/NoticeServers";
import * as styles from "../domain/notices.module.css";
import { useNow } from "../ui/useNow";

/**
 * On every page, above its content: each open incident (impact, title, its
 * newest update and servers) and each maintenance window in progress. The
 * static HTML says what was true at the build; once the page is live the
 * browser's clock decides which windows are in progress.
 */
export function NoticeBanner() {
  const { open, inProgress } = useNoticesNow(useNow());
  if (open.length === 0 && inProgress.length === 0) return null;
  return (
    <section className={styles.banner} aria-label="Incidents and maintenance">
      <ul className={styles.list}>
        {open.map((incident) => (
          <IncidentNotice key={incident.id} incident={incident} />
        ))}
        {inProgress.map((window) => (
          <MaintenanceNotice key={`${window.id} ${window.start}`} window={window} />
        ))}
      </ul>
    </section>
  );
}

function IncidentNotice({ incident }: { incident: NoticeIncident }) {
  const update = newestUpdate(incident);
  return (
    <li className={styles.notice} data-tone={IMPACT_TONES[incident.impact]}>
      <p className={styles.head}>
        <ImpactBadge impact={incident.impact} />
        <Link className={styles.title} to={`/incidents#${incident.id}`}>
          {incident.title}
        </Link>
      </p>
      <p className={styles.meta}>
        <span>
          {INCIDENT_STATUS_LABELS[update.status]} · <AlertTime timestamp={update.at} />
        </span>
        <NoticeServers servers={incident.affected} />
      </p>
      <p className={styles.message}>{update.message}</p>
    </li>
  );
}

function MaintenanceNotice({ window }: { window: NoticeWindow }) {
  return (
    <li className={styles.notice} data-tone="info">
      <p className={styles.head}>
        <span>Maintenance in progress:</span>
        <Link className={styles.title} to="/incidents#maintenance">
          {window.title}
        </Link>
      </p>
      <p className={styles.meta}>
        <span>
          Until <AlertTime timestamp={window.end} />
        </span>
        <NoticeServers servers={window.affected} />
      </p>
      {window.message ? <p className={styles.message}>{window.message}</p> : null}
    </li>
  );
}
