import styled from "styled-components";
import { Button } from "../ui/Button";
import { theme } from "../../styles/theme";

type FleetLoadNoticeProps = {
  /** the whole list was asked for and did not come */
  failed: boolean;
  onRetry: () => void;
};

/**
 * Says when a large fleet's whole list could not be fetched: the page keeps the
 * servers the build gave it (the first page, problems first) and its totals,
 * and offers to try again. Nothing otherwise.
 */
export function FleetLoadNotice({ failed, onRetry }: FleetLoadNoticeProps) {
  if (!failed) return null;
  return (
    <Notice role="alert">
      <span>The full list of servers could not be loaded. The first page and the totals are from the last build.</span>
      <Button $variant="outline" $size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Notice>
  );
}

const Notice = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
  margin-bottom: 1rem;
  padding: 0.75rem 1rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius.md};
  font-size: 0.875rem;
`;
