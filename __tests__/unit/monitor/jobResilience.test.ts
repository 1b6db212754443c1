/** @jest-environment node */
/**
 * What the clock, a second run or a crash can do to the job's files (#30):
 * nothing is lost, one run at a time writes, and the build still reads them.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { withLock, type HeldLock } from "../../../io/jobLock";
import { runChecks, type RunOptions } from "../../../monitor/run/runChecks";
import { readContentTexts } from "../../../io/contentFiles";
import { readServerHistories } from "../../../gatsby/pages/serverHistories";
import type { ProbeOutcome } from "../../../src/domain/checks/outcome";
import { validateContent } from "../../../src/domain/content/validate";
import { startHttpReceiver, type HttpReceiver } from "./receivers";
import { jobContent, removeJobContents, WEBHOOK_EVERYTHING } from "./jobContent";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");
jest.setTimeout(60_000);

afterAll(removeJobContents);

/** A content folder of `count` servers, each with a check (the probe is the test's), and a webhook when given. */
const content = (count: number, webhook?: string): string =>
  jobContent(
    Array.from({ length: count }, (_, i) => ({ id: `srv-${i}`, check: { url: `http://192.0.2.${(i % 250) + 1}/health` } })),
    { ...(webhook ? { notifications: WEBHOOK_EVERYTHING } : {}), prefix: "resilience-" },
  );

const up: ProbeOutcome = { kind: "answered", ms: 12, httpStatus: 200 };
const down: ProbeOutcome = { kind: "failed", reason: "refused" };
const quiet = { log: () => undefined, warn: () => undefined };

/** Every file of the job's folder, with its bytes. */
function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.set(path.relative(dir, full), fs.readFileSync(full, "utf8"));
    }
  };
  walk(path.join(dir, "checks"));
  return files;
}

/** What a build does with the job's files: the content's validation, and each server's history for its page. */
function buildReads(dir: string): { errors: string[]; servers: number } {
  const validation = validateContent(readContentTexts(dir));
  return { errors: validation.errors.map((e) => e.message), servers: readServerHistories(dir).size };
}

describe("the clock set back (#30)", () => {
  // Three days of runs every 30 minutes, on a fake clock, then the clock goes back.
  const T0 = Date.parse("2026-11-20T00:00:00Z");
  const RUNS = 3 * 48;
  const at = (i: number) => new Date(T0 + i * 30 * 60_000);

  async function days(dir: string) {
    for (let i = 0; i < RUNS; i += 1) {
      await runChecks({ contentDir: dir, ...quiet, retryPauseMs: 0, probe: async () => (i % 7 === 3 ? down : up), now: () => at(i) });
    }
  }

  it.each([
    ["15 minutes", 15 * 60_000, "15 minutes"],
    ["a day", 86_400_000, "24 hours"],
  ])(
    "back by %s after days of runs: nothing is written or lost, the run says why, the build still reads every file",
    async (_label, back, words) => {
      const dir = content(3);
      await days(dir);
      const before = snapshot(dir);
      expect(buildReads(dir)).toEqual({ errors: [], servers: 3 });
      const warnings: string[] = [];
      const now = new Date(at(RUNS - 1).getTime() - back);
      const report = await runChecks({
        contentDir: dir,
        log: () => undefined,
        warn: (w) => warnings.push(w),
        probe: async () => down,
        now: () => now,
      });
      expect(report.refused).toMatch(
        new RegExp(
          `^The run checked 3 servers but wrote nothing: this machine's clock \\(${now.toISOString().replace(/\./g, "\\.")}\\) is ${words} behind what the job has kept`,
        ),
      );
      expect(warnings).toContain(report.refused);
      // Byte for byte as it was: no run dropped, latest.json never null, no alert written.
      expect(snapshot(dir)).toEqual(before);
      expect(buildReads(dir)).toEqual({ errors: [], servers: 3 });
      // Once the clock passes what was kept, runs record again, after the last one kept.
      const later = new Date(at(RUNS).getTime());
      const next = await runChecks({ contentDir: dir, ...quiet, probe: async () => up, now: () => later });
      expect(next.refused).toBeNull();
      const history = JSON.parse(fs.readFileSync(path.join(dir, "checks", "history.json"), "utf8")) as { runs: Array<{ at: string }> };
      expect(history.runs.at(-1)!.at).toBe(later.toISOString());
      // 48 hours of runs every 30 minutes, the newest included.
      expect(history.runs).toHaveLength(96);
    },
  );

  it("the command exits 1 and says it, so a scheduler shows the run failed", async () => {
    const dir = content(1);
    fs.mkdirSync(path.join(dir, "checks"));
    const ahead = new Date(Date.now() + 15 * 60_000).toISOString();
    fs.writeFileSync(
      path.join(dir, "checks", "history.json"),
      JSON.stringify({ version: 2, runs: [{ at: ahead, results: { "srv-0": ["o", 3] } }] }),
    );
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(TSX, ["monitor/check.ts", "--content", dir], { cwd: ROOT, env: { ...process.env, NO_COLOR: "1" } });
      let stderr = "";
      child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      child.on("close", (code) => resolve({ code, stderr }));
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/warning: The run checked 1 server but wrote nothing: this machine's clock .* is 1[45] minutes behind/);
  });
});

