/** @jest-environment node */
/**
 * A run in shards (#32): each shard checks its part and writes an observations
 * file; the merge applies them as one run. The merge of every shard equals one
 * run over the same servers, byte for byte; files that do not belong together
 * are refused and nothing is written.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { runChecks, type RunOptions } from "../../../monitor/run/runChecks";
import { modeOf } from "../../../monitor/run/runMode";
import { generateFleet } from "../../../scripts/generatedFleet";
import type { CheckTarget } from "../../../src/domain/checks/definition";
import type { ProbeOutcome } from "../../../src/domain/checks/outcome";
import { inShard, mergeShards, parseShard, type Observations } from "../../../src/domain/checks/shards";
import type { LatestChecks } from "../../../src/domain/checks/run";
import { startHttpReceiver, type HttpReceiver } from "./receivers";

jest.setTimeout(60_000);
const ROOT = path.resolve(__dirname, "..", "..", "..");
const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const temp = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

/** Content with `count` generated servers, each with a check on its own path of `base`. */
function fleetContent(count: number, base = "http://127.0.0.1:9"): string {
  const dir = temp("shards-content-");
  for (const file of fs.readdirSync(path.join(ROOT, "content")).filter((f) => f.endsWith(".json"))) {
    fs.copyFileSync(path.join(ROOT, "content", file), path.join(dir, file));
  }
  const { servers, alerts } = generateFleet(count, 3);
  for (const server of servers) (server as Record<string, unknown>).check = { url: `${base}/${server.id}` };
  fs.writeFileSync(path.join(dir, "servers.json"), JSON.stringify(servers, null, 2));
  fs.writeFileSync(path.join(dir, "alerts.json"), JSON.stringify(alerts, null, 2));
  return dir;
}

const copyOf = (dir: string) => {
  const copy = temp("shards-copy-");
  fs.cpSync(dir, copy, { recursive: true });
  return copy;
};

/** What a server answers in round `round`: by its id, so every run and every shard sees the same. */
const answers =
  (round: number) =>
  (target: CheckTarget): Promise<ProbeOutcome> => {
    const id = target.kind === "http" ? target.url.pathname.slice(1) : "";
    const n = [...id].reduce((sum, c) => sum + c.charCodeAt(0), 0) + round * 7;
    if (n % 5 === 0) return Promise.resolve({ kind: "failed", reason: "refused" });
    return Promise.resolve({ kind: "answered", ms: n % 3 === 0 ? 400 : 20 + (n % 40), httpStatus: 200 });
  };

const quiet = { log: () => undefined, warn: () => undefined };

/** npm run check (tsx monitor/check.ts) with these arguments, in a process of its own. */
const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(TSX, ["monitor/check.ts", ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: "1", ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });

/** The job's files of a content folder, by name (the observations files are not among them). */
function jobFiles(dir: string): Record<string, string> {
  const checks = path.join(dir, "checks");
  const out: Record<string, string> = {};
  const walk = (folder: string, prefix: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(folder, entry.name), `${prefix}${entry.name}/`);
      else out[`${prefix}${entry.name}`] = fs.readFileSync(path.join(folder, entry.name), "utf8");
    }
  };
  walk(checks, "");
  return out;
}

