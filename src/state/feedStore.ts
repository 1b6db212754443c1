import type { LeftOutRecord } from "../model/fleet/statusFeed";

/**
 * How the page's status feed is doing, for the top bar and the notice about
 * bad records: off (nothing to follow, or the page does not follow it),
 * waiting (no answer yet), live (the last fetch answered), or down (it stopped
 * answering: the last good figures stay on screen). It belongs to the pages
 * that follow the feed: when the last of them goes, it is off again.
 */
export type FeedStatus = {
  mode: "off" | "waiting" | "live" | "down";
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

export type FeedStore = {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => FeedStatus;
  waiting: () => void;
  succeeded: (at: number, answer: { leftOut: readonly LeftOutRecord[]; dataTime: string | null }) => void;
  failed: (at: number, error: string) => void;
  stopped: () => void;
  /**
   * A page that follows the feed holds it while open; returns the release. When
   * the last page lets go (and no next page takes it in the same commit), the
   * status is off.
   */
  follow: () => () => void;
  /** Set by the feed's client while it runs: fetches at once; resolves true when the feed answered. */
  setRefetch: (refetch: (() => Promise<boolean>) | null) => void;
  /** null when there is no feed to fetch */
  refetch: () => Promise<boolean> | null;
};

export const FEED_OFF: FeedStatus = { mode: "off", lastSuccess: null, dataTime: null, downSince: null, error: null, leftOut: [] };

export function createFeedStore(): FeedStore {
  let status = FEED_OFF;
  let refetcher: (() => Promise<boolean>) | null = null;
  let followers = 0;
  const listeners = new Set<() => void>();
  const set = (next: FeedStatus) => {
    status = next;
    listeners.forEach((l) => l());
  };
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => status,
    waiting: () => {
      if (status.mode === "off") set({ ...FEED_OFF, mode: "waiting" });
    },
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
    failed: (at, error) => set({ ...status, mode: "down", downSince: status.downSince ?? at, error }),
    stopped: () => {
      if (status !== FEED_OFF) set(FEED_OFF);
    },
    follow: () => {
      followers += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        followers -= 1;
        // A page change unmounts the old page and mounts the next in one commit: the next may take the feed over.
        void Promise.resolve().then(() => {
          if (followers === 0 && status !== FEED_OFF) set(FEED_OFF);
        });
      };
    },
    setRefetch: (refetch) => {
      refetcher = refetch;
    },
    refetch: () => (refetcher ? refetcher() : null),
  };
}
