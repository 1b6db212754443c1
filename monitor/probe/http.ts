/**
 * An http(s) check: one request to the address already resolved, timed from
 * opening the connection to the answer's headers (its parts kept), redirects
 * followed on the same origin only, the body read only when a condition reads
 * it and only up to the check's bodyLimit (answerBody.ts).
 */
import http from "node:http";
import https from "node:https";
import type net from "node:net";
import type tls from "node:tls";
import { heartbeatHeaders, MAX_REDIRECTS, readsBody, type CheckTarget } from "../../src/domain/checks/definition";
import {
  type CertificateSeen,
  type CheckTimings,
  type HandshakeSeen,
  type ProbeOutcome,
  type ReadBody,
} from "../../src/domain/checks/outcome";
import { SECURITY_HEADERS, type PlainHttpSeen } from "../../src/domain/security/rules";
import { redact } from "../../src/domain/kernel/redact";
import { USER_AGENT } from "../userAgent";
import { readBody } from "./answerBody";
import { failureOf, ProbeFailure, round } from "./failure";
import { fixedLookup, type Address } from "./resolve";
import { datesOf, handshakeOf, trusted, type ProbeOptions } from "./tls";
import { newRecord } from "../../src/domain/kernel/records";

/** A POST's body is text, sent as this unless the check names a Content-Type of its own. */
const POST_CONTENT_TYPE = "text/plain; charset=utf-8";
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

type Watch = {
  opened: number | null;
  connected: number | null;
  secured: number | null;
  certificate?: CertificateSeen;
  handshake?: HandshakeSeen;
};

type CreateConnection = (options: unknown, callback: unknown) => net.Socket;

/**
 * An agent for one request (no connection is reused) whose socket is watched
 * from its creation: the clock starts as the connection is opened (the socket's
 * 'connectionAttempt', just before connect()), not while the request is built
 * or while the job's event loop is busy with other checks before that.
 */
function watchedAgent(client: typeof http | typeof https, watch: Watch): http.Agent {
  const agent = new client.Agent({ keepAlive: false }) as http.Agent & { createConnection: CreateConnection };
  const create = agent.createConnection.bind(agent);
  agent.createConnection = (options, callback) => {
    const socket = create(options, callback);
    // Node before 20.12 has no 'connectionAttempt': then the clock starts as the socket is made.
    const made = performance.now();
    socket.once("connectionAttempt", () => (watch.opened = performance.now()));
    socket.once("connect", () => {
      watch.opened ??= made;
      watch.connected = performance.now();
    });
    socket.once("secureConnect", () => {
      watch.secured = performance.now();
      watch.certificate = datesOf(socket as tls.TLSSocket);
      watch.handshake = handshakeOf(socket as tls.TLSSocket);
    });
    return socket;
  };
  return agent;
}

type Hop = {
  status: number;
  location: string | null;
  ms: number;
  timings: Omit<CheckTimings, "dns">;
  /** reads the body (up to the limit, the end, or the connection's end); only when a condition reads it */
  readBody: () => Promise<ReadBody>;
  /** lets the answer go unread: its connection is closed at once, so no server can hold a socket by trickling a body nobody reads */
  discard: () => void;
  certificate?: CertificateSeen;
  handshake?: HandshakeSeen;
  /** the answer's security headers (lower-case names), HTTPS only */
  securityHeaders?: Record<string, string>;
  /** every header of the answer (lower-case names), for the ones a heartbeat reads */
  headers: http.IncomingHttpHeaders;
};

