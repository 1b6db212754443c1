/**
 * What a server's own page (/servers/<id>) says beside its history: where the
 * page is, what its check is (in words a reader can use, never a secret or a
 * query string), the alerts that name it, its badge's addresses, and the words
 * for its uptime windows and daily bars.
 */
import { alertTime } from "../../domain/checks/alerts";
import {
  checkTarget,
  readsBody,
  scheduleWords,
  sourceWords,
  statusWords,
  type CheckConfig,
  type CheckDefaults,
  type JsonCondition,
} from "../../domain/checks/definition";
import { formatDuration, formatLongDuration, HOUR_MS, MINUTE_MS } from "../../domain/kernel/time";
import { formatUptime } from "../../domain/checks/history";
import { publishedUrl, serverPath } from "../../domain/kernel/paths";
import { UPTIME_BANDS, uptimeBand } from "./uptimeBands";
import type { ChartDrawings, PageDrawing } from "../charts/chartDrawing";
import type { PageHistory } from "./pageHistory";
import { formatMs } from "../../domain/kernel/format";
import type { DayBar, ResponsePoint, ServerHistoryFigures, UptimeWindow } from "../../domain/checks/serverHistory";
import type { PlaceSeen } from "../../domain/checks/outcome";
import type { NoticeIncident, NoticeWindow } from "../../domain/incidents/statusNotices";
import type { Alert, Server } from "../../domain/kernel/types";

/** What the build gives a server's page (its page context): every figure, so the page needs no query. */
export type ServerPageContext = {
  server: Server;
  check: CheckFact[] | null;
  /** checks from several places: what each saw in the newest run (null from one place) */
  places: PlaceSeen[] | null;
  /** checks from several places: why the newest run kept an older result (too few places for its quorum); null otherwise */
  held: string | null;
  history: ServerHistoryFigures | null;
  alerts: Alert[];
  badge: { image: string; endpoint: string; markdown: string };
  /** a heartbeat (#49): the last ping the job read, when the next is due, and the pings it saw (oldest first); absent otherwise */
  heartbeat?: { ping: string; due: string | null; pings: string[] };
};

/** The three charts of a server with a history, drawn by the build (gatsby/pages/serverPages.ts with src/charts). */
export type ServerCharts<D = PageDrawing> = { bars: ChartDrawings<D>; hourly: ChartDrawings<D>; daily: ChartDrawings<D> };

/** A server's page context: the figures, and the charts when it has a history (pages only; the API has no drawings). */
export type ServerPageData = Omit<ServerPageContext, "history"> & {
  /** the history's figures, packed as tables (pageHistory.ts): 10,000 pages' data repeat no key at every point */
  history: PageHistory | null;
  charts: ServerCharts | null;
  /** the incidents that name the server, open at the build or resolved in the last 90 days, and the build's time */
  notices?: { builtAt: string; incidents: NoticeIncident[]; windows: NoticeWindow[] };
  /** the server's own figures against each objective that names it (#48), said at build; absent when none does */
  objectives?: ObjectiveSaid[];
  /** a heartbeat (#49): its pings beside the times they were due, newest first, said at build (heartbeatWords.ts); absent for other checks */
  pings?: {
    said: readonly [title: string, description: string, caption: string];
    heads: string[];
    rows: Array<readonly [string, string, string]>;
  };
  /** "Is it me?" (#50): the address of an HTTP(S) check, without credentials, query or fragment (its page's Address); absent otherwise */
  ask?: string;
};

/** An objective as a server page shows it (#48): its figures already said (model/objectives/objectivesPage.ts), so the page's script carries no words of them. */
export type ObjectiveSaid = { id: string; name: string; serverCount: number; facts: Array<readonly [string, string]> };

/** Titles of a server page's charts: their accessible names, and the sliders' ("<title>: the figures at one time"). */
export const SERVER_CHART_TITLES = {
  bars: "Uptime per day, last 90 days",
  hourly: "Response time per hour, last 7 days",
  daily: "Response time per day, last 90 days",
} as const;

/** The response-time charts' lines, in the order they are drawn (the median on top); colours are the palettes'. */
export const RESPONSE_LINES = [
  { key: "p95", label: "95th percentile (ms)", color: "var(--c-chart-p95)" },
  { key: "median", label: "Median (ms)", color: "var(--c-chart-response)" },
] as const;

export type CheckFact = { term: string; value: string };

const runs = (n: number) => `${n} run${n === 1 ? "" : "s"}`;
const quoted = (list: readonly string[]) => list.map((t) => JSON.stringify(t)).join(", ");

