/**
 * TLS: the certificate verified on every connection (chain and name), its
 * dates read from the same handshake, or from a second one that verifies and
 * sends nothing when verification failed; and the tls check itself.
 */
import net from "node:net";
import tls from "node:tls";
import type { CheckTarget } from "../../src/domain/checks/definition";
import type { CertificateSeen, HandshakeSeen, ProbeOutcome } from "../../src/domain/checks/outcome";
import { round } from "./failure";
import type { Address } from "./resolve";

/** How a probe runs, beyond its target: never from content. */
export type ProbeOptions = {
  /** authorities trusted besides Node's, as PEM (tests: a CA made for the test; the job uses NODE_EXTRA_CA_CERTS) */
  extraCa?: readonly string[];
  /** the user agent an HTTP check sends (USER_AGENT, with the place the job checks from when it names one) */
  userAgent?: string;
};

/** A peer certificate's dates, as ISO times; undefined when the socket shows none. */
export function datesOf(socket: tls.TLSSocket): CertificateSeen | undefined {
  const peer = socket.getPeerCertificate();
  if (!peer || !peer.valid_to) return undefined;
  const validFrom = new Date(peer.valid_from);
  const validTo = new Date(peer.valid_to);
  if (Number.isNaN(validTo.getTime()) || Number.isNaN(validFrom.getTime())) return undefined;
  return { validFrom: validFrom.toISOString(), validTo: validTo.toISOString() };
}

/** A name of a certificate's subject or issuer: its organisation, or its common name. */
function nameOf(entity: tls.Certificate | undefined): string {
  const pick = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  return pick(entity?.O) ?? pick(entity?.CN) ?? "an unnamed party";
}

/** The version and cipher a handshake agreed, and whose certificate it was (the subject's common name). */
export function handshakeOf(socket: tls.TLSSocket): HandshakeSeen {
  const peer = socket.getPeerCertificate();
  const cn = peer?.subject?.CN;
  return {
    protocol: socket.getProtocol() ?? null,
    cipher: socket.getCipher()?.name ?? null,
    issuer: nameOf(peer?.issuer),
    subject: (Array.isArray(cn) ? cn[0] : cn) ?? nameOf(peer?.subject),
  };
}

/** The authorities a TLS connection trusts: Node's (with NODE_EXTRA_CA_CERTS), and a test's when given. */
export const trusted = (options: ProbeOptions): { ca?: string[] } =>
  options.extraCa && options.extraCa.length > 0 ? { ca: [...tls.rootCertificates, ...options.extraCa] } : {};

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
export function peekCertificate(
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
export function probeTls(
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
