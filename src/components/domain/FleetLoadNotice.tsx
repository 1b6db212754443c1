import { Button } from "../ui/Button";
import { classed } from "../../styles/classed";
import * as styles from "./FleetLoadNotice.module.css";

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

const Notice = classed("div", styles.notice);
