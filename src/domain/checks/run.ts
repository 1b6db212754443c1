/**
 * content/checks/latest.json: what the last run of the check job measured, with
 * the figures taken from the history (uptime over 30 days, the last 24 hours,
 * the usual interval). The build joins each result to its server.
 *
 * One piece (about 390 lines): applying a run is one transaction over the kept
 * state (history, confirmed states, flapping, rollups, alerts and latest.json
 * move together, or a run played twice would count twice); each rule it applies
 * lives in its own file (confirm.ts, flapping.ts, alerts.ts, history.ts, rollups.ts).
 */
import {
  alertTime,
  keepAlerts,
  transitionAlerts,
  type AlertedServer,
  type CheckOutcome,
  type DependentsOf,
  type Transition,
} from "./alerts";
import { confirmStatus, previousStates, type PreviousState } from "./confirm";
import { changesSince, DEFAULT_FLAPPING, flappingSince, flappingWords, isFlapping, type FlapSettings } from "./flapping";
import {
  CODE,
  confirmedBefore,
  FUTURE_TOLERANCE_MS,
  markCaused,
  observedInterval,
  performanceOf,
  recordRun,
  type CheckHistory,
} from "./history";
import { rollUpAll, rollUpCaused, samplesByServer, uptimeOf, type Sample, type ServerRollup } from "./rollups";
import { ownValue } from "../kernel/records";
import { DAY_MS, formatLongDuration, HOUR_MS, MINUTE_MS } from "../kernel/time";
import type { ConfirmRuns } from "./definition";
import { stateChange, type Judgement, type MeasuredStatus, type PlaceSeen, type StateChange, type WarningCause } from "./outcome";
import type { Alert, ChartPoint } from "../kernel/types";
import { alertId, alertKindOf, type AlertKind } from "./alertIds";
import { notCheckedAfterMs } from "./jobSettings";
import { rootCauses } from "./dependencies";

type CheckResultRecord = {
  /** the server's id in servers.json */
  server: string;
  /** the confirmed status (domain/checks/confirm.ts) */
  status: MeasuredStatus;
  /** null: no answer */
  responseTime: number | null;
  checkedAt: string;
  detail: string;
  /** successful and all checks over the last 30 days, and when the first of them ran */
  uptimeUp: number;
  uptimeTotal: number;
  uptimeSince?: string;
  /** checked inside a maintenance window: the pages show the server "in maintenance", and `status` is the state held from before it */
  maintenance?: true;
  /** a check that judges a certificate: when the one it saw expires (ISO) */
  certificateExpires?: string;
  /** why a confirmed warning is one (kept while it lasts) */
  warningCause?: WarningCause;
  /** a confirmed certificate warning: the expiry of the certificate it is about (kept while it lasts) */
  certificateWarned?: string;
  /** flapping (domain/checks/flapping.ts): since when, the changes in the window, the window's minutes */
  flapping?: FlapInfo;
  /** checks from several places: what each place saw in this run */
  places?: PlaceSeen[];
  /** heartbeats: the last ping, when the next is due, and the distinct pings seen (oldest first, at most HEARTBEAT_PINGS_KEPT) */
  heartbeat?: { ping: string; due: string | null; pings: string[] };
  /** checks from several places: why the newest run kept this older result (too few places reported for its quorum) */
  held?: string;
  /** no result for longer than the job allows (jobSettings.ts notCheckedAfterMs): when a run found it so, and why its newest run had none */
  notChecked?: { foundAt: string; reason: string };
  /** offline behind a server it depends on that is offline too (dependencies.ts): that server's id, the root cause */
  cause?: string;
};

/** A heartbeat's pings kept in latest.json: enough for its page to show the last weeks of a daily job beside its schedule. */
const HEARTBEAT_PINGS_KEPT = 20;

