/**
 * What a server's own page (/servers/<id>) says beside its history: where the
 * page is, what its check is (in words a reader can use, never a secret or a
 * query string), the alerts that name it, its badge's addresses, and the words
 * for its uptime windows and daily bars.
 */
import { alertTime } from "./checkAlerts";
import { checkTarget, formatDuration, type CheckConfig, type CheckDefaults } from "./checks";
import { formatUptime } from "./checkHistory";
import { publishedUrl } from "./siteAddress";
import type { DayBar, ServerHistoryFigures, UptimeWindow } from "./serverHistory";
import type { Alert, Server } from "./types";

/** What the build gives a server's page (its page context): every figure, so the page needs no query. */
export type ServerPageContext = {
  server: Server;
  check: CheckFact[] | null;
  history: ServerHistoryFigures | null;
  alerts: Alert[];
  badge: { image: string; endpoint: string; markdown: string };
};

/** The server's page, under the site's path prefix (Gatsby adds it to links); no trailing slash, as every route of the site (trailingSlash: "never"). */
export const serverPath = (id: string): string => `/servers/${id}`;

/** The server's published figures (/api/v1/servers/<id>.json). */
export const serverApiPath = (id: string): string => `/api/v1/servers/${id}.json`;

export type CheckFact = { term: string; value: string };

const runs = (n: number) => `${n} run${n === 1 ? "" : "s"}`;

/**
 * A check as a reader may see it: its kind, the address without credentials,
 * query or fragment, what counts as up, the warning threshold, the timeout,
 * and how many runs confirm a change. Null for a server without a usable check.
 */
export function describeCheck(check: CheckConfig | undefined, defaults: CheckDefaults = {}): CheckFact[] | null {
  if (!check) return null;
  const target = checkTarget(check, defaults);
  if (!target) return null;
  const facts: CheckFact[] = [];
  if (target.kind === "http") {
    const { protocol, host, pathname } = target.url;
    facts.push({ term: "Check", value: `HTTP${protocol === "https:" ? "S" : ""} GET` });
    facts.push({ term: "Address", value: `${protocol}//${host}${pathname}` });
    facts.push({
      term: "Counts as up",
      value: target.expectStatus === null ? "an HTTP status from 200 to 399" : `HTTP status ${target.expectStatus}`,
    });
    facts.push({
      term: "Redirects",
      value: target.followRedirects ? "followed on the same origin" : "not followed (the redirect is the answer)",
    });
  } else {
    facts.push({ term: "Check", value: "TCP connection" });
    facts.push({ term: "Address", value: target.host.includes(":") ? `[${target.host}]:${target.port}` : `${target.host}:${target.port}` });
  }
  facts.push({ term: "Warning above", value: `${target.warnAboveMs} ms` });
  facts.push({ term: "Timeout", value: formatDuration(target.timeoutMs) });
  facts.push({
    term: "A change counts after",
    value: `${runs(target.confirmRuns.offline)} agreeing (offline), ${runs(target.confirmRuns.warning)} (warning)`,
  });
  return facts;
}

/** The alerts that name a server (alerts carry its name), newest first, at most `limit`. */
export function alertsOfServer(alerts: readonly Alert[], name: string, limit = 50): Alert[] {
  return alerts
    .filter((alert) => alert.server === name)
    .sort((a, b) => (alertTime(b.timestamp)?.getTime() ?? 0) - (alertTime(a.timestamp)?.getTime() ?? 0))
    .slice(0, limit);
}

/** The server's badge: its image, shields.io's endpoint, and the Markdown that shows it linked to the server's page. */
export function badgeAddresses(
  address: string,
  server: { id: string; name: string },
): { image: string; endpoint: string; markdown: string } {
  const image = publishedUrl(address, `/badges/${server.id}.svg`);
  const endpoint = `https://img.shields.io/endpoint?url=${encodeURIComponent(publishedUrl(address, `/badges/${server.id}.json`))}`;
  const alt = server.name.replace(/[[\]\\]/g, (c) => `\\${c}`);
  const markdown = `[![${alt}](${image})](${publishedUrl(address, serverPath(server.id))})`;
  return { image, endpoint, markdown };
}

const HOUR_MS = 3_600_000;

/** A stretch of time in words: '3 hours', '1 day 4 hours', '12 minutes'. */
export function formatSpan(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.round(ms / HOUR_MS);
  if (hours < 48) return `${hours} hour${hours === 1 ? "" : "s"}`;
  const days = Math.round(hours / 24);
  return `${days} day${days === 1 ? "" : "s"}`;
}

/**
 * An uptime window in words: its figure ('99.9%', '—' without checks), the
 * checks it counts, and how much it covers when that is less than the window.
 */
export function describeWindow(window: UptimeWindow, asOf: string): { figure: string; checks: string; covers: string | null } {
  const figure = formatUptime(window.up, window.total);
  const checks = window.total === 0 ? "no checks" : `${window.up} of ${window.total} check${window.total === 1 ? "" : "s"} up`;
  const covers =
    window.coveredFrom === null ? null : `covers the last ${formatSpan(Date.parse(asOf) - Date.parse(window.coveredFrom))} only`;
  return { figure, checks, covers };
}

/** A day's bar in words, for its tooltip, its slider value and its table row. */
export function describeDay(day: DayBar): string {
  if (day.total === 0) return `${day.date}: no data`;
  return `${day.date}: ${formatUptime(day.up, day.total)} up (${day.up} of ${day.total} checks)`;
}
