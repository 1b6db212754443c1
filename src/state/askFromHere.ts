/**
 * "Is it me?" (#50), the asking: one request from the reader's browser to the
 * address the site publishes for a server's check (its page's Address), with
 * no credentials, no referrer and nothing cached. A redirect is followed, as
 * when the reader opens the address (a no-cors request cannot stop at one: the
 * Fetch standard makes any other redirect mode a network error), so a server
 * that sends readers elsewhere is asked there. An opaque answer (no-cors) is an answer, whatever its status; a
 * network failure is none; nothing within the time limit is none in time.
 * Loaded with import() on the reader's click, with the words
 * (model/server/isItMe.ts); nothing else is sent anywhere.
 */
import type { Server } from "../domain/kernel/types";
import { isItMeWords, oursOf, type HereSeen } from "../model/server/isItMe";

/** How long the browser waits: a verdict within 5 seconds of the click. */
const ASK_WITHIN_MS = 4000;

/** The page asking: its scheme and host (location's). */
type Page = { protocol: string; hostname: string };

/** A host on the asker's own machine or network: loopback, private, link-local, or a .local name. */
function onOwnNetwork(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return (
    host === "localhost" ||
    host.endsWith(".local") ||
    host.endsWith(".localhost") ||
    /^(127\.|10\.|192\.168\.|169\.254\.|172\.(1[6-9]|2\d|3[01])\.)/.test(host) ||
    host === "::1" ||
    /^f[cd][0-9a-f]{2}:|^fe80:/.test(host)
  );
}

/** What the reader's browser sees of `url` now, asked from `page`, within `withinMs`. */
export async function askFromHere(url: string, page: Page, withinMs = ASK_WITHIN_MS, signal?: AbortSignal): Promise<HereSeen> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { kind: "not-asked", why: "its address is not one a browser can ask" };
  }
  // An address on a private network, asked from a public page, would reach the reader's own machine or network, not the server.
  if (onOwnNetwork(target.hostname) && !onOwnNetwork(page.hostname)) {
    return { kind: "not-asked", why: "its address is on a private network, so asking it from here would ask your own machine or network" };
  }
  // A page served over HTTPS may not ask plain HTTP (mixed content): the browser would refuse, not the server.
  if (page.protocol === "https:" && target.protocol === "http:" && !onOwnNetwork(target.hostname)) {
    return { kind: "not-asked", why: "this page is served over HTTPS, and browsers do not let it ask a plain-HTTP address" };
  }
  const controller = new AbortController();
  const stop = () => controller.abort();
  signal?.addEventListener("abort", stop);
  const timer = setTimeout(stop, withinMs);
  try {
    await fetch(target, {
      mode: "no-cors",
      cache: "no-store",
      credentials: "omit",
      referrerPolicy: "no-referrer",
      signal: controller.signal,
    });
    return { kind: "answered" };
  } catch {
    return controller.signal.aborted ? { kind: "timed-out", seconds: Math.round(withinMs / 1000) } : { kind: "no-answer" };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", stop);
  }
}

/** The verdict on a server, asked now from here and set beside the site's word on it. */
export async function isItMe(url: string, server: Pick<Server, "name" | "status" | "source" | "detail" | "placeTimes">): Promise<string> {
  return isItMeWords(server.name, await askFromHere(url, location), oursOf(server));
}