/** A heartbeat's pings with this run's: distinct, oldest first, the newest HEARTBEAT_PINGS_KEPT. */
function pingsWith(before: readonly string[] | undefined, ping: string): string[] {
  const all = [...new Set([...(before ?? []), ping])].sort((a, b) => Date.parse(a) - Date.parse(b));
  return all.slice(-HEARTBEAT_PINGS_KEPT);
}

/**
 * A heartbeat's figures in latest.json: this run's ping added to those kept; a
 * run that read no time (a 503, a body cut) keeps what was known, never erases it.
 */
function heartbeatOf(
  seen: CheckOutcome["heartbeat"],
  kept: CheckResultRecord["heartbeat"],
): { heartbeat?: NonNullable<CheckResultRecord["heartbeat"]> } {
  if (seen) return { heartbeat: { ...seen, pings: pingsWith(kept?.pings, seen.ping) } };
  return kept ? { heartbeat: kept } : {};
}

/** A flapping server's figures, as latest.json keeps them. */
export type FlapInfo = { since: string; changes: number; minutes: number };

export type LatestChecks = {
  version: 1;
  startedAt: string;
  finishedAt: string;
  /** the usual seconds between runs; null until there have been two */
  intervalSeconds: number | null;
  results: CheckResultRecord[];
  /** the last 24 hours, measured */
  performance: ChartPoint[];
};

/** latest.json after a run, from its outcomes (with their confirmed statuses) and the history and rollups that already hold them. */
export function latestChecks(
  history: CheckHistory,
  rollups: ReadonlyMap<string, ServerRollup>,
  outcomes: ReadonlyArray<CheckOutcome & { flapping?: FlapInfo; certificateWarned?: string }>,
  startedAt: Date,
  finishedAt: Date,
  samples: ReadonlyMap<string, readonly Sample[]> = samplesByServer(history),
  before: ReadonlyMap<string, CheckResultRecord> = new Map(),
): LatestChecks {
  return {
    version: 1,
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    intervalSeconds: observedInterval(history),
    results: outcomes.map((o) => {
      const uptime = uptimeOf(rollups.get(o.server), samples.get(o.server) ?? [], finishedAt);
      return {
        server: o.server,
        status: o.status,
        responseTime: o.responseTime,
        checkedAt: o.checkedAt,
        // A flapping server says so first, wherever its words go (cards, its page, the API, the export, notices).
        detail: o.flapping ? `${flappingWords(o.flapping.changes, o.flapping.minutes)}; ${o.detail}` : o.detail,
        ...(o.maintenance ? { maintenance: true as const } : {}),
        ...(o.certificateExpires ? { certificateExpires: o.certificateExpires } : {}),
        ...(o.status === "warning" && o.warningCause ? { warningCause: o.warningCause } : {}),
        ...(o.certificateWarned ? { certificateWarned: o.certificateWarned } : {}),
        ...(o.flapping ? { flapping: o.flapping } : {}),
        ...(o.places ? { places: o.places } : {}),
        ...heartbeatOf(o.heartbeat, before.get(o.server)?.heartbeat),
        uptimeUp: uptime.up,
        uptimeTotal: uptime.total,
        ...(uptime.since ? { uptimeSince: uptime.since } : {}),
      };
    }),
    performance: performanceOf(history, finishedAt),
  };
}

/** What the job keeps between runs: the raw runs, the last results, the alerts, and each server's rollups (by server id). */
export type CheckState = {
  history: CheckHistory;
  latest: LatestChecks | null;
  alerts: Alert[];
  rollups: ReadonlyMap<string, ServerRollup>;
};

/**
 * A server as a run judges it: how it is alerted, how many runs confirm a change, when its changes are flapping
 * (null: never), and the servers it cannot be reached without (servers.json's dependsOn; none when absent).
 */
export type RunServer = AlertedServer & { confirmRuns: ConfirmRuns; flapping: FlapSettings | null; dependsOn?: readonly string[] };

