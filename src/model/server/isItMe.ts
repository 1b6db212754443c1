/**
 * "Is it me?" (#50): what a reader's browser saw of a server, set beside what
 * the site's checks saw, in words. Pure: the asking is askFromHere.ts's, and
 * both load only when a reader asks (the page carries neither).
 */
import type { FigureSource } from "../../domain/kernel/types";

/** What the reader's browser saw: an answer (any), none (a network failure), none in time, or it could not ask. */
export type HereSeen =
  { kind: "answered" } | { kind: "no-answer" } | { kind: "timed-out"; seconds: number } | { kind: "not-asked"; why: string };

/** What the site's checks say of the server now: up, down, or nothing measured. */
type OursSeen = "up" | "down" | "unknown";

/** The site's newest word on a server: measured online or warning is up, offline is down; simulated, sample, or any other state, nothing known. */
export function oursOf(status: string, source: FigureSource): OursSeen {
  if (source !== "measured") return "unknown";
  if (status === "online" || status === "warning") return "up";
  return status === "offline" ? "down" : "unknown";
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
  if (here.kind === "answered") {
    return ours === "up"
      ? `${name} answers from here and from our checks: if something does not work for you, it is not reaching the server.`
      : `${name} answers from here, but not from our checks: it may be down for some networks only, or coming back.`;
  }
  return ours === "up"
    ? `${name} ${fromHere}, but does from our checks: the problem is on your side or in your network.`
    : `${name} ${fromHere} nor from our checks: you are not alone.`;
}