describe("one run at a time (#30)", () => {
  let receiver: HttpReceiver;
  beforeAll(async () => (receiver = await startHttpReceiver()));
  afterAll(() => receiver.close());

  // Protects "two runs can both hold the lock": the lock is renewed while its run lives.
  it("a run that outlives the lock's first deadline keeps it; a second run waits, and nothing is sent twice", async () => {
    const dir = content(1, "x");
    const env = { HOOK_URL: `${receiver.base}/hook` };
    const events: string[] = [];
    const common = (name: string): RunOptions => ({
      contentDir: dir,
      ...quiet,
      retryPauseMs: 0,
      probe: async () => down,
      // A lock that holds 400 ms unrenewed: renewed every 100 ms while its run lives.
      lock: { deadlineMs: 400 },
      notify: {
        resolve: (channel, variables) =>
          channel.type === "webhook" ? { channel: { id: channel.id, type: "webhook", url: variables.HOOK_URL! } } : { missing: ["?"] },
        deliver: async (channel, message) => {
          const { deliver } = await import("../../../monitor/notify/send");
          return deliver(channel, message, { timeoutMs: 2000 });
        },
        env,
        siteUrl: null,
      },
      beforeWrite: async () => {
        events.push(`${name} writes`);
        // The first run is slow under the lock: three times its deadline.
        if (name === "first") await new Promise((resolve) => setTimeout(resolve, 1200));
        events.push(`${name} done`);
      },
    });
    const first = runChecks(common("first"));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = runChecks(common("second"));
    await Promise.all([first, second]);
    expect(events).toEqual(["first writes", "first done", "second writes", "second done"]);
    // The server was first seen down: one notice, once.
    expect(receiver.received).toHaveLength(1);
    expect(fs.existsSync(path.join(dir, "checks", ".lock"))).toBe(false);
  });

  it("a run that stood still past the deadline finds its lock taken: it writes nothing more, and leaves the other run's lock", async () => {
    const dir = content(1);
    fs.mkdirSync(path.join(dir, "checks"));
    const lockFile = path.join(dir, "checks", ".lock");
    let lost: unknown = null;
    const other = new Promise<{ code: number | null; out: string }>((resolve) => {
      // Another process that wants the lock while this one stands still.
      const script = `
        const { withLock } = require("./io/jobLock");
        withLock(${JSON.stringify(dir)}, async () => { process.stdout.write("held "); await new Promise((r) => setTimeout(r, 1500)); process.stdout.write("released"); }, { waitMs: 5000, deadlineMs: 300 });`;
      const child = spawn(TSX, ["-e", script], { cwd: ROOT });
      let out = "";
      child.stdout.on("data", (d: Buffer) => (out += d.toString()));
      child.on("close", (code) => resolve({ code, out }));
    });
    await withLock(
      dir,
      (lock: HeldLock) => {
        // Stands still (a blocked event loop: no renewal can run) past the lock's 300 ms, until the other run has taken it.
        const holder = () => {
          try {
            return (JSON.parse(fs.readFileSync(lockFile, "utf8")) as { pid: number }).pid;
          } catch {
            return null;
          }
        };
        const until = Date.now() + 20_000;
        while (Date.now() < until && (holder() === process.pid || holder() === null)) {
          // busy
        }
        try {
          lock.confirm();
        } catch (error) {
          lost = error;
        }
      },
      { deadlineMs: 300 },
    );
    // Ended, this run left the other's lock where it was.
    const held = JSON.parse(fs.readFileSync(lockFile, "utf8")) as { pid: number };
    expect(held.pid).not.toBe(process.pid);
    expect(String(lost)).toMatch(/another check run took .*\.lock while this one stood still past the lock's deadline/);
    const result = await other;
    expect(result).toEqual({ code: 0, out: "held released" });
  });
});

describe("a crash in the middle of writing (#30)", () => {
  /** Runs the job in a process that kills itself (SIGKILL) at its Nth rename, or Nth temporary file written. */
  function crashingRun(dir: string, at: { renames?: number; writes?: number }, now: string) {
    const script = `
      const fs = require("node:fs");
      const { runChecks } = require("./monitor/run/runChecks");
      let renames = 0, writes = 0;
      const rename = fs.renameSync, write = fs.writeFileSync;
      // The run's own files only: the lock's temporary files are the lock's business.
      const counted = (file) => String(file).endsWith(".tmp") && !String(file).includes("/.lock.");
      fs.renameSync = (...a) => { if (counted(a[0]) && ++renames === ${at.renames ?? -1}) process.kill(process.pid, "SIGKILL"); return rename(...a); };
      fs.writeFileSync = (...a) => { if (counted(a[0]) && ++writes === ${at.writes ?? -1}) process.kill(process.pid, "SIGKILL"); return write(...a); };
      runChecks({ contentDir: ${JSON.stringify(dir)}, log() {}, warn() {}, retryPauseMs: 0, probe: async () => ({ kind: "answered", ms: 9, httpStatus: 200 }), now: () => new Date(${JSON.stringify(now)}) });`;
    // tsx runs the script in a process of its own, and says 137 (128 + SIGKILL) when it was killed.
    return new Promise<boolean>((resolve) =>
      spawn(TSX, ["-e", script], { cwd: ROOT }).on("close", (code, signal) => resolve(signal === "SIGKILL" || code === 137)),
    );
  }

  it.each([
    ["while the temporary files are written", { writes: 40 }],
    ["between two renames", { renames: 30 }],
  ])("killed %s: every file is whole, the next run cleans up and loses nothing", async (_label, at) => {
    const dir = content(120);
    // A first complete run.
    await runChecks({ contentDir: dir, ...quiet, probe: async () => up, now: () => new Date("2026-11-26T10:00:00Z") });
    expect(await crashingRun(dir, at, "2026-11-26T10:05:00Z")).toBe(true);
    // Whatever was renamed is whole; the rest is the first run's. Temporaries were left behind.
    const left = fs.readdirSync(path.join(dir, "checks", "servers")).filter((f) => f.endsWith(".tmp"));
    expect(left.length).toBeGreaterThan(0);
    for (const [file, text] of snapshot(dir)) if (!file.endsWith(".tmp")) expect(() => JSON.parse(text)).not.toThrow();
    expect(buildReads(dir)).toEqual({ errors: [], servers: 120 });

    const warnings: string[] = [];
    const next = await runChecks({
      contentDir: dir,
      log: () => undefined,
      warn: (w) => warnings.push(w),
      probe: async () => up,
      now: () => new Date("2026-11-26T10:10:00Z"),
    });
    expect(next.refused).toBeNull();
    expect(warnings.some((w) => /^removed \d+ temporary file\(s\) a run that stopped while writing left/.test(w))).toBe(true);
    expect([...snapshot(dir).keys()].filter((f) => f.endsWith(".tmp"))).toEqual([]);
    const history = JSON.parse(fs.readFileSync(path.join(dir, "checks", "history.json"), "utf8")) as { runs: Array<{ at: string }> };
    // The first run and the last are kept; the killed run's is there only if history.json was renamed before the kill.
    expect(history.runs.at(0)!.at).toBe("2026-11-26T10:00:00.000Z");
    expect(history.runs.at(-1)!.at).toBe("2026-11-26T10:10:00.000Z");
    const rollup = JSON.parse(fs.readFileSync(path.join(dir, "checks", "servers", "srv-119.json"), "utf8")) as {
      hourly: { total: number[] };
    };
    expect(rollup.hourly.total.at(-1)).toBe(history.runs.length);
    expect(buildReads(dir)).toEqual({ errors: [], servers: 120 });
  });
});

describe("sending has a deadline (#30)", () => {
  it("no send starts past it: what is left waits, queued and unmarked, for the next run, which sends it once", async () => {
    const { sendOutbox, summaryLine } = await import("../../../monitor/notify/outbox");
    const { makeNotice } = await import("../fixtures");
    const dir = content(1);
    fs.mkdirSync(path.join(dir, "checks"));
    const config = { channels: [{ id: "hook", type: "webhook" as const, urlEnv: "HOOK_URL" }], routes: [{ channels: ["hook"] }] };
    const outbox = ["a", "b", "c"].map((key) => ({ channel: "hook", notice: makeNotice({ key }), queuedAt: new Date().toISOString() }));
    const sent: string[] = [];
    // A clock of the test's own: each send takes 300 ms of it, whatever the machine is doing.
    let clock = 0;
    const tools = {
      resolve: () => ({ channel: { id: "hook", type: "webhook" as const, url: "http://127.0.0.1:9/hook" } }),
      deliver: async (_channel: unknown, message: { kind: string; notice?: { key: string } }) => {
        clock += 300;
        sent.push(message.notice!.key);
        return { ok: true as const, attempts: 1 };
      },
      env: {},
      siteUrl: null,
    };
    const state = { version: 1 as const, servers: {}, sent: {}, outbox };
    const first = await sendOutbox({ contentDir: dir, config, state, tools, now: () => new Date(), deadline: 400, clock: () => clock });
    // a at 0 ms, b at 300 ms; c would start at 600 ms, past the deadline.
    expect(sent).toEqual(["a", "b"]);
    expect(first).toMatchObject({ messages: 2, waiting: 1 });
    expect(summaryLine({ ...first, suppressed: [], overflow: 0, seconds: 0.6 })).toContain(
      "1 notice not sent in this run's time, kept for the next run",
    );
    const saved = JSON.parse(fs.readFileSync(path.join(dir, "checks", "notify-state.json"), "utf8")) as typeof state;
    expect(saved.outbox.map((item) => [item.notice.key, "sendingSince" in item])).toEqual([["c", false]]);
    await sendOutbox({ contentDir: dir, config, state: saved, tools, now: () => new Date() });
    expect(sent).toEqual(["a", "b", "c"]);
  });
});

describe("the job's own failure on one check (#30)", () => {
  it("is no data for that server (its last result stays, nothing alerted), said in words, and the others are written", async () => {
    const dir = content(2);
    await runChecks({ contentDir: dir, ...quiet, probe: async () => up, now: () => new Date("2026-11-26T10:00:00Z") });
    const warnings: string[] = [];
    const report = await runChecks({
      contentDir: dir,
      log: () => undefined,
      warn: (w) => warnings.push(w),
      retryPauseMs: 0,
      probe: async (target) => {
        if (target.kind === "http" && target.url.hostname === "192.0.2.1") throw new TypeError("x is not a function");
        return down;
      },
      now: () => new Date("2026-11-26T10:05:00Z"),
    });
    expect(report.unfinished).toEqual(["srv-0"]);
    expect(warnings).toContain(
      "srv-0: the check job's probe failed (TypeError: x is not a function); no data for it this run (the job's fault, not the server's), its last result stays.",
    );
    const latest = JSON.parse(fs.readFileSync(path.join(dir, "checks", "latest.json"), "utf8")) as {
      results: Array<Record<string, unknown>>;
    };
    expect(latest.results.map((r) => [r.server, r.status, r.checkedAt])).toEqual([
      ["srv-1", "offline", expect.stringMatching(/^2026-11-26T10:05/)],
      ["srv-0", "online", expect.stringMatching(/^2026-11-26T10:00/)],
    ]);
    const alerts = JSON.parse(fs.readFileSync(path.join(dir, "checks", "alerts.json"), "utf8")) as Array<{ server: string }>;
    expect(alerts.map((a) => a.server)).toEqual(["Server 1"]);
  });
});
