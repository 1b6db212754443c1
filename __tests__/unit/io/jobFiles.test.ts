/** @jest-environment node */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { formatHistory, formatRollup, readRollups, readState, writeState } from "../../../io/jobFiles";
import { withLock } from "../../../io/jobLock";
import { emptyHistory, recordRun } from "../../../src/domain/checks/history";
import { emptyRollup, newestRun, samplesByServer, seriesMap, updateRollup } from "../../../src/domain/checks/rollups";
import { DAY_MS } from "../../../src/domain/kernel/time";
import { applyRun } from "../../../src/domain/checks/run";
import { validators } from "../../../src/domain/content/schemaIssues";
import { placesSeen } from "../fixtures";

describe("formatHistory", () => {
  const history = [0, 1, 2].reduce(
    (h, i) =>
      recordRun(h, new Date(Date.UTC(2026, 10, 22, 10 + 12 * i)), [
        { server: "a", status: "online", responseTime: 40 + i },
        { server: "b", status: "offline", responseTime: 0 },
      ]),
    emptyHistory(),
  );

  it("reads back as the same history", () => {
    expect(JSON.parse(formatHistory(history))).toEqual(history);
    expect(JSON.parse(formatHistory(emptyHistory()))).toEqual(emptyHistory());
  });

  it("keeps one run per line, so a run changes few lines, and holds no day tallies (version 2)", () => {
    const lines = formatHistory(history).trimEnd().split("\n");
    expect(lines.filter((l) => l.startsWith('{"at":'))).toHaveLength(3);
    // and three lines of frame: the version, the opening, the closing
    expect(lines).toHaveLength(3 + 3);
    expect(JSON.parse(formatHistory(history))).toEqual({ version: 2, runs: history.runs });
  });
});

describe("formatRollup", () => {
  // Two runs an hour apart from three places, one of them inside a maintenance window: every column a series can hold.
  const history = [
    recordRun(emptyHistory(), new Date("2026-11-20T10:00:00Z"), [
      { server: "a", status: "online", responseTime: 50, places: placesSeen([90, 50, 40]) },
    ]),
  ].map((h) =>
    recordRun(h, new Date("2026-11-20T11:00:00Z"), [
      { server: "a", status: "online", responseTime: 45, maintenance: true, places: placesSeen([null, 45, 30]) },
    ]),
  )[0];
  const rollup = updateRollup(emptyRollup("a"), samplesByServer(history).get("a")!, newestRun(history)!);

  it("writes every column a series holds: the maintenance checks and each place's figures come back as they were", () => {
    expect(rollup.hourly.maintenance).toEqual([0, 1]);
    expect(rollup.hourly.places).toEqual({
      "ap-south": { answered: [1, 0], median: [90, null], p95: [90, null] },
      "eu-west": { answered: [1, 0], median: [50, null], p95: [50, null] },
      "us-east": { answered: [1, 0], median: [40, null], p95: [40, null] },
    });
    expect(JSON.parse(formatRollup(rollup))).toEqual(rollup);
    // and the time sketches: each day's, and the months'
    expect(rollup.daily.sketch).toEqual([expect.stringMatching(/^\d+\.\d+/)]);
    const withMonths = { ...rollup, months: { "2026-09": "130.1202,3=40" } };
    expect(JSON.parse(formatRollup(withMonths))).toEqual(withMonths);
    expect(validators().get("checks/servers/<id>.json")!(JSON.parse(formatRollup(withMonths)))).toBe(true);
    expect(validators().get("checks/servers/<id>.json")!({ ...withMonths, months: { "2026-9": "1.1" } })).toBe(false);
    expect(validators().get("checks/servers/<id>.json")!({ ...withMonths, months: { "2026-09": "1:1" } })).toBe(false);
  });

  it("writes files the schemas accept: the rollups, and history.json with its places", () => {
    expect(validators().get("checks/servers/<id>.json")!(JSON.parse(formatRollup(rollup)))).toBe(true);
    expect(validators().get("checks/history.json")!(JSON.parse(formatHistory(history)))).toBe(true);
    expect(history.runs[0].places).toEqual({ names: ["ap-south", "eu-west", "us-east"], ms: { a: [90, 50, 40] } });
  });

  it("keeps a column on its own line, so a run changes the ends of lines, not one long line", () => {
    const lines = formatRollup(rollup).split("\n");
    expect(lines.filter((l) => l.startsWith('"maintenance":'))).toHaveLength(2);
    expect(lines.filter((l) => l.startsWith('"median":'))).toHaveLength(2 + 2 * 3);
  });
});

