/**
 * The judgement of one check: what a probe saw (a ProbeOutcome) against what
 * the check expects (its CheckTarget), as a status and the words the pages,
 * alerts and notifications use. Offline when there was no answer, an
 * unexpected status or a failed condition on the body; warning when the answer
 * came after the threshold (maxResponseMs, or its alias warnAboveMs); online
 * otherwise.
 */
import { bodyFailures, plainText } from "./checkConditions";
import { DNS_TIMEOUT_MS, formatDuration, statusWords, type CheckTarget, type Judgement, type ProbeOutcome } from "./checks";

/**
 * A detail is at most this long: it is stored in 500 characters (latest.json,
 * the API), with room for the queue's ' (tried twice)'.
 */
const DETAIL_MAX = 400;

function httpStatusIsUp(status: number, target: Extract<CheckTarget, { kind: "http" }>): boolean {
  const ranges = target.expect.status;
  return ranges === null ? status >= 200 && status < 400 : ranges.some((r) => status >= r.from && status <= r.to);
}

/** The status of one check, with what it saw in words. */
export function judge(outcome: ProbeOutcome, target: CheckTarget): Judgement {
  if (outcome.kind === "failed") {
    const words = {
      timeout: `connection timeout after ${formatDuration(target.timeoutMs)}`,
      "dns-timeout": `host name not resolved within ${formatDuration(Math.min(DNS_TIMEOUT_MS, target.timeoutMs))} (DNS)`,
      refused: "connection refused",
      dns: "host not found (DNS)",
      tls: `TLS error${outcome.message ? `: ${outcome.message}` : ""}`,
      network: `network error${outcome.message ? `: ${outcome.message}` : ""}`,
      // Nothing was sent: a check without its secret would judge the server on an answer to another request.
      "unset-variable": `not checked: the variable ${outcome.message ?? ""} is not set in the check job's environment`,
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
    if (!httpStatusIsUp(status, target)) {
      const expected = target.expect.status === null ? "2xx or 3xx" : statusWords(target.expect.status);
      return {
        status: "offline",
        responseTime: ms,
        detail: `unexpected HTTP status ${status}${followed} (expected ${expected})${redirect}`,
        ...timings,
      };
    }
    what = `HTTP ${status}${followed}`;
    if (redirect) what += redirect;
    const failures = bodyFailures(target.expect, outcome.body);
    if (failures.length > 0) {
      return {
        status: "offline",
        responseTime: ms,
        detail: plainText(`${what} in ${ms} ms, but ${failures.join("; ")}`, DETAIL_MAX),
        ...timings,
      };
    }
  } else {
    what = "TCP connection";
  }
  if (ms > target.warnAboveMs) {
    return { status: "warning", responseTime: ms, detail: `${what} in ${ms} ms, over the ${target.warnAboveMs} ms threshold`, ...timings };
  }
  return { status: "online", responseTime: ms, detail: `${what} in ${ms} ms`, ...timings };
}
