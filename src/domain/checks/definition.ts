/**
 * What a check is: its configuration as the content writes it, the defaults,
 * and the target the job probes (checkTarget), free of the network so they can
 * be tested on their own. The probes live in monitor/probe/; what they saw is a
 * ProbeOutcome (outcome.ts), which judge.ts turns into a status with the words
 * the alerts use. This module is read by the server pages too (describeCheck),
 * so it stays light: the JSONPath library is conditions.ts's, the job's and the
 * validation's. One piece (about 300 lines): the check's types, their defaults
 * and the target made of them are read together by every caller.
 */

import { flapSettings, type FlapConfig, type FlapSettings } from "./flapping";
import { formatLongDuration, MINUTE_MS } from "../kernel/time";

/** A header's value: a text, or the name of a variable of the check job's environment (a secret stays out of the content). */
type HeaderValue = string | { env: string };

/** A status that counts as up: a code (204), a class ("2xx") or a range ("200-206"), or a list of these. */
export type StatusSpec = number | string | Array<number | string>;

/** One condition on a JSON body: the values `path` selects (a JSONPath, RFC 9535) and one test they must all pass. */
export type JsonCondition = {
  path: string;
  equals?: unknown;
  notEquals?: unknown;
  lessThan?: number;
  greaterThan?: number;
  matches?: string;
  exists?: boolean;
};

/** What an answer must be: each condition that fails makes the check offline, except maxResponseMs (a warning). */
type CheckExpect = {
  status?: StatusSpec;
  bodyContains?: string | string[];
  bodyLacks?: string | string[];
  json?: JsonCondition[];
  /** the warning threshold (warnAboveMs is its alias) */
  maxResponseMs?: number;
};

type HttpMethod = "GET" | "HEAD" | "POST";

/** The DNS record types a dns check can ask for. */
const DNS_TYPES = ["A", "AAAA", "CNAME", "MX", "TXT"] as const;
export type DnsType = (typeof DNS_TYPES)[number];

/** A dns check: a name resolved for one type of record, by the system's resolver or a given one, with values that must be among the answers. */
type DnsCheckConfig = { name: string; type: DnsType; resolver?: string; expect?: string[] };

/** How an HTTP check treats a redirect: followed on the same origin (scheme, host and port), or never. */
export type FollowPolicy = "same-origin" | "none";

/**
 * Where a time is read in the answer: a JSON value by JSONPath (RFC 9535), a
 * response header (its name), the newest of the times a JSONPath selects (a
 * JSON listing of objects), or the newest object of an S3-compatible listing.
 */
export type HeartbeatSource = { json: string } | { header: string } | { newest: string } | { listing: "s3" };

/** Whether a source reads the answer's body (all but a header). */
const readsBodyFor = (source: HeartbeatSource | null): boolean => source !== null && !("header" in source);

/** A heartbeat relayed by a service the watched job pings, whose API the check reads (url: its checks' list, narrowed to one). */
export type Relay = "healthchecks";

/** A check's heartbeat, as editors write it (servers.json's check.heartbeat, on a url check). */
type HeartbeatConfig = {
  /** the service the job pings, whose read-only API the url asks (instead of time and a schedule: the service holds them) */
  relay?: Relay;
  /** where the time of the last ping (the watched job's last finish) is read */
  time?: HeartbeatSource;
  /** the watched job runs every this many minutes… */
  periodMinutes?: number;
  /** …or on this schedule (5 fields: minute, hour, day of month, month, weekday)… */
  cron?: string;
  /** …in this IANA time zone (UTC unless told) */
  timeZone?: string;
  /** how long after it is due a ping may come: late meanwhile, down after */
  graceMinutes?: number;
  /** where the time of the watched job's last start is read, when it publishes one */
  started?: HeartbeatSource;
  /** with started: a run longer than this is down (too long) */
  maxRunMinutes?: number;
};

/** When pings are expected. */
export type HeartbeatSchedule =
  { kind: "period"; periodMs: number; graceMs: number } | { kind: "cron"; cron: string; timeZone: string; graceMs: number };

/** A heartbeat as the job judges it. */
export type HeartbeatTarget = {
  time: HeartbeatSource;
  started: HeartbeatSource | null;
  maxRunMs: number | null;
  schedule: HeartbeatSchedule;
};