describe("shards", () => {
  it("every server is in exactly one shard of a run, whatever the ids and the count", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1, maxLength: 40 }), { maxLength: 50 }),
        fc.integer({ min: 1, max: 64 }),
        (ids, count) => {
          for (const id of ids) {
            const holding = Array.from({ length: count }, (_, i) => i + 1).filter((index) => inShard(id, { index, count }));
            expect(holding).toHaveLength(1);
          }
        },
      ),
    );
  });

  it("reads index/count, and refuses anything else", () => {
    expect(parseShard("2/4")).toEqual({ index: 2, count: 4 });
    expect(parseShard(" 1/1 ")).toEqual({ index: 1, count: 1 });
    for (const bad of ["0/4", "5/4", "1/0", "2.5/4", "two/four", "1/1001", "", "-1/4", "1/4/2"]) expect(parseShard(bad)).toBeNull();
  });

  it("the flags: a shard with its file, a merge with files; a mix or a bad value is refused in words", () => {
    expect(modeOf(["--shard", "2/4", "--out", "a.json", "--location", "eu-west"])).toEqual({
      shard: { index: 2, count: 4 },
      out: "a.json",
      location: "eu-west",
    });
    expect(modeOf(["--merge", "a.json", "dir", "--content", "c"])).toEqual({ merge: ["a.json", "dir"] });
    expect(modeOf([])).toEqual({});
    expect(modeOf(["--shard", "5/4"])).toEqual({ problem: expect.stringContaining("--shard 5/4 is not a shard") });
    expect(modeOf(["--shard"])).toEqual({ problem: expect.stringContaining("--shard needs a value") });
    expect(modeOf(["--out", "--merge", "x"])).toEqual({ problem: expect.stringContaining("--out needs the file") });
    expect(modeOf(["--merge"])).toEqual({ problem: expect.stringContaining("--merge needs the shards' files") });
    expect(modeOf(["--merge", "a", "--shard", "1/2"])).toEqual({ problem: expect.stringContaining("--merge takes files only") });
    expect(modeOf(["--location", "eu west"])).toEqual({ problem: expect.stringContaining("--location needs a name") });
  });
});

