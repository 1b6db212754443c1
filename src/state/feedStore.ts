import type { ContentIssue } from "../model/contentIssue";

/**
 * How the page's status feed is doing, for the top bar and the notice about
 * bad records: off (nothing to follow), waiting (no answer yet), live (the
 * last fetch answered), or down (it stopped answering: the last good figures
 * stay on screen).
 */
export type FeedStatus = {
  mode: "off" | "waiting" | "live" | "down";
  /** when the newest good answer came */
  lastSuccess: number | null;
  /** when the feed stopped answering; null while it answers */
  downSince: number | null;
  /** why the last fetch failed */
  error: string | null;
  /** the records of the last answer that were left out, and why */
  problems: readonly ContentIssue[];
};

export type FeedStore = {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => FeedStatus;
  waiting: () => void;
  succeeded: (at: number, problems: readonly ContentIssue[]) => void;
  failed: (at: number, error: string) => void;
  stopped: () => void;
  /** Set by the feed's client while it runs: fetches at once; resolves true when the feed answered. */
  setRefetch: (refetch: (() => Promise<boolean>) | null) => void;
  /** null when there is no feed to fetch */
  refetch: () => Promise<boolean> | null;
};

export const FEED_OFF: FeedStatus = { mode: "off", lastSuccess: null, downSince: null, error: null, problems: [] };

export function createFeedStore(): FeedStore {
  let status = FEED_OFF;
  let refetcher: (() => Promise<boolean>) | null = null;
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
    succeeded: (at, problems) => set({ mode: "live", lastSuccess: at, downSince: null, error: null, problems }),
    failed: (at, error) => set({ ...status, mode: "down", downSince: status.downSince ?? at, error }),
    stopped: () => set(FEED_OFF),
    setRefetch: (refetch) => {
      refetcher = refetch;
    },
    refetch: () => (refetcher ? refetcher() : null),
  };
}