/** A server's check, as editors write it in servers.json. */
export type CheckConfig = {
  url?: string;
  tcp?: string;
  /** host:port: a TLS handshake, its certificate judged */
  tls?: string;
  dns?: DnsCheckConfig;
  /** https checks: judge the certificate's expiry too (a tls check always does) */
  certificate?: boolean;
  /** a certificate that expires within this many days is a warning (DEFAULT_WARN_DAYS) */
  warnDays?: number;
  /** GET unless told; POST sends `body` */
  method?: HttpMethod;
  /** POST only: the text sent */
  body?: string;
  headers?: Record<string, HeaderValue>;
  expect?: CheckExpect;
  /** the bytes of an answer's body read at most (DEFAULT_BODY_LIMIT, at most MAX_BODY_LIMIT) */
  bodyLimit?: number;
  /** the alias of expect.status */
  expectStatus?: number;
  timeoutMs?: number;
  warnAboveMs?: number;
  /** consecutive runs that must agree before the server changes state */
  confirmRuns?: Partial<ConfirmRuns>;
  /** checks from several places: the places that must see it offline for it to be offline (more than half of those that reported) */
  quorum?: number;
  /** more changes of state than this within a window is flapping (domain/checks/flapping.ts); false: never */
  flapping?: FlapConfig;
  /** same-origin (the default) or none: a redirect is judged as the answer */
  follow?: FollowPolicy;
  /** the alias of follow: true is same-origin, false is none */
  followRedirects?: boolean;
  /** https url checks: also ask the host over plain HTTP and judge whether it redirects to HTTPS (a security rule) */
  httpRedirect?: boolean;
  /** with httpRedirect: the port plain HTTP is asked on (80) */
  httpPort?: number;
  /** a url check: the answer holds the time of a watched job's last ping, judged against its schedule (heartbeat.ts) */
  heartbeat?: HeartbeatConfig;
};

/**
 * Runs that must agree before a state changes: `warning` between online and
 * warning, `offline` into and out of offline (a failed check is already retried
 * once within its run).
 */
export type ConfirmRuns = { warning: number; offline: number };

/** The site's defaults for every check (content/monitoring.json's checkDefaults); maxResponseMs is warnAboveMs by the name a check's expect uses. */
export type CheckDefaults = Omit<
  CheckConfig,
  "url" | "tcp" | "tls" | "dns" | "certificate" | "expectStatus" | "method" | "body" | "headers" | "expect"
> & { maxResponseMs?: number };

/** The defaults of the issue and of SPEC's alert wording ('over the 150 ms threshold'). */
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_WARN_ABOVE_MS = 150;
export const DEFAULT_CONFIRM_RUNS: ConfirmRuns = { warning: 2, offline: 1 };
/** A certificate that expires within this many days makes its server a warning. */
export const DEFAULT_WARN_DAYS = 14;
/**
 * At most this many probes in flight (and fewer when the open-file limit asks:
 * each holds a socket). It is not what keeps a check's time true (the spacing
 * of starts is); a probe waiting on a silent server costs a socket and a timer,
 * so the bound is large: 10,000 servers with one in ten silent for 10 s keep
 * about 700 in flight at 2 ms between starts.
 */
export const CHECK_CONCURRENCY = 1000;
/**
 * Checks start at least this far apart (at most 500 starts a second): started
 * together, their answers would wait in the job's event loop behind one
 * another's work (about 0.5 ms each on 2 cores), and that wait would be
 * counted as the servers' time.
 */
export const CHECK_START_SPACING_MS = 2;
/** A name is resolved within this time (or the check's timeout, if shorter), apart from the answer's own timeout. */
export const DNS_TIMEOUT_MS = 5_000;
/** Redirects on the same origin followed at most: as many as Chrome and Firefox follow (20); past them a browser shows an error page. */
export const MAX_REDIRECTS = 20;
/** A failed check is tried once more after this pause, within the same run. */
export const RETRY_PAUSE_MS = 500;
/** An answer's body is read up to this many bytes unless a check says more (bodyLimit)… */
export const DEFAULT_BODY_LIMIT = 16 * 1024;
/** …and never more than this: a check reads what it judges, not a download. */
export const MAX_BODY_LIMIT = 1024 * 1024;

