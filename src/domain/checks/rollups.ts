/**
 * Each server's history past the raw runs: content/checks/servers/<id>.json,
 * one file per server (10,000 servers never make one huge file), holding
 * hourly rollups for 35 days and daily (UTC) rollups for 400 days. A rollup
 * says how many checks there were, how many were up (online or warning), how
 * many of those were timed (answered), and the median and 95th percentile of
 * their milliseconds (null when none: never 0).
 *
 * The raw runs (history.json, 48 hours) are the truth while they last: every
 * hour and day that starts inside the raw window is worked out again from them
 * on every run (exact, the same however often it is done, and right for a run
 * that finishes late); an older one is kept as it was last worked out, which
 * was while the raw runs still held all of it (a day ends 24 hours after it
 * starts, the raw window is 48 hours).
 *
 * On disk each series is columns from a start: `from` (the first hour or day
 * held) and one array per figure, one entry per hour or day from there (an
 * hour without checks is 0 checks, null times), so an hour costs about
 * 17 bytes and a full-age server about 25 KB (docs/operators.md, "Sizes").
 *
 * Checks from several places add each place's figures (`places`, absent from
 * one place): the checks that reached the server from there and the median
 * and 95th percentile of their milliseconds, as columns beside the others.
 *
 * Medians and percentiles cannot be added up, so the times are also kept as
 * sketches (domain/checks/timeSketch.ts) that can: each day's for the last
 * SKETCH_DAYS days (`sketch`, a text per day), and before that each month's
 * (`months`: the days of the month that left the daily sketches, added up).
 * Any stretch of those days, and any month of the 400 days, then has its
 * median, p95 and p99 within 1.5 %. Days from before the sketches existed have
 * none (null): nothing is made up for them.
 *
 * One piece (about 490 lines): the columns on disk, the figures worked out of
 * the runs and the folding of old days are one format; split, a column could be
 * written by one file and forgotten by the one that reads it back (the
 * maintenance column once was). The sketches' and outages' own rules are in
 * timeSketch.ts and outages.ts.
 */
import { RAW_HISTORY_HOURS, type CheckHistory, type CheckHistoryV1, type StatusCode } from "./history";
import { newRecord, ownValue } from "../kernel/records";
import { DAY_MS, HOUR_MS } from "../kernel/time";
import { addSketchText, decodeSketch, encodeSketch, mergeSketches, sketchOf, type TimeSketch } from "./timeSketch";
import { readOutages, storeOutages, updateOutages, type StoredOutage } from "./outages";

export const HOURLY_ROLLUP_DAYS = 35;
export const DAILY_ROLLUP_DAYS = 400;
/** Days whose own time sketch is kept (two 31-day months: a month against the one before); older days are added into their month's. */
const SKETCH_DAYS = 62;

/**
 * One place's figures of an hour or a day: the checks timed from there (they reached the server), their median and 95th
 * percentile, and (days only, for the last SKETCH_DAYS) their time sketch, so a month's percentiles a place can be made.
 */
export type PlaceRollup = { answered: number; median: number | null; p95: number | null; sketch?: string };

/** One hour's or one day's checks of a server. */
export type Rollup = {
  up: number;
  /** checks outside maintenance: the uptime counts these */
  total: number;
  /** checks that were up and timed; null: not known (a day carried over from a version 1 history.json, which kept no times) */
  answered: number | null;
  median: number | null;
  p95: number | null;
  /** checks made inside a maintenance window, in none of the other figures (absent when none) */
  maintenance?: number;
  /** checks counted in total (and not up) that found the server unreachable because a server it depends on was down (absent when none) */
  caused?: number;
  /** checks from several places: each place's figures (absent from one place) */
  places?: Record<string, PlaceRollup>;
  /** days only: the timed checks' sketch as its text for the last SKETCH_DAYS; "" for an older day's, added into its month's; absent when not kept */
  sketch?: string;
};

