/**
 * Notifications (content/notifications.json): who is told, where, and what a
 * message holds. The editors' file names channels and the environment
 * variables that hold their addresses and secrets, never the secrets; the check
 * job (monitor/notify*.ts) reads the variables when it sends.
 */
import type { MeasuredStatus } from "../checks/outcome";
import { STATUS_COLOURS } from "../kernel/status";
import { fnv1a } from "../kernel/hash";

/**
 * What a message is about: a change of state, a reminder, a certificate that
 * crossed 30, 14, 7 or 1 days before its expiry, or a finding the security scan
 * saw first (#34).
 */
export type NotifyEvent = "down" | "degraded" | "recovered" | "reminder" | "certificate" | "security" | "maintenance" | "objective";
/** The events of a route that names none: the server's states and its certificate; security findings, maintenance and objectives only where a route asks for them. */
export const NOTIFY_EVENTS: readonly NotifyEvent[] = ["down", "degraded", "recovered", "reminder", "certificate"];

/**
 * What a notice tells: an event a route selects, or a flapping server's news
 * (domain/checks/flapping.ts), routed as the event it stands for: "flapping" as a
 * down (a server that keeps falling), "settled" as the state it settled in;
 * or that the job has no result for a server ("unchecked", routed as a down:
 * nobody knows whether it is) and has them again ("checked", as a recovery).
 */
export type NoticeEvent = NotifyEvent | "flapping" | "settled" | "unchecked" | "checked";

export type ChannelType =
  | "webhook"
  | "slack"
  | "discord"
  | "teams"
  | "ntfy"
  | "email"
  | "pagerduty"
  | "opsgenie"
  | "telegram"
  | "gotify"
  | "pushover"
  | "matrix"
  | "googlechat"
  | "mattermost";

/** The paging services: each notice is an incident's event (opened, updated, closed by its problem's key), never in a digest. */
export const PAGING_TYPES: ReadonlySet<ChannelType> = new Set<ChannelType>(["pagerduty", "opsgenie"]);

/** The paging services' regions: each has its own API host (a service's account lives in one). */
type PagingRegion = "us" | "eu";

type ChannelBase = { id: string };
/** A channel as the editors write it: each field ending in Env names an environment variable. */
export type ChannelConfig =
  | (ChannelBase & { type: "webhook"; urlEnv: string; secretEnv?: string })
  | (ChannelBase & { type: "slack" | "discord" | "teams" | "googlechat" | "mattermost"; urlEnv: string })
  | (ChannelBase & { type: "ntfy"; urlEnv: string; tokenEnv?: string })
  | (ChannelBase & { type: "email"; smtpUrlEnv: string; from: string; to: string[] })
  | (ChannelBase & { type: "pagerduty"; routingKeyEnv: string; region?: PagingRegion; urlEnv?: string })
  | (ChannelBase & { type: "opsgenie"; apiKeyEnv: string; region?: PagingRegion; urlEnv?: string })
  | (ChannelBase & { type: "telegram"; tokenEnv: string; chatId: string; urlEnv?: string })
  | (ChannelBase & { type: "gotify"; urlEnv: string; tokenEnv: string })
  | (ChannelBase & { type: "pushover"; tokenEnv: string; userEnv: string; urlEnv?: string })
  | (ChannelBase & { type: "matrix"; urlEnv: string; tokenEnv: string; roomId: string });

/**
 * Which servers' events go to which channels: no servers (and no groups) means every server, no events means all of
 * them. `groups` names servers whose dependency group the route covers: each of them, and every server behind it
 * (dependsOn, directly or through others). `dependents`: a fall behind a root cause that is down is counted in the
 * root's notice ("count", the default), or also told on its own, and its return ("each").
 */
type RouteConfig = { servers?: string[]; groups?: string[]; channels: string[]; events?: NotifyEvent[]; dependents?: "count" | "each" };

export type NotifyDefaults = {
  /** minutes between reminders while a server stays down; 0: none */
  reminderMinutes: number;
  /** tell when a server is back (or back from slow) */
  sendOnRecovery: boolean;
  /** more changes than this for one channel in one run are sent as one digest */
  digestAbove: number;
};

export const NOTIFY_DEFAULTS: NotifyDefaults = { reminderMinutes: 60, sendOnRecovery: true, digestAbove: 5 };

export type NotificationsConfig = {
  defaults?: Partial<NotifyDefaults>;
  channels: ChannelConfig[];
  routes: RouteConfig[];
};

/** A channel ready to send: its variables read from the environment. */
export type ResolvedChannel =
  | { id: string; type: "webhook"; url: string; secret?: string }
  | { id: string; type: "slack" | "discord" | "teams" | "googlechat" | "mattermost"; url: string }
  | { id: string; type: "ntfy"; url: string; token?: string }
  | { id: string; type: "email"; smtpUrl: string; from: string; to: string[] }
  /** url: the API's base address (the region's, or urlEnv's), without a trailing slash */
  | { id: string; type: "pagerduty"; url: string; routingKey: string }
  | { id: string; type: "opsgenie"; url: string; apiKey: string }
  /** url: the API's base address (Telegram's, a Gotify server, Pushover's, a Matrix homeserver), without a trailing slash */
  | { id: string; type: "telegram"; url: string; token: string; chatId: string }
  | { id: string; type: "gotify"; url: string; token: string }
  | { id: string; type: "pushover"; url: string; token: string; user: string }
  | { id: string; type: "matrix"; url: string; token: string; roomId: string };

