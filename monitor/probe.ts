/**
 * The probes of the check job: one HTTP(S) GET or one TCP connection, with a
 * deadline. They report what they saw (src/model/checks.ts judges it).
 *
 * What a probe never does: follow a redirect to another host than the one
 * configured, send anything but a user agent (no cookie, no key, no setting),
 * or read more than BODY_LIMIT bytes of an answer.
 */
import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { CheckTarget, ProbeOutcome } from "../src/model/checks";

export const USER_AGENT = "location-tracker-check/1";
/** An answer's body is read up to this many bytes, then the connection is closed. */
export const BODY_LIMIT = 16 * 1024;
const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

type Failure = Extract<ProbeOutcome, { kind: "failed" }>;

/** A network error, in the probe's terms. */
function failureOf(error: unknown): Failure {
  const e = error as { code?: string; name?: string; message?: string } | null;
  const code = e?.code ?? "";
  if (e?.name === "AbortError" || code === "ABORT_ERR" || code === "ETIMEDOUT") return { kind: "failed", reason: "timeout" };
  if (code === "ECONNREFUSED") return { kind: "failed", reason: "refused" };
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NONAME") return { kind: "failed", reason: "dns" };
  if (/CERT|SSL|TLS|EPROTO|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME/.test(code)) return { kind: "failed", reason: "tls", message: code };
  return { kind: "failed", reason: "network", message: code || e?.message || String(error) };
}

/** One GET; resolves with the status and where a redirect points, or rejects with the network error. */
function get(url: URL, signal: AbortSignal): Promise<{ status: number; location: string | null }> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      { method: "GET", signal, agent: false, headers: { "user-agent": USER_AGENT, accept: "*/*" } },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = typeof response.headers.location === "string" ? response.headers.location : null;
        resolve({ status, location });
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

async function probeHttp(target: Extract<CheckTarget, { kind: "http" }>, signal: AbortSignal, started: number): Promise<ProbeOutcome> {
  let url = target.url;
  for (let hop = 0; ; hop += 1) {
    const { status, location } = await get(url, signal);
    const ms = performance.now() - started;
    const answeredAsWanted = target.expectStatus === null || status === target.expectStatus;
    if (answeredAsWanted || !REDIRECTS.has(status) || location === null || hop >= MAX_REDIRECTS) {
      return { kind: "answered", ms, httpStatus: status };
    }
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      return { kind: "answered", ms, httpStatus: status };
    }
    // Only the configured host is ever asked: a redirect elsewhere is reported, not followed.
    if (next.hostname.toLowerCase() !== target.url.hostname.toLowerCase() || (next.protocol !== "http:" && next.protocol !== "https:")) {
      return { kind: "answered", ms, httpStatus: status, redirectTo: next.host };
    }
    url = next;
  }
}

function probeTcp(target: Extract<CheckTarget, { kind: "tcp" }>, signal: AbortSignal, started: number): Promise<ProbeOutcome> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: target.host, port: target.port, signal });
    socket.once("connect", () => {
      resolve({ kind: "answered", ms: performance.now() - started });
      socket.destroy();
    });
    socket.once("error", reject);
  });
}

/** Runs one check within its timeout. Never rejects: every failure is an outcome. */
export async function probe(target: CheckTarget): Promise<ProbeOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), target.timeoutMs);
  const started = performance.now();
  try {
    return target.kind === "http"
      ? await probeHttp(target, controller.signal, started)
      : await probeTcp(target, controller.signal, started);
  } catch (error) {
    return controller.signal.aborted ? { kind: "failed", reason: "timeout" } : failureOf(error);
  } finally {
    clearTimeout(timer);
  }
}