/** The security headers of an answer, as sent (a header sent twice is one text, joined as Node joins it). */
function securityHeadersOf(response: http.IncomingMessage): Record<string, string> {
  const seen: Record<string, string> = {};
  for (const name of SECURITY_HEADERS) {
    const value = response.headers[name];
    if (value !== undefined) seen[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return seen;
}

/**
 * The most interim answers (100 Continue, 102 Processing, 103 Early Hints) a
 * check reads before the status: a server sends one or two; one that sends a
 * stream of them would hold the job's parser (and so every other check's
 * clock) for as long as it likes.
 */
const MAX_INTERIM_ANSWERS = 10;

/** What one request sends: its method, the headers (values already read) and POST's text. */
type Ask = { method: string; headers: Record<string, string>; body: string | null };

/**
 * One request to an address already resolved. The time runs from opening the
 * connection to the answer's status line and headers; its parts are the
 * connection (to the socket's 'connect'), TLS, and the wait for the answer.
 */
function send(url: URL, address: Address, signal: AbortSignal, ask: Ask, bodyLimit: number, options: ProbeOptions): Promise<Hop> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const watch: Watch = { opened: null, connected: null, secured: null };
    const payload = ask.body === null ? null : Buffer.from(ask.body, "utf8");
    const named = new Set(Object.keys(ask.headers).map((name) => name.toLowerCase()));
    const headers = Object.assign(newRecord<string>(), { "user-agent": options.userAgent ?? USER_AGENT, accept: "*/*" });
    for (const [name, value] of Object.entries(ask.headers)) {
      // The check's own header replaces the job's of the same name (a server that wants another Accept or User-Agent).
      for (const own of Object.keys(headers)) if (own === name.toLowerCase()) delete headers[own];
      headers[name] = value;
    }
    if (payload !== null) {
      if (!named.has("content-type")) headers["content-type"] = POST_CONTENT_TYPE;
      headers["content-length"] = String(payload.length);
    }
    const request = client.request(
      url,
      {
        method: ask.method,
        signal,
        agent: watchedAgent(client, watch),
        lookup: fixedLookup(address),
        headers,
        ...(client === https ? trusted(options) : {}),
      },
      (response) => {
        const answered = performance.now();
        const opened = watch.opened ?? answered;
        const connected = watch.connected ?? answered;
        const ready = watch.secured ?? connected;
        resolve({
          status: response.statusCode ?? 0,
          location: typeof response.headers.location === "string" ? response.headers.location : null,
          ms: answered - opened,
          timings: {
            connect: round(connected - opened),
            ...(watch.secured !== null ? { tls: round(watch.secured - connected) } : {}),
            firstByte: round(answered - ready),
          },
          // Read up to the limit, then the connection goes: a check judges what it read, it downloads nothing.
          readBody: () => readBody(response, bodyLimit, signal),
          discard: () => response.destroy(),
          headers: response.headers,
          ...(watch.certificate ? { certificate: watch.certificate } : {}),
          ...(watch.handshake ? { handshake: watch.handshake, securityHeaders: securityHeadersOf(response) } : {}),
        });
      },
    );
    // A server's cost is its own (#44): interim answers (1xx) are counted, and past the budget the check ends, offline in words.
    let interim = 0;
    request.on("information", () => {
      interim += 1;
      if (interim > MAX_INTERIM_ANSWERS) {
        const failure = {
          kind: "failed" as const,
          reason: "network" as const,
          message: `more than ${MAX_INTERIM_ANSWERS} interim answers (1xx) before its status`,
        };
        request.destroy(new ProbeFailure(failure));
      }
    });
    request.on("error", reject);
    request.end(payload ?? undefined);
  });
}

/** The values of the headers a heartbeat reads (lower-case names; null for one not sent), any secret of the request hidden. */
function namedHeaders(
  sent: http.IncomingHttpHeaders,
  names: readonly string[],
  secrets: Record<string, string>,
): Record<string, string | null> {
  const values: Record<string, string | null> = newRecord<string | null>();
  for (const name of names) {
    // Own headers only: "constructor" or "__proto__" would read the object's own machinery, not a header.
    const value = Object.hasOwn(sent, name) ? sent[name] : undefined;
    values[name] = value === undefined ? null : hideValues(Array.isArray(value) ? value.join(", ") : value, secrets);
  }
  return values;
}

const origin = (url: URL) => `${url.protocol}//${url.host}`;

