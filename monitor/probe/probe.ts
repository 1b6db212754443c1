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
 * It judges nothing: the body it read goes to the domain (src/domain/checks/judge.ts).
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
 *
 * This file runs a check (probe) and warms the job up; each protocol has its
 * own file beside it: resolve, http (with answerBody), tcp, tls, dns.
 */
import http from "node:http";
import type net from "node:net";
import { isIP } from "node:net";
import type { StallWatch } from "../run/stallWatch";
import { checkTarget, DEFAULT_BODY_LIMIT, type CheckTarget, type HeaderSpec } from "../../src/domain/checks/definition";
import { type ProbeOutcome } from "../../src/domain/checks/outcome";
import { judge } from "../../src/domain/checks/judge";
import { newRecord } from "../../src/domain/kernel/records";
import { probeDns } from "./dns";
import { failureOf, type Failure } from "./failure";
import { askPlainHttp, hideValues, probeHttp } from "./http";
import { resolveHost, type Address } from "./resolve";
import { probeTcp } from "./tcp";
import { peekCertificate, probeTls, type ProbeOptions } from "./tls";

/** An answer's body is read up to this many bytes (unless a check's bodyLimit says otherwise), then the connection is closed. */
export const BODY_LIMIT = DEFAULT_BODY_LIMIT;

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
  // Keyed by the check's header names: none is special (__proto__).
  const values = newRecord<string>();
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
    const dnsMs = isIP(host.replace(/^\[|\]$/g, "")) !== 0 ? 0 : performance.now() - resolving;
    timer = setTimeout(() => controller.abort(), target.timeoutMs);
    const startedAt = performance.now();
    const outcome =
      target.kind === "http"
        ? await probeHttp(target, controller.signal, address, dnsMs, headers, options)
        : target.kind === "tls"
          ? await probeTls(target, controller.signal, address, dnsMs, options)
          : await probeTcp(target, controller.signal, address, dnsMs);
    if (outcome.kind !== "answered") return outcome;
    const endedAt = performance.now();
    // Plain HTTP's redirect, for the security rules (#34): asked once the check's time is taken.
    if (target.kind === "http" && target.httpRedirect !== null) {
      const plainHttp = await askPlainHttp(target.url, target.httpRedirect.port, address, target.timeoutMs, options);
      return { kind: "answered", outcome: { ...outcome, plainHttp }, startedAt, endedAt };
    }
    return { kind: "answered", outcome, startedAt, endedAt };
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
