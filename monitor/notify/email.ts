/** An email channel's try: the message as text and HTML, over SMTP with nodemailer, TLS required (STARTTLS) but on this machine. */
import nodemailer from "nodemailer";
import type { NotifyMessage, ResolvedChannel } from "../../src/domain/notify/notifications";
import { emailParts } from "../../src/domain/notify/formats/email";
import { formatDuration } from "../../src/domain/kernel/time";
import { fields, type Attempt } from "./attempt";

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

export async function tryEmail(
  channel: Extract<ResolvedChannel, { type: "email" }>,
  message: NotifyMessage,
  timeoutMs: number,
): Promise<Attempt> {
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