export type AppliedRun = CheckState & {
  /** the alerts this run wrote */
  fresh: Alert[];
  /** the confirmed changes of this run (none for a run older than the newest kept) */
  transitions: Transition[];
  /** servers whose check did not finish within the run's deadline: no sample, their last result carried over */
  unfinished: string[];
  /** a run that started before the newest one kept: its samples joined the history, nothing else changed */
  superseded: boolean;
  /** what was dropped or set aside, for the job's log */
  warnings: string[];
};

/** The newest moment a series of rollups holds (the start of its last hour or day). */
function lastOf(rollup: ServerRollup): number {
  const end = (from: string | null, length: number, unit: number, day: boolean) =>
    from === null ? Number.NEGATIVE_INFINITY : Date.parse(day ? `${from}T00:00:00.000Z` : from) + (length - 1) * unit;
  return Math.max(
    end(rollup.hourly.from, rollup.hourly.total.length, HOUR_MS, false),
    end(rollup.daily.from, rollup.daily.total.length, DAY_MS, true),
  );
}

/**
 * What the kept state holds that is stamped ahead of the machine's clock (by
 * more than FUTURE_TOLERANCE_MS), in words, or null. Then the clock went back
 * (a virtual machine restored from a snapshot, a board without a real-time
 * clock, a clock set right after running fast): a run stamped now would land
 * among older runs, its changes judged against later ones. It writes nothing,
 * so nothing kept is lost or misplaced, and the next run after the clock
 * passes the newest kept moment goes on as usual.
 */
export function aheadOfClock(state: CheckState, now: Date): string | null {
  const limit = now.getTime() + FUTURE_TOLERANCE_MS;
  const found: Array<{ at: number; what: string }> = [];
  const lastRun = state.history.runs.at(-1);
  if (lastRun && Date.parse(lastRun.at) > limit) found.push({ at: Date.parse(lastRun.at), what: "history.json's newest run" });
  if (state.latest && Date.parse(state.latest.startedAt) > limit)
    found.push({ at: Date.parse(state.latest.startedAt), what: "latest.json" });
  const alert = Math.max(
    Number.NEGATIVE_INFINITY,
    ...state.alerts.map((a) => alertTime(a.timestamp)?.getTime() ?? Number.NEGATIVE_INFINITY),
  );
  if (alert > limit) found.push({ at: alert, what: "alerts.json's newest alert" });
  let rollup = Number.NEGATIVE_INFINITY;
  for (const stored of state.rollups.values()) rollup = Math.max(rollup, lastOf(stored));
  if (rollup > limit) found.push({ at: rollup, what: "the rollups in servers/" });
  if (found.length === 0) return null;
  const newest = Math.max(...found.map((f) => f.at));
  const minutes = Math.ceil((newest - now.getTime()) / MINUTE_MS);
  const ahead = minutes >= 120 ? `${Math.round(minutes / 60)} hours` : `${minutes} minutes`;
  return (
    `this machine's clock (${now.toISOString()}) is ${ahead} behind what the job has kept (${found.map((f) => f.what).join(", ")}: up to ${new Date(newest).toISOString()}). ` +
    `Nothing was written, so nothing kept is lost; runs record again once the clock passes ${new Date(newest).toISOString()}. ` +
    "Set the clock right (NTP). If the clock is right now and those times came from a clock that ran fast, move content/checks/ aside to start afresh."
  );
}

/**
 * Whether this run's offline finishes a new server's first fall: the history
 * holds the server only in the runs before this one, every one of them
 * offline, and with this run as many as its check asks to agree. (A server
 * first seen is confirmed at what it shows; its fall is told once it is
 * confirmed as any fall is.)
 */
