/**
 * What a check is and what its outcome means: the rules of the check job
 * (npm run check), free of the network so they can be tested on their own. The
 * probes themselves live in monitor/; they report a ProbeOutcome, and this
 * module turns it into a status with the words the alerts use.
 */

/** A server's check, as editors write it in servers.json. */
export type CheckConfig = {
  url?: string;
  tcp?: string;
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
export type CheckDefaults = Omit<CheckConfig, "url" | "tcp" | "expectStatus">;

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

type TargetCommon = { timeoutMs: number; warnAboveMs: number; confirmRuns: ConfirmRuns };
export type CheckTarget =
  | ({ kind: "http"; url: URL; expectStatus: number | null; followRedirects: boolean } & TargetCommon)
  | ({ kind: "tcp"; host: string; port: number } & TargetCommon);

/** The target of a (validated) check; null when it has neither a usable url nor tcp. The server's own settings win over the site's defaults. */
export function checkTarget(check: CheckConfig, defaults: CheckDefaults = {}): CheckTarget | null {
  const timeoutMs = check.timeoutMs ?? defaults.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const warnAboveMs = check.warnAboveMs ?? defaults.warnAboveMs ?? DEFAULT_WARN_ABOVE_MS;
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
    return { kind: "http", url, expectStatus: check.expectStatus ?? null, followRedirects, timeoutMs, warnAboveMs, confirmRuns };
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
      /** how long the job itself stood still while this answer was measured (monitor/stallWatch.ts): then its time is partly the job's */
      stalledMs?: number;
    }
  | { kind: "failed"; reason: "timeout" | "dns-timeout" | "refused" | "dns" | "tls" | "network"; message?: string };

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

function httpStatusIsUp(status: number, expected: number | null): boolean {
  return expected === null ? status >= 200 && status < 400 : status === expected;
}

/**
 * The status of one check: online when it answers in time below the threshold,
 * warning when it answers above it, offline on a timeout, a refused connection,
 * a DNS failure or an unexpected HTTP status.
 */
export function judge(outcome: ProbeOutcome, target: CheckTarget): Judgement {
  if (outcome.kind === "failed") {
    const words = {
      timeout: `connection timeout after ${formatDuration(target.timeoutMs)}`,
      "dns-timeout": `host name not resolved within ${formatDuration(Math.min(DNS_TIMEOUT_MS, target.timeoutMs))} (DNS)`,
      refused: "connection refused",
      dns: "host not found (DNS)",
      tls: `TLS error${outcome.message ? `: ${outcome.message}` : ""}`,
      network: `network error${outcome.message ? `: ${outcome.message}` : ""}`,
    } as const;
    return { status: "offline", responseTime: null, detail: words[outcome.reason] };
  }
  const ms = Math.max(0, Math.round(outcome.ms));
  const timings = outcome.timings ? { timings: outcome.timings } : {};
  let what: string;
  if (target.kind === "http") {
    const status = outcome.httpStatus ?? 0;
    // A redirect that was not followed is named: '302 to login.example.com: not followed'.
    const redirect = outcome.redirectTo ? ` (${status} to ${outcome.redirectTo}: not followed)` : "";
    const followed = outcome.redirects ? ` after ${outcome.redirects} redirect${outcome.redirects === 1 ? "" : "s"}` : "";
    if (!httpStatusIsUp(status, target.expectStatus)) {
      const expected = target.expectStatus === null ? "2xx or 3xx" : String(target.expectStatus);
      return {
        status: "offline",
        responseTime: ms,
        detail: `unexpected HTTP status ${status}${followed} (expected ${expected})${redirect}`,
        ...timings,
      };
    }
    what = `HTTP ${status}${followed}`;
    if (redirect) what += redirect;
  } else {
    what = "TCP connection";
  }
  if (ms > target.warnAboveMs) {
    return { status: "warning", responseTime: ms, detail: `${what} in ${ms} ms, over the ${target.warnAboveMs} ms threshold`, ...timings };
  }
  return { status: "online", responseTime: ms, detail: `${what} in ${ms} ms`, ...timings };
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
