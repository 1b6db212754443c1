/**
 * An HTTP channel's try (webhook, Slack, Discord, Teams, ntfy): the body in the
 * channel's format (src/domain/notify/formats/), the webhook's signature, a
 * POST with Node's fetch within the try's time, and what the answer means
 * (429 and 5xx are worth another try, after the receiver's Retry-After).
 */
import { createHmac } from "node:crypto";
import type { NotifyMessage, ResolvedChannel } from "../../src/domain/notify/notifications";
import { ntfyBody, ntfyTarget } from "../../src/domain/notify/formats/ntfy";
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
