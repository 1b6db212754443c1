import type { LeftOutRecord } from "../../model/fleet/statusFeed";
import { classed } from "../../styles/classed";
import * as styles from "./FeedNoticePanel.module.css";

/** At most this many records are listed; the console has every one. */
const LISTED = 20;

/** The feed's last answer had records that were left out: how many records, and what was wrong with each. */
export default function FeedNoticePanel({ leftOut }: { leftOut: readonly LeftOutRecord[] }) {
  const n = leftOut.length;
  const unmatched = leftOut.some((r) => r.id === null);
  return (
    <Notice aria-labelledby="feed-notice-title" role="region">
      <Title id="feed-notice-title">
        The status feed sent {n} {n === 1 ? "record" : "records"} that {n === 1 ? "was" : "were"} left out; the other servers are up to
        date, and {n === 1 ? "that server keeps its" : "those servers keep their"} last good figures.
      </Title>
      {unmatched ? (
        <p>
          A record without a usable id cannot be matched to its server, so every server missing from this answer keeps its last figures too.
        </p>
      ) : null}
      <details>
        <summary>What was wrong</summary>
        <ul>
          {leftOut.slice(0, LISTED).map((record, i) => (
            <li key={i}>
              {record.label}:
              <ul>
                {record.problems.map((problem, j) => (
                  <li key={j}>{problem}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        {n > LISTED ? <p>… and {n - LISTED} more, named in the browser&rsquo;s console.</p> : null}
      </details>
    </Notice>
  );
}

const Notice = classed("section", styles.notice);

const Title = classed("p", styles.title);
