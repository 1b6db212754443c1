import { withPrefix } from "gatsby";
import { useEffect, useSyncExternalStore } from "react";
import { API_PATH } from "../publish/api";
import { serverApiPath } from "../domain/kernel/paths";
import type { Server } from "../domain/kernel/types";
import type * as FeedClient from "./feedClient";
import { FEED_OFF, type FeedStatus } from "./feedStore";
import { useFeedStore, useLiveServerStore, useNoticesStore } from "./LiveServers";
import { NOTICES_OFF, type NoticesFeed } from "./noticesStore";
import { useSettings } from "./SettingsProvider";
import { useMonitoring } from "./useMonitoring";

/** A server's page that takes only its own server: its id, and where its record goes. */
export type OwnServer = { id: string; onServer: (server: Server) => void };

/** The site's own list of servers (/api/v1/servers.json, under the site's path prefix). */
export const ownServersUrl = (): string => withPrefix(`${API_PATH}/servers.json`);

/** A feed given at build time (GATSBY_STATUS_FEED_URL): every reader follows it unless Settings name another. */
const BUILD_FEED = process.env.GATSBY_STATUS_FEED_URL ?? "";

/**
 * The feed this reader's pages follow: the one set in Settings, else the one
 * given at build, else the site's own /api/v1/servers.json when the site has
 * measured servers; null when there is nothing to follow (sample data only).
 */
export function useFeedUrl(): string | null {
  const [settings] = useSettings();
  const { measured } = useMonitoring();
  if (settings.feedUrl) return settings.feedUrl;
  if (BUILD_FEED) return BUILD_FEED;
  return measured > 0 ? ownServersUrl() : null;
}

/** The site's own incidents, fetched beside the feed (same origin and path prefix as the other published files). */
const INCIDENTS_URL = () => withPrefix(`${API_PATH}/incidents.json`);

/** How fetching the site's incidents does, and the newest good document of the visit. */
export function useNoticesFeed(): NoticesFeed {
  const notices = useNoticesStore();
  return useSyncExternalStore(notices.subscribe, notices.getSnapshot, () => NOTICES_OFF);
}

export function useFeedStatus(): FeedStatus {
  const feed = useFeedStore();
  return useSyncExternalStore(feed.subscribe, feed.getSnapshot, () => FEED_OFF);
}

/**
 * Loads the feed's client (TanStack Query and the checker) and starts following
 * with it; returns what stops, for an effect's cleanup, whether the code has
 * loaded by then or not. Code that cannot load is logged and told to `failed`.
 */
function withFeedClient(start: (client: typeof FeedClient) => () => void, failed: () => void): () => void {
  let stop: (() => void) | null = null;
  let cancelled = false;
  import("./feedClient")
    .then((client) => {
      if (!cancelled) stop = start(client);
    })
    .catch((error: unknown) => {
      console.error("The status feed's code could not be loaded:", error);
      failed();
    });
  return () => {
    cancelled = true;
    stop?.();
  };
}

/**
 * While a page that shows servers is open, its servers follow the feed, at the
 * refresh interval of Settings, and the shell's notices follow the site's
 * /api/v1/incidents.json on the same schedule (useFollowIncidents). The client
 * (TanStack Query) is loaded here, after the page is live, and not at all when
 * there is no feed. With `own` (a server's page opened directly) and the site's
 * own list as the feed, only that server's file is followed, into `own.onServer`.
 */
export function useFollowFeed(own: OwnServer | null = null): void {
  const url = useFeedUrl();
  const [settings] = useSettings();
  const live = useLiveServerStore();
  const feed = useFeedStore();
  const intervalMs = settings.refreshInterval * 1000;
  const enabled = settings.autoRefresh;
  // A server's page opened directly follows only that server's file when the feed is the site's own list.
  const ownFile = own !== null && url === ownServersUrl() ? withPrefix(serverApiPath(own.id)) : null;
  const ownId = own?.id ?? null;
  const onServer = own?.onServer ?? null;
  useEffect(() => {
    if (url === null) return;
    const failed = () => feed.failed(Date.now(), "the page could not load the code that reads it");
    if (ownFile !== null && ownId !== null && onServer !== null) {
      return withFeedClient(({ followServer }) => followServer({ url: ownFile, id: ownId, intervalMs, enabled, feed, onServer }), failed);
    }
    return withFeedClient(({ followFeed }) => followFeed({ url, intervalMs, enabled, live, feed }), failed);
  }, [url, ownFile, ownId, onServer, intervalMs, enabled, live, feed]);
  // No feed any more (Settings cleared, say): the indicator goes back to what the build knows.
  useEffect(() => {
    if (url === null) feed.stopped();
  }, [url, feed]);
  // The feed's state belongs to the pages that follow it: when the last goes, it is off.
  useEffect(() => feed.follow(), [feed]);
  useFollowIncidents();
}

/**
 * While a page that follows the feed, or /incidents, is open, the shell's
 * notices follow the site's /api/v1/incidents.json at the refresh interval of
 * Settings; not at all on a site with nothing to follow (sample data only).
 */
export function useFollowIncidents(): void {
  const following = useFeedUrl() !== null;
  const [settings] = useSettings();
  const notices = useNoticesStore();
  const intervalMs = settings.refreshInterval * 1000;
  const enabled = settings.autoRefresh;
  useEffect(() => {
    if (!following) return;
    return withFeedClient(
      ({ followIncidents }) => followIncidents({ url: INCIDENTS_URL(), intervalMs, enabled, notices }),
      () => notices.failed(Date.now(), "the page could not load the code that reads them"),
    );
  }, [following, intervalMs, enabled, notices]);
  useEffect(() => {
    if (!following) notices.stopped();
  }, [following, notices]);
  useEffect(() => notices.follow(), [notices]);
}
