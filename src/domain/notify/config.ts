/**
 * content/notifications.json beyond its schema: no secret in the file (a
 * literal URL, a token, a user:password@ credential), channels and routes that
 * name each other and real servers, and which channels a server's event goes
 * to. A value that may be a secret is never quoted back in a message: build
 * logs are read by many.
 */
import { makeIssue, type ContentIssue } from "../kernel/contentIssue";
import {
  NOTIFY_DEFAULTS,
  NOTIFY_EVENTS,
  type ChannelConfig,
  type NotificationsConfig,
  type NotifyDefaults,
  type NotifyEvent,
} from "./notifications";

const FILE = "content/notifications.json";
const ENV_NAME = /^[A-Z_][A-Z0-9_]*$/;
/** Fields that hold an e-mail address, where one @ is expected. */
const ADDRESS_FIELD = /^channels\[\d+\]\.(from|to\[\d+\])$/;

/** The fields each channel type reads; any other *Env or address field on it is a mistake worth saying. */
const CHANNEL_FIELDS: Record<ChannelConfig["type"], readonly string[]> = {
  webhook: ["urlEnv", "secretEnv"],
  slack: ["urlEnv"],
  discord: ["urlEnv"],
  teams: ["urlEnv"],
  ntfy: ["urlEnv", "tokenEnv"],
  email: ["smtpUrlEnv", "from", "to"],
  pagerduty: ["routingKeyEnv", "region", "urlEnv"],
  opsgenie: ["apiKeyEnv", "region", "urlEnv"],
  telegram: ["tokenEnv", "chatId", "urlEnv"],
  gotify: ["urlEnv", "tokenEnv"],
  pushover: ["tokenEnv", "userEnv", "urlEnv"],
  matrix: ["urlEnv", "tokenEnv", "roomId"],
  googlechat: ["urlEnv"],
  mattermost: ["urlEnv"],
};
const OPTIONAL_CHANNEL_FIELDS = [
  "urlEnv",
  "secretEnv",
  "tokenEnv",
  "smtpUrlEnv",
  "from",
  "to",
  "routingKeyEnv",
  "apiKeyEnv",
  "region",
  "chatId",
  "userEnv",
  "roomId",
];

type Rec = Record<string, unknown>;
const isRecord = (value: unknown): value is Rec => value !== null && typeof value === "object" && !Array.isArray(value);

/** Every string in the file with its field path (channels[2].urlEnv), keys included as their own values. */
function strings(value: unknown, path: string, out: Array<{ field: string; value: string }>): typeof out {
  if (typeof value === "string") out.push({ field: path, value });
  else if (Array.isArray(value)) value.forEach((item, i) => strings(item, `${path}[${i}]`, out));
  else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) strings(item, path === "" ? key : `${path}.${key}`, out);
  }
  return out;
}

/** Why a text looks like a secret, or null. */
function secretReason(field: string, value: string): string | null {
  if (value.includes("://")) return "a literal URL";
  if (/[^\s:@/]+:[^\s@/]+@/.test(value)) return "a user:password@ credential";
  if (value.includes("@") && !ADDRESS_FIELD.test(field)) return "an @ credential";
  if (field.endsWith("Env") && !ENV_NAME.test(value) && /^[A-Za-z0-9_\-.~+/=]{16,}$/.test(value)) return "what looks like a token";
  return null;
}

/**
 * The fields of the file that hold what looks like a secret, each as an error
 * that names the field and never the value.
 */
function secretIssues(config: unknown): ContentIssue[] {
  if (!isRecord(config)) return [];
  return strings(config, "", []).flatMap(({ field, value }) => {
    if (field === "$schema") return [];
    const reason = secretReason(field, value);
    if (reason === null) return [];
    const variable = field.endsWith("Env") ? "" : " (in a field ending in Env)";
    return [
      makeIssue(
        {
          level: "error",
          file: FILE,
          field,
          expected: `the name of an environment variable${variable} that holds the secret`,
          found: `${reason} (not shown here: it may be a secret)`,
        },
        "Secrets never go in content: set them in the environment (GitHub Actions secrets, or the .env file for cron) and write only the variable's name here. If this value was ever committed, change it where it was issued.",
      ),
    ];
  });
}

/** The fields whose schema errors would quote a secret: their problems are said by secretIssues and envNameIssues instead. */
export function quietFields(config: unknown): Set<string> {
  if (!isRecord(config)) return new Set();
  return new Set(
    strings(config, "", [])
      .filter(({ field, value }) => secretReason(field, value) !== null || (field.endsWith("Env") && !ENV_NAME.test(value)))
      .map(({ field }) => field),
  );
}

/** *Env fields that are not a variable's name (and not already a secret): said without quoting the value. */
function envNameIssues(config: Rec): ContentIssue[] {
  return strings(config, "", []).flatMap(({ field, value }) =>
    field.endsWith("Env") && !ENV_NAME.test(value) && secretReason(field, value) === null
      ? [
          makeIssue({
            level: "error",
            file: FILE,
            field,
            expected: "the name of an environment variable, in capitals, digits and _ (such as NOTIFY_SLACK_URL)",
            found: `a text of ${value.length} characters that is not one (not shown: it may be a secret)`,
          }),
        ]
      : [],
  );
}

/**
 * What the schema cannot say: channel ids used once, routes that name known
 * channels and servers, fields that do nothing for a channel's type, channels
 * no route uses. Secrets first.
 */
