/**
 * A server's outages: the stretches its confirmed state was offline, each from
 * the run that confirmed it down to the run that found it back (null while it
 * lasts), kept with its rollups for 400 days so a month's report can count
 * its downtime, its outages, the longest one and the time they took to
 * recover, long after the raw runs and the 30 days of alerts are gone.
 *
 * Like the rollups, they are worked out from the raw runs' confirmed states
 * while the runs last (the same however often it is done), and kept as they
 * were once older: an outage that began before the raw runs keeps its start,
 * and one the raw runs find over at their first run (no run came for two days)
 * ends there, the first time it was seen up.
 * Runs that never came inside an outage are part of it (nothing said it ended);
 * a server checked inside a maintenance window keeps the state it had, so an
 * outage runs on through a window only when it was down before it.
 */

/** An outage: from when, and until when (ms since the epoch; null: still down at the newest run). */
export type Outage = { from: number; to: number | null };

/** On disk: [from, to] as ISO times, to null while it lasts. */
export type StoredOutage = [string, string | null];

/** A run of a server as the outages read it: its time, and whether its confirmed state was offline. */
export type ConfirmedSample = { at: number; down: boolean };

/** The outages a server's runs show, oldest first (runs in time order). */
export function outagesOf(runs: readonly ConfirmedSample[]): Outage[] {
  const outages: Outage[] = [];
  let open: Outage | null = null;
  for (const run of runs) {
    if (run.down && open === null) {
      open = { from: run.at, to: null };
      outages.push(open);
    } else if (!run.down && open !== null) {
      open.to = run.at;
      open = null;
    }
  }
  return outages;
}

/**
 * The stored outages brought up to the raw runs: those that ended at or before
 * the first raw run are kept as they were; the rest are worked out from the
 * runs, the first keeping the start of a stored one it continues; outages
 * that ended before `keepFrom` are dropped.
 */
export function updateOutages(stored: readonly Outage[], runs: readonly ConfirmedSample[], keepFrom: number): Outage[] {
  if (runs.length === 0) return stored.filter((o) => o.to === null || o.to >= keepFrom);
  const firstRun = runs[0].at;
  const kept = stored.filter((o) => o.to !== null && o.to <= firstRun);
  const fresh = outagesOf(runs);
  // Down since before the raw runs: the stored outage that reached into them says since when.
  const continued = stored.find((o) => o.from < firstRun && (o.to === null || o.to > firstRun));
  if (continued && fresh.length > 0 && fresh[0].from === firstRun) fresh[0] = { ...fresh[0], from: continued.from };
  // Down before the raw runs and up at the first of them (no run came for two days in between): it ended by then.
  else if (continued) kept.push({ from: continued.from, to: firstRun });
  return [...kept, ...fresh].filter((o) => o.to === null || o.to >= keepFrom);
}

export const storeOutages = (outages: readonly Outage[]): StoredOutage[] =>
  outages.map((o) => [new Date(o.from).toISOString(), o.to === null ? null : new Date(o.to).toISOString()]);

export const readOutages = (stored: readonly StoredOutage[] | undefined): Outage[] =>
  (stored ?? []).map(([from, to]) => ({ from: Date.parse(from), to: to === null ? null : Date.parse(to) }));