function firstFall(history: CheckHistory, server: string, runs: number, before: PreviousState | undefined): boolean {
  // Known, but not from the history (latest.json's, with history.json set aside): nothing says this is its first fall.
  if (before && !history.runs.some((run) => ownValue(run.results, server) !== undefined)) return false;
  let seen = 0;
  for (let i = history.runs.length - 1; i >= 0; i -= 1) {
    const entry = ownValue(history.runs[i].results, server);
    if (!entry) continue;
    if (entry[0] !== "x" || seen >= runs) return false;
    seen += 1;
  }
  return seen === runs - 1;
}

/** The previous state of each server: from the history, else from latest.json (a history set aside), else none (first seen). */
function previousOf(state: CheckState, servers: Iterable<string>): Map<string, PreviousState> {
  const previous = previousStates(state.history, servers);
  for (const result of state.latest?.results ?? []) {
    if (!previous.has(result.server))
      previous.set(result.server, {
        confirmed: result.status,
        at: result.checkedAt,
        pending: [],
        // Flapping is remembered in the history; with it set aside, latest.json still says so (a lost memory is no "settled").
        ...(result.flapping ? { flapping: true } : {}),
      });
  }
  return previous;
}

/** The kinds of alert a change of state writes first: a fall, a warning, a way back (from offline, or from a warning). */
function alertKindsOf(change: StateChange | null, from: MeasuredStatus): readonly AlertKind[] {
  if (change === "down") return ["offline"];
  if (from === "offline") return ["online"];
  return change === "degraded" ? ["slow", "cert", "places"] : ["normal", "renewed"];
}

/**
 * A change whose alert is already in alerts.json, newer than the last run the
 * history holds for the server, was written by a run that stopped before it
 * saved its history: it is not written twice.
 */
function alreadyAlerted(alerts: readonly Alert[], transition: Transition, since: number): boolean {
  const kinds: readonly AlertKind[] = transition.flapping
    ? [transition.flapping.event === "began" ? "flapping" : "settled"]
    : alertKindsOf(stateChange(transition.from, transition.to), transition.from);
  const server = transition.outcome.server;
  return alerts.some((a) => {
    const kind = alertKindOf(a.id, server);
    return kind !== null && kinds.includes(kind) && (alertTime(a.timestamp)?.getTime() ?? 0) > since;
  });
}

/** Whether alerts.json holds this server's alert of `kind` after `since` (ms): written by a run that stopped before its latest.json. */
function alertedSince(alerts: readonly Alert[], server: string, kind: AlertKind, since: number): boolean {
  return alerts.some((a) => alertKindOf(a.id, server) === kind && (alertTime(a.timestamp)?.getTime() ?? 0) > since);
}

/** How long a server went without results, in words: from its last result before to the one now ("a while" when unknown). */
const notCheckedWords = (now: { checkedAt: string }, before: { checkedAt: string } | undefined): string => {
  const span = before ? Date.parse(now.checkedAt) - Date.parse(before.checkedAt) : Number.NaN;
  return Number.isFinite(span) && span > 0 ? formatLongDuration(span) : "a while";
};

/** The alert of a server found without results for too long ("nocheck", a warning), or with results again ("checked", news). */
function uncheckedAlert(server: AlertedServer, at: string, kind: "nocheck" | "checked", message: string): Alert {
  return {
    id: alertId(server.id, at, kind),
    server: server.name,
    type: kind === "nocheck" ? "warning" : "info",
    message,
    ip: server.ip,
    location: server.location,
    timestamp: at,
  };
}

/**
 * Dependencies (#47), after a run's confirmed states are known: each server
 * confirmed offline without an answer behind one that is offline too gets that root's id as its
 * `cause` in latest.json (its page and the API say why it is unreachable). Its
 * fall is the root's: no alert of its own; the root's fall (in this run) names
 * it. Its return is the root's too: no alert of its own; the root's return (in
 * this run) names it. A server whose root came back while it is still down
 * falls on its own now, alerted as such.
 */
