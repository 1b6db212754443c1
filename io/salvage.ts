/**
 * What of a damaged history.json or rollup file can be kept (#44): both are
 * written a line per run and a line per column (io/jobFiles.ts formatHistory,
 * formatRollup), so a damaged line costs its run, or its column's figures
 * (refilled with the values the format reads as "no data": no checks, times
 * not kept), and every other line is read on its own. Pure: text in, what is
 * kept and what was lost in words out; io/jobFiles.ts keeps the damaged file
 * aside and writes the rest back.
 *
 * One piece (about 420 lines): the reading of one layout, line by line, with
 * the rule for each kind of line it can meet.
 */
import { type CheckHistory, type HistoryRun } from "../src/domain/checks/history";
import path from "node:path";
import { emptyRollup, type RollupSeries, type ServerRollup } from "../src/domain/checks/rollups";
import { decodeSketch } from "../src/domain/checks/timeSketch";
import { CHECK_HISTORY_FILE, CHECK_ROLLUP_FILE, serverOfRollupFile } from "../src/domain/content/files";
import { validators } from "../src/domain/content/schemaIssues";

/** Line numbers in words: "line 7", "lines 7 and 12", "lines 7, 12, 40 … (23 lines)". */
export function linesInWords(lines: readonly number[]): string {
  if (lines.length === 1) return `line ${lines[0]}`;
  if (lines.length > 10) return `lines ${lines.slice(0, 10).join(", ")} … (${lines.length} lines)`;
  return `lines ${lines.slice(0, -1).join(", ")} and ${lines.at(-1)}`;
}

/** What the job can keep of a damaged file: its value, the damaged lines (from 1), and what was kept and lost, in words. */
export type Salvaged<T> = { value: T; lines: number[]; said: string };

/** Why one run, as a line of history.json holds it, is not one (its schema's words), or null. */
function runProblem(run: unknown): string | null {
  const validate = validators().get(CHECK_HISTORY_FILE.name)!;
  if (validate({ version: 2, runs: [run] })) return null;
  const error = validate.errors?.[0];
  return `${(error?.instancePath ?? "").replace(/^\/runs\/0/, "") || "/"} ${error?.message ?? ""}`.trim();
}

/**
 * The longest stretch of `times` in order (each at or after the one before), by
 * their indices: the runs to keep when some went back in time, so that one run
 * whose time was damaged costs itself, not every run after it.
 */
function longestInOrder(times: readonly number[]): Set<number> {
  // tails[k]: the index ending the best stretch of length k + 1 found so far (its time the least possible)
  const tails: number[] = [];
  const before: number[] = [];
  times.forEach((time, i) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (times[tails[middle]] <= time) low = middle + 1;
      else high = middle;
    }
    before[i] = low > 0 ? tails[low - 1] : -1;
    tails[low] = i;
  });
  const kept = new Set<number>();
  for (let i = tails.length > 0 ? tails[tails.length - 1] : -1; i >= 0; i = before[i]) kept.add(i);
  return kept;
}

