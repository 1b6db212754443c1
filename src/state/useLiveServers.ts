import { useEffect, useMemo, useSyncExternalStore } from "react";
import { toServers, type ServerRecord } from "../model/records";
import type { Server } from "../model/types";
import { useLiveServerStore } from "./LiveServers";
import { useFollowFeed } from "./useFeed";

/**
 * A page's live servers: the one hook every page that shows servers calls with
 * its query's records. The store is seeded from them on first use; the server
 * render and hydration use the records themselves, so the static HTML and the
 * first client render agree. While the page is open, the servers follow the
 * status feed when there is one.
 */
export function useLiveServers(records: readonly ServerRecord[]): readonly Server[] {
  const store = useLiveServerStore();
  const seed = useMemo(() => toServers(records), [records]);
  const live = useSyncExternalStore(store.subscribe, store.getSnapshot, () => null);
  useEffect(() => store.seed(seed), [store, seed]);
  useEffect(() => store.retain(), [store]);
  useFollowFeed();
  return live ?? seed;
}
