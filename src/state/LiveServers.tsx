import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
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
 * The live servers, seeded from this page's build-time records on first use.
 * The server render and hydration use the records themselves, so the static
 * HTML and the first client render agree.
 */
export function useLiveServers(records: readonly Server[]): readonly Server[] {
  const store = useLiveServerStore();
  const live = useSyncExternalStore(store.subscribe, store.getSnapshot, () => null);
  useEffect(() => store.seed(records), [store, records]);
  useEffect(() => store.retain(), [store]);
  return live ?? records;
}