/** One place's columns in a series. */
type PlaceColumns = { answered: number[]; median: Array<number | null>; p95: Array<number | null>; sketch?: Array<string | null> };

/** Consecutive hours or days from `from` (ISO 8601: an hour's start; a UTC date for days), as columns. */
export type RollupSeries = {
  from: string | null;
  up: number[];
  total: number[];
  answered: Array<number | null>;
  median: Array<number | null>;
  p95: Array<number | null>;
  /** absent when the series holds no check made in maintenance (most servers, most of the time: the file stays as it was) */
  maintenance?: number[];
  /** absent when the series holds no check unreachable because of a dependency (HistoryRun.caused) */
  caused?: number[];
  /** each place's columns, when checks came from several places in the series (absent from one place) */
  places?: Record<string, PlaceColumns>;
  /** days only: each day's time sketch, null where not kept (absent when the series holds none) */
  sketch?: Array<string | null>;
};

export type ServerRollup = {
  version: 1;
  server: string;
  hourly: RollupSeries;
  daily: RollupSeries;
  /** "yyyy-mm" -> the time sketch of that month's days older than the daily sketches, added up (absent when none yet) */
  months?: Record<string, string>;
  /** the stretches its confirmed state was offline, for 400 days (domain/checks/outages.ts; absent when none) */
  outages?: StoredOutage[];
};

/** Rollups by the start of their hour or day (ms since the epoch). */
export type RollupMap = Map<number, Rollup>;

const emptySeries = (): RollupSeries => ({ from: null, up: [], total: [], answered: [], median: [], p95: [] });
export const emptyRollup = (server: string): ServerRollup => ({ version: 1, server, hourly: emptySeries(), daily: emptySeries() });

export const hourStart = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;
export const dayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/** The start (ms) of a series' first hour, or of its first day (a UTC date). */
const seriesStart = (from: string, unitMs: number) => Date.parse(unitMs === DAY_MS ? `${from}T00:00:00.000Z` : from);

/** The places with checks timed at entry i of a series' place columns, or null when none. */
function placesAt(columns: Record<string, PlaceColumns>, i: number): Record<string, PlaceRollup> | null {
  const at = newRecord<PlaceRollup>();
  for (const [place, c] of Object.entries(columns)) {
    const sketch = c.sketch?.[i] ?? null;
    if (c.answered[i] > 0)
      at[place] = { answered: c.answered[i], median: c.median[i], p95: c.p95[i], ...(sketch !== null ? { sketch } : {}) };
  }
  return Object.keys(at).length > 0 ? at : null;
}

/** A series as a map, the hours or days without checks left out. */
export function seriesMap(series: RollupSeries, unitMs: number): RollupMap {
  const map: RollupMap = new Map();
  if (series.from === null) return map;
  const from = seriesStart(series.from, unitMs);
  series.total.forEach((total, i) => {
    const maintenance = series.maintenance?.[i] ?? 0;
    if (total > 0 || maintenance > 0) {
      const places = series.places ? placesAt(series.places, i) : null;
      const sketch = series.sketch?.[i] ?? null;
      // Never more than the checks that were down: a caused check is one of those.
      const caused = Math.min(series.caused?.[i] ?? 0, total - series.up[i]);
      map.set(from + i * unitMs, {
        up: series.up[i],
        total,
        answered: series.answered[i],
        median: series.median[i],
        p95: series.p95[i],
        ...(maintenance > 0 ? { maintenance } : {}),
        ...(caused > 0 ? { caused } : {}),
        ...(places ? { places } : {}),
        ...(sketch !== null ? { sketch } : {}),
      });
    }
  });
  return map;
}

