import { useEffect, useLayoutEffect, useSyncExternalStore } from "react";
import type { Server } from "../domain/kernel/types";
import { useLiveServerStore } from "./LiveServers";
import { useFollowFeed } from "./useFeed";
import { loadPublishedServers } from "./useLiveFleet";

/**
 * One server as the other pages show it, live: from the store of live servers
 * (simulated in the browser, or following the status feed) once it holds the
 * fleet, seeded by an earlier page or, on a page opened directly, from the
 * site's own /api/v1/servers.json. Until then, and in the static HTML, the
 * build's record (`live` false), so the HTML and hydration agree.
 */
export function useLiveServer(built: Server): { server: Server; live: boolean } {
  const store = useLiveServerStore();
  const servers = useSyncExternalStore(store.subscribe, store.getSnapshot, () => null);
  useEffect(() => store.seedFrom(loadPublishedServers), [store]);
  // The shell reads the live servers while a page that shows them is open.
  useLayoutEffect(() => store.retain(), [store]);
  useFollowFeed();
  const found = servers?.find((s) => s.id === built.id);
  return found ? { server: found, live: true } : { server: built, live: false };
}
