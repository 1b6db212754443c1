import { withPrefix } from "gatsby";
import { useEffect, useRef } from "react";
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
 * that works without JavaScript (and, once live, closes on Escape and when focus
 * leaves it, so it never hides what has the focus): the news as RSS, Atom and JSON Feed (a
 * server's page offers its own first, and its badge), the maintenance as a
 * calendar, and the status for tools (Statuspage's API, the open data).
 */
export function SubscribeMenu({ server }: { server?: { id: string; name: string } }) {
  const menu = useRef<HTMLDetailsElement>(null);
  // Once live, it closes as a menu does: on Escape (focus back on its button), and when focus leaves it.
  // (Listeners on the element itself: <details> is interactive, which the JSX lint rules do not know.)
  useEffect(() => {
    const details = menu.current;
    if (!details) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      event.stopPropagation();
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (details.open && next !== null && !details.contains(next)) details.open = false;
    };
    details.addEventListener("keydown", onKeyDown);
    details.addEventListener("focusout", onFocusOut);
    return () => {
      details.removeEventListener("keydown", onKeyDown);
      details.removeEventListener("focusout", onFocusOut);
    };
  }, []);
  return (
    <details ref={menu} className={styles.menu}>
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