/** A map as a series from its first hour or day with checks to its last. */
export function mapSeries(map: RollupMap, unitMs: number): RollupSeries {
  const starts = [...map.keys()].sort((a, b) => a - b);
  if (starts.length === 0) return emptySeries();
  const first = starts[0];
  const length = (starts.at(-1)! - first) / unitMs + 1;
  const series: RollupSeries = {
    from: unitMs === DAY_MS ? new Date(first).toISOString().slice(0, 10) : new Date(first).toISOString(),
    up: Array.from({ length }, () => 0),
    total: Array.from({ length }, () => 0),
    answered: Array.from({ length }, () => 0),
    median: Array.from({ length }, () => null),
    p95: Array.from({ length }, () => null),
  };
  const inMaintenance = [...map.values()].some((r) => (r.maintenance ?? 0) > 0);
  if (inMaintenance) series.maintenance = Array.from({ length }, () => 0);
  if ([...map.values()].some((r) => (r.caused ?? 0) > 0)) series.caused = Array.from({ length }, () => 0);
  if ([...map.values()].some((r) => r.sketch !== undefined)) series.sketch = Array.from({ length }, () => null);
  const placeNames = [...new Set([...map.values()].flatMap((r) => Object.keys(r.places ?? {})))].sort();
  if (placeNames.length > 0) {
    series.places = Object.fromEntries(
      placeNames.map((place) => [
        place,
        {
          answered: Array.from({ length }, () => 0),
          median: Array.from({ length }, () => null),
          p95: Array.from({ length }, () => null),
          ...([...map.values()].some((r) => r.places?.[place]?.sketch !== undefined)
            ? { sketch: Array.from({ length }, (): string | null => null) }
            : {}),
        } satisfies PlaceColumns,
      ]),
    );
  }
  for (const [start, r] of map) {
    const i = (start - first) / unitMs;
    series.up[i] = r.up;
    series.total[i] = r.total;
    series.answered[i] = r.answered;
    series.median[i] = r.median;
    series.p95[i] = r.p95;
    if (series.maintenance) series.maintenance[i] = r.maintenance ?? 0;
    if (series.caused) series.caused[i] = r.caused ?? 0;
    if (series.sketch) series.sketch[i] = r.sketch ?? null;
    for (const [place, figures] of Object.entries(r.places ?? {})) {
      const columns = series.places![place];
      columns.answered[i] = figures.answered;
      columns.median[i] = figures.median;
      columns.p95[i] = figures.p95;
      if (columns.sketch) columns.sketch[i] = figures.sketch ?? null;
    }
  }
  return series;
}

/** The median of sorted numbers (the mean of the middle two for an even count), in whole milliseconds as the checks are. */
export function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

/** The 95th percentile of sorted numbers, by nearest rank: the smallest value with at least 95 % of them at or below it. */
export function p95(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.ceil(0.95 * sorted.length) - 1];
}

/**
 * A check as the rollups count it: its time, whether it was up, its
 * milliseconds when up and timed, whether it was made in maintenance, and from
 * several places each place's milliseconds (null: no answer from there).
 */
export type Sample = {
  at: number;
  up: boolean;
  ms: number | null;
  maintenance?: boolean;
  places?: Record<string, number | null>;
  /** its confirmed state after the run was offline (absent when not) */
  down?: true;
  /** unreachable because a server it depends on was down (HistoryRun.caused; absent when not) */
  caused?: true;
};

/** Each place the checks came from (by name) with its figures over them (a day's with its sketch); a place that never reached the server has answered 0. */
export function placeFigures(samples: readonly Sample[], withSketch = false): Array<[string, PlaceRollup]> {
  const times = new Map<string, number[]>();
  for (const sample of samples) {
    for (const place in sample.places) {
      let list = times.get(place);
      if (!list) times.set(place, (list = []));
      const ms = sample.places[place];
      if (ms !== null) list.push(ms);
    }
  }
  return [...times]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([place, list]) => {
      list.sort((a, b) => a - b);
      const sketch = withSketch && list.length > 0 ? { sketch: encodeSketch(sketchOf(list)) } : {};
      return [place, { answered: list.length, median: median(list), p95: p95(list), ...sketch }];
    });
}

