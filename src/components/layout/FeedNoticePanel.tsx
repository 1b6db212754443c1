import styled from "styled-components";
import type { ContentIssue } from "../../model/contentIssue";
import { theme } from "../../styles/theme";

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

const Notice = styled.section`
  margin-bottom: 1rem;
  padding: 0.75rem 1rem;
  border: 1px solid ${theme.colors.warning};
  border-radius: ${theme.radius.md};
  background: ${theme.colors.surface};
  font-size: 0.875rem;
  summary {
    cursor: pointer;
    color: ${theme.colors.textMuted};
  }
  ul {
    margin: 0.5rem 0 0;
    padding-left: 1.25rem;
    overflow-wrap: anywhere;
  }
`;

const Title = styled.p`
  font-size: 0.9375rem;
  font-weight: 600;
  color: ${theme.colors.warningText};
`;
