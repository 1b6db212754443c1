/** @jest-environment node */
/**
 * Damage loses only what is damaged (#44): a history.json or a rollup file
 * with damaged lines keeps every run and every column its other lines hold,
 * the file as it was is kept beside it, and the warning names the lines. Real
 * files in a temporary folder, read by the job's own readers; generated damage
 * (fast-check) over files made by the job's own functions.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { formatHistory, formatRollup, readJobFileForBuild, readRollups, readState, rollupChecker } from "../../../io/jobFiles";
import { emptyHistory, markCaused, recordRun, type CheckHistory, type RecordedResult } from "../../../src/domain/checks/history";
import { emptyRollup, newestRun, samplesByServer, seriesMap, updateRollup, type ServerRollup } from "../../../src/domain/checks/rollups";
import { validators } from "../../../src/domain/content/schemaIssues";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "../../../src/domain/kernel/time";
import { placesSeen } from "../fixtures";

/** The folders a test made, removed after it (a generated test makes hundreds). */
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const contentWith = (files: Record<string, string | Buffer>) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "damaged-"));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, "checks", name)), { recursive: true });
    fs.writeFileSync(path.join(dir, "checks", name), text);
  }
  return dir;
};
const asideOf = (folder: string, name: string) => fs.readdirSync(folder).filter((f) => f.startsWith(`${name}.damaged-`));

/** Run i of a history: three servers, one of them from three places, some in maintenance, some confirmed otherwise, some flapping. */
const resultsOf = (i: number): RecordedResult[] => [
  { server: "a", status: i % 17 === 5 ? "offline" : "online", responseTime: i % 17 === 5 ? null : 40 + (i % 9), confirmed: "online" },
  { server: "b", status: "online", responseTime: 100 + (i % 13), places: placesSeen([90 + (i % 5), i % 11 === 0 ? null : 50, 30]) },
  { server: "c", status: i % 3 === 0 ? "warning" : "online", responseTime: 300 + i, maintenance: i % 20 < 3, flapping: i % 29 === 1 },
];

/** A history of `runs` runs five minutes apart (at most 48 hours' worth, the job's raw window). */
function historyOf(runs: number): CheckHistory {
  let history = emptyHistory();
  for (let i = 0; i < runs; i += 1) history = recordRun(history, new Date(Date.UTC(2026, 10, 20) + i * 5 * MINUTE_MS), resultsOf(i));
  return history;
}

