/**
 * What a probe saw (ProbeOutcome: an answer with its timings, certificate,
 * body or DNS records, or a failure in the probe's words) and what it means
 * (Judgement, made by judge.ts); a certificate's days left and the thresholds
 * told; whether an answer that came while the job stood still is measured again.
 */
import { DAY_MS } from "../kernel/time";
import type { PlainHttpSeen, SecuritySeen } from "../security/rules";

/** The days before a certificate's expiry at which a notice is sent, each once. */
const CERTIFICATE_THRESHOLDS = [30, 14, 7, 1] as const;

/**
 * Where a check's time went, in milliseconds, each part from the check's own
 * connection events: resolving the name (not counted in the response time: it is
 * the resolver's, not the server's), connecting, the TLS handshake, and the
 * wait from the request to the first byte of the answer.
 */
export type CheckTimings = { dns: number; connect: number; tls?: number; firstByte?: number };

/** A server's certificate as its TLS handshake showed it: valid from and until (ISO). */
export type CertificateSeen = { validFrom: string; validTo: string };

/** HTTPS: what the handshake agreed and whose certificate it was (OpenSSL's names), for the security rules (domain/security/rules.ts). */
export type HandshakeSeen = { protocol: string | null; cipher: string | null; issuer: string; subject: string };

/** What a dns check's lookup found: the values (in the forms of domain/checks/dnsAnswers.ts), or why there are none. */
export type DnsSeen = { records: string[]; missing: null | "name" | "records" };

/**
 * Days until a certificate expires, a day begun counted whole: 4 days and
 * 1 hour left is 'in 5 days' (a certificate made for 5 days says 5 until it
 * has 4 left to the millisecond). 0 or less: expired.
 */
export function certificateDaysLeft(validTo: string, now: Date): number {
  return Math.ceil((Date.parse(validTo) - now.getTime()) / DAY_MS);
}

/** The lowest notice threshold (30, 14, 7, 1 days) a certificate has crossed; null above them all, or expired (an offline server is told as down). */
export function certificateThreshold(daysLeft: number): number | null {
  if (daysLeft <= 0) return null;
  const crossed = CERTIFICATE_THRESHOLDS.filter((t) => daysLeft <= t);
  return crossed.length === 0 ? null : crossed[crossed.length - 1];
}

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
      /** HTTP only: the path the last redirect pointed to, when there were more than the job follows (a loop, most often): the page never came */
      redirectLoop?: string;
      /** HTTP only, when the check has conditions on the body: what was read of it */
      body?: ReadBody;
      /** how long the job itself stood still while this answer was measured (monitor/run/stallWatch.ts): then its time is partly the job's */
      stalledMs?: number;
      /** HTTPS and TLS: the server's certificate */
      certificate?: CertificateSeen;
      /** HTTPS: the first connection's handshake */
      handshake?: HandshakeSeen;
      /** HTTPS: the last answer's security headers (lower-case names; one not sent is absent) */
      securityHeaders?: Record<string, string>;
      /** HTTPS with httpRedirect: what plain HTTP answered (asked after the check, outside its time) */
      plainHttp?: PlainHttpSeen;
      /** dns checks: what the lookup found */
      dns?: DnsSeen;
      /** heartbeats: the values of the headers their times are read from (lower-case names; null for one not sent) */
      heartbeatHeaders?: Record<string, string | null>;
    }
  | {
      kind: "failed";
      /**
       * unset-variable: a header's variable is not set, so nothing was sent (message: the variable and its header);
       * certificate: the handshake's verification failed (message: OpenSSL's or Node's code, such as CERT_HAS_EXPIRED)
       */
      reason: "timeout" | "dns-timeout" | "refused" | "dns" | "tls" | "certificate" | "network" | "unset-variable";
      message?: string;
      /** certificate: the certificate that failed, when it could be read */
      certificate?: CertificateSeen;
    };

/**
 * An answer's body as far as it was read: the whole of it (cut null), or up to
 * the check's bodyLimit, the timeout, or a connection the server closed.
 */
export type ReadBody = {
  text: string;
  /** the bytes read, decoded (decompressed) */
  bytes: number;
  cut: null | "limit" | "time" | "closed";
  /** why the text may not be what a browser shows: damaged compressed data, an unknown charset */
  problem?: string;
  /** why nothing of it could be read as text (an encoding the check cannot decode) */
  unreadable?: string;
};

export type MeasuredStatus = "online" | "warning" | "offline";

/**
 * A confirmed state's change, named once for everything that reacts to it (the
 * alerts' kinds, the notifications' events): null when it stays. Recovered is
 * any way up from offline, and warning back to online.
 */
export type StateChange = "down" | "degraded" | "recovered";

export function stateChange(from: MeasuredStatus, to: MeasuredStatus): StateChange | null {
  if (from === to) return null;
  if (to === "offline") return "down";
  if (to === "warning" && from === "online") return "degraded";
  return "recovered";
}

/** What one place saw of a server, kept beside the outcome the places made together (places.ts). */
/**
 * Why a warning is one: a slow answer, a certificate about to expire, places
 * that cannot reach the server, a heartbeat that is late, or one its relay does
 * not watch (new, paused).
 */
export type WarningCause = "slow" | "certificate" | "unreachable" | "late" | "unwatched";

export type PlaceSeen = { location: string; status: MeasuredStatus; responseTime: number | null; detail: string };

export type Judgement = {
  status: MeasuredStatus;
  /** the server's milliseconds, whole; null when it did not answer (no answer is not zero) */
  responseTime: number | null;
  /** what the check saw, in words */
  detail: string;
  timings?: CheckTimings;
  /** a check that judges a certificate: when it expires (ISO), when it was seen */
  certificateExpires?: string;
  /** a warning's cause: a slow answer (the default), a certificate about to expire, or places that cannot reach the server (places.ts) */
  warningCause?: WarningCause;
  /** heartbeats: the last ping's time the answer held (ISO), and when the next is due (null: a cron that never fires again) */
  heartbeat?: { ping: string; due: string | null };
  /** HTTPS checks: what the security rules judge (domain/security/rules.ts); kept in checks/security.json, not in the results */
  security?: SecuritySeen;
};

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
