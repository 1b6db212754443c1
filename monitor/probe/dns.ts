/** A dns check: one type of record asked of its resolver within the check's timeout; its time is the lookup's. */
import dns from "node:dns";
import net from "node:net";
import type { CheckTarget } from "../../src/domain/checks/definition";
import type { DnsSeen, ProbeOutcome } from "../../src/domain/checks/outcome";
import { ProbeFailure } from "./failure";

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
export async function probeDns(target: Extract<CheckTarget, { kind: "dns" }>, signal: AbortSignal): Promise<ProbeOutcome> {
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
