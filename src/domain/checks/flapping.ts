/**
 * Flapping: a server whose confirmed state changes too often to be news each
 * time (Nagios's name and answer). A server failing every other run would
 * otherwise page all night: a "down" and a "back online" every ten minutes.
 *
 * A server flaps when its confirmed state changed more than `changes` times
 * within the last `minutes` (4 times in 60 minutes unless told: a server that
 * failed twice in an hour, and came back twice, is not flapping; a third fall
 * is). It is told once that it flaps, then not of each change; it has settled
 * once a whole window passes without a change, and that is told once, with the
 * state it settled in. Its changes still count in the history, the uptime and
 * the rollups: only the alerts and notices of each change are held back.
 *
 * The memory is the history: each run records which servers flap after it.
 */
import { ownValue } from "../kernel/records";

/** The runs as history.json keeps them (domain/checks/history.ts), as far as flapping reads them. */
type Runs = { runs: ReadonlyArray<{ at: string; results: Record<string, readonly unknown[]>; flapping?: readonly string[] }> };

/** A check's (or monitoring.json's) flapping: more than `changes` changes within `minutes` is flapping; false: never. */
export type FlapConfig = false | { changes?: number; minutes?: number };
export type FlapSettings = { changes: number; minutes: number };

export const DEFAULT_FLAPPING: FlapSettings = { changes: 4, minutes: 60 };

/** The settings a check flaps by (its own over the site's), or null when flapping is not watched. */
export function flapSettings(own: FlapConfig | undefined, site: FlapConfig | undefined): FlapSettings | null {
  if (own === false || (own === undefined && site === false)) return null;
  const siteSettings = site === false || site === undefined ? {} : site;
  return {
    changes: own?.changes ?? siteSettings.changes ?? DEFAULT_FLAPPING.changes,
    minutes: own?.minutes ?? siteSettings.minutes ?? DEFAULT_FLAPPING.minutes,
  };
}

/**
 * How many times a server's confirmed state changed in the runs after `since`
 * (ms), the run that brings `now` (its confirmed code) counted too. Reads only
 * the runs of the window and the one before it.
 */
export function changesSince(history: Runs, server: string, since: number, now: string | null): number {
  const codes: string[] = [];
  let baseline: string | null = null;
  for (let i = history.runs.length - 1; i >= 0; i -= 1) {
    const run = history.runs[i];
    const entry = ownValue(run.results, server);
    if (!entry) continue;
    const confirmed = String(entry[2] ?? entry[0]);
    if (Date.parse(run.at) <= since) {
      baseline = confirmed;
      break;
    }
    codes.push(confirmed);
  }
  codes.reverse();
  if (now !== null) codes.push(now);
  let changes = 0;
  let previous = baseline;
  for (const code of codes) {
    if (previous !== null && code !== previous) changes += 1;
    previous = code;
  }
  return changes;
}

/** Whether a server flaps after this run: too many changes in the window, or flapping before and not yet a whole window still. */
export function isFlapping(wasFlapping: boolean, changes: number, settings: FlapSettings | null): boolean {
  if (settings === null) return false;
  return changes > settings.changes || (wasFlapping && changes > 0);
}

/** When a server's flapping began: the first of the newest runs in a row that record it flapping; null when the last did not. */
export function flappingSince(history: Runs, server: string): string | null {
  let since: string | null = null;
  for (let i = history.runs.length - 1; i >= 0; i -= 1) {
    const run = history.runs[i];
    if (!ownValue(run.results, server)) continue;
    if (!run.flapping?.includes(server)) break;
    since = run.at;
  }
  return since;
}

/** "flapping: its state changed 6 times in 60 min": a flapping server's words. */
export const flappingWords = (changes: number, minutes: number) => `flapping: its state changed ${changes} times in ${minutes} min`;