/** Each place's figures of some checks (those outside maintenance), or null when none came from several places. */
function placeRollups(counted: readonly Sample[], withSketch: boolean): Record<string, PlaceRollup> | null {
  const figures = placeFigures(counted, withSketch).filter(([, f]) => f.answered > 0);
  return figures.length > 0 ? Object.fromEntries(figures) : null;
}

/** The rollup of some checks (a day's with its time sketch): those made in maintenance are counted apart, and in nothing else. */
function rollupOf(samples: readonly Sample[], withSketch = false): Rollup {
  const counted = samples.filter((s) => !s.maintenance);
  const times = counted.flatMap((s) => (s.up && s.ms !== null ? [s.ms] : [])).sort((a, b) => a - b);
  const places = placeRollups(counted, withSketch);
  const caused = counted.filter((s) => s.caused && !s.up).length;
  return {
    ...(withSketch && times.length > 0 ? { sketch: encodeSketch(sketchOf(times)) } : {}),
    up: counted.filter((s) => s.up).length,
    total: counted.length,
    answered: times.length,
    median: median(times),
    p95: p95(times),
    ...(samples.length > counted.length ? { maintenance: samples.length - counted.length } : {}),
    ...(caused > 0 ? { caused } : {}),
    ...(places ? { places } : {}),
  };
}

const isUp = (code: StatusCode) => code !== "x";

/** The newest run of the history (ms), or null. */
export const newestRun = (history: CheckHistory): number | null => (history.runs.length === 0 ? null : Date.parse(history.runs.at(-1)!.at));

/** Runs at or before this are no longer in the raw window of a history whose newest run is `newest` (recordRun keeps later ones). */
const rawWindowStart = (newest: number) => newest - RAW_HISTORY_HOURS * HOUR_MS;

/** Every server's checks in the raw runs, in time order (one pass over the runs, whatever the number of servers). */
export function samplesByServer(history: CheckHistory): Map<string, Sample[]> {
  const samples = new Map<string, Sample[]>();
  for (const run of history.runs) {
    const at = Date.parse(run.at);
    const inMaintenance = run.maintenance ? new Set(run.maintenance) : null;
    const caused = run.caused ? new Set(run.caused) : null;
    // for…in, not Object.entries: at 10,000 servers and 48 hours of runs, millions of pairs made for nothing.
    for (const server in run.results) {
      const [code, ms, confirmed = code] = ownValue(run.results, server)!;
      let list = samples.get(server);
      if (!list) samples.set(server, (list = []));
      const sample: Sample = inMaintenance?.has(server) ? { at, up: isUp(code), ms, maintenance: true } : { at, up: isUp(code), ms };
      if (confirmed === "x") sample.down = true;
      if (caused?.has(server)) sample.caused = true;
      const byPlace = ownValue(run.places?.ms, server);
      if (byPlace) sample.places = Object.fromEntries(run.places!.names.map((name, i) => [name, byPlace[i] ?? null]));
      list.push(sample);
    }
  }
  return samples;
}

function group(samples: readonly Sample[], floor: (ms: number) => number, after: number): Map<number, Sample[]> {
  const groups = new Map<number, Sample[]>();
  for (const sample of samples) {
    const start = floor(sample.at);
    if (start <= after) continue;
    let list = groups.get(start);
    if (!list) groups.set(start, (list = []));
    list.push(sample);
  }
  return groups;
}

/**
 * A server's rollups brought up to its raw samples: every hour and day that
 * starts inside the raw window (after `windowStart`) is worked out from the
 * samples; older ones are kept; hours older than 35 days and days older than
 * 400 (counted back from the hour and day holding `newest`) are dropped.
 */