/** One server's news: the content of a message, whatever the channel. */
export type Notice = {
  /** stable across runs: the same change is the same notice (never sent twice) */
  key: string;
  event: NoticeEvent;
  server: { id: string; name: string; ip: string; location: string };
  /** the confirmed state before; for a reminder, the same as `to`; null for a server first seen (its first check) */
  from: MeasuredStatus | null;
  to: MeasuredStatus;
  /** when the server entered `to` (ISO) */
  since: string;
  /** the check that saw it (ISO) */
  at: string;
  /** what the check saw, in words */
  detail: string;
  /** for recovered (and a reminder): how long the server was (has been) in the bad state, when known */
  durationMs: number | null;
  /** the server on the published site; null when SITE_URL is not set */
  url: string | null;
  /** certificate: when the certificate expires (ISO), and the days left when the check saw it; a renewal: the new one's */
  certificate?: { expires: string; daysLeft: number };
  /** recovered from a certificate's warning: renewed (another certificate), or the same one no longer within warnDays */
  cause?: "certificate-renewed" | "certificate-warning-over";
  /** security: the finding the scan saw first (domain/security/rules.ts: its rule's title, what was seen, how to fix it) */
  finding?: { rule: string; title: string; severity: "high" | "medium" | "low"; seen: string; fix: string };
  /** flapping and settled: the changes within the window, its minutes, and since when it flapped */
  flapping?: { changes: number; minutes: number; since: string };
  /**
   * a root cause's fall or return (#47, servers.json's dependsOn): the servers that depend on it and fell with it (or
   * came back with it), counted, the first DEPENDENT_NAMES of them named ("Name (id)")
   */
  dependents?: { count: number; names: string[] };
  /** a fall told late: it was unreachable because this root was down (told in the root's notice); the root is back, this server is not */
  afterRoot?: { id: string; name: string };
  /**
   * recovered and settled: when the state they end began (ISO), so that a paging service's incident opened by the fall
   * is closed by its return (formats/paging.ts)
   */
  problemSince?: string;
  /**
   * maintenance: a window of content/maintenance.json that began or ended for this server (each edge told once, to
   * routes that name the event), with the servers it covers (the first DEPENDENT_NAMES named, all counted)
   */
  maintenance?: {
    edge: "began" | "ended";
    id: string;
    title: string;
    message: string | null;
    start: string;
    end: string;
    servers: { count: number; names: string[] };
  };
  /** a dependent's own news (routes with dependents "each"): its fall behind this root cause that is down, or its return with it */
  unreachableBecause?: { id: string; name: string };
  /**
   * objective (#48): an objective of content/objectives.json whose burn-rate alert began or ended (each edge of an
   * episode told once, to routes that name the event and cover one of its servers). Its notice names the objective
   * where another names a server: `server` holds its id and name (no address, no place), `to` its alert's colour
   * (offline for a page, warning for a ticket, online once it ended).
   */
  objective?: {
    id: string;
    name: string;
    level: "page" | "ticket";
    edge: "began" | "ended";
    /** the target (percent) and the window it is judged over */
    availability: number;
    window: "7d" | "28d" | "30d" | "month";
    /** the burn rates the run measured (null: nothing checked in that window) */
    burnRates: { "5m": number | null; "30m": number | null; "1h": number | null; "6h": number | null; "3d": number | null };
    /** the budget left, as a share (null when nothing was measured) and in seconds */
    budgetLeft: { share: number | null; seconds: number };
    /** its servers, counted, the first DEPENDENT_NAMES named ("Name (id)") */
    servers: { count: number; names: string[] };
    /** the objective was taken out of objectives.json while the alert went on: the alert ends, its figures are not known (zeros and nulls) */
    removed?: true;
  };
};

/** What one send carries. */
export type NotifyMessage =
  | { kind: "notice"; notice: Notice }
  | { kind: "digest"; notices: Notice[]; siteUrl: string | null }
  | { kind: "test"; channel: string; at: string; siteUrl: string | null };

/**
 * A message's idempotency key: the same on every try and every run that sends
 * it, so a receiver that was sent it twice (a run stopped mid-send, a digest
 * sent again) can tell. A notice's is its key; a digest's names its notices
 * by a 64-bit hash of their keys; a test's, its channel and time. Sent in the
 * Idempotency-Key header, and in the webhook's body as idempotencyKey.
 */
export function messageKey(message: NotifyMessage): string {
  if (message.kind === "notice") return message.notice.key;
  if (message.kind === "test") return `test|${message.channel}|${message.at}`;
  const keys = message.notices.map((n) => n.key).sort();
  const joined = keys.join("\n");
  const hex = (n: number) => n.toString(16).padStart(8, "0");
  return `digest|${keys.length}|${hex(fnv1a(joined))}${hex(fnv1a(`${keys.length}\n${joined}`))}`;
}

/** The state's colour, as the map draws it (SPEC): the kernel's palette. */
export const STATE_COLOURS: Record<MeasuredStatus, string> = {
  online: STATUS_COLOURS.online,
  warning: STATUS_COLOURS.other,
  offline: STATUS_COLOURS.offline,
};
