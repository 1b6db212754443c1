/**
 * Sending one notification through one channel: the body from
 * src/domain/notify/format.ts, over HTTP with Node's fetch or over SMTP with
 * nodemailer, each try with its own timeout, up to three tries with a doubling
 * wait. deliver() never throws: it says what happened, and its words never hold
 * a secret (a Slack, Discord or Teams URL is one: its token is in its path).
 */
import { createHmac } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { ChannelConfig, NotifyMessage, ResolvedChannel } from "../src/domain/notify/notifications";
import { emailParts, httpBody, ntfyBody, ntfyTarget } from "../src/domain/notify/format";
import { USER_AGENT } from "./probe";
import { formatDuration } from "../src/domain/kernel/time";
import { redact } from "../src/domain/kernel/redact";

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
export type DeliveryResult = { ok: true; attempts: number } | { ok: false; attempts: number; error: string; outOfTime?: true };

/** One try's outcome: `retry` when trying again may help, `waitMs` when the receiver asked for a wait. */
type Attempt = { ok: true } | { ok: false; retry: boolean; reason: string; waitMs?: number };

/** The header that carries the webhook's signature, and the one with the time it signs. */
export const SIGNATURE_HEADER = "X-Signature-256";
export const TIMESTAMP_HEADER = "X-Signature-Timestamp";

/**
 * The webhook's signature: HMAC-SHA256, with the channel's secret, of the
 * timestamp (Unix seconds, also sent in X-Signature-Timestamp), a dot and the
 * exact body; hex, after "sha256=". The timestamp inside what is signed lets a
 * receiver refuse an old message played again.
 */
function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/**
 * The `.env` file in the project's root, when there is one, into process.env:
 * where cron keeps the channels' secrets. A variable already set wins.
 */
export function loadDotEnv(root = path.resolve(__dirname, "..")): void {
  const file = path.join(root, ".env");
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

/** A channel as the editors wrote it, with its variables read; or the variables that are not set. */
export function resolveChannel(config: ChannelConfig, env: NodeJS.ProcessEnv): { channel: ResolvedChannel } | { missing: string[] } {
  const missing: string[] = [];
  const read = (name: string): string => {
    const value = env[name]?.trim() ?? "";
    if (value === "") missing.push(name);
    return value;
  };
  // A variable the editors named is needed: a secret that is not set would send unsigned, quietly.
  const optional = (name: string | undefined) => (name === undefined ? undefined : read(name));
  let channel: ResolvedChannel;
  switch (config.type) {
    case "webhook":
      channel = { id: config.id, type: "webhook", url: read(config.urlEnv), ...withValue("secret", optional(config.secretEnv)) };
      break;
    case "ntfy":
      channel = { id: config.id, type: "ntfy", url: read(config.urlEnv), ...withValue("token", optional(config.tokenEnv)) };
      break;
    case "email":
      channel = { id: config.id, type: "email", smtpUrl: read(config.smtpUrlEnv), from: config.from, to: config.to };
      break;
    default:
      channel = { id: config.id, type: config.type, url: read(config.urlEnv) };
  }
  return missing.length > 0 ? { missing } : { channel };
}

function withValue<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value ? ({ [key]: value } as Record<K, string>) : {};
}

/** A text as it may appear encoded or decoded in an error: as written, percent-decoded, and percent-encoded. */
function spellings(value: string): string[] {
  const out = [value];
  try {
    out.push(decodeURIComponent(value));
  } catch {
    // not percent-encoded
  }
  out.push(encodeURIComponent(value));
  return out;
}

/**
 * Every value of a channel that must never be printed: the address, each part
 * of it that can carry a credential (user, password, path and each piece of
 * it, query and each value in it, fragment), in every spelling a library may
 * use in an error, and the token and secret.
 */
