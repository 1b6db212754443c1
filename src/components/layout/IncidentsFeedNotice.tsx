import { formatWhen } from "../../domain/kernel/format";
import { useTimeZoneMode } from "../domain/TimeZone";
import { useNoticesFeed } from "../../state/useFeed";
import * as styles from "./FeedNoticePanel.module.css";

/**
 * Said while the site's incidents (/api/v1/incidents.json, fetched beside the
 * feed) do not come or come bad: since when and why, and whose notices the page
 * still shows. The region is always there, so a screen reader hears it appear.
 */
export function IncidentsFeedNotice() {
  const { mode, downSince, error, lastSuccess, document } = useNoticesFeed();
  const down = mode === "down" && downSince !== null;
  const zone = useTimeZoneMode();
  const clock = (ms: number) => formatWhen(new Date(ms), zone, { seconds: true, date: false });
  return (
    <div role="status" className={styles.status}>
      {down ? (
        <p className={styles.notice}>
          <span className={styles.title}>Incidents and maintenance could not be updated</span> since {clock(downSince)}
          {error ? `: ${error}` : ""}. The notices shown are{" "}
          {document && lastSuccess !== null ? `those fetched at ${clock(lastSuccess)}` : "those of the build"}.
        </p>
      ) : null}
    </div>
  );
}
