/**
 * The probes of the check job: one HTTP(S) request or one TCP connection. They
 * report what they saw (src/domain/checks/definition.ts judges it).
 *
 * A response time is the server's, not the job's: the name is resolved first,
 * under its own timeout and off libuv's small thread pool where it can be (so
 * a slow resolver delays no other check), and the clock runs from opening the
 * connection to the first byte of the answer. The parts (name, connection,
 * TLS, first byte) are kept in the outcome.
 *
 * What a probe sends: the check's method (GET, HEAD, or POST with its body),
 * a user agent, and the headers the check names, a value from the job's
 * environment read at the moment of sending (never kept in the outcome, so it
 * reaches no file, log or message). What it never does: follow a redirect to
 * another origin (scheme, host and port), send anything of the site (no cookie,
 * no key of its own), or read more than the check's bodyLimit of an answer.
 * It judges nothing: the body it read goes to the model (checkConditions.ts).
 *
 * Certificates: every TLS connection verifies the server's certificate (chain
 * and name, rejectUnauthorized on), so a request never reaches a server that
 * failed it. The certificate's dates are read from the same handshake; when
 * verification fails, a second handshake that sends nothing and verifies
 * nothing reads them, so an expired certificate is said to be expired, and
 * since when. The authorities trusted are Node's, with NODE_EXTRA_CA_CERTS
 * (read at the job's start); tests that probe in-process give theirs as
 * ProbeOptions.extraCa, never content.
 *
 * A dns check asks its resolver (the system's DNS servers, or the one it
 * names) for one type of record, within its timeout; its time is the lookup's.
 */
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import tls from "node:tls";
import { readBody } from "./answerBody";
import type { StallWatch } from "./stallWatch";
import {
  checkTarget,
  DEFAULT_BODY_LIMIT,
  DNS_TIMEOUT_MS,
  MAX_REDIRECTS,
  readsBody,
  type CertificateSeen,
  type CheckTarget,
  type CheckTimings,
  type DnsSeen,
  type HeaderSpec,
  type ProbeOutcome,
  type ReadBody,
} from "../src/domain/checks/definition";
import { judge } from "../src/domain/checks/judge";
import { redact } from "../src/domain/kernel/redact";

export const USER_AGENT = "location-tracker-check/1";

/** How a probe runs, beyond its target: never from content. */
export type ProbeOptions = {
  /** authorities trusted besides Node's, as PEM (tests: a CA made for the test; the job uses NODE_EXTRA_CA_CERTS) */
  extraCa?: readonly string[];
};
/** An answer's body is read up to this many bytes (unless a check's bodyLimit says otherwise), then the connection is closed. */
export const BODY_LIMIT = DEFAULT_BODY_LIMIT;
/** A POST's body is text, sent as this unless the check names a Content-Type of its own. */
const POST_CONTENT_TYPE = "text/plain; charset=utf-8";
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

type Failure = Extract<ProbeOutcome, { kind: "failed" }>;
class ProbeFailure extends Error {
  constructor(readonly failure: Failure) {
    super(failure.reason);
  }
}

/** A network error, in the probe's terms. */
function failureOf(error: unknown): Failure {
  if (error instanceof ProbeFailure) return error.failure;
  const e = error as { code?: string; name?: string; message?: string } | null;
  const code = e?.code ?? "";
  if (e?.name === "AbortError" || code === "ABORT_ERR" || code === "ETIMEDOUT") return { kind: "failed", reason: "timeout" };
  if (code === "ECONNREFUSED") return { kind: "failed", reason: "refused" };
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NONAME" || code === "ENODATA") return { kind: "failed", reason: "dns" };
  // The certificate failed verification (OpenSSL's codes, and Node's for a name it does not cover): a finding, not a fault of the network.
  if (
    /^(CERT_|DEPTH_ZERO_SELF_SIGNED|SELF_SIGNED|UNABLE_TO_(GET_ISSUER|VERIFY_LEAF|DECRYPT_CERT)|INVALID_CA|ERR_TLS_CERT_ALTNAME)/.test(code)
  ) {
    return { kind: "failed", reason: "certificate", message: code };
  }
  if (/CERT|SSL|TLS|EPROTO/.test(code)) return { kind: "failed", reason: "tls", message: code };
  // Node's HTTP parser refused the answer: said as what the server did, not as the parser's name for it.
  if (code === "HPE_HEADER_OVERFLOW") return { kind: "failed", reason: "network", message: "the answer's headers are over 16 KB" };
  if (code.startsWith("HPE_")) return { kind: "failed", reason: "network", message: `the answer is not valid HTTP (${code})` };
  return { kind: "failed", reason: "network", message: code || e?.message || String(error) };
}