/**
 * history.json exactly as the job wrote it before version 2 (formatHistory of
 * that version: one run and one day per line): 2026-11-21 was cut by the 48-hour
 * trim (its tally counts 3 checks, the runs still hold 1), and server c was
 * removed from servers.json weeks ago.
 */
const VERSION_1 = `{"version":1,
"runs":[
{"at":"2026-11-21T12:00:00.000Z","results":{"a":["o",40],"b":["x",null]}},
{"at":"2026-11-22T10:00:00.000Z","results":{"a":["w",180,"o"],"b":["x",null]}},
{"at":"2026-11-23T10:00:00.000Z","results":{"a":["o",42],"b":["o",30,"x"]}}
],
"days":{
"2026-10-25":{"a":[288,287],"c":[288,100]},
"2026-11-21":{"a":[3,2],"b":[3,0]},
"2026-11-22":{"a":[1,1],"b":[1,0]},
"2026-11-23":{"a":[1,1],"b":[1,1]}
}}
`;

describe("a version 1 history.json", () => {
  const content = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "upgrade-"));
    fs.mkdirSync(path.join(dir, "checks"));
    fs.writeFileSync(path.join(dir, "checks", "history.json"), VERSION_1);
    return dir;
  };
  const dailyOf = (rollup: { daily: Parameters<typeof seriesMap>[0] }) =>
    Object.fromEntries([...seriesMap(rollup.daily, DAY_MS)].map(([t, r]) => [new Date(t).toISOString().slice(0, 10), [r.up, r.total]]));

  it("is read and converted on the first run: its runs stay, every day tally becomes a daily rollup, nothing is lost", () => {
    const dir = content();
    const warnings: string[] = [];
    const state = readState(dir, (w) => warnings.push(w));
    expect(warnings).toEqual([expect.stringContaining("history.json was of version 1")]);
    expect(state.history.version).toBe(2);
    expect(state.history.runs).toEqual((JSON.parse(VERSION_1) as { runs: unknown }).runs);

    const servers = new Map([
      [
        "a",
        { id: "a", name: "A", ip: "192.0.2.1", location: "X", warnAboveMs: 150, confirmRuns: { warning: 2, offline: 1 }, flapping: null },
      ],
    ]);
    const outcome = {
      server: "a",
      status: "online" as const,
      responseTime: 44,
      checkedAt: "2026-11-23T10:05:01.000Z",
      detail: "HTTP 200 in 44 ms",
    };
    const applied = applyRun(state, [outcome], servers, new Date("2026-11-23T10:05:00Z"), new Date("2026-11-23T10:05:02Z"));
    writeState(dir, applied);

    const written = JSON.parse(fs.readFileSync(path.join(dir, "checks", "history.json"), "utf8")) as Record<string, unknown>;
    expect(written.version).toBe(2);
    expect(written).not.toHaveProperty("days");
    expect(validators().get("checks/history.json")!(written)).toBe(true);
    expect(fs.readdirSync(path.join(dir, "checks", "servers")).sort()).toEqual(["a.json", "b.json", "c.json"]);
    const rollups = readRollups(dir, () => {});
    for (const rollup of rollups.values()) expect(validators().get("checks/servers/<id>.json")!(rollup)).toBe(true);
    // days the raw runs no longer hold whole are the tallies; days inside the raw window are the runs
    expect(dailyOf(rollups.get("a")!)).toEqual({
      "2026-10-25": [287, 288],
      "2026-11-21": [2, 3],
      "2026-11-22": [1, 1],
      "2026-11-23": [2, 2],
    });
    expect(dailyOf(rollups.get("b")!)).toEqual({ "2026-11-21": [0, 3], "2026-11-22": [0, 1], "2026-11-23": [1, 1] });
    expect(dailyOf(rollups.get("c")!)).toEqual({ "2026-10-25": [100, 288] });
    // latest.json's 30 days count the converted days: 2026-10-25 is the first of them
    expect(applied.latest?.results[0]).toMatchObject({ uptimeUp: 292, uptimeTotal: 294, uptimeSince: "2026-10-25T00:00:00.000Z" });
    // the next run reads version 2 and converts nothing again
    const again: string[] = [];
    readState(dir, (w) => again.push(w));
    expect(again).toEqual([]);
  });
});