export function secretsOf(channel: ResolvedChannel): string[] {
  const values: string[] = [];
  const address = channel.type === "email" ? channel.smtpUrl : channel.url;
  values.push(address);
  try {
    const url = new URL(address);
    values.push(url.href, url.username, url.password, `${url.username}:${url.password}`, url.pathname, url.search, url.hash);
    // A piece of a path may be a token on its own (hooks.slack.com/services/T…/B…/secret); words like "services" are not.
    values.push(...url.pathname.split("/").filter((piece) => piece.length >= 12 || /\d/.test(piece)));
    for (const [name, value] of url.searchParams) values.push(value, `${name}=${value}`);
  } catch {
    // not a URL: the whole value is hidden
  }
  if (channel.type === "webhook" && channel.secret) values.push(channel.secret);
  if (channel.type === "ntfy" && channel.token) values.push(channel.token);
  // Pieces under 4 characters are words, not secrets, except a user name of 3 ("bob"): under that, hiding it would hide
  // letters of every word said. (The redactor, kernel/redact.ts, hides the longest first.)
  const user = URL.canParse(address) ? new URL(address).username : "";
  const users = new Set(user.length >= 3 ? spellings(user) : []);
  const kept = values.flatMap(spellings).filter((value) => value.length >= 4 || users.has(value));
  return [...new Set(kept)].sort((a, b) => b.length - a.length);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type ErrorLike = { name?: unknown; message?: unknown; code?: unknown; cause?: unknown };

/** An error's fields, read without instanceof: fetch's errors may come from another realm (a test's sandbox). */
function fields(error: unknown): { name: string; message: string; code: string; cause: unknown } {
  const like: ErrorLike = typeof error === "object" && error !== null ? error : { message: String(error) };
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return { name: text(like.name), message: text(like.message), code: text(like.code), cause: like.cause };
}

/** A failure of fetch or a socket, in words: the system's code when there is one, never the address. */
function networkReason(error: unknown, timeoutMs: number): string {
  const outer = fields(error);
  if (outer.name === "TimeoutError" || outer.name === "AbortError") return `no answer within ${formatDuration(timeoutMs)}`;
  // fetch says "fetch failed"; what failed is in its cause (connect ECONNREFUSED 127.0.0.1:8080).
  const inner = outer.cause === undefined ? outer : fields(outer.cause);
  const code = inner.code || outer.code;
  return `network error${code ? ` (${code})` : ""}: ${inner.message || outer.message}`;
}

/** Retry-After as milliseconds: seconds or an HTTP date; null when absent or unreadable. */
function retryAfterMs(value: string | null, now: Date): number | null {
  if (value === null) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now.getTime());
}

type HttpRequest = { url: string; headers: Record<string, string>; body: string };

/** What an HTTP channel posts, headers included (the webhook's signature is made per try: its time is the try's). */
function httpRequest(channel: Exclude<ResolvedChannel, { type: "email" }>, message: NotifyMessage, now: Date): HttpRequest | string {
  const headers: Record<string, string> = { "content-type": "application/json", "user-agent": USER_AGENT };
  if (channel.type === "ntfy") {
    const target = ntfyTarget(channel.url);
    if (!target) return "the address is not an ntfy topic's URL (https://host/topic)";
    if (channel.token) headers.authorization = `Bearer ${channel.token}`;
    return { url: target.endpoint, headers, body: JSON.stringify(ntfyBody(message, target.topic)) };
  }
  const body = JSON.stringify(httpBody(channel.type, message));
  if (channel.type === "webhook" && channel.secret) {
    const timestamp = String(Math.floor(now.getTime() / 1000));
    headers[TIMESTAMP_HEADER] = timestamp;
    headers[SIGNATURE_HEADER] = webhookSignature(channel.secret, timestamp, body);
  }
  return { url: channel.url, headers, body };
}