/** A range of HTTP statuses that count as up, with the words the editors wrote for it. */
export type StatusRange = { from: number; to: number; label: string };

/**
 * The statuses a check expects: 204, "2xx", "200-206", or a list of these;
 * null when the spec is none of them (validation says so).
 */
export function parseStatusSpec(spec: StatusSpec): StatusRange[] | null {
  const one = (item: unknown): StatusRange | null => {
    if (typeof item === "number")
      return Number.isInteger(item) && item >= 100 && item <= 599 ? { from: item, to: item, label: String(item) } : null;
    if (typeof item !== "string") return null;
    const text = item.trim();
    if (/^[1-5]xx$/i.test(text)) return { from: Number(text[0]) * 100, to: Number(text[0]) * 100 + 99, label: text.toLowerCase() };
    if (/^[1-5]\d\d$/.test(text)) return { from: Number(text), to: Number(text), label: text };
    const range = /^([1-5]\d\d)\s*-\s*([1-5]\d\d)$/.exec(text);
    if (range && Number(range[1]) <= Number(range[2]))
      return { from: Number(range[1]), to: Number(range[2]), label: `${range[1]}-${range[2]}` };
    return null;
  };
  const items = Array.isArray(spec) ? spec : [spec];
  if (items.length === 0) return null;
  const ranges = items.map(one);
  return ranges.every((r): r is StatusRange => r !== null) ? ranges : null;
}