/** Damaged lines in words: each with what it was, or only their numbers when there are many. */
function damageInWords(damaged: ReadonlyArray<{ line: number; why: string }>): string {
  if (damaged.length === 0) return "no line is damaged beyond its frame";
  if (damaged.length > 5) return `${linesInWords(damaged.map((d) => d.line))} are damaged`;
  return damaged.map((d) => `line ${d.line} ${d.why}`).join("; ");
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * What can be kept of a damaged history.json laid out as formatHistory writes
 * it: every line that is one run by the schema, in the file's order of time
 * (a run whose time goes back before the runs around it is damaged too: the
 * longest stretch in order is kept); null when no run can be kept, or for a
 * version 1 file (its day tallies are converted once, on the first run of
 * version 2: a damaged one is set aside whole, as before).
 */
export function salvageHistory(text: string): Salvaged<CheckHistory> | null {
  const lines = text.split("\n");
  // Version 1 is told by its days (the schema requires them), not by its first line: a damaged digit there costs nothing.
  if (lines.some((line) => line.trim() === '"days":{')) return null;
  let last = lines.length - 1;
  while (last > 0 && lines[last].trim() === "") last -= 1;
  const frame = new Set(['{"version":2,', '"runs":[', "]}", '"runs":[]}']);
  const runs: Array<{ line: number; run: HistoryRun; at: number }> = [];
  const damaged: Array<{ line: number; why: string; runs: number }> = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i].trim();
    if (line === "" || frame.has(line)) continue;
    // The runs it held: each starts so; a line of the frame (the first two, the last) held none.
    const held = Math.max((line.match(/\{"at":/g) ?? []).length, i <= 1 || i >= last ? 0 : 1);
    let run: unknown;
    try {
      run = JSON.parse(line.endsWith(",") ? line.slice(0, -1) : line);
    } catch {
      damaged.push({ line: i + 1, why: "is not valid JSON", runs: held });
      continue;
    }
    const problem = runProblem(run);
    const at = problem === null ? Date.parse((run as HistoryRun).at) : Number.NaN;
    if (problem !== null || Number.isNaN(at)) {
      damaged.push({ line: i + 1, why: `is not a run (${problem ?? "its time is not one"})`, runs: held });
      continue;
    }
    runs.push({ line: i + 1, run: run as HistoryRun, at });
  }
  const inOrder = longestInOrder(runs.map((r) => r.at));
  runs.forEach((r, k) => {
    if (!inOrder.has(k)) damaged.push({ line: r.line, why: "goes back in time before the runs around it", runs: 1 });
  });
  const kept = runs.filter((_, k) => inOrder.has(k)).map((r) => r.run);
  if (kept.length === 0) return null;
  damaged.sort((a, b) => a.line - b.line);
  const lost = damaged.reduce((sum, d) => sum + d.runs, 0);
  const cost = lost > 0 ? ": every server's hours and days of the last 48 hours lack their checks" : "";
  return {
    value: { version: 2, runs: kept },
    lines: damaged.map((d) => d.line),
    said: `${damageInWords(damaged)}. ${plural(kept.length, "run")} ${kept.length === 1 ? "was" : "were"} kept, ${lost} lost${cost}.`,
  };
}

type SeriesName = "hourly" | "daily";
const SERIES_NAMES: readonly SeriesName[] = ["hourly", "daily"];

/** A series' columns in the order formatRollup writes them (mapSeries makes them so); its places come after them. */
const SERIES_COLUMNS: Record<SeriesName, readonly string[]> = {
  hourly: ["up", "total", "answered", "median", "p95", "maintenance", "caused"],
  daily: ["up", "total", "answered", "median", "p95", "maintenance", "caused", "sketch"],
};
const PLACE_COLUMNS: readonly string[] = ["answered", "median", "p95", "sketch"];

const rollupSchema = CHECK_ROLLUP_FILE.schema;
const SERIES_FROM: Record<SeriesName, RegExp> = {
  hourly: new RegExp(rollupSchema.properties.hourly.properties.from.pattern),
  daily: new RegExp(rollupSchema.properties.daily.properties.from.pattern),
};
const SKETCH_TEXT = new RegExp(rollupSchema.properties.daily.properties.sketch.items.pattern);

/** A column as read from its line. */
type ReadColumn = { values: unknown[]; line: number };
type ReadPlace = { line: number; columns: Map<string, ReadColumn> };
type ReadSeries = { from: string | null; line: number; columns: Map<string, ReadColumn>; places: Map<string, ReadPlace> };
/**
 * Where the next column line belongs: a series (and one of its places), the
 * file's top, or nowhere that can be told. A place whose start was damaged
 * (`placeLost`) holds the lines up to the next place's start: they are lost,
 * the series' other places are not.
 */
