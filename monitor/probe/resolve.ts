/** A host's address, found before the clock of the answer starts, and handed to the socket as it is. */
import dns from "node:dns";
import net from "node:net";
import { DNS_TIMEOUT_MS } from "../../src/domain/checks/definition";
import { failureOf, ProbeFailure } from "./failure";

export type Address = { address: string; family: 4 | 6 };

const resolver = new dns.promises.Resolver({ timeout: DNS_TIMEOUT_MS, tries: 1 });

/**
 * A host's address. An IP needs no lookup. localhost and names the resolver
 * does not know (a hosts file's) go through the system's lookup; everything
 * else asks the DNS servers directly (c-ares: no thread of libuv's pool is held
 * while a slow resolver thinks). Rejects with ProbeFailure dns or dns-timeout.
 */
export async function resolveHost(host: string, timeoutMs: number): Promise<Address> {
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
export function fixedLookup({ address, family }: Address): net.LookupFunction {
  return ((_host: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    process.nextTick(() => {
      if (options?.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    });
  }) as unknown as net.LookupFunction;
}
