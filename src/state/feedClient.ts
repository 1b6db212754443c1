/**
 * Follows a status feed with TanStack Query (its framework-free core: the
 * answers go into the site's own stores), and the site's published incidents
 * (/api/v1/incidents.json) on the same schedule. Loaded with import() by the
 * pages that show servers, after the first paint, and only when there is a feed.
 */
import { QueryClient, QueryObserver } from "@tanstack/query-core";
import {
  FEED_CACHE_MS,
  FEED_RETRIES,
  FeedError,
  applyFeed,
  checkFeed,
  checkIncidentsDocument,
  checkServerDocument,
  feedRetryDelay,
  type FeedResult,
} from "../model/fleet/statusFeed";
import type { IncidentsDocument } from "../publish/openData";
import type { Server } from "../domain/kernel/types";
import type { FeedStore } from "./feedStore";
import type { LiveServerStore } from "./liveServerStore";
import type { NoticesStore } from "./noticesStore";

let client: QueryClient | null = null;
/** One cache for the visit, with SPEC §7's defaults: a page change within 5 minutes starts from the last answer. */
function queryClient(): QueryClient {
  client ??= new QueryClient({
    defaultOptions: { queries: { retry: FEED_RETRIES, retryDelay: feedRetryDelay, gcTime: FEED_CACHE_MS, refetchOnWindowFocus: false } },
  });
  return client;
}

/** Forgets every answer kept (their 5-minute timers go with them): a feed the reader no longer follows, or a test that is done. */
export function forgetFeeds(): void {
  client?.clear();
  client = null;
}

async function fetchJson(url: string, signal: AbortSignal): Promise<unknown> {
  // No cookie and no setting go with it: a feed is public data.
  const response = await fetch(url, { signal, cache: "no-store", credentials: "omit", headers: { accept: "application/json" } });
  if (!response.ok) throw new FeedError(`it answered HTTP ${response.status}`);
  try {
    return (await response.json()) as unknown;
  } catch {
    throw new FeedError("its answer is not JSON");
  }
}

const describe = (error: unknown) =>
  error instanceof FeedError ? error.message : error instanceof Error ? `it could not be reached (${error.message})` : String(error);

export type FollowOptions = { url: string; intervalMs: number; enabled: boolean; live: LiveServerStore; feed: FeedStore };

type Reading = {
  url: string;
  key: string;
  read: (document: unknown) => FeedResult;
  apply: (result: FeedResult) => void;
  intervalMs: number;
  enabled: boolean;
  feed: FeedStore;
};

/** Fetches a document now and then every interval, reads it, applies what it holds and tells the feed's state; returns the function that stops. */
function follow({ url, key, read, apply, intervalMs, enabled, feed }: Reading): () => void {
  const observer = new QueryObserver<FeedResult>(queryClient(), {
    queryKey: [key, url],
    queryFn: async ({ signal }) => read(await fetchJson(url, signal)),
    refetchInterval: enabled ? intervalMs : false,
    refetchIntervalInBackground: false,
  });
  let applied = 0;
  let failed = 0;
  feed.waiting();
  const handle = (result: ReturnType<typeof observer.getCurrentResult>) => {
    if (result.data && result.dataUpdatedAt > applied) {
      applied = result.dataUpdatedAt;
      const data = result.data;
      apply(data);
      // One line per record left out, with everything wrong with it (a record with no id is named by its place).
      for (const record of data.leftOut) console.warn(`Status feed ${url}: left out ${record.label}: ${record.problems.join(" ")}`);
      feed.succeeded(result.dataUpdatedAt, data);
    }
    if (result.status === "error" && result.errorUpdatedAt > failed && result.errorUpdatedAt > applied) {
      failed = result.errorUpdatedAt;
      const message = describe(result.error);
      console.warn(`Status feed ${url}: ${message}; the last figures stay.`);
      feed.failed(result.errorUpdatedAt, message);
    }
  };
  const unsubscribe = observer.subscribe(handle);
  // An answer still in the cache (from the page before) shows at once.
  handle(observer.getCurrentResult());
  feed.setRefetch(async () => {
    const result = await observer.refetch();
    return result.status === "success" && !result.isRefetchError;
  });
  return () => {
    unsubscribe();
    feed.setRefetch(null);
  };
}

/** Follows a feed of every server into the live servers' store. */
export function followFeed({ url, intervalMs, enabled, live, feed }: FollowOptions): () => void {
  return follow({
    url,
    key: "status-feed",
    read: checkFeed,
    apply: (data) => live.update((servers) => applyFeed(servers, data)),
    intervalMs,
    enabled,
    feed,
  });
}

export type FollowServerOptions = {
  /** the server's own file, /api/v1/servers/<id>.json */
  url: string;
  id: string;
  intervalMs: number;
  enabled: boolean;
  feed: FeedStore;
  onServer: (server: Server) => void;
};

/** Follows one server's own file (a server's page opened directly): only its record, not the whole list. */
export function followServer({ url, id, intervalMs, enabled, feed, onServer }: FollowServerOptions): () => void {
  const read = (document: unknown) => checkServerDocument(document, id);
  const apply = (data: FeedResult) => {
    if (data.servers[0]) onServer(data.servers[0]);
  };
  return follow({ url, key: "server-file", read, apply, intervalMs, enabled, feed });
}

export type FollowIncidentsOptions = { url: string; intervalMs: number; enabled: boolean; notices: NoticesStore };

/**
 * Fetches the site's incidents now and then every interval, as the feed is
 * fetched (the same cache, retries and pace); returns the function that stops.
 * A failed or bad answer keeps the notices the page shows, and says why.
 */
export function followIncidents({ url, intervalMs, enabled, notices }: FollowIncidentsOptions): () => void {
  const observer = new QueryObserver<IncidentsDocument>(queryClient(), {
    queryKey: ["incidents", url],
    queryFn: async ({ signal }) => checkIncidentsDocument(await fetchJson(url, signal)),
    refetchInterval: enabled ? intervalMs : false,
    refetchIntervalInBackground: false,
  });
  let applied = 0;
  let failed = 0;
  notices.waiting();
  const handle = (result: ReturnType<typeof observer.getCurrentResult>) => {
    if (result.data && result.dataUpdatedAt > applied) {
      applied = result.dataUpdatedAt;
      notices.succeeded(result.dataUpdatedAt, result.data);
    }
    if (result.status === "error" && result.errorUpdatedAt > failed && result.errorUpdatedAt > applied) {
      failed = result.errorUpdatedAt;
      const message = describe(result.error);
      console.warn(`Incidents ${url}: ${message}; the notices on the page stay.`);
      notices.failed(result.errorUpdatedAt, message);
    }
  };
  const unsubscribe = observer.subscribe(handle);
  handle(observer.getCurrentResult());
  notices.setRefetch(async () => {
    const result = await observer.refetch();
    return result.status === "success" && !result.isRefetchError;
  });
  return () => {
    unsubscribe();
    notices.setRefetch(null);
  };
}
