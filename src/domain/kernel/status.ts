import { formatMs } from "./format";
import { KNOWN_STATUSES, type FigureSource, type KnownStatus, type Server } from "./types";

/**
 * SPEC §2: the states' colours are fixed values, not theme colours: the map's
 * markers and the notifications' colour bars use the same three.
 */
export const STATUS_COLOURS = { online: "#10b981", offline: "#ef4444", other: "#f59e0b" } as const;

/** How a status looks: the three known ones have their colour, anything else is neutral. */
export type StatusTone = KnownStatus | "neutral";

export function isKnownStatus(status: string): status is KnownStatus {
  return (KNOWN_STATUSES as readonly string[]).includes(status);
}

export function statusTone(status: string): StatusTone {
  return isKnownStatus(status) ? status : "neutral";
}

/**
 * The status of a measured server the job has had no result for, for longer
 * than the content allows (latest.json's notChecked): neither online nor
 * offline, shown neutral, counted in no uptime; its last state is not shown
 * as its state.
 */
export const UNCHECKED_STATUS = "unchecked";

/** 'online' -> 'Online'; an empty status reads 'Unknown'; 'unchecked' reads 'Not checked'. */
export function statusLabel(status: string): string {
  const trimmed = status.trim();
  if (trimmed === "") return "Unknown";
  if (trimmed === UNCHECKED_STATUS) return "Not checked";
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

/** Online and offline servers pulse: they are the states an operator watches. */
export function statusPulses(status: string): boolean {
  return status === "online" || status === "offline";
}

/** How much a status needs attention: offline 3, warning 2, any other status 1, online 0 (problems first). */
export function statusSeverity(status: string): number {
  if (status === "offline") return 3;
  if (status === "warning") return 2;
  if (status === "online") return 0;
  return 1;
}

/**
 * The servers with problems first (offline, warning, any other status, online),
 * keeping their order within a status; the first `limit` of them when given.
 * Four buckets, no sort, so a live update of 10,000 servers stays in one pass.
 */
export function problemsFirst<T extends { status: string }>(items: readonly T[], limit = Infinity): T[] {
  const bySeverity: T[][] = [[], [], [], []];
  for (const item of items) {
    const bucket = bySeverity[3 - statusSeverity(item.status)];
    if (bucket.length < limit) bucket.push(item);
  }
  const all = bySeverity.flat();
  return limit < all.length ? all.slice(0, limit) : all;
}

/** Where a server's figures come from, in a word or two. */
export function figureSourceLabel(source: FigureSource): string {
  return { measured: "Measured", simulated: "Simulated", sample: "Sample (not checked yet)" }[source];
}

/**
 * From several places, the fastest and the slowest and those with no answer:
 * 'fastest us-east 30 ms, slowest ap-south 120 ms; no answer from eu-north'.
 * Null from one place.
 */
export function placeSpreadWords(server: Pick<Server, "placeTimes">): string | null {
  const places = server.placeTimes;
  if (!places || places.length === 0) return null;
  const timed = places.filter((p) => p.ms !== null).sort((a, b) => a.ms! - b.ms! || a.location.localeCompare(b.location));
  const silent = places.filter((p) => p.ms === null).map((p) => p.location);
  const parts: string[] = [];
  if (timed.length === 1) parts.push(`only ${timed[0].location} answered, ${formatMs(timed[0].ms)}`);
  if (timed.length > 1) {
    const [fastest, slowest] = [timed[0], timed.at(-1)!];
    parts.push(`fastest ${fastest.location} ${formatMs(fastest.ms)}, slowest ${slowest.location} ${formatMs(slowest.ms)}`);
  }
  if (silent.length > 0) parts.push(`no answer from ${silent.join(", ")}`);
  return parts.join("; ");
}

/** Where a server's figures come from, and what its check saw when it says so (the export's Source column, the map's popup). */
export const figuresInWords = (server: Pick<Server, "source" | "detail">): string =>
  server.detail ? `${figureSourceLabel(server.source)}: ${server.detail}` : figureSourceLabel(server.source);