describe("history.json with damaged lines", () => {
  const history = historyOf(576);
  const text = formatHistory(history);

  it("one bad line in the middle of 576 runs: the 575 others are kept, the file as it was is kept aside, the warning names the line", () => {
    const lines = text.split("\n");
    // line 300 of the file (run 298): a flipped byte that makes it JSON no more
    lines[299] = lines[299].replace('"results"', '"res\u0000ults"');
    const damaged = lines.join("\n");
    const dir = contentWith({ "history.json": damaged });
    const warnings: string[] = [];
    const state = readState(dir, (w) => warnings.push(w));

    expect(state.history.runs).toEqual(history.runs.filter((_, k) => k !== 297));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^history\.json could not be read whole \(it is not valid JSON .*\): line 300 is not valid JSON\. 575 runs were kept, 1 lost: every server's hours and days of the last 48 hours lack their checks\. The file as it was is kept as history\.json\.damaged-\S+\.$/,
    );
    const folder = path.join(dir, "checks");
    const [aside] = asideOf(folder, "history.json");
    expect(fs.readFileSync(path.join(folder, aside), "utf8")).toBe(damaged);
    // written back at once: a run that then writes nothing (a clock behind) loses nothing
    expect(fs.readFileSync(path.join(folder, "history.json"), "utf8")).toBe(formatHistory(state.history));
    // and the next read finds nothing wrong
    const again: string[] = [];
    expect(readState(dir, (w) => again.push(w)).history).toEqual(state.history);
    expect(again).toEqual([]);
  });

  it("a run that does not match the schema of one run goes, and the schema's words say why", () => {
    const lines = text.split("\n");
    lines[10] = lines[10].replace('"a":["o"', '"a":["q"');
    const warnings: string[] = [];
    const state = readState(contentWith({ "history.json": lines.join("\n") }), (w) => warnings.push(w));
    expect(state.history.runs).toHaveLength(575);
    expect(warnings[0]).toMatch(
      /\(it does not match its schema .*\): line 11 is not a run \(\/results\/a\/0 must be equal to one of the allowed values\)\./,
    );
  });

  it("a run whose time is damaged goes, forward or back, and costs no run after it", () => {
    const lines = text.split("\n");
    const forward = JSON.parse(lines[100].slice(0, -1)) as { at: string };
    lines[100] = lines[100].replace(forward.at, "2027-01-01T00:00:00.000Z");
    const back = JSON.parse(lines[400].slice(0, -1)) as { at: string };
    lines[400] = lines[400].replace(back.at, "2026-11-20T00:01:00.000Z");
    // and the file's frame cut, so it is not JSON as a whole
    lines[1] = '"runs":';
    const warnings: string[] = [];
    const state = readState(contentWith({ "history.json": lines.join("\n") }), (w) => warnings.push(w));
    expect(state.history.runs).toEqual(history.runs.filter((_, k) => k !== 98 && k !== 398));
    expect(warnings[0]).toContain(
      "line 2 is not valid JSON; line 101 goes back in time before the runs around it; line 401 goes back in time before the runs around it. 574 runs were kept, 2 lost",
    );
  });

  it("a file cut short keeps every whole run before the cut", () => {
    const cut = text.slice(0, text.indexOf('{"at":', text.length / 2) + 20);
    const state = readState(contentWith({ "history.json": cut }), () => {});
    const whole = cut.split("\n").length - 3;
    expect(state.history.runs).toEqual(history.runs.slice(0, whole));
  });

  it("a file with nothing to keep (or of version 1) is set aside whole and starts afresh, as before", () => {
    const run = '{"at":"2026-11-21T12:00:00.000Z","results":{}}';
    // cut short in its first line; of version 1 (its day tallies are converted once)
    for (const damaged of ['{"version": 2, "runs": [', `{"version":1,\n"runs":[\n${run},\n"days":{\n`]) {
      const dir = contentWith({ "history.json": damaged });
      const warnings: string[] = [];
      expect(readState(dir, (w) => warnings.push(w)).history).toEqual(emptyHistory());
      expect(warnings[0]).toMatch(
        /^history\.json could not be read: it is not valid JSON .* It was moved to history\.json\.damaged-.* and starts afresh: /,
      );
      expect(fs.existsSync(path.join(dir, "checks", "history.json"))).toBe(false);
      expect(fs.readFileSync(path.join(dir, "checks", asideOf(path.join(dir, "checks"), "history.json")[0]), "utf8")).toBe(damaged);
    }
  });

  it("what is kept is written back at once; when the disk refuses it, the damaged file stays in place and the run goes on with what was kept", () => {
    const lines = text.split("\n");
    lines[3] = "\u0000";
    const damaged = lines.join("\n");
    const dir = contentWith({ "history.json": damaged });
    const write = fs.writeFileSync;
    jest.spyOn(fs, "writeFileSync").mockImplementation((file, ...rest) => {
      if (typeof file === "number") throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
      return write(file, ...rest);
    });
    const warnings: string[] = [];
    try {
      expect(readState(dir, (w) => warnings.push(w)).history.runs).toHaveLength(575);
    } finally {
      jest.restoreAllMocks();
    }
    expect(warnings[0]).toMatch(
      /The file as it was is kept as history\.json\.damaged-\S+\. What was kept could not be written back now \(\S+\/checks\/history\.json could not be written: the disk is full \(ENOSPC\); it was left as it was\): the damaged file stays in place, read the same way next time\.$/,
    );
    expect(fs.readFileSync(path.join(dir, "checks", "history.json"), "utf8")).toBe(damaged);
    expect(fs.readdirSync(path.join(dir, "checks")).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("the build still stops on it, naming the file and its damaged line", () => {
    const lines = text.split("\n");
    lines[5] = `${lines[5].slice(0, 30)}\u0001${lines[5].slice(31)}`;
    const dir = contentWith({ "history.json": lines.join("\n") });
    const file = path.join(dir, "checks", "history.json");
    expect(() => readJobFileForBuild(file, "checks/history.json")).toThrow(`${file} could not be read: it is not valid JSON`);
    expect(() => readJobFileForBuild(file, "checks/history.json")).toThrow(
      /; line 6 is damaged: the next check run keeps the rest of it and sets the file as it was aside\.$/,
    );
    // the build only reads
    expect(fs.readdirSync(path.join(dir, "checks"))).toEqual(["history.json"]);
  });
});

/**
 * A server's rollups made by the job's own functions over 70 days (four runs a
 * day from three places, some in maintenance, some confirmed offline, some of
 * those because of a dependency): every
 * column a file can hold, days folded into their month's sketch, outages.
 */
function rollupOf(days: number): ServerRollup {
  let history = emptyHistory();
  let rollup = emptyRollup("a");
  for (let d = 0; d < days; d += 1) {
    for (let h = 0; h < 24; h += 6) {
      const i = d * 4 + h / 6;
      const down = i % 37 < 2;
      const result: RecordedResult = {
        server: "a",
        status: down ? "offline" : "online",
        responseTime: down ? null : 40 + (i % 23),
        confirmed: down ? "offline" : "online",
        maintenance: d % 11 === 4 && h === 6,
        places: placesSeen(down ? [null, null, null] : [90 + (i % 7), i % 5 === 0 ? null : 50 + (i % 3), 30]),
      };
      const at = new Date(Date.UTC(2026, 0, 1) + d * DAY_MS + h * HOUR_MS);
      history = recordRun(history, at, [result]);
      if (down && i % 37 === 1) history = markCaused(history, at, ["a"]);
      rollup = updateRollup(rollup, samplesByServer(history).get("a")!, newestRun(history)!);
    }
  }
  return rollup;
}

describe("a rollup file with damaged lines", () => {
  const rollup = rollupOf(70);
  const text = formatRollup(rollup);
  const lines = text.split("\n");
  const lineOf = (start: string, after = 0) => lines.findIndex((l, i) => i >= after && l.startsWith(start));
  const read = (damaged: string) => {
    const dir = contentWith({ "servers/a.json": damaged });
    const warnings: string[] = [];
    return { rollups: readRollups(dir, (w) => warnings.push(w)), warnings, folder: path.join(dir, "checks", "servers") };
  };

  it("holds every column a file can hold (so the damage below reaches each kind)", () => {
    expect(rollup.hourly.maintenance).toBeDefined();
    expect(rollup.daily.caused?.some((n) => n > 0)).toBe(true);
    expect(Object.keys(rollup.daily.places ?? {})).toEqual(["ap-south", "eu-west", "us-east"]);
    expect(rollup.daily.sketch).toContain("");
    expect(rollup.daily.places!["eu-west"].sketch).toBeDefined();
    expect(Object.keys(rollup.months ?? {})).toEqual(["2026-01"]);
    expect(rollup.outages!.length).toBeGreaterThan(3);
    expect(rollupChecker(rollup)).toBeNull();
  });

  it("a bad line in the daily times keeps every day's checks and the other columns; those days' times are said not kept", () => {
    const damaged = [...lines];
    const at = lineOf('"median":', lineOf('"daily":'));
    damaged[at] = damaged[at].replace(",", ",\u0000");
    const { rollups, warnings, folder } = read(damaged.join("\n"));
    const kept = rollups.get("a")!;
    expect(kept.hourly).toEqual(rollup.hourly);
    expect(kept.months).toEqual(rollup.months);
    expect(kept.outages).toEqual(rollup.outages);
    expect(kept.daily.up).toEqual(rollup.daily.up);
    expect(kept.daily.total).toEqual(rollup.daily.total);
    expect(kept.daily.sketch).toEqual(rollup.daily.sketch);
    expect(kept.daily.places).toEqual(rollup.daily.places);
    expect(kept.daily.median.every((m) => m === null)).toBe(true);
    expect(kept.daily.answered).toEqual(rollup.daily.up.map((up) => (up === 0 ? 0 : null)));
    expect(warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `^a\\.json could not be read whole \\(it is not valid JSON .*\\): damaged line ${at + 1} \\(daily median\\)\\. Lost: the response times of 70 days \\(now "not kept"\\)\\. a keeps its other columns and days\\. The file as it was is kept as a\\.json\\.damaged-`,
        ),
      ),
    ]);
    expect(fs.readFileSync(path.join(folder, asideOf(folder, "a.json")[0]), "utf8")).toBe(damaged.join("\n"));
    expect(fs.readFileSync(path.join(folder, "a.json"), "utf8")).toBe(formatRollup(kept));
  });

  it("a bad line in the hourly counts costs the hours' checks only: the 400 days, months and outages stay", () => {
    const damaged = [...lines];
    const at = lineOf('"total":');
    damaged[at] = `${damaged[at].slice(0, 20)}\u0007${damaged[at].slice(21)}`;
    const { rollups, warnings } = read(damaged.join("\n"));
    const kept = rollups.get("a")!;
    expect(kept.daily).toEqual(rollup.daily);
    expect(kept.months).toEqual(rollup.months);
    expect(kept.outages).toEqual(rollup.outages);
    expect(seriesMap(kept.hourly, HOUR_MS).size).toBe([...seriesMap(rollup.hourly, HOUR_MS).values()].filter((r) => r.total === 0).length);
    expect(warnings[0]).toContain(`damaged line ${at + 1} (hourly total). Lost: the checks of ${rollup.hourly.total.length} hours.`);
  });

  it("a bad line in the days' checks down because of a dependency costs those marks only: the checks count as down, as measured", () => {
    const damaged = [...lines];
    const at = lineOf('"caused":', lineOf('"daily":'));
    damaged[at] = damaged[at].replace("[", "[\u0001");
    const { rollups, warnings } = read(damaged.join("\n"));
    const kept = rollups.get("a")!;
    expect(kept.daily.caused).toBeUndefined();
    expect({ ...kept.daily, caused: undefined }).toEqual({ ...rollup.daily, caused: undefined });
    expect(kept.hourly).toEqual(rollup.hourly);
    expect(warnings[0]).toContain(`damaged line ${at + 1} (daily caused). Nothing else was lost.`);
  });

  it("a damaged place's start costs that place's figures, no other place's", () => {
    const damaged = [...lines];
    const at = lineOf('"eu-west":{', lineOf('"daily":'));
    damaged[at] = '"eu-we\u0002t":{';
    const kept = read(damaged.join("\n")).rollups.get("a")!;
    const { "eu-west": _lost, ...others } = rollup.daily.places!;
    expect(kept.daily.places).toEqual(others);
    expect({ ...kept.daily, places: undefined }).toEqual({ ...rollup.daily, places: undefined });
  });

  it("a bad sketch in the month's line costs that month's sketch only", () => {
    const damaged = [...lines];
    const at = lineOf('"months":');
    damaged[at] = damaged[at].replace(/":"\d/, '":"0');
    const { rollups, warnings } = read(damaged.join("\n"));
    expect(rollups.get("a")!.months).toBeUndefined();
    expect(rollups.get("a")!.daily).toEqual(rollup.daily);
    expect(warnings[0]).toMatch(/it does not match its schema .* Lost: the time sketches of 1 month\./);
  });

  it("the build still stops on it, naming the file and its damaged line", () => {
    const damaged = [...lines];
    const at = lineOf('"p95":');
    damaged[at] = damaged[at].replace("[", "[\u0003");
    const dir = contentWith({ "servers/a.json": damaged.join("\n") });
    const file = path.join(dir, "checks", "servers", "a.json");
    expect(() => readJobFileForBuild(file, rollupChecker)).toThrow(
      new RegExp(
        `^${file.replace(/[.\\/]/g, "\\$&")} could not be read: it is not valid JSON [^]*; line ${at + 1} is damaged: the next check run keeps`,
      ),
    );
  });
});

