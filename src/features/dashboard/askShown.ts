/**
 * "Is it me?" on the dashboard (#50): the servers its cards show, each asked
 * from the reader's browser at the address its page publishes (read from the
 * site's own /api/v1/servers/<id>.json, never another host), all at once,
 * within the same 4 s; each verdict in words, and how many have no address a
 * browser can ask. Loaded with import() on the click.
 */
import { withPrefix } from "gatsby";
import { serverApiPath } from "../../domain/kernel/paths";
import type { Server } from "../../domain/kernel/types";
import { isItMeWords, oursOf } from "../../model/server/isItMe";
import { askFromHere } from "../../state/askFromHere";

/** The address a browser may ask, from a server's published check words: an HTTP(S) Address, not a heartbeat's. */
async function addressOf(id: string): Promise<string | null> {
  try {
    const response = await fetch(withPrefix(serverApiPath(id)), { cache: "no-store" });
    if (!response.ok) return null;
    const words = ((await response.json()) as { check?: Array<{ term?: unknown; value?: unknown }> | null }).check ?? [];
    if (!Array.isArray(words) || words.some((fact) => fact.term === "Heartbeat")) return null;
    const address = words.find((fact) => fact.term === "Address")?.value;
    return typeof address === "string" && /^https?:\/\//.test(address) ? address : null;
  } catch {
    return null;
  }
}

/** One verdict a server shown (in their order), then a line for those with nothing to ask. */
export async function askShown(servers: readonly Server[]): Promise<string[]> {
  const asked = await Promise.all(
    servers.map(async (server) => {
      const address = await addressOf(server.id);
      if (address === null) return null;
      return isItMeWords(server.name, await askFromHere(address, location.protocol), oursOf(server.status, server.source));
    }),
  );
  const said = asked.filter((line): line is string => line !== null);
  const none = asked.length - said.length;
  if (none > 0)
    said.push(`${none} of the ${asked.length} servers shown ${none === 1 ? "has" : "have"} no address a browser can ask (no HTTP check).`);
  return said;
}
