import type { IncidentsDocument } from "../publish/openData";

/**
 * The site's published incidents and maintenance (/api/v1/incidents.json) as
 * the pages that follow the status feed fetch them, on the feed's schedule.
 * The newest good document stays for the visit: it is newer than the build's
 * notices on every page, also on pages that do not follow the feed. How the
 * fetching does (waiting, live, down since when and why) belongs to the pages
 * that follow, as the feed's own status does.
 */
export type NoticesFeed = {
  mode: "off" | "waiting" | "live" | "down";
  /** the newest good document of this visit; null until one came */
  document: IncidentsDocument | null;
  /** when the newest good document came */
  lastSuccess: number | null;
  /** when the fetches started failing; null while they answer */
  downSince: number | null;
  /** why the last fetch failed */
  error: string | null;
};

export type NoticesStore = {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => NoticesFeed;
  waiting: () => void;
  succeeded: (at: number, document: IncidentsDocument) => void;
  failed: (at: number, error: string) => void;
  /** No feed to follow any more: nothing is fetched (the newest document stays). */
  stopped: () => void;
  /** A page that follows the feed holds the fetching while open; returns the release. */
  follow: () => () => void;
  /** Set by the client while it runs: fetches at once; resolves true when the document came and was good. */
  setRefetch: (refetch: (() => Promise<boolean>) | null) => void;
  /** null when nothing is followed */
  refetch: () => Promise<boolean> | null;
};

export const NOTICES_OFF: NoticesFeed = { mode: "off", document: null, lastSuccess: null, downSince: null, error: null };

export function createNoticesStore(): NoticesStore {
  let status = NOTICES_OFF;
  let refetcher: (() => Promise<boolean>) | null = null;
  let followers = 0;
  const listeners = new Set<() => void>();
  const set = (next: NoticesFeed) => {
    status = next;
    listeners.forEach((l) => l());
  };
  const off = () => {
    if (status.mode !== "off") set({ ...status, mode: "off", downSince: null, error: null });
  };
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => status,
    waiting: () => {
      if (status.mode === "off") set({ ...status, mode: "waiting" });
    },
    succeeded: (at, document) => set({ mode: "live", document, lastSuccess: at, downSince: null, error: null }),
    failed: (at, error) => set({ ...status, mode: "down", downSince: status.downSince ?? at, error }),
    stopped: off,
    follow: () => {
      followers += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        followers -= 1;
        // A page change unmounts the old page and mounts the next in one commit: the next may take the fetching over.
        void Promise.resolve().then(() => {
          if (followers === 0) off();
        });
      };
    },
    setRefetch: (refetch) => {
      refetcher = refetch;
    },
    refetch: () => (refetcher ? refetcher() : null),
  };
}