function attributeFalls(
  latest: LatestChecks,
  transitions: readonly Transition[],
  servers: ReadonlyMap<string, RunServer>,
  lastResults: ReadonlyMap<string, CheckResultRecord>,
): { transitions: Transition[]; dependents: Map<string, DependentsOf>; ownFalls: Alert[] } {
  const graph = new Map([...servers].flatMap(([id, s]) => (s.dependsOn && s.dependsOn.length > 0 ? [[id, s.dependsOn] as const] : [])));
  if (graph.size === 0 && ![...lastResults.values()].some((r) => r.cause !== undefined)) {
    return { transitions: [...transitions], dependents: new Map(), ownFalls: [] };
  }
  // A server without a result for too long has no state to be a cause by, nor to be caused.
  const states = new Map(latest.results.flatMap((r) => (r.notChecked ? [] : [[r.server, r.status] as const])));
  // One that answered (a wrong status, a failed condition) was reached: its fall is its own, whatever is behind it.
  const answered = new Set(latest.results.filter((r) => r.responseTime !== null).map((r) => r.server));
  // One already down on its own before (offline, no cause) stays its own: a dependency that falls later excuses none of it.
  const ownFall = (server: string) => {
    const last = lastResults.get(server);
    return last !== undefined && !last.notChecked && last.status === "offline" && last.cause === undefined;
  };
  const causes = new Map([...rootCauses(states, graph)].filter(([server]) => !answered.has(server) && !ownFall(server)));
  latest.results = latest.results.map(({ cause: _was, ...r }) => (causes.has(r.server) ? { ...r, cause: causes.get(r.server)! } : r));
  const dependents = new Map<string, DependentsOf>();
  const add = (root: string, server: string, key: keyof DependentsOf) => {
    const entry = dependents.get(root) ?? { fell: [], back: [] };
    entry[key].push(servers.get(server)?.name ?? server);
    dependents.set(root, entry);
  };
  const rootsBack = new Set(transitions.filter((t) => t.from === "offline" && t.to !== "offline").map((t) => t.outcome.server));
  const kept = transitions.filter((t) => {
    if (t.flapping) return true;
    const server = t.outcome.server;
    const cause = causes.get(server);
    if (t.to === "offline" && cause !== undefined) {
      add(cause, server, "fell");
      return false;
    }
    const was = lastResults.get(server)?.cause;
    if (t.from === "offline" && t.to !== "offline" && was !== undefined) {
      if (rootsBack.has(was)) add(was, server, "back");
      return false;
    }
    return true;
  });
  const ownFalls = latest.results.flatMap((r) => {
    const was = lastResults.get(r.server)?.cause;
    const server = servers.get(r.server);
    if (was === undefined || r.status !== "offline" || causes.has(r.server) || !server || r.notChecked) return [];
    const root = servers.get(was)?.name ?? was;
    return [
      {
        id: alertId(server.id, r.checkedAt, "offline"),
        server: server.name,
        type: "error" as const,
        message: `Server offline: ${r.detail} (it was unreachable because ${root} was down; ${root} is back, this server is not)`,
        ip: server.ip,
        location: server.location,
        timestamp: r.checkedAt,
      },
    ];
  });
  return { transitions: kept, dependents, ownFalls };
}

/**
 * One run applied to what the job kept (read under the lock): the history grows
 * (and stays bounded both ways in time), each server's confirmed status moves
 * only on agreeing runs, latest.json is written afresh, and confirmed changes
 * become alerts. A run that started before the newest one kept (runs that
 * overlapped and finished out of order) adds its samples to the history and
 * changes nothing else, so the results never go backwards.
 */
