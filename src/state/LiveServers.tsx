import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { createFeedStore, type FeedStore } from "./feedStore";
import { useSettings } from "./SettingsProvider";
import { createLiveServerStore, type LiveServerStore } from "./liveServerStore";
import { createNoticesStore, type NoticesStore } from "./noticesStore";
import { useServerNotifications } from "./useServerNotifications";

const LiveServersContext = createContext<LiveServerStore | null>(null);
const FeedContext = createContext<FeedStore | null>(null);
const NoticesContext = createContext<NoticesStore | null>(null);

/**
 * Holds the live server store, the status feed's and the fetched incidents'
 * for the whole visit; the
 * settings set their pace, and say which changes the feed brings are shown as
 * system notifications.
 */
export function LiveServersProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createLiveServerStore);
  const [feed] = useState(createFeedStore);
  const [notices] = useState(createNoticesStore);
  const [settings] = useSettings();
  useEffect(() => {
    store.configure({
      intervalMs: settings.refreshInterval * 1000,
      enabled: settings.autoRefresh,
      onTick: settings.debugMode ? (servers) => console.debug("[simulation] tick", servers) : undefined,
    });
  }, [store, settings.refreshInterval, settings.autoRefresh, settings.debugMode]);
  useServerNotifications(store, feed, settings);
  return (
    <LiveServersContext.Provider value={store}>
      <FeedContext.Provider value={feed}>
        <NoticesContext.Provider value={notices}>{children}</NoticesContext.Provider>
      </FeedContext.Provider>
    </LiveServersContext.Provider>
  );
}

export function useLiveServerStore(): LiveServerStore {
  const store = useContext(LiveServersContext);
  if (store === null) throw new Error("useLiveServerStore must be used inside <LiveServersProvider>");
  return store;
}

export function useFeedStore(): FeedStore {
  const feed = useContext(FeedContext);
  if (feed === null) throw new Error("useFeedStore must be used inside <LiveServersProvider>");
  return feed;
}

export function useNoticesStore(): NoticesStore {
  const notices = useContext(NoticesContext);
  if (notices === null) throw new Error("useNoticesStore must be used inside <LiveServersProvider>");
  return notices;
}