describe("the merge of every shard is one run", () => {
  it("four shards merged write the same history, latest, alerts and rollups as one run, over two runs with changes", async () => {
    const content = fleetContent(40);
    const single = copyOf(content);
    const sharded = copyOf(content);
    const out = temp("shards-out-");
    for (const [round, at] of [
      [0, "2026-11-26T10:00:00.000Z"],
      [1, "2026-11-26T10:05:00.000Z"],
      [2, "2026-11-26T10:10:00.000Z"],
    ] as const) {
      const clock = { now: () => new Date(at), probe: answers(round), ...quiet } satisfies Partial<RunOptions>;
      await runChecks({ contentDir: single, ...clock });
      const files: string[] = [];
      for (let index = 1; index <= 4; index += 1) {
        const file = path.join(out, `round-${round}`, `shard-${index}.json`);
        const report = await runChecks({ contentDir: sharded, ...clock, shard: { index, count: 4 }, out: file });
        expect(report.refused).toBeNull();
        files.push(file);
      }
      // A shard writes its file and nothing of the shared state.
      if (round === 0) expect(fs.existsSync(path.join(sharded, "checks", "latest.json"))).toBe(false);
      const merged = await runChecks({ contentDir: sharded, ...clock, merge: [path.join(out, `round-${round}`)] });
      expect(merged.refused).toBeNull();
      expect(merged.unfinished).toEqual([]);
    }
    const expected = jobFiles(single);
    const got = jobFiles(sharded);
    expect(Object.keys(got).sort()).toEqual(Object.keys(expected).sort());
    for (const name of Object.keys(expected)) expect(`${name}: ${got[name]}`).toBe(`${name}: ${expected[name]}`);
    // The runs did change states: the comparison is of something.
    expect((JSON.parse(expected["alerts.json"]) as unknown[]).length).toBeGreaterThan(0);
  });

  it("refuses files of other content, of overlapping shards or of several locations, and writes nothing; a missing shard is no data, said", async () => {
    const content = fleetContent(12);
    const out = temp("shards-refused-");
    const clock = { now: () => new Date("2026-11-26T11:00:00.000Z"), probe: answers(0) };
    const shardFile = async (name: string, index: number, count: number, location?: string) => {
      const file = path.join(out, name);
      await runChecks({ contentDir: content, ...clock, ...quiet, shard: { index, count }, out: file, ...(location ? { location } : {}) });
      return file;
    };
    const one = await shardFile("one.json", 1, 2);
    const two = await shardFile("two.json", 2, 2);
    const again = await shardFile("again.json", 2, 2);
    const elsewhere = await shardFile("elsewhere.json", 2, 2, "us-east");
    const ofThree = await shardFile("of-three.json", 3, 3);
    const warnings: string[] = [];
    const merge = (files: string[]) =>
      runChecks({ contentDir: content, ...clock, log: () => undefined, warn: (l) => warnings.push(l), merge: files });

    expect((await merge([one, two, again])).refused).toMatch(/two\.json and .*again\.json are both shard 2\/2: overlapping shards/);
    expect((await merge([one, elsewhere])).refused).toMatch(/one\.json names no place but .*elsewhere\.json comes from us-east/);
    expect((await merge([one, ofThree])).refused).toMatch(/of-three\.json is shard 3\/3 but .*one\.json is of 2/);
    expect((await merge([path.join(out, "none.json")])).refused).toMatch(/none\.json does not exist/);
    // A file of 65 MB (sparse: no disk spent) is refused unread, named.
    const huge = path.join(out, "huge.json");
    fs.closeSync(fs.openSync(huge, "w"));
    fs.truncateSync(huge, 65 * 1024 * 1024);
    expect((await merge([huge])).refused).toMatch(/huge\.json is 65 MB, more than a shard's file may be \(64 MB\)/);
    fs.writeFileSync(path.join(out, "broken.json"), "{");
    expect((await merge([path.join(out, "broken.json")])).refused).toMatch(
      /broken\.json is not a shard's observations file: it is not valid JSON/,
    );
    // The content changed after the shards ran.
    const servers = JSON.parse(fs.readFileSync(path.join(content, "servers.json"), "utf8")) as Array<Record<string, unknown>>;
    fs.writeFileSync(path.join(content, "servers.json"), JSON.stringify(servers.slice(1), null, 2));
    expect((await merge([one, two])).refused).toMatch(/one\.json was made from other content/);
    expect(fs.existsSync(path.join(content, "checks", "latest.json"))).toBe(false);
    fs.writeFileSync(path.join(content, "servers.json"), JSON.stringify(servers, null, 2));

    // One shard of two: its servers are written, the others have no data (no result, nothing alerted).
    const half = await merge([one]);
    expect(half.refused).toBeNull();
    expect(warnings.join("\n")).toMatch(/shard 2\/2 did not come: its servers have no data this run/);
    const latest = JSON.parse(fs.readFileSync(path.join(content, "checks", "latest.json"), "utf8")) as {
      results: Array<{ server: string }>;
    };
    const inOne = servers.map((s) => s.id as string).filter((id) => inShard(id, { index: 1, count: 2 }));
    expect(latest.results.map((r) => r.server).sort()).toEqual(inOne.sort());

    // The same files again (a job run again): refused, nothing counted twice.
    expect((await merge([one])).refused).toMatch(/they were merged already/);
    // Files from a machine whose clock is ahead: refused, naming it.
    const ahead = path.join(out, "ahead.json");
    await runChecks({
      contentDir: content,
      now: () => new Date("2026-11-26T13:00:00.000Z"),
      probe: answers(0),
      ...quiet,
      shard: { index: 1, count: 2 },
      out: ahead,
    });
    expect((await merge([ahead])).refused).toMatch(/no file given could be used/);
    expect(warnings.join("\n")).toMatch(
      /ahead\.json was left out of the merge: its run started at 2026-11-26T13:00:00\.000Z, ahead of this machine's clock/,
    );
  });

  // Class: "clocks in files are checked like the clock" and "shards' words are trusted" (#44).
  it("a shard stamped ahead is left out, named, and never blocks a later run; a shard's words are cleaned as a server's", async () => {
    const content = fleetContent(6);
    const out = temp("shards-vetted-");
    const at = (iso: string) => ({ now: () => new Date(iso), probe: answers(0) });
    const shardFile = async (name: string, index: number, iso: string) => {
      const file = path.join(out, name);
      await runChecks({ contentDir: content, ...at(iso), ...quiet, shard: { index, count: 2 }, out: file });
      return file;
    };
    const one = await shardFile("one.json", 1, "2026-11-26T11:00:00.000Z");
    const two = await shardFile("two.json", 2, "2026-11-26T11:00:00.000Z");
    // Started an hour ahead, but says it finished now: the check of finishedAt alone let this through.
    const edited = JSON.parse(fs.readFileSync(two, "utf8")) as Observations;
    fs.writeFileSync(two, JSON.stringify({ ...edited, startedAt: "2026-11-26T12:00:00.000Z" }));
    // The other shard's words: a megabyte with bidirectional controls, NULs and line breaks.
    const first = JSON.parse(fs.readFileSync(one, "utf8")) as Observations;
    const loud = `\u202eenilno\u202c\u0000 ok\n${"x".repeat(1_000_000)}`;
    fs.writeFileSync(one, JSON.stringify({ ...first, outcomes: first.outcomes.map((o) => ({ ...o, detail: loud })) }));
    const warnings: string[] = [];
    const merged = await runChecks({
      contentDir: content,
      ...at("2026-11-26T11:00:05.000Z"),
      log: () => undefined,
      warn: (l) => warnings.push(l),
      merge: [one, two],
    });
    expect(merged.refused).toBeNull();
    expect(warnings.join("\n")).toMatch(
      /two\.json was left out of the merge: its run started at 2026-11-26T12:00:00\.000Z, ahead of this machine's clock/,
    );
    const latest = JSON.parse(fs.readFileSync(path.join(content, "checks", "latest.json"), "utf8")) as LatestChecks;
    expect(latest.startedAt).toBe("2026-11-26T11:00:00.000Z");
    for (const r of latest.results) {
      expect(r.detail.length).toBeLessThanOrEqual(400);
      // eslint-disable-next-line no-control-regex
      expect(r.detail).not.toMatch(/[\u0000-\u001f\u202a-\u202e]/);
      expect(r.detail.startsWith(" enilno ok x")).toBe(false);
      expect(r.detail.startsWith("enilno ok xxx")).toBe(true);
    }
    // Five minutes on, the next run of both shards merges: nothing was stamped ahead, nothing blocks it.
    const later = [
      await shardFile("one-later.json", 1, "2026-11-26T11:05:00.000Z"),
      await shardFile("two-later.json", 2, "2026-11-26T11:05:00.000Z"),
    ];
    const next = await runChecks({ contentDir: content, ...at("2026-11-26T11:05:05.000Z"), ...quiet, merge: later });
    expect(next.refused).toBeNull();
    expect(next.checked).toBe(6);
  });

  it("merges in the order of servers.json whatever order the files come in", () => {
    const observations = (index: number, servers: string[]): Observations => ({
      version: 1,
      location: null,
      shard: { index, count: 2 },
      content: "c".repeat(64),
      startedAt: `2026-11-26T10:00:0${index}.000Z`,
      finishedAt: `2026-11-26T10:00:1${index}.000Z`,
      servers,
      outcomes: servers.map((server) => ({
        server,
        checkedAt: "2026-11-26T10:00:05.000Z",
        status: "online",
        responseTime: 5,
        detail: "HTTP 200",
      })),
      unfinished: [],
    });
    const ids = ["a", "b", "c", "d", "e", "f"];
    const first = ids.filter((id) => inShard(id, { index: 1, count: 2 }));
    const second = ids.filter((id) => inShard(id, { index: 2, count: 2 }));
    const merged = mergeShards(
      [
        { name: "2.json", observations: observations(2, second) },
        { name: "1.json", observations: observations(1, first) },
      ],
      ids,
      "c".repeat(64),
    );
    expect("problem" in merged).toBe(false);
    if ("problem" in merged) return;
    expect(merged.outcomes.map((o) => o.server)).toEqual(ids);
    expect(merged.startedAt.toISOString()).toBe("2026-11-26T10:00:01.000Z");
    expect(merged.finishedAt.toISOString()).toBe("2026-11-26T10:00:12.000Z");
    expect(merged.held).toEqual(new Map());

    // From two places, each with its first shard only: the second shard's servers keep their results, saying why.
    const at = (location: string) => ({ name: `${location}.json`, observations: { ...observations(1, first), location } });
    const twoPlaces = mergeShards([at("eu-west"), at("us-east")], ids, "c".repeat(64));
    if ("problem" in twoPlaces) throw new Error(twoPlaces.problem);
    expect(twoPlaces.unfinished).toEqual(second);
    expect([...twoPlaces.held]).toEqual(second.map((id) => [id, "no place reported it"]));
  });
});

describe("npm run check with --shard, --out and --merge", () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      response.statusCode = request.url?.endsWith("-1") || request.url?.endsWith("-2") ? 503 : 200;
      response.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("two shards from the command line, then their merge: every server has its result, and a bad flag stops it in words", async () => {
    const content = fleetContent(8, base);
    const out = temp("shards-cli-");
    const a = await run(["--content", content, "--shard", "1/2", "--out", path.join(out, "a.json"), "--location", "eu-west"]);
    expect(a.code).toBe(0);
    expect(a.stdout).toMatch(/\(shard 1\/2\) from eu-west: .*Wrote .*a\.json/);
    const b = await run(["--content", content, "--shard", "2/2", "--out", path.join(out, "b.json"), "--location", "eu-west"]);
    expect(b.code).toBe(0);
    expect(fs.existsSync(path.join(content, "checks"))).toBe(false);
    const merged = await run(["--content", content, "--merge", out]);
    expect(merged.code).toBe(0);
    expect(merged.stdout).toMatch(/Merging 2 observations files: 8 results for 8 checked servers/);
    const latest = JSON.parse(fs.readFileSync(path.join(content, "checks", "latest.json"), "utf8")) as {
      results: Array<{ server: string; status: string }>;
    };
    expect(latest.results).toHaveLength(8);
    expect(
      latest.results
        .filter((r) => r.status === "offline")
        .map((r) => r.server)
        .sort(),
    ).toEqual(
      latest.results
        .map((r) => r.server)
        .filter((id) => id.endsWith("-1") || id.endsWith("-2"))
        .sort(),
    );
    const bad = await run(["--content", content, "--shard", "3/2", "--out", path.join(out, "c.json")]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/The checks did not run: --shard 3\/2 is not a shard/);
  });
});

