/**
 * "Is it me?" (#50): what a reader's browser saw of a server, set beside what
 * the site's checks saw, in words. Pure: the asking is state/askFromHere.ts's,
 * and both load only when a reader asks (the page carries neither).
 *
 * A browser asking another site sees that something answered, never what
 * (the answer is opaque): a 503 reads as an answer. So an answer from here is
 * never called "up" where the site's checks got an error answer, and a silence
 * from here beside checks that pass names the one cause a browser cannot tell
 * apart, a server that refuses other sites' requests.
 */
import type { Server } from "../../domain/kernel/types";

/** What the reader's browser saw: an answer (any), none (a network failure), none in time, or it could not ask. */
export type HereSeen =
  { kind: "answered" } | { kind: "no-answer" } | { kind: "timed-out"; seconds: number } | { kind: "not-asked"; why: string };

/**
 * What the site's checks say of the server now: up; up from some places only
 * (partly); down with no answer; down on an answer they judged (an error
 * status, a failed condition: `answered`); in a maintenance window; nothing
 * measured (simulated, sample, not checked).
 */
type OursSeen = "up" | "partly" | "down" | "answered-down" | "maintenance" | "unknown";

/** The site's newest word on a server, from its status, where that comes from, what the check saw and each place's time. */
export function oursOf(server: Pick<Server, "status" | "source" | "detail" | "placeTimes">): OursSeen {
  if (server.source !== "measured") return "unknown";
  if (server.status === "maintenance") return "maintenance";
  if (server.status === "online" || server.status === "warning")
    return server.placeTimes?.some((place) => place.ms === null) ? "partly" : "up";
  if (server.status !== "offline") return "unknown";
  // "HTTP 503 in 40 ms", "unexpected HTTP status 503": the server answered the checks, and the answer was judged down.
  return /\bHTTP (status )?\d{3}\b/.test(server.detail ?? "") ? "answered-down" : "down";
}

/** The verdict, one sentence a reader acts on. */
export function isItMeWords(name: string, here: HereSeen, ours: OursSeen): string {
  if (here.kind === "not-asked") return `${name} could not be asked from here: ${here.why}.`;
  const fromHere =
    here.kind === "answered"
      ? "answers from here"
      : here.kind === "timed-out"
        ? `does not answer from here (nothing within ${here.seconds} s)`
        : "does not answer from here";
  if (ours === "unknown") return `${name} ${fromHere}; the site's checks have no result for it to compare with.`;
  if (ours === "maintenance") return `${name} ${fromHere}; it is in a maintenance window, as the site's checks say.`;
  if (here.kind === "answered") {
    if (ours === "answered-down")
      return `Something answers at ${name}'s address from here, as it does to our checks, which judge that answer down (your browser cannot see what it said): you are not alone.`;
    return ours === "down"
      ? `${name} answers from here, but not from our checks: it may be down for some networks only, or coming back.`
      : `${name} answers from here and from our checks: if something does not work for you, it is not reaching the server.`;
  }
  if (ours === "partly") return `${name} ${fromHere}, nor from some of our checks' places: not only you.`;
  return ours === "up"
    ? `${name} ${fromHere}, but does from our checks: the problem is likely on your side or in your network (or the server refuses requests from other sites: open its address to be sure).`
    : `${name} ${fromHere} nor from our checks: you are not alone.`;
}