type Where =
  { series: SeriesName; place: ReadPlace | null; placeName: string; placesBegun: boolean; placeLost: boolean } | "top" | "unknown";

const parsedOrUndefined = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * A line of formatRollup's that holds one key and its value, with the braces
 * that end it (closing a place, the places, a series, the file): the key, the
 * value and how many braces closed; null when the line is not one.
 */
function keyValueOf(line: string): { key: string; value: unknown; closers: number } | null {
  let body = line.endsWith(",") ? line.slice(0, -1) : line;
  for (let closers = 0; closers <= 4; closers += 1) {
    const read = parsedOrUndefined(`{${body}}`);
    if (read !== undefined) {
      const keys = Object.keys(read as object);
      return keys.length === 1 ? { key: keys[0], value: (read as Record<string, unknown>)[keys[0]], closers } : null;
    }
    if (!body.endsWith("}")) return null;
    body = body.slice(0, -1);
  }
  return null;
}

/** A rollup file's lines read on their own: the series' starts and columns, months and outages, and the lines that could not be. */
function readRollupLines(text: string) {
  const series = new Map<SeriesName, ReadSeries>();
  let months: { value: unknown; line: number } | null = null;
  let outages: { value: unknown; line: number } | null = null;
  const damaged: Array<{ line: number; why: string }> = [];
  // A holder, not a variable: where the next line belongs is worked out from where the last one did.
  const at: { where: Where } = { where: "top" };
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i += 1) {
    const line = i + 1;
    const text = lines[i].trim();
    if (text === "") continue;
    if (i === 0 && text.startsWith('{"version":')) {
      // The version (1, the only one) and the server (the file's name says whose it is): nothing to keep from it.
      if (parsedOrUndefined(`${text.endsWith(",") ? text.slice(0, -1) : text}}`) === undefined) damaged.push({ line, why: "(its first)" });
      continue;
    }
    const start = /^"(hourly|daily)":\{/.exec(text);
    if (start) {
      const name = start[1] as SeriesName;
      const read = parsedOrUndefined(`{${text.endsWith(",") ? text.slice(0, -1) : text}}}`) as
        Record<string, { from?: unknown }> | undefined;
      const from = read?.[name]?.from;
      if (!series.has(name) && (from === null || (typeof from === "string" && SERIES_FROM[name].test(from)))) {
        series.set(name, { from, line, columns: new Map(), places: new Map() });
        at.where = { series: name, place: null, placeName: "", placesBegun: false, placeLost: false };
      } else {
        damaged.push({ line, why: `(the start of the ${name} series)` });
        at.where = "unknown";
      }
      continue;
    }
    const here: Where = at.where;
    if (text === '"places":{') {
      at.where =
        typeof here === "object" ? { series: here.series, place: null, placeName: "", placesBegun: true, placeLost: false } : "unknown";
      continue;
    }
    const placeStart = /^("(?:[^"\\]|\\.)*"):\{$/.exec(text);
    if (placeStart) {
      const name = parsedOrUndefined(placeStart[1]);
      const places: Map<string, ReadPlace> | null = typeof here === "object" ? series.get(here.series)!.places : null;
      if (typeof here === "object" && places && typeof name === "string" && !places.has(name)) {
        const place: ReadPlace = { line, columns: new Map() };
        places.set(name, place);
        at.where = { series: here.series, place, placeName: name, placesBegun: true, placeLost: false };
      } else if (typeof here === "object") {
        damaged.push({ line, why: `(the start of a place of the ${here.series} series)` });
        at.where = { series: here.series, place: null, placeName: "", placesBegun: true, placeLost: true };
      } else {
        damaged.push({ line, why: "(the start of a place whose series could not be told)" });
      }
      continue;
    }
    const item = keyValueOf(text);
    const context = typeof here === "object" ? `${here.series}${here.place ? ` ${here.placeName}` : ""}` : "";
    if (item === null) {
      const key = /^"([A-Za-z0-9_-]{1,20})":/.exec(text)?.[1];
      damaged.push({ line, why: key ? `(${context ? `${context} ` : ""}${key})` : "" });
      // A damaged line that opened something (only places and their list do: a series' start ends with its from): what follows
      // it up to the next place belongs to a place that cannot be told.
      if (text.endsWith("{")) {
        at.where =
          typeof here === "object" ? { series: here.series, place: null, placeName: "", placesBegun: true, placeLost: true } : "unknown";
      }
      continue;
    }
    if (item.key === "months" || item.key === "outages") {
      if ((item.key === "months" ? months : outages) !== null) damaged.push({ line, why: `(${item.key} a second time)` });
      else if (item.key === "months") months = { value: item.value, line };
      else outages = { value: item.value, line };
      at.where = "top";
      continue;
    }
    if (typeof here !== "object" || here.placeLost) {
      damaged.push({ line, why: `(${item.key} of a series or place whose start was damaged)` });
      continue;
    }
    if (!Array.isArray(item.value)) {
      damaged.push({ line, why: `(${context} ${item.key}: not a column)` });
      continue;
    }
    const target = here.place ?? series.get(here.series)!;
    const order = here.place ? PLACE_COLUMNS : SERIES_COLUMNS[here.series];
    const rank = order.indexOf(item.key);
    // A column out of formatRollup's order (or a series' column after its places) belongs to a series or place whose start was damaged.
    if (rank < 0 || [...target.columns.keys()].some((k) => order.indexOf(k) >= rank) || (here.place === null && here.placesBegun)) {
      damaged.push({ line, why: `(${item.key} of a series or place whose start was damaged)` });
      // A place's column: another place of this series; anything else: another series.
      at.where =
        here.place !== null && PLACE_COLUMNS.includes(item.key)
          ? { series: here.series, place: null, placeName: "", placesBegun: true, placeLost: true }
          : "unknown";
      continue;
    }
    target.columns.set(item.key, { values: item.value as unknown[], line });
    // The braces that end the line close the place, the places and the series (formatRollup closes them on the last column's line).
    if (here.place !== null) {
      if (item.closers >= 3) at.where = "top";
      else if (item.closers >= 1) at.where = { series: here.series, place: null, placeName: "", placesBegun: true, placeLost: false };
    } else if (item.closers >= 1) at.where = "top";
  }
  return { series, months, outages, damaged };
}