/** Redirects are followed on the same origin only, so every hop goes to the address already resolved. */
export async function probeHttp(
  target: Extract<CheckTarget, { kind: "http" }>,
  signal: AbortSignal,
  address: Address,
  dnsMs: number,
  headers: Record<string, string>,
  options: ProbeOptions,
): Promise<ProbeOutcome> {
  let url = target.url;
  let ms = 0;
  let ask: Ask = { method: target.method, headers, body: target.body };
  const wantsBody = readsBody(target.expect, target.heartbeat, target.relay);
  const timeHeaders = heartbeatHeaders(target.heartbeat);
  // The certificate judged is the first connection's: the address the check names (every hop stays on its origin).
  let certificate: CertificateSeen | undefined;
  let handshake: HandshakeSeen | undefined;
  for (let hop = 0; ; hop += 1) {
    const answer = await send(url, address, signal, ask, target.bodyLimit, options);
    ms += answer.ms;
    certificate ??= answer.certificate;
    handshake ??= answer.handshake;
    const answered = {
      kind: "answered" as const,
      ms,
      httpStatus: answer.status,
      timings: { dns: round(dnsMs), ...answer.timings },
      ...(certificate ? { certificate } : {}),
      // The headers judged are the last answer's: the page a reader gets (every hop stays on the check's origin). A server
      // that echoes the request could put a header's secret in them: hidden like the body's.
      ...(handshake
        ? {
            handshake,
            securityHeaders: Object.fromEntries(
              Object.entries(answer.securityHeaders ?? {}).map(([name, value]) => [name, hideValues(value, headers)]),
            ),
          }
        : {}),
    };
    const redirects = hop > 0 ? { redirects: hop } : {};
    if (timeHeaders.length > 0) Object.assign(answered, { heartbeatHeaders: namedHeaders(answer.headers, timeHeaders, headers) });
    const isRedirect = REDIRECTS.has(answer.status) && answer.location !== null;
    if (!isRedirect || !target.followRedirects) {
      // The body is awaited only when a condition reads it; its time is not the response time (that ends at the headers).
      if (!wantsBody) {
        answer.discard();
        return { ...answered, ...redirects };
      }
      // A server that echoes the request (a /headers page, an error page) would put a header's secret into the detail.
      const body = await answer.readBody();
      return { ...answered, ...redirects, body: { ...body, text: hideValues(body.text, headers) } };
    }
    // A redirect's own body is never read.
    answer.discard();
    let next: URL;
    try {
      next = new URL(answer.location!, url);
    } catch {
      return { ...answered, ...redirects };
    }
    // Followed like a browser on the same origin; a redirect elsewhere is the answer, and named.
    if (origin(next) !== origin(target.url)) {
      const where = next.protocol === target.url.protocol && next.port === target.url.port ? next.hostname : origin(next);
      return { ...answered, ...redirects, redirectTo: where };
    }
    // A browser gives up too (ERR_TOO_MANY_REDIRECTS): the page never comes.
    if (hop >= MAX_REDIRECTS) return { ...answered, ...redirects, redirectLoop: next.pathname };
    url = next;
    // As browsers do: 307 and 308 repeat the request, a 303 (and a 301 or 302 after a POST) asks with GET and no body.
    if (answer.status === 303 || (ask.method === "POST" && (answer.status === 301 || answer.status === 302))) {
      ask = { method: "GET", headers, body: null };
    }
    signal.throwIfAborted();
  }
}

/** A text without any header value in it (a value from the environment is a secret wherever it would be said). */
export function hideValues(text: string, values: Record<string, string>): string {
  return redact(text, Object.values(values), "[a header's value]");
}

/**
 * Plain HTTP at the host of an https check (#34): one GET of "/" on `port`, to
 * the address already resolved, no redirect followed and no body read, within
 * the check's timeout: what it answered (its status and where it points), or
 * why nothing did. Asked after the check, so none of it is the check's time.
 */
export async function askPlainHttp(
  httpsUrl: URL,
  port: number,
  address: Address,
  timeoutMs: number,
  options: ProbeOptions,
): Promise<PlainHttpSeen> {
  const url = new URL(`http://${httpsUrl.host}/`);
  url.port = port === 80 ? "" : String(port);
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const answer = await new Promise<{ status: number; location: string | null }>((resolve, reject) => {
      const request = http.request(
        url,
        {
          method: "GET",
          signal,
          agent: new http.Agent({ keepAlive: false }),
          lookup: fixedLookup(address),
          headers: { "user-agent": options.userAgent ?? USER_AGENT, accept: "*/*" },
        },
        (response) => {
          resolve({
            status: response.statusCode ?? 0,
            location: typeof response.headers.location === "string" ? response.headers.location : null,
          });
          response.destroy();
        },
      );
      request.on("error", reject);
      request.end();
    });
    return { url: url.href, ...answer };
  } catch (error) {
    const failure = failureOf(error);
    const words =
      signal.aborted || failure.reason === "timeout"
        ? "no answer within the check's timeout"
        : failure.reason === "refused"
          ? "connection refused"
          : (failure.message ?? failure.reason);
    return { url: url.href, failure: words };
  }
}
