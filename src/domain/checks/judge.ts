/**
 * The judgement of one check: what a probe saw (a ProbeOutcome) against what
 * the check expects (its CheckTarget), as a status and the words the pages,
 * alerts and notifications use. Offline when there was no answer, an
 * unexpected status, a failed condition on the body, a certificate that
 * failed verification or expired, or a name that did not resolve as expected;
 * warning when a judged certificate expires within warnDays, or the answer
 * came after the threshold (maxResponseMs, or its alias warnAboveMs); online
 * otherwise.
 */
import { bodyFailures, jsonValueAt, jsonValuesAt, whyNotJudged } from "./conditions";
import { plainText } from "../kernel/plainText";
import {
  DEFAULT_WARN_DAYS,
  DNS_TIMEOUT_MS,
  MAX_REDIRECTS,
  statusWords,
  type CertificateWatch,
  type CheckTarget,
  type HeartbeatSource,
  type HeartbeatTarget,
} from "./definition";
import { judgeHeartbeat, newestInS3Listing, newestOf, readTime } from "./heartbeat";
import { judgeRelay } from "./relay";
import type { SecuritySeen } from "../security/rules";
import { certificateDaysLeft, type CertificateSeen, type Judgement, type ProbeOutcome } from "./outcome";
import { formatDuration } from "../kernel/time";
import { dnsFailure, dnsValuesWords } from "./dnsAnswers";

/**
 * A detail is at most this long: it is stored in 500 characters (latest.json,
 * the API), with room for the queue's ' (tried twice)'.
 */
export const DETAIL_MAX = 400;

function httpStatusIsUp(status: number, target: Extract<CheckTarget, { kind: "http" }>): boolean {
  const ranges = target.expect.status;
  return ranges === null ? status >= 200 && status < 400 : ranges.some((r) => status >= r.from && status <= r.to);
}

/** The certificate a check judges (an https check with `certificate`, or a tls check); null when it judges none. */
const watchOf = (target: CheckTarget): CertificateWatch | null =>
  target.kind === "http" || target.kind === "tls" ? target.certificate : null;

const day = (iso: string) => iso.slice(0, 10);
const days = (n: number) => `${n} day${n === 1 ? "" : "s"}`;

/** Why a handshake's verification failed, in words, with the certificate's dates when they could be read. */
function certificateFailureWords(code: string, seen: CertificateSeen | undefined, host: string, now: Date): string {
  const until = seen ? ` (valid until ${day(seen.validTo)})` : "";
  if (code === "CERT_HAS_EXPIRED") {
    if (!seen) return "certificate expired (CERT_HAS_EXPIRED)";
    const ago = -certificateDaysLeft(seen.validTo, now);
    return `certificate expired on ${day(seen.validTo)}${ago >= 1 ? `, ${days(ago)} ago` : ""} (CERT_HAS_EXPIRED)`;
  }
  if (code === "CERT_NOT_YET_VALID")
    return `certificate not valid yet${seen ? ` (valid from ${day(seen.validFrom)})` : ""} (CERT_NOT_YET_VALID)`;
  if (code === "ERR_TLS_CERT_ALTNAME_INVALID") return `certificate is not for ${host}${until} (ERR_TLS_CERT_ALTNAME_INVALID)`;
  if (/SELF_SIGNED|UNABLE_TO_GET_ISSUER|UNABLE_TO_VERIFY|CERT_UNTRUSTED|CERT_CHAIN_TOO_LONG|INVALID_CA/.test(code)) {
    return `certificate not trusted: not signed by a known authority${until} (${code})`;
  }
  return `certificate invalid${until} (${code})`;
}

/**
 * The status of one check, with what it saw in words (a certificate's days are
 * counted from `now`). Whatever a server sent, its judgement is a result: an
 * answer that cannot be judged (nested too deeply, too complex, a pattern that
 * cannot run on it) is offline, and its words say why. An error that says
 * nothing of the answer is the job's own, and is thrown: the queue records no
 * result for the check rather than call a server down for the job's fault. The
 * words are one line of plain text, at most DETAIL_MAX characters, without
 * control, bidirectional or invisible characters: they reach pages, files and
 * messages.
 */
export function judge(outcome: ProbeOutcome, target: CheckTarget, now: Date = new Date()): Judgement {
  let judgement: Judgement;
  try {
    judgement = judgeOutcome(outcome, target, now);
  } catch (error) {
    const why = whyNotJudged(error);
    if (why === null) throw error;
    judgement = { status: "offline", responseTime: null, detail: `the answer could not be judged: ${why}` };
  }
  const security = securityOf(outcome, target);
  return { ...judgement, detail: plainText(judgement.detail, DETAIL_MAX), ...(security ? { security } : {}) };
}

