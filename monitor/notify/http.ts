/**
 * An HTTP channel's try (webhook, Slack, Discord, Teams, ntfy): the body in the
 * channel's format (src/domain/notify/formats/), the webhook's signature, a
 * POST (node:http) within the try's time, its idempotency key in a header, and what the answer means
 * (429 and 5xx are worth another try, after the receiver's Retry-After).
 */
import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { messageKey, type NotifyMessage, type ResolvedChannel } from "../../src/domain/notify/notifications";
import { ntfyBody, ntfyTarget } from "../../src/domain/notify/formats/ntfy";
import { gotifyBody, matrixEvent, pushoverBody, telegramBody } from "../../src/domain/notify/formats/plainChannels";
import { opsgenieRequest } from "../../src/domain/notify/formats/opsgenie";
import { pagerdutyBody } from "../../src/domain/notify/formats/pagerduty";
import { httpBody } from "../../src/domain/notify/formats/httpBody";
import { formatDuration } from "../../src/domain/kernel/time";
import { USER_AGENT } from "../userAgent";
import { fields, type Attempt } from "./attempt";

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

/** A failure of a socket, in words: the system's code when there is one, never the URL (its path may hold a token). */
function networkReason(error: unknown, timeoutMs: number): string {
  const outer = fields(error);
  if (outer.name === "TimeoutError" || outer.name === "AbortError") return `no answer within ${formatDuration(timeoutMs)}`;
  // An error may wrap its cause (fetch's did): the inner one says what failed (connect ECONNREFUSED 127.0.0.1:8080).
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

/**
 * The wait a 429's JSON answer asks for, when no Retry-After header says it:
 * Telegram's parameters.retry_after (seconds), Matrix's retry_after_ms.
 */
function retryInAnswer(answer: string): number | null {
  try {
    const parsed = JSON.parse(answer) as { parameters?: { retry_after?: unknown }; retry_after_ms?: unknown };
    if (typeof parsed.parameters?.retry_after === "number") return parsed.parameters.retry_after * 1000;
    if (typeof parsed.retry_after_ms === "number") return parsed.retry_after_ms;
  } catch {
    // not JSON: no hint
  }
  return null;
}

type HttpRequest = { url: string; headers: Record<string, string>; body: string; method?: "POST" | "PUT" };

/** What an HTTP channel posts, headers included (the webhook's signature is made per try: its time is the try's). */
function httpRequest(channel: Exclude<ResolvedChannel, { type: "email" }>, message: NotifyMessage, now: Date): HttpRequest | string {
  const headers: Record<string, string> = { "content-type": "application/json", "user-agent": USER_AGENT };
  if (channel.type === "pagerduty") {
    const { path, body } = pagerdutyBody(message);
    return { url: `${channel.url}${path}`, headers, body: JSON.stringify({ routing_key: channel.routingKey, ...body }) };
  }
  if (channel.type === "opsgenie") {
    const { path, body } = opsgenieRequest(message);
    headers.authorization = `GenieKey ${channel.apiKey}`;
    return { url: `${channel.url}${path}`, headers, body: JSON.stringify(body) };
  }
  if (channel.type === "telegram") {
    // The token is in the path, as the Bot API asks: a secret (secretsOf), never said.
    return { url: `${channel.url}/bot${channel.token}/sendMessage`, headers, body: JSON.stringify(telegramBody(message, channel.chatId)) };
  }
  if (channel.type === "gotify") {
    headers["x-gotify-key"] = channel.token;
    return { url: `${channel.url}/message`, headers, body: JSON.stringify(gotifyBody(message)) };
  }
  if (channel.type === "pushover") {
    return {
      url: `${channel.url}/1/messages.json`,
      headers,
      body: JSON.stringify({ token: channel.token, user: channel.user, ...pushoverBody(message) }),
    };
  }
  if (channel.type === "matrix") {
    const { txnId, body } = matrixEvent(message);
    headers.authorization = `Bearer ${channel.token}`;
    const room = encodeURIComponent(channel.roomId);
    return {
      url: `${channel.url}/_matrix/client/v3/rooms/${room}/send/m.room.message/${encodeURIComponent(txnId)}`,
      headers,
      body: JSON.stringify(body),
      method: "PUT",
    };
  }
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

/** The most of a receiver's answer that is read (its first words help: Slack says "invalid_payload"); the rest is dropped. */
const ANSWER_READ_LIMIT = 4096;

/** The header that carries a message's idempotency key (the IETF's Idempotency-Key): the same message, the same key, on every try and run. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/** The try's outcome once the request went out: the receiver's status, headers and first words, or why there is none. */
type Exchange =
  | { answered: true; status: number; statusText: string; retryAfter: string | null; answer: string }
  | { answered: false; error: unknown; timedOut: boolean; sent: boolean };

/**
 * One POST with node:http(s), within `timeoutMs` from its start to the answer's
 * last byte read (at most ANSWER_READ_LIMIT of it, then the socket is closed).
 * Unlike fetch, it knows whether the whole request was handed to the
 * connection (`sent`): a receiver that had it and did not answer in time may
 * have acted on it.
 */
function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  method: "POST" | "PUT" = "POST",
): Promise<Exchange> {
  return new Promise((resolve) => {
    let sent = false;
    let settled = false;
    const payload = Buffer.from(body, "utf8");
    const request = (url.protocol === "https:" ? https : http).request(url, {
      method,
      headers: { ...headers, "content-length": String(payload.length) },
      agent: false,
    });
    const finish = (exchange: Exchange) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(exchange);
    };
    // Once the status came, a body slower than the try's time is cut: the status is the answer (a 500 is still tried again).
    let withStatus: (() => void) | null = null;
    const timer = setTimeout(() => (withStatus ? withStatus() : finish({ answered: false, error: null, timedOut: true, sent })), timeoutMs);
    request.on("finish", () => (sent = true));
    request.on("error", (error) => finish({ answered: false, error, timedOut: false, sent }));
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const answered = () =>
        finish({
          answered: true,
          status: response.statusCode ?? 0,
          statusText: response.statusMessage ?? "",
          retryAfter: typeof response.headers["retry-after"] === "string" ? response.headers["retry-after"] : null,
          answer: Buffer.concat(chunks).toString("utf8").trim().slice(0, 200),
        });
      withStatus = answered;
      response.on("data", (chunk: Buffer) => {
        if (kept < ANSWER_READ_LIMIT) chunks.push(chunk.subarray(0, ANSWER_READ_LIMIT - kept));
        kept += chunk.length;
        // Enough of it: an endless answer costs the job 4 KB, not its memory.
        if (kept >= ANSWER_READ_LIMIT) answered();
      });
      response.on("end", answered);
      response.on("error", answered);
    });
    request.end(payload);
  });
}

export async function tryHttp(
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
  const exchange = await post(
    new URL(request.url),
    { ...request.headers, [IDEMPOTENCY_HEADER]: messageKey(message) },
    request.body,
    timeoutMs,
    request.method,
  );
  if (!exchange.answered) {
    if (exchange.timedOut && exchange.sent) {
      // The receiver had the whole notice and said nothing in time: it may have acted on it, so it is not sent again.
      return { ok: true, unanswered: `no answer within ${formatDuration(timeoutMs)} after it was sent` };
    }
    return {
      ok: false,
      retry: true,
      reason: exchange.timedOut ? `no answer within ${formatDuration(timeoutMs)}` : networkReason(exchange.error, timeoutMs),
    };
  }
  const { status, statusText, answer } = exchange;
  if (status >= 200 && status < 300) return { ok: true };
  const reason = `the receiver answered HTTP ${status}${statusText ? ` ${statusText}` : ""}${answer ? `: ${answer}` : ""}`;
  if (status === 429 || status >= 500) {
    const waitMs = retryAfterMs(exchange.retryAfter, now) ?? retryInAnswer(answer);
    return { ok: false, retry: true, reason, ...(waitMs === null ? {} : { waitMs }) };
  }
  return { ok: false, retry: false, reason };
}