export function applyRun(
  state: CheckState,
  outcomes: readonly CheckOutcome[],
  servers: ReadonlyMap<string, RunServer>,
  startedAt: Date,
  finishedAt: Date,
  now: Date = finishedAt,
  unfinished: readonly string[] = [],
  /** of the unfinished, those whose places were too few for their quorum, and why (a merge of several places) */
  held: ReadonlyMap<string, string> = new Map(),
  /** when a server without results is "not checked" (monitoring.json's job.notCheckedAfterRuns), and why each unfinished one had none */
  noResult: { afterRuns?: number; why?: ReadonlyMap<string, string> } = {},
): AppliedRun {
  const kept = state;
  const warnings: string[] = [];
  const newestKept = Math.max(
    kept.latest ? Date.parse(kept.latest.startedAt) : Number.NEGATIVE_INFINITY,
    ...kept.history.runs.slice(-1).map((r) => Date.parse(r.at)),
  );
  const previous = previousOf(
    kept,
    outcomes.map((o) => o.server),
  );

  if (startedAt.getTime() < newestKept) {
    // Its samples still count in uptime; its statuses are judged against nothing newer: each keeps the confirmed state
    // of its time (the run before it), so the outages worked out from the runs do not move.
    const before = confirmedBefore(
      kept.history,
      outcomes.map((o) => o.server),
      startedAt.getTime(),
    );
    const samples = outcomes.map((o) => ({ ...o, confirmed: before.get(o.server) ?? previous.get(o.server)?.confirmed ?? o.status }));
    warnings.push(
      `this run started at ${startedAt.toISOString()}, before the newest run kept (${new Date(newestKept).toISOString()}): its results joined the history; latest.json and the alerts stay the newer run's.`,
    );
    const history = recordRun(kept.history, startedAt, samples);
    const rollups = rollUpAll(kept.rollups, history);
    return {
      ...kept,
      history,
      rollups,
      // With latest.json set aside (damaged), this run's results are the newest the pages can have.
      latest:
        kept.latest ??
        latestChecks(
          history,
          rollups,
          samples.map((o) => ({ ...o, status: o.confirmed })),
          startedAt,
          finishedAt,
        ),
      fresh: [],
      transitions: [],
      unfinished: [...unfinished],
      superseded: true,
      warnings,
    };
  }

  const transitions: Transition[] = [];
  const lastResults = new Map((kept.latest?.results ?? []).map((r) => [r.server, r]));
  const newestRunKept = kept.history.runs.length > 0 ? Date.parse(kept.history.runs.at(-1)!.at) : Number.NEGATIVE_INFINITY;
  const tell = (transition: Transition, before: PreviousState | undefined) => {
    // A server first seen has no run of its own to compare with: an alert newer than the newest run kept is this change's.
    if (!alreadyAlerted(kept.alerts, transition, before ? Date.parse(before.at) : newestRunKept)) transitions.push(transition);
  };
  const confirmed = outcomes.map((seen) => {
    const before = previous.get(seen.server);
    const server = servers.get(seen.server);
    const last = lastResults.get(seen.server);
    // From several places with some absent: a confirmed state their answers could have made stays (their absence changes nothing).
    const outcome: CheckOutcome =
      seen.either && before && seen.either.includes(before.confirmed) && before.confirmed !== seen.status
        ? {
            ...seen,
            status: before.confirmed,
            ...(before.confirmed === "warning" && last?.warningCause ? { warningCause: last.warningCause } : {}),
          }
        : seen;
    // In maintenance the confirmed status is held (no change, so no alert and no notice); what is seen meanwhile waits as
    // evidence, so a server still down when the window ends changes at once. A server first seen in a window (one being
    // set up, say) is held at online: what the work is expected to end with, so one still down after it is alerted.
    const status = outcome.maintenance
      ? (before?.confirmed ?? "online")
      : server
        ? confirmStatus(before, outcome.status, server.confirmRuns)
        : outcome.status;
    // Why a confirmed warning is one: this answer's cause when it is a warning, else the one it was confirmed for.
    const warningCause: Judgement["warningCause"] =
      status !== "warning" ? undefined : outcome.status === "warning" ? (outcome.warningCause ?? "slow") : last?.warningCause;
    // The certificate a confirmed certificate warning is about, kept from the run that confirmed it: a renewal seen while the
    // warning is still confirmed (confirmRuns.warning 2) must not pass for the certificate that was warned of.
    const certificateWarned =
      status === "warning" && warningCause === "certificate"
        ? (last?.certificateWarned ?? (outcome.warningCause === "certificate" ? outcome.certificateExpires : last?.certificateExpires))
        : undefined;
    // Flapping; held as it was in maintenance (where the state cannot change), and settled when it is no longer watched.
    const settings = server?.flapping ?? null;
    const wasFlapping = before?.flapping ?? false;
    const changes =
      settings === null || outcome.maintenance
        ? 0
        : changesSince(kept.history, outcome.server, Date.parse(outcome.checkedAt) - settings.minutes * MINUTE_MS, CODE[status]);
    // Settled means a whole window without a change: a history that does not reach back a window (set aside, damaged) cannot
    // say so, and a flapping server stays flapping until it can (#44: a damaged state sends no notice by itself).
    const windowLost =
      settings !== null &&
      (kept.history.runs.length === 0 ||
        Date.parse(kept.history.runs[0].at) > Date.parse(outcome.checkedAt) - settings.minutes * MINUTE_MS);
    const flapping = outcome.maintenance || (wasFlapping && windowLost) ? wasFlapping : isFlapping(wasFlapping, changes, settings);
    const minutes = settings?.minutes ?? last?.flapping?.minutes ?? DEFAULT_FLAPPING.minutes;
    if (flapping && !wasFlapping) {
      tell({ outcome, from: before?.confirmed ?? status, to: status, flapping: { event: "began", changes, minutes } }, before);
    } else if (!flapping && wasFlapping) {
      tell({ outcome, from: status, to: status, flapping: { event: "settled", changes, minutes } }, before);
    } else if (flapping) {
      // Its changes are recorded and counted; their alerts wait until it settles.
    } else if (before && status !== before.confirmed) {
      const fromCertificate =
        before.confirmed === "warning" && last?.warningCause === "certificate"
          ? { expires: last.certificateWarned ?? last.certificateExpires ?? null }
          : undefined;
      const fromUnreachable = before.confirmed === "warning" && last?.warningCause === "unreachable";
      const fromLate =
        before.confirmed === "warning" && (last?.warningCause === "late" || last?.warningCause === "unwatched")
          ? last.warningCause
          : undefined;
      tell(
        {
          outcome,
          from: before.confirmed,
          to: status,
          ...(fromCertificate ? { fromCertificate } : {}),
          ...(fromUnreachable ? { fromUnreachable: true as const } : {}),
          ...(fromLate ? { fromLate } : {}),
        },
        before,
      );
    } else if (
      status === "offline" &&
      !outcome.maintenance &&
      firstFall(kept.history, outcome.server, server?.confirmRuns.offline ?? 1, before)
    ) {
      // First seen, and down as long as its check asks: told like any fall (its return would otherwise be a story that
      // starts in the middle).
      tell({ outcome, from: "online", to: status, firstSeen: true }, before);
    }
    const flap: FlapInfo | undefined = !flapping
      ? undefined
      : outcome.maintenance && last?.flapping
        ? last.flapping
        : {
            since: wasFlapping ? (flappingSince(kept.history, outcome.server) ?? startedAt.toISOString()) : startedAt.toISOString(),
            changes: Math.max(1, changes),
            minutes,
          };
    return {
      ...outcome,
      status,
      observed: outcome.status,
      warningCause,
      ...(certificateWarned ? { certificateWarned } : {}),
      ...(flap ? { flapping: flap } : {}),
    };
  });
  const history = recordRun(
    kept.history,
    startedAt,
    confirmed.map((o) => ({
      server: o.server,
      status: o.observed,
      responseTime: o.responseTime,
      confirmed: o.status,
      maintenance: o.maintenance,
      flapping: o.flapping !== undefined,
      ...(o.places ? { places: o.places } : {}),
    })),
  );
  // One pass over the raw runs for both the rollups and latest.json's uptime.
  const samples = samplesByServer(history);
  const rollups = rollUpAll(kept.rollups, history, samples);
  const unchecked = [...rollups.keys()].filter((server) => !servers.has(server)).sort();
  if (unchecked.length > 0) {
    warnings.push(
      `servers/ holds the history of ${unchecked.length} server(s) this run did not check (${unchecked.slice(0, 10).join(", ")}${unchecked.length > 10 ? " …" : ""}): it is kept and ages like the others. A renamed server keeps its history when its file is renamed to <new id>.json.`,
    );
  }
  const latest = latestChecks(
    history,
    rollups,
    confirmed.map(({ observed: _observed, ...o }) => o),
    startedAt,
    finishedAt,
    samples,
    lastResults,
  );
  // A check that did not finish in time is no news: the server's last result stays (its time says how old it is), and
  // says why when too few places reported it (a reason of an earlier run no longer holds).
  const carried = new Set(unfinished);
  latest.results.push(
    ...(kept.latest?.results ?? [])
      .filter((r) => carried.has(r.server))
      .map(({ held: _before, ...r }) => (held.has(r.server) ? { ...r, held: held.get(r.server)! } : r)),
  );
  // A result too old is no state: "not checked" (and told once, both ways), never the last state shown as if fresh.
  const afterMs = notCheckedAfterMs({ notCheckedAfterRuns: noResult.afterRuns }, latest.intervalSeconds);
  const wasUnchecked = new Map((kept.latest?.results ?? []).flatMap((r) => (r.notChecked ? [[r.server, r.notChecked] as const] : [])));
  const checkedAgain: Alert[] = [];
  latest.results = latest.results.map((r) => {
    const { notChecked: before, ...rest } = r;
    if (!carried.has(r.server)) {
      const was = wasUnchecked.get(r.server);
      const server = servers.get(r.server);
      if (was && server && !alertedSince(kept.alerts, r.server, "checked", Date.parse(was.foundAt))) {
        checkedAgain.push(
          uncheckedAlert(
            server,
            r.checkedAt,
            "checked",
            `Results again after ${notCheckedWords(r, lastResults.get(r.server))} without any: ${r.detail}`,
          ),
        );
      }
      return rest;
    }
    const age = finishedAt.getTime() - Date.parse(r.checkedAt);
    if (afterMs === null || !(age >= afterMs)) return rest;
    const reason = held.get(r.server) ?? noResult.why?.get(r.server) ?? "its check had no result in the newest run";
    const foundAt = before?.foundAt ?? finishedAt.toISOString();
    const server = servers.get(r.server);
    if (!before && server && !alertedSince(kept.alerts, r.server, "nocheck", Date.parse(r.checkedAt))) {
      checkedAgain.push(uncheckedAlert(server, foundAt, "nocheck", `No result for ${formatLongDuration(age)}: ${reason}`));
    }
    return { ...rest, notChecked: { foundAt, reason } };
  });
  const attributed = attributeFalls(latest, transitions, servers, lastResults);
  // This run's checks of the servers unreachable because of a dependency are marked so in the history and the rollups.
  const caused = latest.results.filter((r) => r.cause !== undefined && !carried.has(r.server)).map((r) => r.server);
  const fresh = [...transitionAlerts(attributed.transitions, servers, attributed.dependents), ...attributed.ownFalls, ...checkedAgain];
  return {
    history: caused.length > 0 ? markCaused(history, startedAt, caused) : history,
    rollups: caused.length > 0 ? rollUpCaused(rollups, samples, history, startedAt.getTime(), caused) : rollups,
    latest,
    alerts: keepAlerts(kept.alerts, fresh, now),
    fresh,
    transitions: attributed.transitions,
    unfinished: [...unfinished],
    superseded: false,
    warnings,
  };
}
