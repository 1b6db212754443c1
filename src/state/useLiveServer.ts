import { useCallback, useEffect, useLayoutEffect, useState, useSyncExternalStore, type Dispatch, type SetStateAction } from "react";
import type { Server } from "../domain/kernel/types";
import { simulateTick } from "../model/fleet/simulate";
import { useLiveServerStore } from "./LiveServers";
import { useSettings } from "./SettingsProvider";
import { ownServersUrl, useFeedUrl, useFollowFeed } from "./useFeed";
import { loadPublishedServers } from "./useLiveFleet";
import { useServerPageNotifications } from "./useServerNotifications";

/**
 * One server as the other pages show it, live, and until then (and in the
 * static HTML) the build's record (`live` false), so the HTML and hydration agree.
 *
 * - Arrived from a page that holds the fleet, or following another host's feed:
 *   from the store of live servers, as the other pages (the fleet, simulated or
 *   following the feed; seeded from /api/v1/servers.json when empty).
 * - Opened directly on a site that follows its own files: this server only,
 *   never the whole list. A measured site's page follows the server's own file
 *   (/api/v1/servers/<id>.json); a server without a check is simulated in the
 *   browser at the settings' pace. The shell then shows the build's summary, as
 *   on the pages that show no servers; the server's changes are system
 *   notifications as on the other pages (useServerPageNotifications).
 */
export function useLiveServer(built: Server): { server: Server; live: boolean } {
  const store = useLiveServerStore();
  const servers = useSyncExternalStore(store.subscribe, store.getSnapshot, () => null);
  const url = useFeedUrl();
  // Whether the store held the fleet when the page opened (a page change): then the page follows it.
  const [arrivedWithFleet] = useState(() => store.getSnapshot() !== null);
  const own = !arrivedWithFleet && (url === null || url === ownServersUrl());
  const [ownServer, setOwnServer] = useState<Server | null>(null);

  useEffect(() => {
    if (!own) store.seedFrom(loadPublishedServers);
  }, [store, own]);
  // The shell reads the live servers while a page that shows the fleet is open.
  useLayoutEffect(() => (own ? undefined : store.retain()), [store, own]);
  // A record the site calls simulated keeps the figures the browser simulates (as applyFeed does for the fleet).
  const onServer = useCallback(
    (next: Server) =>
      setOwnServer((current) => (current && current.source === "simulated" && next.source === "simulated" ? current : next)),
    [],
  );
  useFollowFeed(own ? { id: built.id, onServer } : null);
  useSimulatedServer(built, own && built.source === "simulated", setOwnServer);
  // Opened directly, the page is not on the live store that raises the other pages' system notifications: it raises its own.
  useServerPageNotifications(own ? ownServer : null);

  if (own) return ownServer ? { server: ownServer, live: true } : { server: built, live: false };
  const found = servers?.find((s) => s.id === built.id);
  return found ? { server: found, live: true } : { server: built, live: false };
}

/** This one server simulated in the browser, from the build's record, at the settings' pace while the tab is visible. */
function useSimulatedServer(built: Server, enabled: boolean, set: Dispatch<SetStateAction<Server | null>>): void {
  const [settings] = useSettings();
  const intervalMs = settings.refreshInterval * 1000;
  const running = enabled && settings.autoRefresh;
  useEffect(() => {
    if (enabled) set((current) => current ?? built);
  }, [built, enabled, set]);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "hidden") return;
      set((current) => simulateTick([current ?? built], new Date())[0]);
    }, intervalMs);
    return () => clearInterval(timer);
  }, [built, running, intervalMs, set]);
}
