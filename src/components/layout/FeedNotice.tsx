import { lazy, Suspense } from "react";
import { useFeedStatus } from "../../state/useFeed";

/** Its code loads with the first feed answer that has bad records (most visits never see it). */
const FeedNoticePanel = lazy(() => import("./FeedNoticePanel"));

/** Shown while the feed's last answer had records that were left out. */
export function FeedNotice() {
  const { leftOut } = useFeedStatus();
  if (leftOut.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <FeedNoticePanel leftOut={leftOut} />
    </Suspense>
  );
}
