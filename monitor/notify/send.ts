/**
 * Sending one notification through one channel: the body from
 * src/domain/notify/formats/ (one file per channel), over HTTP (http.ts) with Node's fetch or over SMTP with
 * nodemailer (email.ts), each try with its own timeout, up to three tries with a doubling
 * wait. deliver() never throws: it says what happened, and its words never hold
 * a secret (a Slack, Discord or Teams URL is one: its token is in its path).
 */
import type { NotifyMessage, ResolvedChannel } from "../../src/domain/notify/notifications";
import { redact } from "../../src/domain/kernel/redact";
import { fields } from "./attempt";
import { secretsOf } from "./channelEnv";
import { tryEmail } from "./email";
import { tryHttp } from "./http";

export type DeliverOptions = {
  /** each try's limit (10 s) */
  timeoutMs?: number;
  /** how many tries in all (3) */
  tries?: number;
  /** the wait before the second try (1 s), doubled before each next one */
  backoffMs?: number;
  /** the longest wait between tries, a receiver's Retry-After included (10 s) */
  maxBackoffMs?: number;
  /** the clock the webhook's signature timestamp is read from */
  now?: () => Date;
  /** no try and no wait between tries starts past this (performance.now()); a try under way ends within its own timeout */
  deadline?: number;
};

/** A send that failed says why; `outOfTime` when the run's time for sending ended it, not the channel (kept for the next run). */
export type DeliveryResult =
  { ok: true; attempts: number; unanswered?: string } | { ok: false; attempts: number; error: string; outOfTime?: true };

/**
 * The least time a try is given (ms): a try with less would fail for want of
 * time, not for the receiver's sake (and a fraction of a millisecond is not a
 * time limit Node takes). With less left before the run's deadline, the
 * message waits, queued, for the next run.
 */
const TRY_FLOOR_MS = 1000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends `message` through `channel`: up to `tries` tries, each within
 * `timeoutMs`; network errors, timeouts before the message was sent, 5xx and
 * 429 are tried again after a wait that doubles (or the receiver's
 * Retry-After, up to `maxBackoffMs`); another 4xx is final. A receiver that
 * had the whole message and did not answer in time is not sent it again
 * (`unanswered`). Never throws.
 */
export async function deliver(channel: ResolvedChannel, message: NotifyMessage, options: DeliverOptions = {}): Promise<DeliveryResult> {
  const { timeoutMs = 10_000, tries = 3, backoffMs = 1000, maxBackoffMs = 10_000, now = () => new Date(), deadline = Infinity } = options;
  let secrets: string[] = [];
  let attempts = 0;
  let reason = "not tried";
  let outOfTime = false;
  try {
    secrets = secretsOf(channel);
    while (attempts < Math.max(1, tries)) {
      // A try never runs past the run's time for sending (a slow receiver costs the run nothing more), and is never given
      // less than the floor: with less time left, the message waits for the next run rather than fail for want of time.
      const left = Math.floor(deadline - performance.now());
      if (left < TRY_FLOOR_MS) {
        outOfTime = true;
        reason = `${attempts === 0 ? "not tried" : reason}; the run's time for sending ran out${attempts === 0 ? "" : " before another try"}`;
        break;
      }
      attempts += 1;
      const limit = Math.max(1, Math.floor(Math.min(timeoutMs, left)));
      const attempt = channel.type === "email" ? await tryEmail(channel, message, limit) : await tryHttp(channel, message, limit, now());
      if (attempt.ok) return { ok: true, attempts, ...(attempt.unanswered ? { unanswered: attempt.unanswered } : {}) };
      reason = attempt.reason;
      if (!attempt.retry || attempts >= tries) break;
      const backoff = backoffMs * 2 ** (attempts - 1);
      const wait = Math.min(Math.max(backoff, attempt.waitMs ?? 0), maxBackoffMs);
      if (performance.now() + wait >= deadline) {
        // Worth another try, but not in this run's time: the next run tries again.
        outOfTime = true;
        reason += "; the run's time for sending ran out before another try";
        break;
      }
      await sleep(wait);
    }
  } catch (error) {
    reason = `could not send: ${fields(error).message}`;
  }
  const error = `channel ${channel.id} (${channel.type}): ${reason} (${attempts} ${attempts === 1 ? "try" : "tries"})`;
  return { ok: false, attempts, error: redact(error, secrets, "[hidden]", 3), ...(outOfTime ? { outOfTime: true as const } : {}) };
}