type Address = { address: string; family: 4 | 6 };

const resolver = new dns.promises.Resolver({ timeout: DNS_TIMEOUT_MS, tries: 1 });

/**
 * A host's address. An IP needs no lookup. localhost and names the resolver
 * does not know (a hosts file's) go through the system's lookup; everything
 * else asks the DNS servers directly (c-ares: no thread of libuv's pool is held
 * while a slow resolver thinks). Rejects with ProbeFailure dns or dns-timeout.
 */
async function resolveHost(host: string, timeoutMs: number): Promise<Address> {
  const bare = host.replace(/^\[|\]$/g, "");
  const family = net.isIP(bare);
  if (family !== 0) return { address: bare, family: family as 4 | 6 };
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeFailure({ kind: "failed", reason: "dns-timeout" })), Math.min(DNS_TIMEOUT_MS, timeoutMs));
  });
  const systemLookup = async (): Promise<Address> => {
    const found = await dns.promises.lookup(bare);
    return { address: found.address, family: found.family === 6 ? 6 : 4 };
  };
  const ask = async (): Promise<Address> => {
    if (bare.toLowerCase() === "localhost" || !bare.includes(".")) return systemLookup();
    try {
      const [address] = await resolver.resolve4(bare);
      return { address, family: 4 };
    } catch {
      try {
        const [address] = await resolver.resolve6(bare);
        return { address, family: 6 };
      } catch (error) {
        // Not in DNS: perhaps a name the machine knows otherwise (its hosts file).
        if ((error as { code?: string }).code === "ETIMEOUT") throw new ProbeFailure({ kind: "failed", reason: "dns-timeout" });
        return systemLookup();
      }
    }
  };
  try {
    return await Promise.race([ask(), deadline]);
  } catch (error) {
    throw error instanceof ProbeFailure ? error : new ProbeFailure(failureOf(error));
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The lookup a socket uses: the address already resolved, whatever form Node
 * asks for. It answers on the next tick, as a real lookup does, so the socket's
 * 'connectionAttempt' comes after its listeners are set.
 */
function fixedLookup({ address, family }: Address): net.LookupFunction {
  return ((_host: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    process.nextTick(() => {
      if (options?.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    });
  }) as unknown as net.LookupFunction;
}

type Watch = { opened: number | null; connected: number | null; secured: number | null; certificate?: CertificateSeen };

/** A peer certificate's dates, as ISO times; undefined when the socket shows none. */
function datesOf(socket: tls.TLSSocket): CertificateSeen | undefined {
  const peer = socket.getPeerCertificate();
  if (!peer || !peer.valid_to) return undefined;
  const validFrom = new Date(peer.valid_from);
  const validTo = new Date(peer.valid_to);
  if (Number.isNaN(validTo.getTime()) || Number.isNaN(validFrom.getTime())) return undefined;
  return { validFrom: validFrom.toISOString(), validTo: validTo.toISOString() };
}

/** The authorities a TLS connection trusts: Node's (with NODE_EXTRA_CA_CERTS), and a test's when given. */
const trusted = (options: ProbeOptions): { ca?: string[] } =>
  options.extraCa && options.extraCa.length > 0 ? { ca: [...tls.rootCertificates, ...options.extraCa] } : {};
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
};

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
    const headers: Record<string, string> = { "user-agent": USER_AGENT, accept: "*/*" };
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
          ...(watch.certificate ? { certificate: watch.certificate } : {}),
        });
      },
    );
    request.on("error", reject);
    request.end(payload ?? undefined);
  });
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const origin = (url: URL) => `${url.protocol}//${url.host}`;