const isCount = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0;
const isCountOrNull = (v: unknown) => v === null || isCount(v);
const isMs = (v: unknown) => v === null || (typeof v === "number" && v >= 0);
const isSketchText = (v: unknown) => v === null || (typeof v === "string" && SKETCH_TEXT.test(v) && decodeSketch(v) !== null);

/** The length most of a series' columns have (the one `total` has among equals): a column of another length lost entries. */
function seriesLength(read: ReadSeries): number {
  const columns = [...read.columns.values(), ...[...read.places.values()].flatMap((p) => [...p.columns.values()])];
  const counts = new Map<number, number>();
  for (const c of columns) counts.set(c.values.length, (counts.get(c.values.length) ?? 0) + 1);
  const total = read.columns.get("total")?.values.length;
  let best = -1;
  for (const [length, count] of counts) {
    const bestCount = counts.get(best) ?? 0;
    if (count > bestCount || (count === bestCount && length === total)) best = length;
  }
  return Math.max(best, 0);
}

/**
 * A series rebuilt from its lines: an hour's or a day's figures are kept
 * wherever their lines were read, and what was lost is refilled with what the
 * format already says for "not known" (the reason is in the report of #44):
 * - its counts (up and total go together: one without the other would be a
 *   false uptime): 0 checks, so the hour or day holds none (seriesMap leaves
 *   it out), with its times and places' figures;
 * - its times (answered, median and p95 go together): answered null, median
 *   and p95 null, "checks whose times were not kept", as a day carried over
 *   from a version 1 history (answered is 0 where nothing was up);
 * - a day's time sketch: null, not kept;
 * - its checks in maintenance: 0;
 * - its checks unreachable because of a dependency: 0 (they count as down, as
 *   they were measured);
 * - a place's figures: none from that place that hour or day; a place whose
 *   answered, median or p95 line is lost is lost whole.
 * A series whose start is lost cannot be placed in time and is lost whole.
 */
