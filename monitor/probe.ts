/**
 * The probes of the check job: one HTTP(S) request or one TCP connection. They
 * report what they saw (src/model/checks.ts judges it).
 *
 * A response time is the server's, not the job's: the name is resolved first,
 * under its own timeout and off libuv's small thread pool where it can be (so
 * a slow resolver delays no other check), and the clock runs from opening the
 * connection to the first byte of the answer. The parts (name, connection,
 * TLS, first byte) are kept in the outcome.
 *
 * What a probe never does: follow a redirect to another origin (scheme, host
 * and port), send anything but a user agent (no cookie, no key, no setting),
 * or read more than BODY_LIMIT bytes of an answer.
 */
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { StallWatch } from "./stallWatch";
import { checkTarget, DNS_TIMEOUT_MS, judge, type CheckTarget, type CheckTimings, type ProbeOutcome } from "../src/model/checks";

export const USER_AGENT = "location-tracker-check/1";
/** An answer's body is read up to this many bytes, then the connection is closed. */
export const BODY_LIMIT = 16 * 1024;
const MAX_REDIRECTS = 5;
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
  if (/CERT|SSL|TLS|EPROTO|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME/.test(code)) return { kind: "failed", reason: "tls", message: code };
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

type Watch = { opened: number | null; connected: number | null; secured: number | null };
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
    socket.once("secureConnect", () => (watch.secured = performance.now()));
    return socket;
  };
  return agent;
}

type Hop = { status: number; location: string | null; ms: number; timings: Omit<CheckTimings, "dns"> };

/**
 * One GET to an address already resolved. The time runs from opening the
 * connection to the answer's status line and headers; its parts are the
 * connection (to the socket's 'connect'), TLS, and the wait for the answer.
 */
function get(url: URL, address: Address, signal: AbortSignal): Promise<Hop> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const watch: Watch = { opened: null, connected: null, secured: null };
    const request = client.request(
      url,
      {
        method: "GET",
        signal,
        agent: watchedAgent(client, watch),
        lookup: fixedLookup(address),
        headers: { "user-agent": USER_AGENT, accept: "*/*" },
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
        });
        // A few bytes of the answer are read, then the connection goes: a check needs no body.
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read >= BODY_LIMIT) response.destroy();
        });
        response.on("error", () => undefined);
      },
    );
    request.on("error", reject);
    request.end();
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
): Promise<ProbeOutcome> {
  let url = target.url;
  let ms = 0;
  for (let hop = 0; ; hop += 1) {
    const answer = await get(url, address, signal);
    ms += answer.ms;
    const answered = { kind: "answered" as const, ms, httpStatus: answer.status, timings: { dns: round(dnsMs), ...answer.timings } };
    const redirects = hop > 0 ? { redirects: hop } : {};
    const isRedirect = REDIRECTS.has(answer.status) && answer.location !== null;
    if (!isRedirect || !target.followRedirects) return { ...answered, ...redirects };
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
    if (hop >= MAX_REDIRECTS) return { ...answered, ...redirects, redirectTo: `${next.pathname} (more than ${MAX_REDIRECTS} redirects)` };
    url = next;
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
export async function probe(target: CheckTarget, watch?: StallWatch): Promise<ProbeOutcome> {
  const first = await probeOnce(target);
  if (first.kind !== "answered") return first;
  if (!watch) return first.outcome;
  await watch.settled();
  const stalledMs = watch.stalledDuring(first.startedAt, first.endedAt);
  return stalledMs > 0 && first.outcome.kind === "answered"
    ? { ...first.outcome, stalledMs: Math.round(stalledMs * 10) / 10 }
    : first.outcome;
}

type Measured = { kind: "answered"; outcome: ProbeOutcome; startedAt: number; endedAt: number };

async function probeOnce(target: CheckTarget): Promise<Measured | Failure> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  try {
    // The answer's clock starts once the first name is known: a slow resolver is the resolver's timeout, not the server's.
    const host = target.kind === "http" ? target.url.hostname : target.host;
    const resolving = performance.now();
    const address = await resolveHost(host, target.timeoutMs);
    const dnsMs = performance.now() - resolving;
    timer = setTimeout(() => controller.abort(), target.timeoutMs);
    const startedAt = performance.now();
    const outcome =
      target.kind === "http"
        ? await probeHttp(target, controller.signal, address, dnsMs)
        : await probeTcp(target, controller.signal, address, dnsMs);
    return outcome.kind === "answered" ? { kind: "answered", outcome, startedAt, endedAt: performance.now() } : outcome;
  } catch (error) {
    return controller.signal.aborted ? { kind: "failed", reason: "timeout" } : failureOf(error);
  } finally {
    clearTimeout(timer);
  }
}
