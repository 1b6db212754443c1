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
};

/** The defaults of the issue and of SPEC's alert wording ('over the 150 ms threshold'). */
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_WARN_ABOVE_MS = 150;
/** At most this many checks at once. */
export const CHECK_CONCURRENCY = 32;

export type CheckTarget =
  | { kind: "http"; url: URL; expectStatus: number | null; timeoutMs: number; warnAboveMs: number }
  | { kind: "tcp"; host: string; port: number; timeoutMs: number; warnAboveMs: number };

/** The target of a (validated) check; null when it has neither a usable url nor tcp. */
export function checkTarget(check: CheckConfig): CheckTarget | null {
  const timeoutMs = check.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const warnAboveMs = check.warnAboveMs ?? DEFAULT_WARN_ABOVE_MS;
  if (check.url !== undefined) {
    let url: URL;
    try {
      url = new URL(check.url);
    } catch {
      return null;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return { kind: "http", url, expectStatus: check.expectStatus ?? null, timeoutMs, warnAboveMs };
  }
  if (check.tcp !== undefined) {
    const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([^\s:[\]/]+)):(\d{1,5})$/.exec(check.tcp);
    if (!match) return null;
    const port = Number(match[3]);
    if (port < 1 || port > 65535) return null;
    return { kind: "tcp", host: match[1] ?? match[2], port, timeoutMs, warnAboveMs };
  }
  return null;
}

/** What a probe saw, before any judgement. */
export type ProbeOutcome =
  | {
      kind: "answered";
      /** milliseconds from the start of the check to the answer (the response's headers, or the TCP connection) */
      ms: number;
      /** HTTP only */
      httpStatus?: number;
      /** HTTP only: a redirect to another host that was not followed */
      redirectTo?: string;
    }
  | { kind: "failed"; reason: "timeout" | "refused" | "dns" | "tls" | "network"; message?: string };

export type MeasuredStatus = "online" | "warning" | "offline";

export type Judgement = {
  status: MeasuredStatus;
  /** measured milliseconds, whole; 0 when offline (as SPEC's offline sample) */
  responseTime: number;
  /** what the check saw, in words */
  detail: string;
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
      refused: "connection refused",
      dns: "host not found (DNS)",
      tls: `TLS error${outcome.message ? `: ${outcome.message}` : ""}`,
      network: `network error${outcome.message ? `: ${outcome.message}` : ""}`,
    } as const;
    return { status: "offline", responseTime: 0, detail: words[outcome.reason] };
  }
  const ms = Math.max(0, Math.round(outcome.ms));
  let what: string;
  if (target.kind === "http") {
    const status = outcome.httpStatus ?? 0;
    if (!httpStatusIsUp(status, target.expectStatus)) {
      const expected = target.expectStatus === null ? "2xx or 3xx" : String(target.expectStatus);
      const redirect = outcome.redirectTo ? `, redirect to ${outcome.redirectTo} not followed` : "";
      return { status: "offline", responseTime: 0, detail: `unexpected HTTP status ${status} (expected ${expected}${redirect})` };
    }
    what = `HTTP ${status}`;
  } else {
    what = "TCP connection";
  }
  if (ms > target.warnAboveMs) {
    return { status: "warning", responseTime: ms, detail: `${what} in ${ms} ms, over the ${target.warnAboveMs} ms threshold` };
  }
  return { status: "online", responseTime: ms, detail: `${what} in ${ms} ms` };
}
