import type { ContentIssue } from "../../model/contentIssue";
import { classed } from "../../styles/classed";
import * as styles from "./FeedNoticePanel.module.css";

/** The feed's last answer had records that were left out: how many, and what was wrong with each. */
export default function FeedNoticePanel({ problems }: { problems: readonly ContentIssue[] }) {
  const n = problems.length;
  return (
    <Notice aria-labelledby="feed-notice-title" role="region">
      <Title id="feed-notice-title">
        The status feed sent {n} {n === 1 ? "record" : "records"} that {n === 1 ? "was" : "were"} left out; the other servers are up to
        date, and {n === 1 ? "that server keeps its" : "those servers keep their"} last good figures.
      </Title>
      <details>
        <summary>What was wrong</summary>
        <ul>
          {problems.slice(0, 20).map((problem, i) => (
            <li key={i}>{problem.message}</li>
          ))}
        </ul>
      </details>
    </Notice>
  );
}

const Notice = classed("section", styles.notice);

const Title = classed("p", styles.title);
