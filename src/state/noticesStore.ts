import type { IncidentsDocument } from "../publish/openData";
import { followedFetch, type FetchMode, type FollowedFetch } from "./followedFetch";

/**
 * The site's published incidents and maintenance (/api/v1/incidents.json) as
 * the pages that follow the status feed fetch them, on the feed's schedule.
 * The newest good document stays for the visit: it is newer than the build's
 * notices on every page, also on pages that do not follow the feed. How the
 * fetching does (waiting, live, down since when and why) belongs to the pages
 * that follow, as the feed's own status does.
 */
export type NoticesFeed = {
  mode: FetchMode;
  /** the newest good document of this visit; null until one came */
  document: IncidentsDocument | null;
  /** when the newest good document came */
  lastSuccess: number | null;
  /** when the fetches started failing; null while they answer */
  downSince: number | null;
  /** why the last fetch failed */
  error: string | null;
};

export type NoticesStore = FollowedFetch<NoticesFeed> & {
  succeeded: (at: number, document: IncidentsDocument) => void;
};

export const NOTICES_OFF: NoticesFeed = { mode: "off", document: null, lastSuccess: null, downSince: null, error: null };

/** The incidents' fetching: off when nothing follows it, the newest document kept for the visit. */
export function createNoticesStore(): NoticesStore {
  const { store, set } = followedFetch(NOTICES_OFF, (status) =>
    status.mode === "off" ? status : { ...status, mode: "off", downSince: null, error: null },
  );
  return {
    ...store,
    succeeded: (at, document) => set({ mode: "live", document, lastSuccess: at, downSince: null, error: null }),
  };
}
