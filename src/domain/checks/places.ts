/**
 * One server's check seen from several places, as one outcome. A place that
 * cannot reach a server may be the place's trouble, not the server's: the
 * server is offline only when at least a quorum of the places that reported
 * saw it offline (by default more than half of them); fewer is a warning that
 * names the places. When fewer places reported than the quorum needs, there is
 * no outcome: the confirmed state holds. confirmRuns applies after this, to
 * the outcome it gives, as for a run from one place.
 */
import type { CheckOutcome } from "./alerts";
import type { MeasuredStatus, PlaceSeen } from "./outcome";

/** What one place saw of one server. */
export type PlaceOutcome = { location: string; outcome: CheckOutcome };

/** The places a server needs to agree that it is down: the check's setting, or more than half of those that reported. */
export const quorumOf = (setting: number | null, reported: number): number => setting ?? Math.floor(reported / 2) + 1;

/** 'a', 'a and b', 'a, b and c' */
function listWords(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** The places and what each saw: 'eu-west and us-east: connection refused' when they agree, else each with its own words. */
function sawWords(places: readonly PlaceOutcome[]): string {
  const details = new Set(places.map((p) => p.outcome.detail));
  if (details.size === 1) return `${listWords(places.map((p) => p.location))}: ${places[0].outcome.detail}`;
  return listWords(places.map((p) => `${p.location} (${p.outcome.detail})`));
}

/** The place whose time is the median of those that answered (the lower one of an even count); null when none answered. */
function medianPlace(places: readonly PlaceOutcome[]): PlaceOutcome | null {
  const answered = places.filter((p) => p.outcome.responseTime !== null);
  if (answered.length === 0) return null;
  const sorted = [...answered].sort((a, b) => a.outcome.responseTime! - b.outcome.responseTime! || a.location.localeCompare(b.location));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** The state the places' outcomes make under a quorum: offline, unreachable from some (a warning), or neither. */
function verdict(down: number, quorum: number): "offline" | "unreachable" | "reached" {
  return down >= quorum ? "offline" : down > 0 ? "unreachable" : "reached";
}

/**
 * The server's outcome from what the places saw, or why there is none this
 * run. `expected` are the places the checks run from (monitoring.json's
 * job.locations; the places that reported when it is not set): the default
 * quorum is more than half of them, and a place of them that did not report is
 * no data, never up and never down, so when its answer could change the
 * verdict, there is no outcome this run (the confirmed state holds).
 */
export function acrossPlaces(
  seen: readonly PlaceOutcome[],
  quorumSetting: number | null,
  expected: readonly string[] | null = null,
): { outcome: CheckOutcome } | { held: string } {
  const places = [...seen].sort((a, b) => a.location.localeCompare(b.location));
  if (places.length === 0) return { held: "no place reported it" };
  const all = expected ?? places.map((p) => p.location);
  const quorum = quorumOf(quorumSetting, all.length);
  if (places.length < quorum) {
    return {
      held: `only ${places.length} of the ${quorum} places its quorum needs reported it (${listWords(places.map((p) => p.location))})`,
    };
  }
  const down = places.filter((p) => p.outcome.status === "offline");
  const reaching = places.filter((p) => p.outcome.status !== "offline");
  const absent = all.filter((place) => !places.some((p) => p.location === place));
  // The absent places' answers run from all up to all down: the verdicts between those two are what they could make.
  const ifUp = verdict(down.length, quorum);
  const ifDown = verdict(down.length + absent.length, quorum);
  if (absent.length > 0 && (ifUp === "offline") !== (ifDown === "offline")) {
    // Up or down turns on them: no data, the state holds.
    return { held: `${listWords(absent)} did not report, and ${absent.length === 1 ? "its" : "their"} answer could change its state` };
  }
  // Up either way (online, or a warning naming the absent places): the check counts as up, and a confirmed state among
  // these stays as it is (run.ts), so their absence changes nothing.
  const either: MeasuredStatus[] | null = absent.length > 0 && ifUp !== ifDown ? ["online", "warning"] : null;
  const checkedAt = places
    .map((p) => p.outcome.checkedAt)
    .sort()
    .at(-1)!;
  const maintenance = places.some((p) => p.outcome.maintenance);
  const seenByPlace: PlaceSeen[] = places.map(({ location, outcome }) => ({
    location,
    status: outcome.status,
    responseTime: outcome.responseTime,
    detail: outcome.detail,
  }));
  // What the places' handshakes and answers showed the security rules (#34): the first place's that saw any, whatever the state.
  const security = places.find((p) => p.outcome.security)?.outcome.security;
  // A heartbeat's newest ping that any place read (they read the same file, a moment apart): its pings stay kept whatever the verdict.
  const heartbeat = places
    .flatMap((p) => (p.outcome.heartbeat ? [p.outcome.heartbeat] : []))
    .sort((a, b) => Date.parse(a.ping) - Date.parse(b.ping))
    .at(-1);
  const base = {
    server: places[0].outcome.server,
    checkedAt,
    ...(maintenance ? { maintenance: true } : {}),
    places: seenByPlace,
    ...(security ? { security } : {}),
    ...(heartbeat ? { heartbeat } : {}),
  };
  if (down.length >= quorum) {
    return { outcome: { ...base, status: "offline", responseTime: null, detail: `offline from ${sawWords(down)}` } };
  }
  if (either) {
    const median = medianPlace(reaching) ?? reaching[0];
    const detail =
      down.length > 0
        ? `unreachable from ${sawWords(down)}; ${listWords(reaching.map((p) => p.location))} ${reaching.length === 1 ? "reaches" : "reach"} it`
        : `${median.outcome.detail} (from ${median.location}; ${listWords(absent)} did not report)`;
    const status: MeasuredStatus = down.length > 0 ? "warning" : "online";
    return {
      outcome: {
        ...base,
        status,
        ...(status === "warning" ? { warningCause: "unreachable" as const } : {}),
        responseTime: median.outcome.responseTime,
        detail,
        either,
      },
    };
  }
  const median = medianPlace(reaching) ?? reaching[0];
  if (down.length > 0) {
    return {
      outcome: {
        ...base,
        status: "warning",
        warningCause: "unreachable",
        responseTime: median.outcome.responseTime,
        detail: `unreachable from ${sawWords(down)}; ${listWords(reaching.map((p) => p.location))} ${reaching.length === 1 ? "reaches" : "reach"} it`,
      },
    };
  }
  // Every place reached it: the median place's answer is the server's, and says whose it is.
  const { server: _server, checkedAt: _at, maintenance: _maintenance, places: _places, ...answer } = median.outcome;
  return {
    outcome: {
      ...base,
      ...answer,
      ...(heartbeat ? { heartbeat } : {}),
      detail: `${answer.detail} (from ${median.location}, the median of ${places.length} places)`,
    },
  };
}