function rebuiltSeries(name: SeriesName, read: ReadSeries | undefined, losses: string[], damaged: Array<{ line: number; why: string }>) {
  const unit = name === "hourly" ? "hour" : "day";
  const empty: RollupSeries = { from: null, up: [], total: [], answered: [], median: [], p95: [] };
  if (read === undefined) {
    losses.push(`its ${name} series`);
    return empty;
  }
  const n = seriesLength(read);
  if (read.from === null || n === 0) {
    if (read.from !== null || [...read.columns.values()].some((c) => c.values.length > 0)) losses.push(`its ${name} series`);
    return empty;
  }
  const column = (holder: Map<string, ReadColumn>, key: string, where: string): unknown[] | null => {
    const c = holder.get(key);
    if (c === undefined) return null;
    if (c.values.length === n) return c.values;
    damaged.push({ line: c.line, why: `(${where}${key}: ${c.values.length} entries where the series has ${n})` });
    return null;
  };
  const get = (key: string) => {
    const values = column(read.columns, key, `${name} `);
    if (values === null && read.columns.has(key) && key === "maintenance") losses.push(`the checks in maintenance of its ${unit}s`);
    if (values === null && read.columns.has(key) && key === "caused")
      losses.push(`the checks of its ${unit}s unreachable because of a dependency`);
    if (values === null && read.columns.has(key) && key === "sketch") losses.push(`the time sketches of its ${unit}s`);
    return values;
  };
  const [up, total, answered, median, p95, maintenance, caused, sketch] = [
    "up",
    "total",
    "answered",
    "median",
    "p95",
    "maintenance",
    "caused",
    "sketch",
  ].map(get);
  const series: RollupSeries = { from: read.from, up: [], total: [], answered: [], median: [], p95: [] };
  const counted: boolean[] = [];
  let countsLost = 0;
  let timesLost = 0;
  let sketchesLost = 0;
  for (let i = 0; i < n; i += 1) {
    counted[i] = up !== null && total !== null && isCount(up[i]) && isCount(total[i]);
    const timed =
      counted[i] && answered !== null && median !== null && p95 !== null && isCountOrNull(answered[i]) && isMs(median[i]) && isMs(p95[i]);
    series.up.push(counted[i] ? (up![i] as number) : 0);
    series.total.push(counted[i] ? (total![i] as number) : 0);
    const noneUp = !counted[i] || series.up[i] === 0;
    series.answered.push(timed ? (answered[i] as number | null) : noneUp ? 0 : null);
    series.median.push(timed ? (median[i] as number | null) : null);
    series.p95.push(timed ? (p95[i] as number | null) : null);
    if (!counted[i]) countsLost += 1;
    else if (!timed && !noneUp) timesLost += 1;
  }
  if (maintenance !== null) series.maintenance = maintenance.map((v) => (isCount(v) ? v : 0));
  if (caused !== null) series.caused = caused.map((v) => (isCount(v) ? v : 0));
  if (sketch !== null) {
    series.sketch = sketch.map((v, i) => {
      const keep = counted[i] && isSketchText(v);
      if (!keep && counted[i]) sketchesLost += 1;
      return keep ? (v as string | null) : null;
    });
  }
  const places: NonNullable<RollupSeries["places"]> = {};
  for (const [place, read_] of read.places) {
    const where = `${name} ${place} `;
    const [a, m, q, s] = PLACE_COLUMNS.map((key) => column(read_.columns, key, where));
    if (a === null || m === null || q === null) {
      losses.push(`the ${name} figures from ${place}`);
      continue;
    }
    const ok = (i: number) => counted[i] && isCount(a[i]) && isMs(m[i]) && isMs(q[i]);
    places[place] = {
      answered: a.map((v, i) => (ok(i) ? (v as number) : 0)),
      median: m.map((v, i) => (ok(i) ? (v as number | null) : null)),
      p95: q.map((v, i) => (ok(i) ? (v as number | null) : null)),
      ...(s !== null ? { sketch: s.map((v, i) => (ok(i) && isSketchText(v) ? (v as string | null) : null)) } : {}),
    };
  }
  if (Object.keys(places).length > 0) series.places = places;
  if (countsLost > 0) losses.push(`the checks of ${plural(countsLost, unit)}`);
  if (timesLost > 0) losses.push(`the response times of ${plural(timesLost, unit)} (now "not kept")`);
  if (sketchesLost > 0) losses.push(`the time sketches of ${plural(sketchesLost, unit)}`);
  return series;
}

