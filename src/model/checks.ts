/**
 * What a check is and what its outcome means: the rules of the check job
 * (npm run check), free of the network so they can be tested on their own. The
 * probes themselves live in monitor/; they report a ProbeOutcome, which
 * checkJudge.ts turns into a status with the words the alerts use. This module
 * is read by the server pages too (describeCheck), so it stays light: the
 * JSONPath library is checkConditions.ts's, the job's and the validation's.
 */

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

/** A server's check, as editors write it in servers.json. */
export type CheckConfig = {
  url?: string;
  tcp?: string;
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
  /** false: a redirect is judged as the answer, never followed */
  followRedirects?: boolean;
};

/**
 * Runs that must agree before a state changes: `warning` between online and
 * warning, `offline` into and out of offline (a failed check is already retried
 * once within its run).
 */
export type ConfirmRuns = { warning: number; offline: number };

/** The site's defaults for every check (content/monitoring.json's checkDefaults). */
export type CheckDefaults = Omit<CheckConfig, "url" | "tcp" | "expectStatus" | "method" | "body" | "headers" | "expect">;

/** The defaults of the issue and of SPEC's alert wording ('over the 150 ms threshold'). */
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_WARN_ABOVE_MS = 150;
export const DEFAULT_CONFIRM_RUNS: ConfirmRuns = { warning: 2, offline: 1 };
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
export const readsBody = (expect: HttpExpect): boolean => expect.bodyContains.length + expect.bodyLacks.length + expect.json.length > 0;

type TargetCommon = { timeoutMs: number; warnAboveMs: number; confirmRuns: ConfirmRuns };
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
    } & TargetCommon)
  | ({ kind: "tcp"; host: string; port: number } & TargetCommon);

/** The target of a (validated) check; null when it has neither a usable url nor tcp. The server's own settings win over the site's defaults. */
export function checkTarget(check: CheckConfig, defaults: CheckDefaults = {}): CheckTarget | null {
  const timeoutMs = check.timeoutMs ?? defaults.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const warnAboveMs = check.expect?.maxResponseMs ?? check.warnAboveMs ?? defaults.warnAboveMs ?? DEFAULT_WARN_ABOVE_MS;
  const confirmRuns = { ...DEFAULT_CONFIRM_RUNS, ...defaults.confirmRuns, ...check.confirmRuns };
  const followRedirects = check.followRedirects ?? defaults.followRedirects ?? true;
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
    return { kind: "http", url, method, body, headers, expect, bodyLimit, followRedirects, timeoutMs, warnAboveMs, confirmRuns };
  }
  if (check.tcp !== undefined) {
    const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([^\s:[\]/]+)):(\d{1,5})$/.exec(check.tcp);
    if (!match) return null;
    const port = Number(match[3]);
    if (port < 1 || port > 65535) return null;
    return { kind: "tcp", host: match[1] ?? match[2], port, timeoutMs, warnAboveMs, confirmRuns };
  }
  return null;
}

/**
 * Where a check's time went, in milliseconds, each part from the check's own
 * connection events: resolving the name (not counted in the response time: it is
 * the resolver's, not the server's), connecting, the TLS handshake, and the
 * wait from the request to the first byte of the answer.
 */
export type CheckTimings = { dns: number; connect: number; tls?: number; firstByte?: number };

/** What a probe saw, before any judgement. */
export type ProbeOutcome =
  | {
      kind: "answered";
      /** the server's milliseconds: from opening the connection to the answer (the response's headers, or the TCP connection), over every redirect followed */
      ms: number;
      timings?: CheckTimings;
      /** HTTP only */
      httpStatus?: number;
      /** HTTP only: a redirect that was not followed (to another origin, or a check that follows none), as 'host' or 'http://host:port' */
      redirectTo?: string;
      /** HTTP only: the redirects followed on the same origin */
      redirects?: number;
      /** HTTP only, when the check has conditions on the body: what was read of it */
      body?: ReadBody;
      /** how long the job itself stood still while this answer was measured (monitor/stallWatch.ts): then its time is partly the job's */
      stalledMs?: number;
    }
  | {
      kind: "failed";
      /** unset-variable: a header's variable is not set, so nothing was sent (message: the variable and its header) */
      reason: "timeout" | "dns-timeout" | "refused" | "dns" | "tls" | "network" | "unset-variable";
      message?: string;
    };

/**
 * An answer's body as far as it was read: the whole of it (cut null), or up to
 * the check's bodyLimit, the timeout, or a connection the server closed.
 */
export type ReadBody = { text: string; bytes: number; cut: null | "limit" | "time" | "closed" };

export type MeasuredStatus = "online" | "warning" | "offline";

export type Judgement = {
  status: MeasuredStatus;
  /** the server's milliseconds, whole; null when it did not answer (no answer is not zero) */
  responseTime: number | null;
  /** what the check saw, in words */
  detail: string;
  timings?: CheckTimings;
};

/** 10000 -> '10 s', 2500 -> '2.5 s', 300 -> '300 ms' */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  return `${Number((ms / 1000).toFixed(1))} s`;
}
/** A stall of at least this share of an answer's time makes it worth measuring again. */
const REMEASURE_SHARE = 0.1;

/**
 * Whether an answer should be measured again because the job stood still while
 * it came: only an answer whose judgement the stall could have changed (not an
 * offline one: a 503 is a 503 however long it took) and only when the stall is
 * a good share of its time (5 ms of a 500 ms answer is left in it: measuring
 * again would double that server's requests for little).
 */
export function worthMeasuringAgain(outcome: ProbeOutcome, judgement: Judgement): boolean {
  if (outcome.kind !== "answered" || !outcome.stalledMs || judgement.status === "offline") return false;
  return outcome.stalledMs >= outcome.ms * REMEASURE_SHARE;
}