/** Bytes that no JSON holds unescaped, and that no line break is: a byte set to one of them is damage the reader can always see. */
const CONTROL = Array.from({ length: 32 }, (_, b) => b).filter((b) => ![9, 10, 13].includes(b));

type Damage = { cut: number | null; bytes: ReadonlyArray<{ at: number; byte: number }> };

/** Damage a reader can see: the file cut short, or a few bytes (not line breaks) set to control characters. */
const visibleDamage = (length: number): fc.Arbitrary<Damage> =>
  fc.oneof(
    fc.record({ cut: fc.integer({ min: 0, max: length - 1 }), bytes: fc.constant([]) }),
    fc.record({
      cut: fc.constant(null),
      bytes: fc.array(fc.record({ at: fc.integer({ min: 0, max: length - 1 }), byte: fc.constantFrom(...CONTROL) }), {
        minLength: 1,
        maxLength: 4,
      }),
    }),
  );

/** Any damage: cuts, and any bytes (line breaks, digits, quotes…) set anywhere. */
const anyDamage = (length: number): fc.Arbitrary<Damage> =>
  fc.record({
    cut: fc.option(fc.integer({ min: 0, max: length - 1 }), { nil: null }),
    bytes: fc.array(fc.record({ at: fc.integer({ min: 0, max: length - 1 }), byte: fc.integer({ min: 0, max: 255 }) }), {
      maxLength: 6,
    }),
  });

