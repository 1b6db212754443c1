/** A tcp check: a connection opened, timed from its opening, and closed. */
import net from "node:net";
import type { CheckTarget } from "../../src/domain/checks/definition";
import type { ProbeOutcome } from "../../src/domain/checks/outcome";
import { round } from "./failure";
import type { Address } from "./resolve";

export function probeTcp(
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