/** Redirects are followed on the same origin only, so every hop goes to the address already resolved. */
async function probeHttp(
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
  const wantsBody = readsBody(target.expect);
  // The certificate judged is the first connection's: the address the check names (every hop stays on its origin).
  let certificate: CertificateSeen | undefined;
  for (let hop = 0; ; hop += 1) {
    const answer = await send(url, address, signal, ask, target.bodyLimit, options);
    ms += answer.ms;
    certificate ??= answer.certificate;
    const answered = {
      kind: "answered" as const,
      ms,
      httpStatus: answer.status,
      timings: { dns: round(dnsMs), ...answer.timings },
      ...(certificate ? { certificate } : {}),
    };
    const redirects = hop > 0 ? { redirects: hop } : {};
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

function probeTcp(
  target: Extract<CheckTarget, { kind: "tcp" }>,
  signal: AbortSignal,
  address: Address,
  dnsMs: number,
): Promise<ProbeOutcome> {
  return new Promise((resolve, reject) => {
    // The clock starts as the connection is opened (see watchedAgent).
    const made = performance.now();
    let opened: number | null = null;
    const socket = net.connect({ host: address.address, port: target.port, signal });
    socket.once("connectionAttempt", () => (opened = performance.now()));
    socket.once("connect", () => {
      const ms = performance.now() - (opened ?? made);
      resolve({ kind: "answered", ms, timings: { dns: round(dnsMs), connect: round(ms) } });
      socket.destroy();
    });
    socket.once("error", reject);
  });
}

/** A TLS connection to an address already resolved; the name (not an IP) is the one its certificate must cover. */
function connectTls(
  host: string,
  address: Address,
  port: number,
  verify: boolean,
  options: ProbeOptions,
  signal: AbortSignal,
): tls.TLSSocket {
  const socket = tls.connect({
    host: address.address,
    port,
    // Node checks the name against servername, or the host when there is none (an IP, which SNI may not carry).
    ...(net.isIP(host.replace(/^\[|\]$/g, "")) === 0 ? { servername: host } : {}),
    rejectUnauthorized: verify,
    ...trusted(options),
  });
  const abort = () => socket.destroy(Object.assign(new Error("aborted"), { name: "AbortError" }));
  if (signal.aborted) abort();
  else signal.addEventListener("abort", abort, { once: true });
  socket.once("close", () => signal.removeEventListener("abort", abort));
  return socket;
}

/**
 * The dates of a certificate that failed verification: a handshake that
 * verifies nothing and sends nothing, closed as soon as it is done. Undefined
 * when it cannot be had (the server is gone meanwhile, or the time is up).
 */
function peekCertificate(
  host: string,
  address: Address,
  port: number,
  options: ProbeOptions,
  signal: AbortSignal,
): Promise<CertificateSeen | undefined> {
  return new Promise((resolve) => {
    const socket = connectTls(host, address, port, false, options, signal);
    socket.once("secureConnect", () => {
      resolve(datesOf(socket));
      socket.destroy();
    });
    socket.once("error", () => resolve(undefined));
    socket.once("close", () => resolve(undefined));
  });
}

/** A tls check: the handshake, verified; its time from opening the connection to the handshake's end. */
function probeTls(
  target: Extract<CheckTarget, { kind: "tls" }>,
  signal: AbortSignal,
  address: Address,
  dnsMs: number,
  options: ProbeOptions,
): Promise<ProbeOutcome> {
  return new Promise((resolve, reject) => {
    const made = performance.now();
    let opened: number | null = null;
    let connected: number | null = null;
    const socket = connectTls(target.host, address, target.port, true, options, signal);
    socket.once("connectionAttempt", () => (opened = performance.now()));
    socket.once("connect", () => (connected = performance.now()));
    socket.once("secureConnect", () => {
      const done = performance.now();
      const start = opened ?? made;
      const certificate = datesOf(socket);
      resolve({
        kind: "answered",
        ms: done - start,
        timings: { dns: round(dnsMs), connect: round((connected ?? done) - start), tls: round(done - (connected ?? done)) },
        ...(certificate ? { certificate } : {}),
      });
      socket.destroy();
    });
    socket.once("error", reject);
  });
}

/** One type of record as strings: addresses and names as given, an MX as "priority host" (lowest first), a TXT record's strings joined. */
async function lookup(
  resolver: dns.promises.Resolver,
  name: string,
  type: Extract<CheckTarget, { kind: "dns" }>["type"],
): Promise<string[]> {
  switch (type) {
    case "A":
      return resolver.resolve4(name);
    case "AAAA":
      return resolver.resolve6(name);
    case "CNAME":
      return resolver.resolveCname(name);
    case "MX":
      return (await resolver.resolveMx(name)).sort((a, b) => a.priority - b.priority).map((mx) => `${mx.priority} ${mx.exchange}`);
    case "TXT":
      return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(""));
  }
}

/**
 * A dns check: its own resolver (the system's servers, or the one it names),
 * asked once within the check's timeout. A name that does not exist, or has no
 * record of the type, is an answer (judged offline); a resolver that does not
 * answer, refuses or fails is a failure.
 */
async function probeDns(target: Extract<CheckTarget, { kind: "dns" }>, signal: AbortSignal): Promise<ProbeOutcome> {
  const resolver = new dns.promises.Resolver({ timeout: target.timeoutMs, tries: 1 });
  if (target.resolver) {
    const { address, port } = target.resolver;
    resolver.setServers([net.isIPv6(address) ? `[${address}]:${port}` : `${address}:${port}`]);
  }
  const cancel = () => resolver.cancel();
  signal.addEventListener("abort", cancel, { once: true });
  const started = performance.now();
  try {
    let seen: DnsSeen;
    try {
      seen = { records: await lookup(resolver, target.name, target.type), missing: null };
    } catch (error) {
      const code = (error as { code?: string }).code ?? "";
      if (code === "ENOTFOUND") seen = { records: [], missing: "name" };
      else if (code === "ENODATA") seen = { records: [], missing: "records" };
      else if (code === "ETIMEOUT" || code === "ECANCELLED") throw new ProbeFailure({ kind: "failed", reason: "timeout" });
      else if (code === "ECONNREFUSED" || code === "EREFUSED") throw new ProbeFailure({ kind: "failed", reason: "refused" });
      else throw new ProbeFailure({ kind: "failed", reason: "dns", message: code.replace(/^E/, "") || String(error) });
    }
    return { kind: "answered", ms: performance.now() - started, dns: seen };
  } finally {
    signal.removeEventListener("abort", cancel);
  }
}

/**
 * The job's first connection is its own. Node compiles its HTTP and socket code
 * on first use (about 10 ms on 2 cores), and its code for a check that times
 * out (the abort, the error, the failure's judgement: 4–8 ms, measured as the
 * job's event loop standing still when the first silent server's timeout came);
 * done inside the run, that would be read as the time of the servers whose
 * answers came meanwhile. So, before the first check, the job checks a server
 * of its own on 127.0.0.1 the way every check goes, twice answering and once
 * never answering (a 20 ms timeout), then closes it. Nothing it measures is
 * kept; it never fails.
 */
export async function warmUp(): Promise<void> {
  const silent = new Set<net.Socket>();
  const server = http.createServer((request, response) => {
    if (request.url === "/silent") silent.add(request.socket);
    else response.end("ok");
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", resolve);
    });
    const { port } = server.address() as net.AddressInfo;
    for (const [path, timeoutMs] of [
      ["/", 1000],
      ["/", 1000],
      ["/silent", 20],
    ] as const) {
      const checked = checkTarget({ url: `http://127.0.0.1:${port}${path}`, timeoutMs })!;
      judge(await probe(checked), checked);
    }
  } catch {
    // A job that cannot warm up still checks: its first answers may read a few ms slow.
  } finally {
    for (const socket of silent) socket.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/**
 * Runs one check. The name is resolved within its own timeout; the answer is
 * awaited within the check's timeoutMs from then. Given the job's StallWatch,
 * an answer during which the job stood still says for how long (stalledMs: the
 * queue decides whether to measure it again, in its turn). Never rejects:
 * every failure is an outcome.
 */
export async function probe(
  target: CheckTarget,
  watch?: StallWatch,
  env: NodeJS.ProcessEnv = process.env,
  options: ProbeOptions = {},
): Promise<ProbeOutcome> {
  const headers = target.kind === "http" ? headerValues(target.headers, env) : { values: {} };
  if ("missing" in headers) return { kind: "failed", reason: "unset-variable", message: headers.missing };
  try {
    const first = await probeOnce(target, headers.values, options);
    if (first.kind !== "answered") return first;
    if (!watch) return first.outcome;
    await watch.settled();
    const stalledMs = watch.stalledDuring(first.startedAt, first.endedAt);
    return stalledMs > 0 && first.outcome.kind === "answered"
      ? { ...first.outcome, stalledMs: Math.round(stalledMs * 10) / 10 }
      : first.outcome;
  } catch (error) {
    // Unforeseen (probeOnce turns what the network does into outcomes): still this server's result, its secrets hidden.
    return withoutValues(failureOf(error), headers.values);
  }
}

/**
 * The headers' values, those from the environment read now (empty counts as
 * not set, as for the notifications' variables); or the first variable that is
 * not set, named with its header (never a value).
 */
export function headerValues(
  specs: readonly HeaderSpec[],
  env: NodeJS.ProcessEnv,
): { values: Record<string, string> } | { missing: string } {
  const values: Record<string, string> = {};
  for (const spec of specs) {
    if ("value" in spec) {
      values[spec.name] = spec.value;
      continue;
    }
    const value = env[spec.env]?.trim() ?? "";
    if (value === "") return { missing: `${spec.env} (header ${spec.name})` };
    values[spec.name] = value;
  }
  return { values };
}

/** A text without any header value in it (a value from the environment is a secret wherever it would be said). */
function hideValues(text: string, values: Record<string, string>): string {
  return redact(text, Object.values(values), "[a header's value]");
}

/** A failure's words without any header value in them. */
function withoutValues(failure: Failure, values: Record<string, string>): Failure {
  return failure.message === undefined ? failure : { ...failure, message: hideValues(failure.message, values) };
}

type Measured = { kind: "answered"; outcome: ProbeOutcome; startedAt: number; endedAt: number };

async function probeOnce(target: CheckTarget, headers: Record<string, string>, options: ProbeOptions): Promise<Measured | Failure> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  if (target.kind === "dns") {
    // The lookup is the check: its time is the resolver's, within the check's timeout.
    timer = setTimeout(() => controller.abort(), target.timeoutMs);
    const startedAt = performance.now();
    try {
      const outcome = await probeDns(target, controller.signal);
      return { kind: "answered", outcome, startedAt, endedAt: performance.now() };
    } catch (error) {
      return controller.signal.aborted ? { kind: "failed", reason: "timeout" } : failureOf(error);
    } finally {
      clearTimeout(timer);
    }
  }
  // The host whose certificate is verified (https, tls), and its port, for a second look at a certificate that failed.
  const host = target.kind === "http" ? target.url.hostname : target.host;
  const tlsPort =
    target.kind === "tls"
      ? target.port
      : target.kind === "http" && target.url.protocol === "https:"
        ? Number(target.url.port || 443)
        : null;
  let address: Address | null = null;
  try {
    // The answer's clock starts once the first name is known: a slow resolver is the resolver's timeout, not the server's.
    const resolving = performance.now();
    address = await resolveHost(host, target.timeoutMs);
    // An address needs no lookup: its name's time is none, not the moment the job took to go on.
    const dnsMs = net.isIP(host.replace(/^\[|\]$/g, "")) !== 0 ? 0 : performance.now() - resolving;
    timer = setTimeout(() => controller.abort(), target.timeoutMs);
    const startedAt = performance.now();
    const outcome =
      target.kind === "http"
        ? await probeHttp(target, controller.signal, address, dnsMs, headers, options)
        : target.kind === "tls"
          ? await probeTls(target, controller.signal, address, dnsMs, options)
          : await probeTcp(target, controller.signal, address, dnsMs);
    return outcome.kind === "answered" ? { kind: "answered", outcome, startedAt, endedAt: performance.now() } : outcome;
  } catch (error) {
    if (controller.signal.aborted) return { kind: "failed", reason: "timeout" };
    const failure = withoutValues(failureOf(error), headers);
    if (failure.reason !== "certificate" || address === null || tlsPort === null) return failure;
    const certificate = await peekCertificate(host, address, tlsPort, options, controller.signal);
    return certificate ? { ...failure, certificate } : failure;
  } finally {
    clearTimeout(timer);
  }
}
