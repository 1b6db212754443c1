import { withPrefix } from "gatsby";
import { MAINTENANCE_CALENDAR, SITE_FEEDS, serverFeedPaths } from "../../domain/kernel/paths";
import * as styles from "./SubscribeMenu.module.css";

type FeedPaths = { rss: string; atom: string; json: string };

/** One feed's three formats, each a link a feed reader takes. */
function FeedFormats({ label, feeds }: { label: string; feeds: FeedPaths }) {
  return (
    <ul className={styles.list} aria-label={label}>
      <li>
        <a href={withPrefix(feeds.rss)}>RSS</a>
      </li>
      <li>
        <a href={withPrefix(feeds.atom)}>Atom</a>
      </li>
      <li>
        <a href={withPrefix(feeds.json)}>JSON Feed</a>
      </li>
    </ul>
  );
}

/**
 * "Subscribe": the ways to follow the site without opening it, in a disclosure
 * that works without JavaScript: the news as RSS, Atom and JSON Feed (a
 * server's page offers its own first, and its badge), the maintenance as a
 * calendar, and the status for tools (Statuspage's API, the open data).
 */
export function SubscribeMenu({ server }: { server?: { id: string; name: string } }) {
  return (
    <details className={styles.menu}>
      <summary className={styles.summary}>Subscribe</summary>
      <div className={styles.panel}>
        {server ? (
          <>
            <p className={styles.group}>{server.name}: its alerts, incidents and maintenance</p>
            <FeedFormats label={`${server.name}'s feed`} feeds={serverFeedPaths(server.id)} />
            <ul className={styles.list} aria-label={`${server.name} elsewhere`}>
              <li>
                <a href="#badge">Badge</a>
              </li>
            </ul>
          </>
        ) : null}
        <p className={styles.group}>Every server: alerts, incidents and maintenance</p>
        <FeedFormats label="The site's feed" feeds={SITE_FEEDS} />
        <p className={styles.group}>Maintenance and status for other tools</p>
        <ul className={styles.list} aria-label="Maintenance and status for other tools">
          <li>
            <a href={withPrefix(MAINTENANCE_CALENDAR)}>Calendar (.ics)</a>
          </li>
          <li>
            <a href={withPrefix("/api/v2/summary.json")}>Statuspage API</a>
          </li>
          <li>
            <a href={withPrefix("/api/v1/status.json")}>Open data</a>
          </li>
        </ul>
      </div>
    </details>
  );
}