export function updateRollup(stored: ServerRollup, samples: readonly Sample[], newest: number): ServerRollup {
  const windowStart = rawWindowStart(newest);
  const refresh = (series: RollupSeries, unitMs: number, floor: (ms: number) => number, keep: number) => {
    const map = seriesMap(series, unitMs);
    for (const start of [...map.keys()]) if (start > windowStart || start < keep) map.delete(start);
    for (const [start, list] of group(samples, floor, windowStart)) if (start >= keep) map.set(start, rollupOf(list, unitMs === DAY_MS));
    return map;
  };
  const dailyKeep = dayStart(newest) - (DAILY_ROLLUP_DAYS - 1) * DAY_MS;
  const days = refresh(stored.daily, DAY_MS, dayStart, dailyKeep);
  // A day's sketch older than SKETCH_DAYS is added into its month's (it is final: far outside the raw runs).
  const months = new Map(Object.entries(stored.months ?? {}));
  const sketchKeep = dayStart(newest) - (SKETCH_DAYS - 1) * DAY_MS;
  for (const [start, rollup] of days) {
    // "" is a day already added into its month's
    if (start >= sketchKeep || rollup.sketch === undefined || rollup.sketch === "") continue;
    const month = monthKey(start);
    const before = months.has(month) ? decodeSketch(months.get(month)!) : new Map<number, number>();
    months.set(
      month,
      encodeSketch(mergeSketches([before ?? new Map<number, number>(), decodeSketch(rollup.sketch) ?? new Map<number, number>()])),
    );
    // The day keeps "": its times are in its month's (a day from before the sketches has none, and says nothing).
    // Each place's sketch is kept SKETCH_DAYS only: a month's percentiles a place are those of its days still kept.
    days.set(start, { ...rollup, sketch: "", ...(rollup.places ? { places: withoutSketches(rollup.places) } : {}) });
  }
  // A month's sketch goes when its first day leaves the 400 days: it would hold times of days no longer kept.
  for (const month of [...months.keys()]) if (Date.parse(`${month}-01T00:00:00.000Z`) < dailyKeep) months.delete(month);
  const outages = updateOutages(
    readOutages(stored.outages),
    samples.map((s) => ({ at: s.at, down: s.down === true })),
    dailyKeep,
  );
  return {
    version: 1,
    server: stored.server,
    hourly: mapSeries(refresh(stored.hourly, HOUR_MS, hourStart, hourStart(newest) - (HOURLY_ROLLUP_DAYS * 24 - 1) * HOUR_MS), HOUR_MS),
    daily: mapSeries(days, DAY_MS),
    ...(months.size > 0 ? { months: Object.fromEntries([...months].sort(([a], [b]) => a.localeCompare(b))) } : {}),
    ...(outages.length > 0 ? { outages: storeOutages(outages) } : {}),
  };
}

const withoutSketches = (places: Record<string, PlaceRollup>): Record<string, PlaceRollup> =>
  Object.fromEntries(Object.entries(places).map(([place, { sketch: _sketch, ...figures }]) => [place, figures]));

/** "yyyy-mm" of the UTC month holding a time. */
const monthKey = (ms: number): string => new Date(ms).toISOString().slice(0, 7);

/**
 * The times of some UTC days of a server, as one sketch: each day's own where
 * it is kept, and the months' for the days added into them (a whole month
 * asked for). `days` holds the days' starts; `covered` says how many of the
 * asked days with timed checks had their times kept.
 */
export function sketchOfDays(
  rollup: ServerRollup,
  days: readonly number[],
  // its days as a map, when the caller has it already (a report asks for every month of a server)
  map: RollupMap = seriesMap(rollup.daily, DAY_MS),
): { sketch: TimeSketch; kept: number; timed: number } {
  // Each day's text added straight into the stretch's sketch: no sketch a day, no merge.
  const sketch: TimeSketch = new Map();
  // the folded days asked for, by month: a month's sketch counts only when all its folded days are asked for
  const folded = new Map<string, number>();
  let kept = 0;
  let timed = 0;
  for (const start of days) {
    const day = map.get(start);
    // a day with answers; one from a version 1 history (answered not known) had some when it had checks up
    if (!day || (day.answered ?? day.up) === 0) continue;
    timed += 1;
    if (day.sketch === "" && rollup.months?.[monthKey(start)] !== undefined) {
      folded.set(monthKey(start), (folded.get(monthKey(start)) ?? 0) + 1);
    } else if (day.sketch && addSketchText(day.sketch, sketch)) {
      kept += 1;
    }
  }
  for (const [month, asked] of folded) {
    // Part of a folded month (a period a reader picked): its days' own times are gone, so they count as not kept.
    if (asked < foldedDays(map, month)) continue;
    if (addSketchText(rollup.months![month], sketch)) kept += asked;
  }
  return { sketch, kept, timed };
}