/** What plain HTTP answered, its server's words made plain and short. */
function plainHttpText(plain: NonNullable<Extract<ProbeOutcome, { kind: "answered" }>["plainHttp"]>): SecuritySeen["plainHttp"] {
  if ("failure" in plain) return { url: plain.url, failure: plainText(plain.failure, 200) };
  return { url: plain.url, status: plain.status, location: plain.location === null ? null : plainText(plain.location, 2000) };
}

/**
 * What an HTTPS check shows the security rules (domain/security/rules.ts): the
 * handshake, the certificate and the headers of an answer, or the problem of a
 * certificate the handshake refused; nothing for other checks and failures.
 */
function securityOf(outcome: ProbeOutcome, target: CheckTarget): SecuritySeen | null {
  // A heartbeat watches a job through a file it publishes: where that file is served is not a site the Security page judges.
  if (target.kind !== "http" || target.url.protocol !== "https:" || target.heartbeat !== null || target.relay !== null) return null;
  const warnDays = target.certificate?.warnDays ?? DEFAULT_WARN_DAYS;
  if (outcome.kind === "failed") {
    if (outcome.reason !== "certificate") return null;
    const problem = plainText(outcome.message || "the certificate was not verified", 200);
    return { trust: { problem }, protocol: null, cipher: null, certificate: null, headers: {}, warnDays, host: target.url.hostname };
  }
  if (!outcome.handshake) return null;
  const { protocol, cipher, issuer, subject } = outcome.handshake;
  return {
    trust: "verified",
    protocol,
    cipher,
    certificate: outcome.certificate
      ? { issuer: plainText(issuer, 200), subject: plainText(subject, 200), validTo: outcome.certificate.validTo }
      : null,
    headers: Object.fromEntries(Object.entries(outcome.securityHeaders ?? {}).map(([name, value]) => [name, plainText(value, 2000)])),
    warnDays,
    host: target.url.hostname,
    ...(outcome.plainHttp ? { plainHttp: plainHttpText(outcome.plainHttp) } : {}),
  };
}

/** A time a heartbeat reads from the answer (its body's JSON or a header), or why there is none. */
function timeFrom(source: HeartbeatSource, outcome: Extract<ProbeOutcome, { kind: "answered" }>): { at: number } | { problem: string } {
  if ("listing" in source) {
    if (outcome.body?.cut) return { problem: `the listing was cut at the body limit (${outcome.body.bytes} bytes read): raise bodyLimit` };
    return newestInS3Listing(outcome.body?.text ?? "");
  }
  if ("newest" in source) {
    const found = jsonValuesAt(source.newest, outcome.body);
    return "problem" in found ? found : newestOf(found.values, `at ${source.newest}`);
  }
  if ("json" in source) {
    const found = jsonValueAt(source.json, outcome.body);
    if ("problem" in found) return found;
    const time = readTime(found.value);
    return "problem" in time ? { problem: `${source.json} is ${time.problem}` } : time;
  }
  const value = outcome.heartbeatHeaders?.[source.header.toLowerCase()] ?? null;
  if (value === null) return { problem: `no ${source.header} header in the answer` };
  const time = readTime(value);
  return "problem" in time ? { problem: `the ${source.header} header is ${time.problem}` } : time;
}

/** A heartbeat's judgement from an answer: offline in words when its time cannot be read, else its schedule's (heartbeat.ts). */
function heartbeatJudgement(
  outcome: Extract<ProbeOutcome, { kind: "answered" }>,
  heartbeat: HeartbeatTarget,
  now: Date,
): Omit<Judgement, "responseTime"> {
  const ping = timeFrom(heartbeat.time, outcome);
  if ("problem" in ping) return { status: "offline", detail: `no time of the last ping: ${ping.problem}` };
  // A start that cannot be read is said, and the ping judged alone: the finish is what the heartbeat is.
  const started = heartbeat.started === null ? null : timeFrom(heartbeat.started, outcome);
  const judged = judgeHeartbeat(heartbeat, ping.at, started !== null && "at" in started ? started.at : null, now.getTime());
  const unread = started !== null && "problem" in started ? `; no start time: ${started.problem}` : "";
  return {
    status: judged.status,
    detail: `${judged.detail}${unread}`,
    ...(judged.late ? { warningCause: "late" as const } : {}),
    heartbeat: { ping: new Date(judged.ping).toISOString(), due: judged.due === null ? null : new Date(judged.due).toISOString() },
  };
}