export function notificationIssues(config: unknown, serverIds: ReadonlySet<string>): ContentIssue[] {
  if (!isRecord(config)) return [];
  const issues = [...secretIssues(config), ...envNameIssues(config)];
  const channels = Array.isArray(config.channels) ? config.channels : [];
  const routes = Array.isArray(config.routes) ? config.routes : [];
  const ids = new Map<string, number>();
  channels.forEach((channel, index) => {
    if (!isRecord(channel)) return;
    const where = `channels[${index}]`;
    if (typeof channel.id === "string") {
      const earlier = ids.get(channel.id);
      if (earlier !== undefined) {
        issues.push(
          makeIssue({
            level: "error",
            file: FILE,
            field: `${where}.id`,
            expected: "an id no other channel uses",
            found: `${JSON.stringify(channel.id)}, already used by channels[${earlier}]`,
          }),
        );
      } else ids.set(channel.id, index);
    }
    const type = channel.type as ChannelConfig["type"];
    const fields = CHANNEL_FIELDS[type];
    if (!fields) return;
    for (const field of OPTIONAL_CHANNEL_FIELDS) {
      if (field in channel && !fields.includes(field)) {
        issues.push(
          makeIssue(
            { level: "warning", file: FILE, field: `${where}.${field}`, found: `a field that a ${type} channel does not read` },
            `It is ignored. A ${type} channel reads ${fields.join(", ")}.`,
          ),
        );
      }
    }
  });
  const used = new Set<string>();
  routes.forEach((route, index) => {
    if (!isRecord(route)) return;
    const named = Array.isArray(route.channels) ? route.channels : [];
    named.forEach((id, i) => {
      if (typeof id !== "string") return;
      used.add(id);
      if (!ids.has(id)) {
        issues.push(
          makeIssue({
            level: "error",
            file: FILE,
            field: `routes[${index}].channels[${i}]`,
            expected: `a channel id from channels (${[...ids.keys()].join(", ") || "there are none"})`,
            found: JSON.stringify(id),
          }),
        );
      }
    });
    for (const key of ["servers", "groups"] as const) {
      const named = Array.isArray(route[key]) ? (route[key] as unknown[]) : [];
      named.forEach((id, i) => {
        if (typeof id === "string" && !serverIds.has(id)) {
          issues.push(
            makeIssue({
              level: "error",
              file: FILE,
              field: `routes[${index}].${key}[${i}]`,
              expected: "the id of a server in content/servers.json",
              found: JSON.stringify(id),
            }),
          );
        }
      });
    }
  });
  for (const [id, index] of ids) {
    if (!used.has(id)) {
      issues.push(
        makeIssue(
          {
            level: "warning",
            file: FILE,
            field: `channels[${index}].id`,
            found: `the channel ${JSON.stringify(id)}, which no route names`,
          },
          "Nothing will be sent to it. Name it in a route's channels, or remove it.",
        ),
      );
    }
  }
  if (routes.length === 0 && channels.length > 0) {
    issues.push(
      makeIssue(
        { level: "warning", file: FILE, field: "routes", found: "no route" },
        'Nothing will be sent. Add a route such as { "channels": ["' + ([...ids.keys()][0] ?? "ops") + '"] } to send every event there.',
      ),
    );
  }
  return issues;
}

/** The file's settings with the defaults filled in. */
export function notifyDefaults(config: NotificationsConfig): NotifyDefaults {
  return { ...NOTIFY_DEFAULTS, ...config.defaults };
}

/** The server's groups, worked out once when a route asks. */
function routeGroups(scope: RouteScope, serverId: string): () => ReadonlySet<string> {
  let groups: ReadonlySet<string> | null = null;
  return () => (groups ??= scope.groupsOf?.(serverId) ?? new Set([serverId]));
}

/** What else decides a route than the server and the event (#47). */
export type RouteScope = {
  /** the server's dependency groups: itself and every server it depends on, directly or through others */
  groupsOf?: (serverId: string) => ReadonlySet<string>;
  /**
   * a dependent's own news behind this root cause that is down: for routes with dependents "each", and for routes
   * the root's notice does not reach (they would hear nothing of the fall otherwise)
   */
  dependentOf?: string;
};

/** Whether a route covers a server: it names none (every server), names it, or names one of its groups. */
function covers(route: NotificationsConfig["routes"][number], serverId: string, groups: () => ReadonlySet<string>): boolean {
  if (!route.servers && !route.groups) return true;
  return (route.servers?.includes(serverId) ?? false) || (route.groups?.some((group) => groups().has(group)) ?? false);
}

/** The channels (ids, in the file's order) that a server's event goes to: every route that matches the server and the event. */
export function channelsFor(config: NotificationsConfig, serverId: string, event: NotifyEvent, scope: RouteScope = {}): string[] {
  const out = new Set<string>();
  const groups = routeGroups(scope, serverId);
  const root = scope.dependentOf;
  const rootGroups = root === undefined ? null : routeGroups(scope, root);
  for (const route of config.routes) {
    if (!covers(route, serverId, groups)) continue;
    // Counted in the root's notice where that goes; told on its own where asked (each), or where the root's notice is not.
    if (root !== undefined && rootGroups && route.dependents !== "each" && covers(route, root, rootGroups)) continue;
    if (!(route.events ?? NOTIFY_EVENTS).includes(event)) continue;
    for (const id of route.channels) out.add(id);
  }
  return config.channels.map((c) => c.id).filter((id) => out.has(id));
}
