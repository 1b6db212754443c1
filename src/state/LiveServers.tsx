import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { toServers, type ServerRecord } from "../model/records";
import type { Server } from "../model/types";
import { useSettings } from "./SettingsProvider";
import { createLiveServerStore, type LiveServerStore } from "./liveServerStore";

const LiveServersContext = createContext<LiveServerStore | null>(null);

/** Holds the live server store for the whole visit; the settings set its pace. */
export function LiveServersProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createLiveServerStore);
  const [settings] = useSettings();
  useEffect(() => {
    store.configure({
      intervalMs: settings.refreshInterval * 1000,
      enabled: settings.autoRefresh,
      onTick: settings.debugMode ? (servers) => console.debug("[simulation] tick", servers) : undefined,
    });
  }, [store, settings.refreshInterval, settings.autoRefresh, settings.debugMode]);
  return <LiveServersContext.Provider value={store}>{children}</LiveServersContext.Provider>;
}

export function useLiveServerStore(): LiveServerStore {
  const store = useContext(LiveServersContext);
  if (store === null) throw new Error("useLiveServerStore must be used inside <LiveServersProvider>");
  return store;
}

/**
 * A page's live servers: the one hook every page that shows servers calls with
 * its query's records. The store is seeded from them on first use; the server
 * render and hydration use the records themselves, so the static HTML and the
 * first client render agree.
 */
export function useLiveServers(records: readonly ServerRecord[]): readonly Server[] {
  const store = useLiveServerStore();
  const seed = useMemo(() => toServers(records), [records]);
  const live = useSyncExternalStore(store.subscribe, store.getSnapshot, () => null);
  useEffect(() => store.seed(seed), [store, seed]);
  useEffect(() => store.retain(), [store]);
  return live ?? seed;
}