/** A condition on the JSON body in words: '$.status is "ok"', '$.queue.depth is less than 100'. */
function conditionWords(c: JsonCondition): string {
  if (c.equals !== undefined) return `${c.path} is ${JSON.stringify(c.equals)}`;
  if (c.notEquals !== undefined) return `${c.path} is not ${JSON.stringify(c.notEquals)}`;
  if (c.lessThan !== undefined) return `${c.path} is less than ${c.lessThan}`;
  if (c.greaterThan !== undefined) return `${c.path} is more than ${c.greaterThan}`;
  if (c.matches !== undefined) return `${c.path} matches /${c.matches}/`;
  return `${c.path} ${c.exists === false ? "does not exist" : "exists"}`;
}

/** 65536 -> '64 KB', 1048576 -> '1 MB' */
const kilobytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Number((bytes / 1024 / 1024).toFixed(2))} MB` : `${Number((bytes / 1024).toFixed(1))} KB`;

/**
 * A check as a reader may see it: its kind and method, the address without
 * credentials, query or fragment, what it sends (the body's length and the
 * headers' names, never a value nor a variable's name), what counts as up
 * (the status and the conditions on the body, in words), the warning
 * threshold, the timeout, and how many runs confirm a change. Null for a
 * server without a usable check.
 */
export function describeCheck(check: CheckConfig | undefined, defaults: CheckDefaults = {}): CheckFact[] | null {
  if (!check) return null;
  const target = checkTarget(check, defaults);
  if (!target) return null;
  const facts: CheckFact[] = [];
  if (target.kind === "http") {
    const { protocol, host, pathname } = target.url;
    facts.push({ term: "Check", value: `HTTP${protocol === "https:" ? "S" : ""} ${target.method}` });
    facts.push({ term: "Address", value: `${protocol}//${host}${pathname}` });
    const sends = [
      ...(target.body === null ? [] : [`a body of ${target.body.length} character${target.body.length === 1 ? "" : "s"}`]),
      ...(target.headers.length === 0
        ? []
        : [
            `the header${target.headers.length === 1 ? "" : "s"} ${target.headers
              .map((h) => ("env" in h ? `${h.name} (from the check job's environment)` : h.name))
              .join(", ")}`,
          ]),
    ];
    if (sends.length > 0) facts.push({ term: "Sends", value: sends.join(", and ") });
    const { expect, heartbeat, relay } = target;
    if (relay) {
      facts.push({
        term: "Heartbeat",
        value:
          "relayed by healthchecks.io: the job pings it, and this check reads its state of one check with the project's API key (from the check job's environment)",
      });
      facts.push({ term: "Expected", value: "as the check is set at healthchecks.io (its period or cron, and its grace)" });
    }
    facts.push({
      term: heartbeat || relay ? "The answer must be" : "Counts as up",
      value: expect.status === null ? "an HTTP status from 200 to 399" : `HTTP status ${statusWords(expect.status)}`,
    });
    if (heartbeat) {
      facts.push({ term: "Heartbeat", value: `the time of the last ping, from ${sourceWords(heartbeat.time)}` });
      facts.push({ term: "Expected", value: scheduleWords(heartbeat.schedule) });
      if (heartbeat.started !== null && heartbeat.maxRunMs !== null) {
        facts.push({
          term: "A run under way",
          value: `up from its start (${sourceWords(heartbeat.started)}) for at most ${formatLongDuration(heartbeat.maxRunMs)}`,
        });
      }
    }
    if (expect.bodyContains.length > 0) facts.push({ term: "The body must contain", value: quoted(expect.bodyContains) });
    if (expect.bodyLacks.length > 0) facts.push({ term: "The body must not contain", value: quoted(expect.bodyLacks) });
    if (expect.json.length > 0) facts.push({ term: "In the JSON body", value: expect.json.map(conditionWords).join("; ") });
    if (readsBody(expect, heartbeat, relay)) facts.push({ term: "Reads at most", value: `${kilobytes(target.bodyLimit)} of the body` });
    facts.push({
      term: "Redirects",
      value: target.followRedirects
        ? "followed on the same origin (follow: same-origin)"
        : "not followed, the redirect is the answer (follow: none)",
    });
  } else if (target.kind === "dns") {
    facts.push({ term: "Check", value: `DNS ${target.type} record` });
    facts.push({ term: "Name", value: target.name });
    facts.push({
      term: "Resolver",
      value: target.resolver
        ? `${target.resolver.address.includes(":") ? `[${target.resolver.address}]` : target.resolver.address}:${target.resolver.port}`
        : "the system's",
    });
    facts.push({
      term: "Counts as up",
      value: target.expect.length === 0 ? `any ${target.type} record` : `the answers include ${quoted(target.expect)}`,
    });
  } else {
    facts.push({ term: "Check", value: target.kind === "tls" ? "TLS handshake" : "TCP connection" });
    facts.push({ term: "Address", value: target.host.includes(":") ? `[${target.host}]:${target.port}` : `${target.host}:${target.port}` });
  }
  const certificate = target.kind === "http" || target.kind === "tls" ? target.certificate : null;
  if (certificate) {
    facts.push({
      term: "Certificate",
      value: `verified; a warning when it expires within ${certificate.warnDays} day${certificate.warnDays === 1 ? "" : "s"} (warnDays), offline once expired`,
    });
  }
  // A heartbeat's warning is its lateness: how fast its file came is no state of the job it watches.
  if (target.kind !== "http" || (target.heartbeat === null && target.relay === null))
    facts.push({ term: "Warning above", value: `${target.warnAboveMs} ms` });
  facts.push({ term: "Timeout", value: formatDuration(target.timeoutMs) });
  facts.push({
    term: "A change counts after",
    value: `${runs(target.confirmRuns.offline)} agreeing (offline), ${runs(target.confirmRuns.warning)} (warning)`,
  });
  facts.push({
    term: "Flapping",
    value:
      target.flapping === null
        ? "not watched: every change is told (flapping: false)"
        : `more than ${target.flapping.changes} changes in ${target.flapping.minutes} min is told once as flapping, then once it settles`,
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

/**
 * A stretch of time in words, rounded down (what a history covers must never
 * read as the whole window: 23 h 40 min is '23 hours'): '12 minutes',
 * '3 hours', '6 days'; under two minutes is '1 minute'.
 */
export function formatSpan(ms: number): string {
  const minutes = Math.max(1, Math.floor(ms / MINUTE_MS));
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.floor(ms / HOUR_MS);
  if (hours < 48) return `${hours} hour${hours === 1 ? "" : "s"}`;
  const days = Math.floor(hours / 24);
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
    window.coveredFrom === null
      ? null
      : `covers the last ${formatSpan(Date.parse(asOf) - Date.parse(window.coveredFrom)).replace(/^1 (\w+)$/, "$1")} only`;
  return { figure, checks, covers };
}

/** A day's bar in words, for its tooltip, its slider value and its table row. */
/** A day's gap in words: 'not checked for about 3 h 10 min (runs did not come)'. */
const notCheckedWords = (ms: number): string => `not checked for about ${formatLongDuration(ms)} (runs did not come)`;

export function describeDay(day: DayBar): string {
  const planned = day.maintenance ?? 0;
  const inMaintenance = `${planned} ${planned === 1 ? "check" : "checks"} in maintenance, not counted`;
  if (day.total === 0) return planned > 0 ? `${day.date}: maintenance only (${inMaintenance})` : `${day.date}: no data`;
  const also = planned > 0 ? `; ${inMaintenance}` : "";
  const gap = day.notCheckedMs ? `; ${notCheckedWords(day.notCheckedMs)}` : "";
  return `${day.date}: ${formatUptime(day.up, day.total)} up (${day.up} of ${day.total} checks${also}${gap})`;
}

const pointTime = (at: string, unit: "hour" | "day") => (unit === "day" ? at.slice(0, 10) : `${at.slice(0, 10)} ${at.slice(11, 16)} UTC`);

/** An hour's or a day's response times in words, for the chart's tooltip and slider. */
export function describeResponse(point: ResponsePoint, unit: "hour" | "day"): string {
  const when = pointTime(point.at, unit);
  if (point.total === 0) return `${when}: no checks`;
  if (point.answered === null) return `${when}: ${point.total} checks, their times not kept`;
  const answered = `${point.answered} of ${point.total} answered`;
  if (point.median === null) return `${when}: no answer (${answered})`;
  return `${when}: median ${formatMs(point.median)}, 95th percentile ${formatMs(point.p95)} (${answered})`;
}

/** What a response chart shows, for screen readers: its span, its range of medians and its gaps. */
export function responseSummary(points: readonly ResponsePoint[], unit: "hour" | "day"): string {
  const span = unit === "hour" ? "each hour of the last 7 days (UTC)" : "each UTC day of the last 90 days";
  const medians = points.flatMap((p) => (p.median === null ? [] : [p.median]));
  if (medians.length === 0) return `Median and 95th percentile response time for ${span}: nothing answered in that time.`;
  const gaps = points.length - medians.length;
  const range = `medians from ${formatMs(Math.min(...medians))} to ${formatMs(Math.max(...medians))}`;
  const gapWords = gaps === 0 ? "" : `; ${gaps} ${unit}${gaps === 1 ? "" : "s"} without an answer (gaps)`;
  return `Median and 95th percentile response time for ${span}: ${range}${gapWords}.`;
}

/** What the daily bars show, for screen readers: how many days fall in each band. */
export function barsSummary(days: readonly DayBar[]): string {
  const counts = UPTIME_BANDS.map((b) => ({ ...b, count: days.filter((d) => uptimeBand(d) === b.band).length }));
  const words = (band: string, label: string) =>
    band === "none" ? "with no data" : band === "maintenance" ? "in maintenance only" : `at ${label}`;
  const counted = counts.filter((b) => b.count > 0).map((b) => `${b.count} ${words(b.band, b.label)}`);
  return `Uptime of each of the last ${days.length} UTC days, one bar a day coloured by its band: ${counted.join(", ")}.`;
}
