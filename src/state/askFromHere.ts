/**
 * "Is it me?" (#50), the asking: one request from the reader's browser to the
 * address the site publishes for a server's check (its page's Address), with
 * no credentials, no referrer and nothing cached. An opaque answer (no-cors) is
 * an answer, whatever its status; a network failure is none; nothing within
 * the time limit is none in time. Loaded with import() on the reader's click,
 * with the words (model/server/isItMe.ts); nothing else is sent anywhere.
 */
import type { FigureSource } from "../domain/kernel/types";
import { isItMeWords, oursOf, type HereSeen } from "../model/server/isItMe";

/** How long the browser waits: a verdict within 5 seconds of the click. */
const ASK_WITHIN_MS = 4000;

/** What the reader's browser sees of `url` now. */
export async function askFromHere(url: string, pageProtocol: string, withinMs = ASK_WITHIN_MS): Promise<HereSeen> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { kind: "not-asked", why: "its address is not one a browser can ask" };
  }
  // A page served over HTTPS may not ask plain HTTP (mixed content): the browser would refuse, not the server.
  const local = ["localhost", "127.0.0.1", "[::1]"].includes(target.hostname);
  if (pageProtocol === "https:" && target.protocol === "http:" && !local) {
    return { kind: "not-asked", why: "this page is served over HTTPS, and browsers do not let it ask a plain-HTTP address" };
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), withinMs);
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
  }
}

/** The verdict on a server, asked now from here and set beside the site's word on it (its status and where that comes from). */
export async function isItMe(url: string, name: string, status: string, source: FigureSource): Promise<string> {
  return isItMeWords(name, await askFromHere(url, location.protocol), oursOf(status, source));
}
