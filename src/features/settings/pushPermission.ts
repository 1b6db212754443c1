import type { PushPermission } from "../../state/browserNotifications";

/** Why Push Notifications cannot be turned on, in words; null when it can. */
export function permissionProblem(permission: PushPermission): string | null {
  switch (permission) {
    case "granted":
      return null;
    case "denied":
      return "This browser blocks notifications for this site: allow them in the browser's site settings, then turn this on again.";
    case "unsupported":
      return "This browser cannot show notifications, so this stays off.";
    default:
      return "The browser's question was closed without an answer: turn this on again to be asked again.";
  }
}

/** Why Push Notifications, though on, shows nothing; null when it can show them. */
export function onButSilent(permission: PushPermission): string | null {
  switch (permission) {
    case "granted":
      return null;
    case "denied":
      return "Push Notifications is on, but this browser blocks notifications for this site: none will show until you allow them in the browser's site settings.";
    case "unsupported":
      return "Push Notifications is on, but this browser cannot show notifications.";
    default:
      return "Push Notifications is on, but this browser has not been allowed to show notifications: turn it off and on again to be asked.";
  }
}