describe("three places, each a run of the job of its own, merged by quorum", () => {
  let server: http.Server;
  let base: string;
  let failing = false;
  /** Which servers each place cannot reach once `failing`: the place is named in the job's user agent. */
  const unreachable: Record<string, string[]> = { "one-down": ["ap-south"], "two-down": ["ap-south", "eu-west"] };
  let receiver: HttpReceiver;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const id = (request.url ?? "/").slice(1);
      const place = /\(([^)]+)\)$/.exec(String(request.headers["user-agent"]))?.[1] ?? "";
      response.statusCode = failing && (unreachable[id] ?? []).includes(place) ? 503 : 200;
      response.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    receiver = await startHttpReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it("down from one place: a warning naming it, no offline alert, no down notice; from two: offline, one alert and one notice naming both; a place missing changes nothing", async () => {
    const content = temp("places-content-");
    for (const file of fs.readdirSync(path.join(ROOT, "content")).filter((f) => f.endsWith(".json"))) {
      fs.copyFileSync(path.join(ROOT, "content", file), path.join(content, file));
    }
    const template = (JSON.parse(fs.readFileSync(path.join(content, "servers.json"), "utf8")) as Array<Record<string, unknown>>)[0];
    const servers = ["one-down", "two-down", "all-up"].map((id, i) => ({
      ...template,
      id,
      name: `Server ${id}`,
      ip: `192.0.2.${i + 1}`,
      check: { url: `${base}/${id}`, confirmRuns: { warning: 1, offline: 1 } },
    }));
    fs.writeFileSync(path.join(content, "servers.json"), JSON.stringify(servers, null, 2));
    fs.writeFileSync(path.join(content, "alerts.json"), "[]");
    fs.writeFileSync(path.join(content, "monitoring.json"), JSON.stringify({ job: { locations: ["ap-south", "eu-west", "us-east"] } }));
    fs.writeFileSync(
      path.join(content, "notifications.json"),
      JSON.stringify({ channels: [{ id: "ops", type: "webhook", urlEnv: "PLACES_TEST_WEBHOOK" }], routes: [{ channels: ["ops"] }] }),
    );
    const env = { PLACES_TEST_WEBHOOK: `${receiver.base}/hook` };
    const round = async (name: string, places: string[]) => {
      const folder = temp(`places-${name}-`);
      const runs = await Promise.all(
        places.map((place) => run(["--content", content, "--location", place, "--out", path.join(folder, `${place}.json`)])),
      );
      for (const r of runs) expect(r.code).toBe(0);
      const merged = await run(["--content", content, "--merge", folder], env);
      expect(merged.code).toBe(0);
      return merged;
    };
    const latest = () =>
      new Map(
        (
          JSON.parse(fs.readFileSync(path.join(content, "checks", "latest.json"), "utf8")) as {
            results: Array<{ server: string; status: string; detail: string }>;
          }
        ).results.map((r) => [r.server, r] as const),
      );
    const alerts = () =>
      JSON.parse(fs.readFileSync(path.join(content, "checks", "alerts.json"), "utf8")) as Array<{
        id: string;
        type: string;
        message: string;
      }>;
    const notices = () => receiver.received.map((r) => JSON.parse(r.body) as { event: string; server: { id: string }; detail: string });

    await round("first", ["ap-south", "eu-west", "us-east"]);
    expect([...latest().values()].map((r) => r.status)).toEqual(["online", "online", "online"]);
    expect(alerts()).toEqual([]);

    failing = true;
    await round("second", ["ap-south", "eu-west", "us-east"]);
    const second = latest();
    expect(second.get("one-down")).toMatchObject({
      status: "warning",
      detail: expect.stringMatching(/^unreachable from ap-south: unexpected HTTP status 503.*; eu-west and us-east reach it$/),
    });
    expect(second.get("two-down")).toMatchObject({
      status: "offline",
      detail: expect.stringMatching(/^offline from ap-south and eu-west: unexpected HTTP status 503/),
    });
    expect(second.get("all-up")?.status).toBe("online");
    // Each place's figures are kept beside the result the places made together.
    expect((second.get("two-down") as unknown as { places: Array<{ location: string; status: string }> }).places).toEqual([
      expect.objectContaining({ location: "ap-south", status: "offline" }),
      expect.objectContaining({ location: "eu-west", status: "offline" }),
      expect.objectContaining({ location: "us-east", status: "online" }),
    ]);
    const written = alerts();
    expect(written.filter((a) => a.id.includes("one-down") && a.id.endsWith("-offline"))).toEqual([]);
    expect(written.filter((a) => a.id.includes("one-down")).map((a) => a.message)).toEqual([
      expect.stringMatching(/^Server unreachable from ap-south/),
    ]);
    const fall = written.filter((a) => a.id.includes("two-down"));
    expect(fall).toHaveLength(1);
    expect(fall[0]).toMatchObject({ type: "error", message: expect.stringMatching(/^Server offline: offline from ap-south and eu-west/) });
    const told = notices();
    expect(told.filter((n) => n.event === "down").map((n) => [n.server.id, n.detail])).toEqual([
      ["two-down", expect.stringMatching(/ap-south and eu-west/)],
    ]);
    expect(told.some((n) => n.server.id === "one-down" && n.event === "down")).toBe(false);

    // ap-south does not report: nothing changes because of its absence.
    const before = { alerts: alerts().length, notices: notices().length };
    const third = await round("third", ["eu-west", "us-east"]);
    expect(third.stderr).toMatch(/no file came from ap-south/);
    const after = latest();
    expect(after.get("one-down")?.status).toBe("warning");
    expect(after.get("two-down")?.status).toBe("offline");
    expect({ alerts: alerts().length, notices: notices().length }).toEqual(before);
    // Its verdict turned on ap-south: the result kept says why, and the next run with every place clears it.
    expect((after.get("two-down") as unknown as { held?: string }).held).toBe(
      "ap-south did not report, and its answer could change its state",
    );
    expect((after.get("one-down") as unknown as { held?: string }).held).toBeUndefined();
    await round("fourth", ["ap-south", "eu-west", "us-east"]);
    expect((latest().get("two-down") as unknown as { held?: string }).held).toBeUndefined();
    expect(latest().get("two-down")?.status).toBe("offline");
  }, 120_000);
});
