import { withPrefix } from "gatsby";
import { useEffect, useRef } from "react";
import type { Server } from "../domain/kernel/types";
import { browserNotices } from "../model/shell/browserPush";
import type { Settings } from "../model/shell/settings";
import { showNotices } from "./browserNotifications";
import type { FeedStore } from "./feedStore";
import type { LiveServerStore } from "./liveServerStore";
import { useSettings } from "./SettingsProvider";

type Prefs = Pick<Settings, "pushNotifications" | "serverDownAlerts" | "performanceAlerts">;

/**
 * System notifications while a page follows the status feed: each change of
 * the live servers is compared with the one before, once the feed has answered
 * on this page (the first answer is where the page starts: a server that was
 * down before is not news). Mounted once, with the stores (LiveServersProvider).
 */
export function useServerNotifications(live: LiveServerStore, feed: FeedStore, prefs: Prefs): void {
  const latest = useRef(prefs);
  useEffect(() => {
    latest.current = prefs;
  });
  useEffect(() => {
    let before = live.getSnapshot();
    return live.subscribe(() => {
      const after = live.getSnapshot();
      const previous = before;
      before = after;
      const { mode } = feed.getSnapshot();
      if (previous === null || after === null || previous === after || (mode !== "live" && mode !== "down")) return;
      const notices = browserNotices(previous, after, latest.current);
      if (notices.length > 0) showNotices(notices, withPrefix("/favicon.svg"));
    });
  }, [live, feed]);
}

/**
 * The same notifications on a server's page opened directly, which follows that server's own
 * file (useLiveServer) rather than the live store: each record the file brings is compared with
 * the one before; the first is where the page starts. Only measured records make news (a
 * simulated one never does), as on the other pages.
 */
export function useServerPageNotifications(server: Server | null): void {
  const [settings] = useSettings();
  const latest = useRef(settings);
  useEffect(() => {
    latest.current = settings;
  });
  const before = useRef<Server | null>(null);
  useEffect(() => {
    if (server === null) return;
    const previous = before.current;
    before.current = server;
    if (previous === null || previous === server) return;
    const notices = browserNotices([previous], [server], latest.current);
    if (notices.length > 0) showNotices(notices, withPrefix("/favicon.svg"));
  }, [server]);
}