function damage(text: string, { cut, bytes }: Damage, keepLineBreaks: boolean): Buffer {
  const buffer = Buffer.from(text, "utf8");
  for (const { at, byte } of bytes) if (!(keepLineBreaks && buffer[at] === 10)) buffer[at] = byte;
  return cut === null ? buffer : buffer.subarray(0, cut);
}

/** The lines (0-based) a damaged text does not hold as they were: changed, cut, or gone (the empty end after the last line break is none). */
function damagedLines(original: string, damagedText: string): Set<number> {
  const before = original.split("\n");
  const after = damagedText.split("\n");
  return new Set(before.flatMap((line, i) => (after[i] === line || (line === "" && i === before.length - 1) ? [] : [i])));
}

describe("generated damage to history.json", () => {
  const history = historyOf(80);
  const text = formatHistory(history);
  const lines = text.split("\n");
  const runIndex = new Map(history.runs.map((run, k) => [JSON.stringify(run), k]));

  it("never throws, never keeps a run that was not in the original, keeps every run on an undamaged line, in order", () => {
    fc.assert(
      fc.property(visibleDamage(text.length), (hurt) => {
        const bytes = damage(text, hurt, true);
        const dir = contentWith({ "history.json": bytes });
        const warnings: string[] = [];
        const runs = readState(dir, (w) => warnings.push(w)).history.runs;
        const damagedText = bytes.toString("utf8");
        const hurtLines = damagedLines(text, damagedText);

        const indices = runs.map((run) => runIndex.get(JSON.stringify(run)));
        expect(indices.every((k) => k !== undefined)).toBe(true);
        expect(indices).toEqual([...(indices as number[])].sort((x, y) => x - y));
        // run k is on line k + 2 (0-based): after the version's line and the runs' opening
        const undamaged = history.runs.flatMap((_, k) => (hurtLines.has(k + 2) ? [] : [k]));
        expect(undamaged.filter((k) => !indices.includes(k))).toEqual([]);

        const folder = path.join(dir, "checks");
        if (hurtLines.size === 0) return expect(warnings).toEqual([]);
        // the file as it was, byte for byte, beside it; the warning names every damaged line that held something
        expect(fs.readFileSync(path.join(folder, asideOf(folder, "history.json")[0])).equals(bytes)).toBe(true);
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toMatch(/^history\.json could not be read/);
        if (runs.length > 0) {
          // (a line cut just before its line break, or its comma, still holds its run whole: kept, and nothing to name)
          const after = damagedText.split("\n");
          const named = [...hurtLines].filter((i) => after[i]?.trim() && !indices.includes(i - 2));
          for (const i of named) expect(warnings[0]).toMatch(new RegExp(`\\bline ${i + 1}\\b`));
          expect(fs.readFileSync(path.join(folder, "history.json"), "utf8")).toBe(formatHistory({ version: 2, runs }));
        }
      }),
      { numRuns: 150 },
    );
  });

  it("under any damage, never throws, keeps a history the schema accepts in time order, and at least every undamaged run's worth", () => {
    const original = new Set(lines);
    fc.assert(
      fc.property(anyDamage(text.length), (hurt) => {
        const bytes = damage(text, hurt, false);
        const runs = readState(contentWith({ "history.json": bytes }), () => {}).history.runs;
        expect(validators().get("checks/history.json")!({ version: 2, runs })).toBe(true);
        const times = runs.map((r) => Date.parse(r.at));
        expect(times).toEqual([...times].sort((x, y) => x - y));
        const after = bytes.toString("utf8").split("\n");
        const undamagedRuns = after.filter((line) => original.has(line) && line.startsWith('{"at":')).length;
        expect(runs.length).toBeGreaterThanOrEqual(undamagedRuns);
        // a run not in the original can only come from a changed line (a digit for another cannot be told without a checksum)
        const foreign = runs.filter((run) => !runIndex.has(JSON.stringify(run))).length;
        expect(foreign).toBeLessThanOrEqual(after.filter((line) => !original.has(line)).length);
      }),
      { numRuns: 150 },
    );
  });
});

