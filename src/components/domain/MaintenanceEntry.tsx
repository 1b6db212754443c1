import type { NoticeWindow } from "../../domain/incidents/statusNotices";
import { AlertTime } from "./AlertTime";
import { NoticeServers } from "./NoticeServers";
import * as styles from "./notices.module.css";

type MaintenanceEntryProps = {
  /** the window's occurrences to show, soonest first (at least one) */
  next: readonly NoticeWindow[];
  /** whether the first is in force now */
  inProgress: boolean;
  heading?: "h3" | "h4";
};

/** A maintenance window: its title, its rule (recurring) and next times, in progress or not, its message and servers. */
export function MaintenanceEntry({ next, inProgress, heading: Heading = "h3" }: MaintenanceEntryProps) {
  const window = next[0];
  return (
    <article className={styles.notice} data-tone="info" aria-labelledby={`${window.id}-window`}>
      <Heading className={styles.head}>
        <span className={styles.title} id={`${window.id}-window`}>
          {window.title}
        </span>
      </Heading>
      <p className={styles.meta}>
        <span>{inProgress ? "In progress" : "Scheduled"}</span>
        {window.schedule ? <span>{window.schedule}</span> : null}
        <NoticeServers servers={window.affected} />
      </p>
      <ul className={styles.occurrences} aria-label={`Times of ${window.title}`}>
        {next.map((occurrence) => (
          <li key={occurrence.start}>
            <AlertTime timestamp={occurrence.start} /> to <AlertTime timestamp={occurrence.end} />
          </li>
        ))}
      </ul>
      {window.message ? <p className={styles.message}>{window.message}</p> : null}
    </article>
  );
}
