/**
 * The browser's system notifications: whether this site may show them, asking
 * (only ever from the Push Notifications switch, never when a page loads), and
 * showing what model/shell/browserPush.ts decided.
 */
import type { BrowserNotice } from "../model/shell/browserPush";

export type PushPermission = NotificationPermission | "unsupported";

export function pushPermission(): PushPermission {
  if (typeof window === "undefined" || !("Notification" in window)) return "unsupported";
  return window.Notification.permission;
}

/** Asks the browser (it prompts only while the answer is "default"); resolves with its answer. */
export async function askPushPermission(): Promise<PushPermission> {
  const now = pushPermission();
  if (now !== "default") return now;
  return window.Notification.requestPermission();
}

let warned = false;

/** Shows each notice; clicking one brings the page forward. Nothing when the browser does not allow it. */
export function showNotices(notices: readonly BrowserNotice[], icon: string): void {
  if (pushPermission() !== "granted") return;
  for (const { title, body, tag } of notices) {
    try {
      const shown = new window.Notification(title, { body, tag, icon });
      shown.onclick = () => {
        window.focus();
        shown.close();
      };
    } catch (error) {
      // Some browsers (Chrome on Android) show notifications only through a service worker, which this site does not have.
      if (!warned) console.warn("This browser did not show a notification:", error);
      warned = true;
    }
  }
}