/** '200', '200 or 3xx', '200, 204 or 3xx' */
export function statusWords(ranges: readonly StatusRange[]): string {
  const labels = ranges.map((r) => r.label);
  return labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}`;
}

/** A header to send: its value, or the variable that holds it (read by the job when it sends). */
export type HeaderSpec = { name: string; value: string } | { name: string; env: string };

/** What an HTTP answer must be, as the judge reads it. */
export type HttpExpect = { status: StatusRange[] | null; bodyContains: string[]; bodyLacks: string[]; json: JsonCondition[] };

const texts = (value: string | string[] | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Whether a check needs the answer's body (a condition on it): then the job reads it to the end or the limit before judging. */
export const readsBody = (expect: HttpExpect, heartbeat: HeartbeatTarget | null = null, relay: Relay | null = null): boolean =>
  expect.bodyContains.length + expect.bodyLacks.length + expect.json.length > 0 ||
  relay !== null ||
  (heartbeat !== null && (readsBodyFor(heartbeat.time) || readsBodyFor(heartbeat.started)));

/** The headers a heartbeat reads its times from (lower case): the probe keeps their values. */
export const heartbeatHeaders = (heartbeat: HeartbeatTarget | null): string[] =>
  heartbeat === null
    ? []
    : [heartbeat.time, heartbeat.started].flatMap((source) => (source && "header" in source ? [source.header.toLowerCase()] : []));

/** The heartbeat of a (validated) check's config; null when it gives neither a period nor a cron. */
function heartbeatTarget(config: HeartbeatConfig): HeartbeatTarget | null {
  if (config.relay !== undefined || config.time === undefined) return null;
  const graceMs = (config.graceMinutes ?? 0) * MINUTE_MS;
  const schedule: HeartbeatSchedule | null =
    config.cron !== undefined
      ? { kind: "cron", cron: config.cron.trim(), timeZone: config.timeZone ?? "UTC", graceMs }
      : config.periodMinutes !== undefined
        ? { kind: "period", periodMs: config.periodMinutes * MINUTE_MS, graceMs }
        : null;
  if (schedule === null) return null;
  return {
    time: config.time,
    started: config.started ?? null,
    maxRunMs: config.started && config.maxRunMinutes !== undefined ? config.maxRunMinutes * MINUTE_MS : null,
    schedule,
  };
}

type TargetCommon = { timeoutMs: number; warnAboveMs: number; confirmRuns: ConfirmRuns; flapping: FlapSettings | null };
/** A certificate's expiry that is judged: a warning within warnDays of it. */
export type CertificateWatch = { warnDays: number };
/** A resolver's address and port. */
export type ResolverAddress = { address: string; port: number };
export type CheckTarget =
  | ({
      kind: "http";
      url: URL;
      method: HttpMethod;
      /** POST's text; null for none */
      body: string | null;
      headers: HeaderSpec[];
      expect: HttpExpect;
      bodyLimit: number;
      followRedirects: boolean;
      /** https with `certificate`: its expiry judged; null otherwise */
      certificate: CertificateWatch | null;
      /** https with `httpRedirect`: the port plain HTTP is asked on; null otherwise */
      httpRedirect: { port: number } | null;
      /** a heartbeat: the answer's time of the watched job's last ping, judged against its schedule; null for a plain check */
      heartbeat: HeartbeatTarget | null;
      /** a relayed heartbeat: the answer is the service's word on one check (relay.ts); null otherwise */
      relay: Relay | null;
    } & TargetCommon)
  | ({ kind: "tcp"; host: string; port: number } & TargetCommon)
  | ({ kind: "tls"; host: string; port: number; certificate: CertificateWatch } & TargetCommon)
  | ({
      kind: "dns";
      name: string;
      type: DnsType;
      /** null: the system's resolver */
      resolver: ResolverAddress | null;
      /** values that must all be among the answers */
      expect: string[];
    } & TargetCommon);

/** host:port (an IPv6 address in brackets); null when it is not one. */
function hostAndPort(text: string): { host: string; port: number } | null {
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([^\s:[\]/]+)):(\d{1,5})$/.exec(text);
  if (!match) return null;
  const port = Number(match[3]);
  if (port < 1 || port > 65535) return null;
  return { host: match[1] ?? match[2], port };
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** An IPv6 address, loosely: hex groups and colons (at least two), perhaps ending in an IPv4 address. */
const IPV6 = /^(?=.*:.*:)[0-9A-Fa-f:]+(:(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})?$/;

/**
 * A resolver as editors write it: an IP address, with a port after a colon
 * (an IPv6 address then in brackets); port 53 unless told. null when it is not one.
 */
export function parseResolver(text: string): ResolverAddress | null {
  if (IPV4.test(text) || IPV6.test(text)) return { address: text, port: 53 };
  const match = /^(?:\[([^\]]+)\]|([\d.]+)):(\d{1,5})$/.exec(text);
  if (!match) return null;
  const address = match[1] ?? match[2];
  const port = Number(match[3]);
  if (port < 1 || port > 65535) return null;
  return (match[1] !== undefined ? IPV6.test(address) : IPV4.test(address)) ? { address, port } : null;
}

/** The redirect policy a check says, its alias read; follow wins where both are given (validation says when they disagree). */
export function followPolicy(check: Pick<CheckConfig, "follow" | "followRedirects">, defaults: CheckDefaults = {}): FollowPolicy {
  const own = check.follow ?? (check.followRedirects === undefined ? undefined : check.followRedirects ? "same-origin" : "none");
  const site = defaults.follow ?? (defaults.followRedirects === undefined ? undefined : defaults.followRedirects ? "same-origin" : "none");
  return own ?? site ?? "same-origin";
}

/** A check's quorum among several places: its own, the site's default, or null (more than half of the places that reported). */
export const quorumSetting = (check: Pick<CheckConfig, "quorum">, defaults: CheckDefaults = {}): number | null =>
  check.quorum ?? defaults.quorum ?? null;

/** The target of a (validated) check; null when it has neither a usable url nor tcp. The server's own settings win over the site's defaults. */
export function checkTarget(check: CheckConfig, defaults: CheckDefaults = {}): CheckTarget | null {
  const timeoutMs = check.timeoutMs ?? defaults.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const warnAboveMs =
    check.expect?.maxResponseMs ?? check.warnAboveMs ?? defaults.maxResponseMs ?? defaults.warnAboveMs ?? DEFAULT_WARN_ABOVE_MS;
  const confirmRuns = { ...DEFAULT_CONFIRM_RUNS, ...defaults.confirmRuns, ...check.confirmRuns };
  const flapping = flapSettings(check.flapping, defaults.flapping);
  const followRedirects = followPolicy(check, defaults) === "same-origin";
  const warnDays = check.warnDays ?? defaults.warnDays ?? DEFAULT_WARN_DAYS;
  if (check.url !== undefined) {
    let url: URL;
    try {
      url = new URL(check.url);
    } catch {
      return null;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    const statusSpec = check.expect?.status ?? check.expectStatus;
    const expect: HttpExpect = {
      status: statusSpec === undefined ? null : parseStatusSpec(statusSpec),
      bodyContains: texts(check.expect?.bodyContains),
      bodyLacks: texts(check.expect?.bodyLacks),
      json: check.expect?.json ?? [],
    };
    const headers = Object.entries(check.headers ?? {}).map(([name, value]): HeaderSpec =>
      typeof value === "string" ? { name, value } : { name, env: value.env },
    );
    const bodyLimit = Math.min(MAX_BODY_LIMIT, check.bodyLimit ?? defaults.bodyLimit ?? DEFAULT_BODY_LIMIT);
    const method = check.method ?? "GET";
    const body = method === "POST" ? (check.body ?? "") : null;
    const certificate = check.certificate && url.protocol === "https:" ? { warnDays } : null;
    return {
      kind: "http",
      url,
      method,
      body,
      headers,
      expect,
      bodyLimit,
      followRedirects,
      certificate,
      httpRedirect: check.httpRedirect === true && url.protocol === "https:" ? { port: check.httpPort ?? 80 } : null,
      heartbeat: check.heartbeat ? heartbeatTarget(check.heartbeat) : null,
      relay: check.heartbeat?.relay ?? null,
      timeoutMs,
      warnAboveMs,
      confirmRuns,
      flapping,
    };
  }
  if (check.tcp !== undefined) {
    const at = hostAndPort(check.tcp);
    return at ? { kind: "tcp", ...at, timeoutMs, warnAboveMs, confirmRuns, flapping } : null;
  }
  if (check.tls !== undefined) {
    const at = hostAndPort(check.tls);
    return at ? { kind: "tls", ...at, certificate: { warnDays }, timeoutMs, warnAboveMs, confirmRuns, flapping } : null;
  }
  if (check.dns !== undefined) {
    const { name, type, resolver: written, expect = [] } = check.dns;
    const resolver = written === undefined ? null : parseResolver(written);
    if (!(DNS_TYPES as readonly string[]).includes(type) || (written !== undefined && resolver === null)) return null;
    return { kind: "dns", name: name.replace(/\.$/, ""), type, resolver, expect, timeoutMs, warnAboveMs, confirmRuns, flapping };
  }
  return null;
}

/** What a source is, in words: 'the JSON value $.finishedAt', 'the Last-Modified header'. */
export const sourceWords = (source: HeartbeatSource): string =>
  "json" in source
    ? `the JSON value ${source.json}`
    : "header" in source
      ? `the ${source.header} header`
      : "newest" in source
        ? `the newest of the times at ${source.newest}`
        : "the newest object's LastModified in an S3 listing";

/** The schedule in words: 'every 24 h, grace 30 min', 'cron "0 3 * * *" (Europe/Berlin), grace 1 h'. */
export function scheduleWords(schedule: HeartbeatSchedule): string {
  const grace = `grace ${formatLongDuration(schedule.graceMs)}`;
  return schedule.kind === "period"
    ? `every ${formatLongDuration(schedule.periodMs)}, ${grace}`
    : `cron "${schedule.cron}" (${schedule.timeZone}), ${grace}`;
}

/**
 * The longest a check can take when its server never answers: two tries (the
 * queue tries a failure once more after RETRY_PAUSE_MS, monitor/run/queue.ts),
 * each the name's resolution (a host name, not an address) and the answer's
 * timeout (twice for an https check that also asks plain HTTP). A run whose
 * checks' share of its deadline is shorter never finishes such a check: its
 * server would have no result, run after run.
 */
export function checkWorstMs(target: CheckTarget): number {
  const host = target.kind === "http" ? target.url.hostname.replace(/^\[|\]$/g, "") : target.kind === "dns" ? null : target.host;
  const resolves = host !== null && !IPV4.test(host) && !IPV6.test(host);
  const asks = target.kind === "http" && target.httpRedirect ? 2 : 1;
  return 2 * ((resolves ? DNS_TIMEOUT_MS : 0) + target.timeoutMs * asks) + RETRY_PAUSE_MS;
}