async function tryHttp(
  channel: Exclude<ResolvedChannel, { type: "email" }>,
  message: NotifyMessage,
  timeoutMs: number,
  now: Date,
): Promise<Attempt> {
  let url: URL;
  try {
    url = new URL(channel.url);
  } catch {
    return { ok: false, retry: false, reason: "the address is not a URL" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return { ok: false, retry: false, reason: "the address is not an http(s) URL" };
  const request = httpRequest(channel, message, now);
  if (typeof request === "string") return { ok: false, retry: false, reason: request };
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: "POST",
      headers: request.headers,
      body: request.body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return { ok: false, retry: true, reason: networkReason(error, timeoutMs) };
  }
  // The answer's first words help (Slack says "invalid_payload"); the rest is read and dropped so the socket is freed.
  const answer = await response.text().then(
    (text) => text.trim().slice(0, 200),
    () => "",
  );
  if (response.ok) return { ok: true };
  const reason = `the receiver answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}${answer ? `: ${answer}` : ""}`;
  if (response.status === 429 || response.status >= 500) {
    const waitMs = retryAfterMs(response.headers.get("retry-after"), now);
    return { ok: false, retry: true, reason, ...(waitMs === null ? {} : { waitMs }) };
  }
  return { ok: false, retry: false, reason };
}

/** SMTP codes 4xx are "try later"; 5xx and a refused login are final; a connection that failed is worth another try. */
function smtpRetry(error: { responseCode?: number; code?: string }): boolean {
  if (typeof error.responseCode === "number") return error.responseCode >= 400 && error.responseCode < 500;
  return error.code !== "EAUTH" && error.code !== "EENVELOPE" && error.code !== "EMESSAGE";
}

/**
 * An address of this machine, written as one (127.0.0.0/8 or ::1): nothing
 * sent to it crosses a network. A name is never taken for one: nodemailer asks
 * DNS before the hosts file, and a DNS answer could point "localhost" elsewhere.
 */
function isLoopbackAddress(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare) || bare === "::1";
}

/**
 * smtps://… (TLS from the start) or smtp://user:pass@host:port, which must
 * upgrade with STARTTLS before anything is sent: a server that does not offer
 * it is refused, so a password never crosses a network in clear (a relay on
 * this machine, at a loopback address, is the one exception). The options are
 * the job's own, never the URL's: a query such as ?requireTLS=false would
 * otherwise override them in nodemailer, so an address with one is refused.
 */
function smtpTransport(url: URL, timeoutMs: number) {
  const secure = url.protocol === "smtps:";
  const user = decodeURIComponent(url.username);
  return nodemailer.createTransport({
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(secure || isLoopbackAddress(url.hostname) ? {} : { requireTLS: true }),
    ...(user ? { auth: { user, pass: decodeURIComponent(url.password) } } : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
  });
}

async function tryEmail(channel: Extract<ResolvedChannel, { type: "email" }>, message: NotifyMessage, timeoutMs: number): Promise<Attempt> {
  const url = URL.canParse(channel.smtpUrl) ? new URL(channel.smtpUrl) : null;
  if (url === null || (url.protocol !== "smtp:" && url.protocol !== "smtps:"))
    return { ok: false, retry: false, reason: "the SMTP address is not an smtp:// or smtps:// URL" };
  if (url.search !== "") {
    return {
      ok: false,
      retry: false,
      reason: "the SMTP address has settings after '?': the job sets its own (TLS among them), remove them",
    };
  }
  let transport: ReturnType<typeof smtpTransport>;
  try {
    transport = smtpTransport(url, timeoutMs);
  } catch (error) {
    return { ok: false, retry: false, reason: `the SMTP address is not usable: ${fields(error).message}` };
  }
  const parts = emailParts(message);
  let timer: NodeJS.Timeout | undefined;
  // nodemailer's own timeouts are per step; this one holds the whole try to the limit.
  const limit = new Promise<Attempt>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, retry: true, reason: `no answer within ${formatDuration(timeoutMs)}` }), timeoutMs);
  });
  const send = transport.sendMail({ from: channel.from, to: channel.to, subject: parts.subject, text: parts.text, html: parts.html }).then(
    (): Attempt => ({ ok: true }),
    (error: Error & { responseCode?: number; code?: string }): Attempt => ({
      ok: false,
      retry: smtpRetry(error),
      reason: `${typeof error.responseCode === "number" ? "the mail server answered" : "could not reach the mail server"}: ${error.message}${error.code ? ` (${error.code})` : ""}`,
    }),
  );
  try {
    return await Promise.race([send, limit]);
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}

/**
 * Sends `message` through `channel`: up to `tries` tries, each within
 * `timeoutMs`; network errors, timeouts, 5xx and 429 are tried again after a
 * wait that doubles (or the receiver's Retry-After, up to `maxBackoffMs`);
 * another 4xx is final. Never throws.
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
      attempts += 1;
      // A try never runs past the run's time for sending by more than half a second (a slow receiver costs the run nothing more).
      const limit = Math.min(timeoutMs, Math.max(500, deadline - performance.now()));
      const attempt = channel.type === "email" ? await tryEmail(channel, message, limit) : await tryHttp(channel, message, limit, now());
      if (attempt.ok) return { ok: true, attempts };
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