/** How many days of `month` (yyyy-mm) were folded into its sketch (their own sketch is ""), with answers. */
function foldedDays(map: RollupMap, month: string): number {
  const [year, m] = month.split("-").map(Number);
  let n = 0;
  for (let start = Date.UTC(year, m - 1, 1); start < Date.UTC(year, m, 1); start += DAY_MS) {
    const day = map.get(start);
    if (day?.sketch === "" && (day.answered ?? day.up) > 0) n += 1;
  }
  return n;
}

/**
 * A version 1 history.json (runs, and one tally per server per UTC day) as
 * version 2 and daily rollups: each day's tally becomes the day's checks and
 * checks up, without times (that version kept none); the runs stay as they are.
 */
export function upgradeHistory(v1: CheckHistoryV1): { history: CheckHistory; rollups: Map<string, ServerRollup> } {
  const days = new Map<string, RollupMap>();
  for (const [date, tallies] of Object.entries(v1.days)) {
    const start = Date.parse(`${date}T00:00:00.000Z`);
    for (const [server, [total, up]] of Object.entries(tallies)) {
      let map = days.get(server);
      if (!map) days.set(server, (map = new Map<number, Rollup>()));
      map.set(start, { up, total, answered: null, median: null, p95: null });
    }
  }
  const rollups = new Map<string, ServerRollup>();
  for (const [server, map] of days) rollups.set(server, { ...emptyRollup(server), daily: mapSeries(map, DAY_MS) });
  return { history: { version: 2, runs: v1.runs }, rollups };
}

/** A stored rollup with the days of another (a converted version 1 history) that it does not hold. */
export function withMissingDays(stored: ServerRollup, other: ServerRollup): ServerRollup {
  const map = seriesMap(stored.daily, DAY_MS);
  for (const [start, rollup] of seriesMap(other.daily, DAY_MS)) if (!map.has(start)) map.set(start, rollup);
  return { ...stored, daily: mapSeries(map, DAY_MS) };
}

/**
 * Checks up and all checks of a server over the last UTC_DAYS (30) UTC days,
 * today included, those made in maintenance left out, from its daily rollups (brought up to the raw runs), and
 * since when they count: the time of its first check when the raw runs still
 * hold every check of that first day, else the start of that day.
 */
export function uptimeOf(
  rollup: ServerRollup | undefined,
  samples: readonly Sample[],
  now: Date,
  days = 30,
): { up: number; total: number; since: string | null } {
  const from = dayStart(now.getTime()) - (days - 1) * DAY_MS;
  let up = 0;
  let total = 0;
  let firstDay: number | null = null;
  const daily = rollup ? seriesMap(rollup.daily, DAY_MS) : new Map<number, Rollup>();
  for (const [start, r] of daily) {
    if (start < from || start > now.getTime()) continue;
    up += r.up;
    total += r.total;
    // Checks made in maintenance count in no uptime: a day that had only those does not start it.
    if (r.total > 0 && (firstDay === null || start < firstDay)) firstDay = start;
  }
  if (firstDay === null) return { up, total, since: null };
  const kept = samples.filter((s) => !s.maintenance && dayStart(s.at) === firstDay);
  const whole = kept.length > 0 && kept.length === daily.get(firstDay)!.total;
  return { up, total, since: whole ? new Date(kept[0].at).toISOString() : new Date(firstDay).toISOString() };
}

