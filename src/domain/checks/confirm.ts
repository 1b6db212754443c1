/**
 * A server changes state on evidence, not on one sample. Each run observes a
 * status; the confirmed status (what pages show, what alerts and notifications
 * act on) moves to it only once `confirmRuns` consecutive runs agree: by
 * default 2 between online and warning (one slow answer is not a slow server),
 * 1 into and out of offline (a failed check was already tried twice within
 * its run).
 *
 * The memory is the history itself: every run records what it observed and
 * what was confirmed after it, so the previous state survives a damaged or
 * missing latest.json, and a server seen for the first time starts confirmed
 * at what it shows, without an alert.
 */
import { ownValue } from "../kernel/records";
import { CODE, STATUS_OF, type CheckHistory, type StatusCode } from "./history";
import type { ConfirmRuns } from "./definition";
import type { MeasuredStatus } from "./outcome";

/** The most runs a change may need (the schemas' maximum of confirmRuns). */
const MAX_CONFIRM_RUNS = 20;

/** What is known of a server before this run. */
export type PreviousState = {
  /** confirmed after the last run that checked it */
  confirmed: MeasuredStatus;
  /** when that run was */
  at: string;
  /** observations in a row, newest first, that differ from the confirmed status */
  pending: StatusCode[];
  /** flapping after that run (domain/checks/flapping.ts) */
  flapping?: boolean;
};

/** The newest run of the history that checked each server, and the observations since its confirmed status. */
export function previousStates(history: CheckHistory, servers: Iterable<string>): Map<string, PreviousState> {
  const states = new Map<string, PreviousState>();
  for (const server of servers) {
    for (let i = history.runs.length - 1; i >= 0; i -= 1) {
      const entry = ownValue(history.runs[i].results, server);
      if (!entry) continue;
      const confirmed = entry[2] ?? entry[0];
      const pending: StatusCode[] = [];
      for (let j = i; j >= 0 && pending.length < MAX_CONFIRM_RUNS; j -= 1) {
        const older = ownValue(history.runs[j].results, server);
        if (!older) continue;
        if (older[0] === confirmed || (older[2] ?? older[0]) !== confirmed) break;
        pending.push(older[0]);
      }
      const flapping = history.runs[i].flapping?.includes(server) ?? false;
      states.set(server, { confirmed: STATUS_OF[confirmed], at: history.runs[i].at, pending, ...(flapping ? { flapping } : {}) });
      break;
    }
  }
  return states;
}

/** How many runs in a row must see `to` before a server confirmed `from` changes to it. */
export function runsNeeded(from: MeasuredStatus, to: MeasuredStatus, confirm: ConfirmRuns): number {
  return from === "offline" || to === "offline" ? confirm.offline : confirm.warning;
}

/**
 * The confirmed status after this run's observation. Only the newest
 * observations in a row that agree with this one count: a server that swings
 * between two states never gathers a streak.
 */
export function confirmStatus(previous: PreviousState | undefined, observed: MeasuredStatus, confirm: ConfirmRuns): MeasuredStatus {
  if (!previous) return observed;
  if (observed === previous.confirmed) return observed;
  let streak = 1;
  for (const code of previous.pending) {
    if (code !== CODE[observed]) break;
    streak += 1;
  }
  return streak >= runsNeeded(previous.confirmed, observed, confirm) ? observed : previous.confirmed;
}