function judgeOutcome(outcome: ProbeOutcome, target: CheckTarget, now: Date): Judgement {
  const watch = watchOf(target);
  const expires = watch && outcome.certificate ? { certificateExpires: outcome.certificate.validTo } : {};
  if (outcome.kind === "failed") {
    const host = target.kind === "http" ? target.url.hostname : target.kind === "dns" ? target.name : target.host;
    if (outcome.reason === "certificate") {
      return {
        status: "offline",
        responseTime: null,
        detail: certificateFailureWords(outcome.message ?? "", outcome.certificate, host, now),
        ...expires,
      };
    }
    const resolver = target.kind === "dns" ? (target.resolver ? `the resolver ${target.resolver.address}` : "the system's resolver") : "";
    const words = {
      timeout:
        target.kind === "dns"
          ? `no answer from ${resolver} within ${formatDuration(target.timeoutMs)}`
          : `connection timeout after ${formatDuration(target.timeoutMs)}`,
      "dns-timeout": `host name not resolved within ${formatDuration(Math.min(DNS_TIMEOUT_MS, target.timeoutMs))} (DNS)`,
      refused: target.kind === "dns" ? `${resolver} refused the query` : "connection refused",
      dns: "host not found (DNS)",
      tls: `TLS error${outcome.message ? `: ${outcome.message}` : ""}`,
      network: `network error${outcome.message ? `: ${outcome.message}` : ""}`,
      // Nothing was sent: a check without its secret would judge the server on an answer to another request.
      "unset-variable": `not checked: the variable ${outcome.message ?? ""} is not set in the check job's environment`,
    } as const;
    return { status: "offline", responseTime: null, detail: words[outcome.reason], ...expires };
  }
  // A time that is no time (never from the job's probes) is not passed on as a figure: no answer is not zero.
  if (!Number.isFinite(outcome.ms)) return { status: "offline", responseTime: null, detail: "the check job could not time the answer" };
  const ms = Math.max(0, Math.round(outcome.ms));
  const timings = outcome.timings ? { timings: outcome.timings } : {};
  let what: string;
  if (target.kind === "http") {
    const status = outcome.httpStatus ?? 0;
    // A relayed heartbeat is the service's word on the watched job: its own statuses and words (relay.ts).
    if (target.relay !== null) return { ...judgeRelay(status, outcome.body, now), responseTime: ms, ...timings };
    // A redirect that was not followed is named: '302 to login.example.com: not followed'.
    const redirect = outcome.redirectTo ? ` (${status} to ${outcome.redirectTo}: not followed)` : "";
    const followed = outcome.redirects ? ` after ${outcome.redirects} redirect${outcome.redirects === 1 ? "" : "s"}` : "";
    if (outcome.redirectLoop !== undefined) {
      return {
        status: "offline",
        responseTime: ms,
        detail: `more than ${MAX_REDIRECTS} redirects (the last to ${outcome.redirectLoop}): a browser gives up too (too many redirects)`,
        ...timings,
        ...expires,
      };
    }
    if (!httpStatusIsUp(status, target)) {
      const expected = target.expect.status === null ? "2xx or 3xx" : statusWords(target.expect.status);
      return {
        status: "offline",
        responseTime: ms,
        detail: `unexpected HTTP status ${status}${followed} (expected ${expected})${redirect}`,
        ...timings,
        // The certificate was seen all the same: its expiry stays known while the server answers wrongly.
        ...expires,
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
        ...expires,
      };
    }
    // A heartbeat's state is its watched job's, from the time it published: how fast the file came says nothing of it.
    if (target.heartbeat !== null) return { ...heartbeatJudgement(outcome, target.heartbeat, now), responseTime: ms, ...timings };
  } else if (target.kind === "dns") {
    const seen = outcome.dns ?? { records: [], missing: "records" as const };
    const failure = dnsFailure(target, seen);
    if (failure !== null)
      return { status: "offline", responseTime: ms, detail: plainText(`${failure} (in ${ms} ms)`, DETAIL_MAX), ...timings };
    what = plainText(`DNS ${target.type} ${target.name}: ${dnsValuesWords(seen.records)}`, DETAIL_MAX - 80);
  } else {
    what = target.kind === "tls" ? "TLS handshake" : "TCP connection";
  }
  if (watch && outcome.certificate) {
    const left = certificateDaysLeft(outcome.certificate.validTo, now);
    if (left <= 0) {
      return {
        status: "offline",
        responseTime: ms,
        detail: `${what} in ${ms} ms, but the certificate expired on ${day(outcome.certificate.validTo)}`,
        ...timings,
        ...expires,
      };
    }
    if (left <= watch.warnDays) {
      const slow = ms > target.warnAboveMs ? `, and over the ${target.warnAboveMs} ms threshold` : "";
      return {
        status: "warning",
        responseTime: ms,
        detail: `${what} in ${ms} ms, but the certificate expires in ${days(left)} (${day(outcome.certificate.validTo)})${slow}`,
        warningCause: "certificate",
        ...timings,
        ...expires,
      };
    }
  }
  if (ms > target.warnAboveMs) {
    return {
      status: "warning",
      responseTime: ms,
      detail: `${what} in ${ms} ms, over the ${target.warnAboveMs} ms threshold`,
      ...timings,
      ...expires,
    };
  }
  return { status: "online", responseTime: ms, detail: `${what} in ${ms} ms`, ...timings, ...expires };
}
