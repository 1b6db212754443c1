/**
 * "Is it me?" on the dashboard (#50): the servers its cards show, each asked
 * from the reader's browser at the address its page publishes (read first
 * from the site's own /api/v1/servers/<id>.json, never another host), all at
 * once and all within the same 4 s; a verdict for each, and a summary that
 * says how many answered and why the others were not asked. Loaded with
 * import() on the click.
 */
import { withPrefix } from "gatsby";
import { serverApiPath } from "../../domain/kernel/paths";
import type { Server } from "../../domain/kernel/types";
import { isItMeWords, oursOf } from "../../model/server/isItMe";
import { askFromHere } from "../../state/askFromHere";

/** The whole asking ends within this: the site's files and the servers' answers. */
const WITHIN_MS = 4000;

/** What a server shown can be asked at: an HTTP(S) address; none for another check; unread when its file could not be read. */
async function addressOf(id: string, signal: AbortSignal): Promise<{ address: string } | "none" | "unread"> {
  try {
    const response = await fetch(withPrefix(serverApiPath(id)), { cache: "no-store", signal });
    if (!response.ok) return "unread";
    const words = ((await response.json()) as { check?: Array<{ term?: unknown; value?: unknown }> | null }).check ?? [];
    if (!Array.isArray(words) || words.some((fact) => fact.term === "Heartbeat")) return "none";
    const address = words.find((fact) => fact.term === "Address")?.value;
    return typeof address === "string" && /^https?:\/\//.test(address) ? { address } : "none";
  } catch {
    return "unread";
  }
}

export type ShownVerdicts = { summary: string; verdicts: Array<{ id: string; text: string }> };

/** A verdict for each server shown that could be asked (in their order), and the summary. */
export async function askShown(servers: readonly Server[]): Promise<ShownVerdicts> {
  const started = Date.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), WITHIN_MS);
  try {
    const asked = await Promise.all(
      servers.map(async (server) => {
        const found = await addressOf(server.id, controller.signal);
        if (typeof found === "string") return found;
        const left = Math.max(0, WITHIN_MS - (Date.now() - started));
        const here = await askFromHere(found.address, location, left, controller.signal);
        return { id: server.id, answered: here.kind === "answered", text: isItMeWords(server.name, here, oursOf(server)) };
      }),
    );
    const verdicts = asked.filter((a) => typeof a !== "string");
    const none = asked.filter((a) => a === "none").length;
    const unread = asked.filter((a) => a === "unread").length;
    const parts = [`${verdicts.filter((v) => v.answered).length} of ${verdicts.length} asked answer from here`];
    if (none > 0) parts.push(`${none} with no address a browser can ask (not an HTTP check)`);
    if (unread > 0) parts.push(`${unread} whose published file could not be read in time`);
    return { summary: `${parts.join("; ")}.`, verdicts: verdicts.map(({ id, text }) => ({ id, text })) };
  } finally {
    clearTimeout(timer);
  }
}