/** Whether a rollup with only this added (months or outages) matches the schema: one entry checked on its own. */
const rollupAccepts = (part: Partial<ServerRollup>) => validators().get(CHECK_ROLLUP_FILE.name)!({ ...emptyRollup("x"), ...part }) === true;

/**
 * What can be kept of a damaged rollup file laid out as formatRollup writes it
 * (see rebuiltSeries for what a lost line costs); months and outages are kept
 * entry by entry; null when no series could be read at all.
 */
export function salvageRollup(text: string, file: string): Salvaged<ServerRollup> | null {
  const read = readRollupLines(text);
  if (read.series.size === 0 && read.months === null && read.outages === null) return null;
  const losses: string[] = [];
  const damaged = [...read.damaged];
  const [hourly, daily] = SERIES_NAMES.map((name) => rebuiltSeries(name, read.series.get(name), losses, damaged));
  const rollup: ServerRollup = { version: 1, server: serverOfRollupFile(path.basename(file)) ?? "unknown", hourly, daily };
  if (read.months !== null) {
    const value = read.months.value;
    const entries = value !== null && typeof value === "object" && !Array.isArray(value) ? Object.entries(value) : [];
    const months = entries.filter(([month, sketch]) => rollupAccepts({ months: { [month]: sketch as string } }) && isSketchText(sketch));
    if (entries.length === 0) losses.push("its months' time sketches");
    else if (months.length < entries.length) losses.push(`the time sketches of ${plural(entries.length - months.length, "month")}`);
    if (months.length > 0) rollup.months = Object.fromEntries(months);
  }
  if (read.outages !== null) {
    const items: unknown[] = Array.isArray(read.outages.value) ? read.outages.value : [];
    const outages = items.filter((outage) => rollupAccepts({ outages: [outage as [string, string | null]] })) as ServerRollup["outages"] &
      unknown[];
    if (items.length === 0) losses.push("its outages (the reports' downtime)");
    else if (outages.length < items.length) losses.push(`${plural(items.length - outages.length, "outage")} (the reports' downtime)`);
    if (outages.length > 0) rollup.outages = outages;
  }
  if (hourly.from === null && daily.from === null && !rollup.months && !rollup.outages) return null;
  damaged.sort((a, b) => a.line - b.line);
  const lost = losses.length > 0 ? `Lost: ${losses.join("; ")}.` : "Nothing else was lost.";
  const said =
    damaged.length === 0
      ? "no line is damaged beyond its frame"
      : damaged.map((d) => `line ${d.line}${d.why ? ` ${d.why}` : ""}`).join(", ");
  return {
    value: rollup,
    lines: damaged.map((d) => d.line),
    said: `damaged ${said}. ${lost} ${rollup.server} keeps its other columns and days.`,
  };
}
