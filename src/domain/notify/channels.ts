/**
 * What the settings page says about content/notifications.json: each channel's
 * id and type, and which servers' events reach it. Nothing else of a channel
 * (the names of its environment variables, its e-mail addresses) goes to a page.
 */
import { NOTIFY_EVENTS, type ChannelConfig, type NotificationsConfig, type NotifyEvent } from "./notifications";
import { notifyDefaults } from "./config";

/** One route as it reaches a channel: the servers (null: every server) and the events the job sends there. */
type ChannelRoute = { servers: string[] | null; events: NotifyEvent[] };

export type ChannelSummary = { id: string; type: ChannelConfig["type"]; routes: ChannelRoute[] };

/**
 * Each channel with the routes that name it, in the file's order. The events
 * are those the job sends: no "recovered" when sendOnRecovery is off, no
 * "reminder" when reminderMinutes is 0.
 */
export function channelSummaries(config: NotificationsConfig): ChannelSummary[] {
  const { sendOnRecovery, reminderMinutes } = notifyDefaults(config);
  const sent = (event: NotifyEvent) => (event !== "recovered" || sendOnRecovery) && (event !== "reminder" || reminderMinutes > 0);
  return config.channels.map(({ id, type }) => ({
    id,
    type,
    routes: config.routes
      .filter((route) => route.channels.includes(id))
      .map((route) => ({
        // A dependency group is said as what it covers: the server and every server behind it.
        servers:
          route.servers || route.groups
            ? [...(route.servers ?? []), ...(route.groups ?? []).map((group) => `${group} and the servers behind it`)]
            : null,
        events: (route.events ?? NOTIFY_EVENTS).filter(sent),
      }))
      .filter((route) => route.events.length > 0),
  }));
}

const TYPE_NAMES: Record<ChannelConfig["type"], string> = {
  webhook: "webhook",
  slack: "Slack",
  discord: "Discord",
  teams: "Microsoft Teams",
  ntfy: "ntfy",
  email: "email",
  pagerduty: "PagerDuty",
  opsgenie: "Opsgenie",
  telegram: "Telegram",
  gotify: "Gotify",
  pushover: "Pushover",
  matrix: "Matrix",
  googlechat: "Google Chat",
  mattermost: "Mattermost",
};

/** A channel's type as a reader names it: Slack, Microsoft Teams, email; an unknown type as written. */
export const channelTypeName = (type: string): string => TYPE_NAMES[type as ChannelConfig["type"]] ?? type;

const EVENT_WORDS: Record<NotifyEvent, string> = {
  down: "down",
  degraded: "slow",
  recovered: "recovered",
  reminder: "reminders",
  certificate: "certificate expiry",
  security: "security findings",
  maintenance: "maintenance windows",
  objective: "objectives' burn-rate alerts",
};

/** "every server: down, slow, recovered, reminders" or "srv-a, srv-b: down". */
export function describeRoute(route: { servers: readonly string[] | null; events: readonly string[] }): string {
  const servers = route.servers === null ? "every server" : route.servers.join(", ");
  return `${servers}: ${route.events.map((e) => EVENT_WORDS[e as NotifyEvent] ?? e).join(", ")}`;
}
