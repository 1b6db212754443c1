import type { LeftOutRecord } from "../model/fleet/statusFeed";
import { followedFetch, type FetchMode, type FollowedFetch } from "./followedFetch";

/**
 * How the page's status feed is doing, for the top bar and the notice about
 * bad records: off (nothing to follow, or the page does not follow it),
 * waiting (no answer yet), live (the last fetch answered), or down (it stopped
 * answering: the last good figures stay on screen). It belongs to the pages
 * that follow the feed: when the last of them goes, it is off again.
 */
export type FeedStatus = {
  mode: FetchMode;
  /** when the newest good answer came */
  lastSuccess: number | null;
  /** when the data of that answer is from (its generatedAt, else its newest check); null when it says neither */
  dataTime: number | null;
  /** when the feed stopped answering; null while it answers */
  downSince: number | null;
  /** why the last fetch failed */
  error: string | null;
  /** the records of the last answer that were left out, and why */
  leftOut: readonly LeftOutRecord[];
};

export type FeedStore = FollowedFetch<FeedStatus> & {
  succeeded: (at: number, answer: { leftOut: readonly LeftOutRecord[]; dataTime: string | null }) => void;
};

export const FEED_OFF: FeedStatus = { mode: "off", lastSuccess: null, dataTime: null, downSince: null, error: null, leftOut: [] };

/** The feed's status: off again (its figures forgotten) when the last page that follows it goes. */
export function createFeedStore(): FeedStore {
  const { store, set } = followedFetch(FEED_OFF, () => FEED_OFF);
  return {
    ...store,
    succeeded: (at, answer) => {
      const data = answer.dataTime === null ? NaN : Date.parse(answer.dataTime);
      set({
        mode: "live",
        lastSuccess: at,
        dataTime: Number.isFinite(data) ? data : null,
        downSince: null,
        error: null,
        leftOut: answer.leftOut,
      });
    },
  };
}
