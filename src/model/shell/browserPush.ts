/**
 * The system notifications a page shows while it follows the status feed: what
 * changed between two snapshots of the live servers, as the reader's settings
 * ask to hear it. Only measured servers count (a simulated change is not news,
 * and a server's first measurement is not a change), and only the three states
 * the check job confirms.
 */
import type { Settings } from "./settings";
import type { Server } from "../../domain/kernel/types";

type BrowserNoticeKind = "down" | "recovered" | "slow" | "back to normal";

export type BrowserNotice = {
  title: string;
  body: string;
  /** a notification with the same tag replaces the one before it: a server and its new state, or the digest */
  tag: string;
};

/** More changes than this in one answer of the feed make one notification listing them. */
export const NOTICE_DIGEST_ABOVE = 3;
/** How many servers a digest names. */
const DIGEST_NAMES = 10;

type Prefs = Pick<Settings, "pushNotifications" | "serverDownAlerts" | "performanceAlerts">;
type Change = { server: Server; from: string; kind: BrowserNoticeKind };

const STATES = new Set(["online", "warning", "offline"]);

function kindOf(from: string, to: string): BrowserNoticeKind | null {
  if (from === to || !STATES.has(from) || !STATES.has(to)) return null;
  if (to === "offline") return "down";
  if (from === "offline") return "recovered";
  return to === "warning" ? "slow" : "back to normal";
}

const wanted = (kind: BrowserNoticeKind, prefs: Prefs) =>
  kind === "down" || kind === "recovered" ? prefs.serverDownAlerts : prefs.performanceAlerts;

const STATE_WORDS: Record<string, string> = { online: "online", warning: "slow (warning)", offline: "offline" };
const TITLES: Record<BrowserNoticeKind, (name: string) => string> = {
  down: (name) => `${name} is down`,
  recovered: (name) => `${name} is back`,
  slow: (name) => `${name} is slow`,
  "back to normal": (name) => `${name} is back to normal`,
};

function notice({ server, from, kind }: Change): BrowserNotice {
  const detail = server.detail ? ` ${server.detail}.` : "";
  return {
    title: TITLES[kind](server.name),
    body: `${server.id} (${server.location}) is ${STATE_WORDS[server.status]}, was ${STATE_WORDS[from]}.${detail}`,
    tag: `${server.id} ${server.status}`,
  };
}

function digest(changes: readonly Change[]): BrowserNotice {
  const counts = (["down", "recovered", "slow", "back to normal"] as const)
    .map((kind) => [kind, changes.filter((c) => c.kind === kind).length] as const)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind}`);
  // The worst first: down, then slow, then the good news.
  const order: Record<BrowserNoticeKind, number> = { down: 0, slow: 1, recovered: 2, "back to normal": 3 };
  const names = [...changes].sort((a, b) => order[a.kind] - order[b.kind]).map((c) => `${c.server.name} (${c.kind})`);
  const more = names.length > DIGEST_NAMES ? `, and ${names.length - DIGEST_NAMES} more` : "";
  return {
    title: `${changes.length} servers changed state: ${counts.join(", ")}`,
    body: `${names.slice(0, DIGEST_NAMES).join(", ")}${more}.`,
    tag: "digest",
  };
}

/**
 * The notifications for a change from `before` to `after` (two snapshots of the
 * live servers while the page follows the feed): none unless Push Notifications
 * is on; Server Down Alerts for down and recovered, Performance Alerts for slow
 * and back to normal. Many changes at once make one digest, not a flood.
 */
export function browserNotices(before: readonly Server[], after: readonly Server[], prefs: Prefs): BrowserNotice[] {
  if (!prefs.pushNotifications) return [];
  const previous = new Map(before.map((s) => [s.id, s] as const));
  const changes: Change[] = [];
  for (const server of after) {
    const old = previous.get(server.id);
    if (!old || old.source !== "measured" || server.source !== "measured") continue;
    const kind = kindOf(old.status, server.status);
    if (kind !== null && wanted(kind, prefs)) changes.push({ server, from: old.status, kind });
  }
  return changes.length > NOTICE_DIGEST_ABOVE ? [digest(changes)] : changes.map(notice);
}