/** The checks up and all checks (maintenance left out) of the last `hours` hours (the hour holding `now` included), from the hourly rollups. */
export function uptimeOverHours(rollup: ServerRollup | undefined, now: Date, hours: number): { up: number; total: number } {
  const from = hourStart(now.getTime()) - (hours - 1) * HOUR_MS;
  let up = 0;
  let total = 0;
  if (rollup) {
    for (const [start, r] of seriesMap(rollup.hourly, HOUR_MS)) {
      if (start < from || start > now.getTime()) continue;
      up += r.up;
      total += r.total;
    }
  }
  return { up, total };
}

/** Why a rollup file that matches its schema still cannot be read (columns of different lengths), or null. */
export function rollupColumnsProblem(rollup: ServerRollup): string | null {
  for (const key of ["hourly", "daily"] as const) {
    const series = rollup[key];
    const lengths = [
      series.up,
      series.total,
      series.answered,
      series.median,
      series.p95,
      ...(series.maintenance ? [series.maintenance] : []),
      ...(series.caused ? [series.caused] : []),
      ...(series.sketch ? [series.sketch] : []),
      ...Object.values(series.places ?? {}).flatMap((c) => [c.answered, c.median, c.p95, ...(c.sketch ? [c.sketch] : [])]),
    ].map((column) => column.length);
    if (lengths.some((n) => n !== lengths[0])) return `its ${key} columns differ in length (${lengths.join(", ")})`;
    if ((series.from === null) !== (lengths[0] === 0)) return `its ${key} columns and their start disagree`;
    const damaged = series.sketch?.findIndex((text) => text !== null && decodeSketch(text) === null) ?? -1;
    if (damaged >= 0) return `its ${key} sketch ${damaged} is not a time sketch`;
    for (const [place, c] of Object.entries(series.places ?? {})) {
      const bad = c.sketch?.findIndex((text) => text !== null && decodeSketch(text) === null) ?? -1;
      if (bad >= 0) return `its ${key} sketch ${bad} from ${place} is not a time sketch`;
    }
  }
  const month = Object.entries(rollup.months ?? {}).find(([, text]) => decodeSketch(text) === null);
  if (month) return `its sketch of ${month[0]} is not a time sketch`;
  return null;
}

/**
 * Every server's rollups brought up to the raw runs: the servers the runs hold
 * and those with a rollup already (a server no longer checked keeps its
 * history, aged by the same rules).
 */
export function rollUpAll(
  stored: ReadonlyMap<string, ServerRollup>,
  history: CheckHistory,
  samples: ReadonlyMap<string, readonly Sample[]> = samplesByServer(history),
): Map<string, ServerRollup> {
  const newest = newestRun(history);
  const rollups = new Map<string, ServerRollup>();
  if (newest === null) return new Map(stored);
  for (const server of new Set([...stored.keys(), ...samples.keys()])) {
    rollups.set(server, updateRollup(stored.get(server) ?? emptyRollup(server), samples.get(server) ?? [], newest));
  }
  return rollups;
}

/**
 * The rollups again for the servers that a run at `at` found unreachable
 * because of a dependency, their checks of that run marked so (the run's causes
 * are known only after its states, so after rollUpAll: domain/checks/run.ts).
 * `samples` are the raw runs' (samplesByServer), marked here too.
 */
export function rollUpCaused(
  rollups: ReadonlyMap<string, ServerRollup>,
  samples: ReadonlyMap<string, Sample[]>,
  history: CheckHistory,
  at: number,
  servers: readonly string[],
): Map<string, ServerRollup> {
  const newest = newestRun(history);
  const updated = new Map(rollups);
  if (newest === null) return updated;
  for (const server of servers) {
    const list = samples.get(server);
    const sample = list?.find((s) => s.at === at);
    if (!list || !sample || sample.caused) continue;
    sample.caused = true;
    updated.set(server, updateRollup(rollups.get(server) ?? emptyRollup(server), list, newest));
  }
  return updated;
}