describe("generated damage to a rollup file", () => {
  const rollup = rollupOf(70);
  const text = formatRollup(rollup);
  const lines = text.split("\n");

  /** Where each line of the original is, by what it holds: "daily" (its start), "daily.up", "daily.eu-west", "daily.eu-west.p95", "months". */
  const at = new Map<string, number>();
  let series = "";
  let place = "";
  lines.forEach((line, i) => {
    const start = /^"(hourly|daily)":\{/.exec(line);
    const placeStart = /^"([^"]+)":\{$/.exec(line);
    const column = /^"([a-z0-9]+)":[[{]/.exec(line);
    if (start) [series, place] = [start[1], ""];
    if (start) at.set(series, i);
    else if (line === '"places":{') return;
    else if (placeStart && line !== '"places":{') [place] = [placeStart[1], at.set(`${series}.${placeStart[1]}`, i)];
    else if (column && ["months", "outages"].includes(column[1])) at.set(column[1], i);
    else if (column) at.set(`${series}${place ? `.${place}` : ""}.${column[1]}`, i);
  });

  it("reads its own layout (so the properties below stand on every line)", () => {
    expect(at.get("hourly")).toBe(1);
    expect(at.get("daily.eu-west.sketch")).toBeGreaterThan(at.get("daily.eu-west")!);
    expect(at.get("months")).toBe(lines.length - 3);
    expect(at.get("outages")).toBe(lines.length - 2);
    // two starts, 7 hourly and 8 daily columns, 3 places a series (3 hourly and 4 daily columns each), months, outages
    expect(at.size).toBe(2 + 7 + 8 + 3 * (1 + 3) + 3 * (1 + 4) + 2);
  });

  it("never throws, never keeps a figure that was not in the original, and keeps every figure whose lines are undamaged", () => {
    fc.assert(
      fc.property(visibleDamage(text.length), (hurt) => {
        const bytes = damage(text, hurt, true);
        const dir = contentWith({ "servers/a.json": bytes });
        const warnings: string[] = [];
        const kept = readRollups(dir, (w) => warnings.push(w)).get("a");
        const hurtLines = damagedLines(text, bytes.toString("utf8"));
        // whole: the line of each of these, and of the series' (and place's) start, is as it was
        const whole = (...keys: string[]) => keys.every((key) => !at.has(key) || !hurtLines.has(at.get(key)!));

        const folder = path.join(dir, "checks", "servers");
        if (hurtLines.size > 0) expect(fs.readFileSync(path.join(folder, asideOf(folder, "a.json")[0])).equals(bytes)).toBe(true);
        if (kept === undefined) {
          // nothing could be kept: only when no column is whole with its series' start, and neither months nor outages are
          const columns = [...at.keys()].filter((key) => key.includes("."));
          expect(columns.filter((key) => whole(key, key.split(".")[0]))).toEqual([]);
          expect(whole("months") || whole("outages")).toBe(false);
          return;
        }
        expect(rollupChecker(kept)).toBeNull();
        // Thousands of figures a file: what differs is gathered, then said in one expectation.
        const wrong: string[] = [];
        const same = (what: string, got: unknown, was: unknown) => {
          if (JSON.stringify(got) !== JSON.stringify(was)) wrong.push(`${what}: ${JSON.stringify(got)}, was ${JSON.stringify(was)}`);
        };
        for (const [name, unit] of [
          ["hourly", HOUR_MS],
          ["daily", DAY_MS],
        ] as const) {
          const before = seriesMap(rollup[name], unit);
          const after = seriesMap(kept[name], unit);
          // nothing that was not there: each figure kept is the original's, or what the format says for "not known"
          for (const [start, r] of after) {
            const o = before.get(start);
            const when = `${name} ${new Date(start).toISOString()}`;
            if (o === undefined) {
              wrong.push(`${when} was not in the original`);
              continue;
            }
            if (!(r.up === 0 && r.total === 0)) same(`${when} checks`, [r.up, r.total], [o.up, o.total]);
            const timesNotKept = r.median === null && r.p95 === null && (r.answered === null || r.answered === 0);
            if (!timesNotKept) same(`${when} times`, [r.answered, r.median, r.p95], [o.answered, o.median, o.p95]);
            if (r.sketch !== undefined) same(`${when} sketch`, r.sketch, o.sketch);
            if (r.maintenance !== undefined) same(`${when} maintenance`, r.maintenance, o.maintenance);
            if (r.caused !== undefined) same(`${when} caused`, r.caused, o.caused);
            for (const [p, figures] of Object.entries(r.places ?? {})) {
              const { sketch, ...rest } = figures;
              const { sketch: sketchBefore, ...restBefore } = o.places?.[p] ?? {};
              same(`${when} ${p}`, rest, restBefore);
              if (sketch !== undefined) same(`${when} ${p} sketch`, sketch, sketchBefore);
            }
          }
          // nothing undamaged lost: each figure whose lines (and its series' and place's starts) are whole is kept
          const counts = whole(name, `${name}.up`, `${name}.total`);
          const times = counts && whole(`${name}.answered`, `${name}.median`, `${name}.p95`);
          for (const [start, o] of before) {
            const r = after.get(start);
            const when = `${name} ${new Date(start).toISOString()} (undamaged)`;
            if (counts && o.total > 0) same(`${when} checks`, [r?.up, r?.total], [o.up, o.total]);
            if (times && o.total > 0) same(`${when} times`, [r?.answered, r?.median, r?.p95], [o.answered, o.median, o.p95]);
            if (counts && whole(`${name}.sketch`) && o.total > 0) same(`${when} sketch`, r?.sketch, o.sketch);
            if (whole(name, `${name}.maintenance`) && o.maintenance) same(`${when} maintenance`, r?.maintenance, o.maintenance);
            if (counts && whole(`${name}.caused`) && o.caused) same(`${when} caused`, r?.caused, o.caused);
            for (const p of Object.keys(o.places ?? {})) {
              const q = `${name}.${p}`;
              if (counts && whole(q, `${q}.answered`, `${q}.median`, `${q}.p95`)) {
                const { sketch, ...figures } = o.places![p];
                const { sketch: sketchAfter, ...figuresAfter } = r?.places?.[p] ?? {};
                same(`${when} ${p}`, figuresAfter, figures);
                if (whole(`${q}.sketch`)) same(`${when} ${p} sketch`, sketchAfter, sketch);
              }
            }
          }
        }
        expect(wrong.slice(0, 5)).toEqual([]);
        if (whole("months")) expect(kept.months).toEqual(rollup.months);
        else for (const [month, sketch] of Object.entries(kept.months ?? {})) expect(sketch).toBe(rollup.months![month]);
        if (whole("outages")) expect(kept.outages).toEqual(rollup.outages);
        else for (const outage of kept.outages ?? []) expect(rollup.outages).toContainEqual(outage);
        if (hurtLines.size > 0) expect(warnings[0]).toMatch(/^a\.json could not be read/);
      }),
      { numRuns: 200 },
    );
  });

  it("under any damage, never throws, and what it keeps is a rollup the job can read", () => {
    fc.assert(
      fc.property(anyDamage(text.length), (hurt) => {
        const kept = readRollups(contentWith({ "servers/a.json": damage(text, hurt, false) }), () => {}).get("a");
        if (kept !== undefined) expect(rollupChecker(kept)).toBeNull();
      }),
      { numRuns: 200 },
    );
  });
});