describe("readRollups", () => {
  it("sets a file with nothing to keep aside, saying that only that server's older rollups are lost, and reads the others", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rollups-"));
    const folder = path.join(dir, "checks", "servers");
    fs.mkdirSync(folder, { recursive: true });
    const good = {
      version: 1 as const,
      server: "b",
      hourly: { from: null, up: [], total: [], answered: [], median: [], p95: [] },
      daily: { from: "2026-11-23", up: [1], total: [1], answered: [1], median: [40], p95: [40] },
    };
    fs.writeFileSync(
      path.join(folder, "a.json"),
      '{"version":1,"server":"a","hourly":{"from":"2026-11-23T10:00:00.000Z","up":[1],"total":[1]',
    );
    fs.writeFileSync(path.join(folder, "b.json"), formatRollup(good));
    fs.writeFileSync(path.join(folder, "c.json"), formatRollup({ ...good, server: "c", daily: { ...good.daily, p95: [] } }));
    const warnings: string[] = [];
    const rollups = readRollups(dir, (w) => warnings.push(w));
    expect([...rollups.keys()]).toEqual(["b", "c"]);
    expect(rollups.get("b")).toEqual(good);
    // c's p95 column has no entry for its day: the day keeps its checks, its times are "not kept" (#44)
    expect(rollups.get("c")!.daily).toEqual({ ...good.daily, answered: [null], median: [null], p95: [null] });
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(
      /^a\.json could not be read: it is not valid JSON .*a\.json\.damaged-.* starts afresh: a loses its rollups older than the raw runs \(48 hours\), no other server loses anything\.$/,
    );
    expect(warnings[1]).toMatch(
      /^c\.json could not be read whole \(its daily columns differ in length \(1, 1, 1, 1, 0\)\): damaged line 13 \(daily p95: 0 entries where the series has 1\)\. Lost: the response times of 1 day .*c\.json\.damaged-/,
    );
    expect(fs.readdirSync(folder).filter((f) => f.includes(".damaged-"))).toHaveLength(2);
  });

  it("takes a server's id from its file's name, so a file renamed after its server carries its history over", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rollups-"));
    fs.mkdirSync(path.join(dir, "checks", "servers"), { recursive: true });
    const old = {
      version: 1 as const,
      server: "old-id",
      hourly: { from: null, up: [], total: [], answered: [], median: [], p95: [] },
      daily: { from: "2026-11-23", up: [1], total: [1], answered: [1], median: [40], p95: [40] },
    };
    fs.writeFileSync(path.join(dir, "checks", "servers", "new-id.json"), formatRollup(old));
    expect(readRollups(dir, () => {}).get("new-id")?.server).toBe("new-id");
  });
});

describe("withLock", () => {
  const dir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), "lock-"));
    fs.mkdirSync(path.join(d, "checks"));
    return d;
  };

  it("takes over a lock left by a run that died", async () => {
    const content = dir();
    // A process id that is not running.
    fs.writeFileSync(path.join(content, "checks", ".lock"), JSON.stringify({ pid: 2 ** 22 + 7, at: Date.now() }));
    await expect(withLock(content, () => "ran", { waitMs: 1000 })).resolves.toBe("ran");
    expect(fs.existsSync(path.join(content, "checks", ".lock"))).toBe(false);
  });

  it("waits for a live holder, and gives up after the wait with a message that names the lock", async () => {
    const content = dir();
    fs.writeFileSync(path.join(content, "checks", ".lock"), JSON.stringify({ pid: process.pid, at: Date.now() }));
    await expect(withLock(content, () => "ran", { waitMs: 300 })).rejects.toThrow(
      /another check run holds .*\.lock; it did not finish within 0\.3 s/,
    );
  });

  it("releases the lock when the work throws", async () => {
    const content = dir();
    await expect(
      withLock(content, () => {
        throw new Error("disk full");
      }),
    ).rejects.toThrow("disk full");
    expect(fs.existsSync(path.join(content, "checks", ".lock"))).toBe(false);
  });
});
