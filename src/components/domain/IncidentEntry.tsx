import { IMPACT_TONES, INCIDENT_STATUS_LABELS, type NoticeIncident } from "../../domain/incidents/statusNotices";
import { AlertTime } from "./AlertTime";
import { ImpactBadge } from "./ImpactBadge";
import { NoticeServers } from "./NoticeServers";
import * as styles from "./notices.module.css";

type IncidentEntryProps = {
  incident: NoticeIncident;
  /** the heading level under the page's sections */
  heading?: "h3" | "h4";
};

/**
 * An incident with its timeline: impact, status, the servers it touches, and
 * every update, the newest first, each message as plain text with its line
 * breaks. Its id is the page's anchor (/incidents#<id>).
 */
export function IncidentEntry({ incident, heading: Heading = "h3" }: IncidentEntryProps) {
  const updates = [...incident.updates].reverse();
  return (
    <article className={styles.notice} data-tone={IMPACT_TONES[incident.impact]} id={incident.id} aria-labelledby={`${incident.id}-title`}>
      <Heading className={styles.head}>
        <span className={styles.title} id={`${incident.id}-title`}>
          {incident.title}
        </span>
        <ImpactBadge impact={incident.impact} />
      </Heading>
      <p className={styles.meta}>
        <span>{INCIDENT_STATUS_LABELS[incident.status]}</span>
        <NoticeServers servers={incident.affected} />
      </p>
      <ol className={styles.timeline} aria-label={`Updates on ${incident.title}, newest first`}>
        {updates.map((update) => (
          <li key={update.at} className={styles.step}>
            <p className={styles.stepHead}>
              <span className={styles.stepStatus}>{INCIDENT_STATUS_LABELS[update.status]}</span>
              <AlertTime timestamp={update.at} />
            </p>
            <p className={styles.message}>{update.message}</p>
          </li>
        ))}
      </ol>
    </article>
  );
}
