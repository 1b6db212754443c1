/** @jest-environment node */
/**
 * The GitHub inbox of heartbeats (#49): the workflow's own steps (read from
 * .github/workflows/heartbeat-inbox.yml) run in a clone whose origin is a
 * local bare repository, on dispatch events as GitHub writes them. Each ping
 * lands in pings.json on the heartbeat-inbox branch; a ping refused fails the
 * run and changes nothing; an older time never moves the newer back; and the
 * monitoring job reads the file as a heartbeat like any other.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { parse } from "yaml";
import { checkTarget } from "../../../src/domain/checks/definition";
import { judge } from "../../../src/domain/checks/judge";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const workflow = parse(fs.readFileSync(path.join(ROOT, ".github", "workflows", "heartbeat-inbox.yml"), "utf8")) as {
  on: { repository_dispatch: { types: string[] } };
  permissions: Record<string, string>;
  jobs: { record: { steps: Array<{ name?: string; run?: string; uses?: string }> } };
};
const steps = workflow.jobs.record.steps.filter((step) => step.run !== undefined);

let work: string;
let origin: string;
let clone: string;

const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

/** A checkout of the inbox repository, as a run's actions/checkout makes it. */
function checkout(dir: string): string {
  git(work, "clone", "--quiet", origin, dir);
  return dir;
}

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "heartbeat-inbox-"));
  origin = path.join(work, "origin.git");
  const seed = path.join(work, "seed");
  git(work, "init", "--quiet", "--bare", "-b", "main", origin);
  fs.mkdirSync(path.join(seed, "scripts"), { recursive: true });
  fs.copyFileSync(path.join(ROOT, "scripts", "heartbeat-inbox.mjs"), path.join(seed, "scripts", "heartbeat-inbox.mjs"));
  git(seed, "init", "--quiet", "-b", "main");
  git(seed, "add", ".");
  git(seed, "-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "--quiet", "-m", "inbox");
  git(seed, "remote", "add", "origin", origin);
  git(seed, "push", "--quiet", "origin", "main");
  clone = checkout(path.join(work, "clone"));
});

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** The workflow's steps (one run) in a checkout, on a dispatch with this payload, as a child process: whether it passed, what it said. */
function dispatchIn(dir: string, payload: unknown, type = "heartbeat"): Promise<{ ok: boolean; output: string }> {
  const event = path.join(dir, "..", `${path.basename(dir)}-event.json`);
  fs.writeFileSync(event, JSON.stringify({ action: type, client_payload: payload, repository: { full_name: "owner/inbox" } }));
  const temp = fs.mkdtempSync(path.join(work, "runner-"));
  return steps.reduce<Promise<{ ok: boolean; output: string }>>(
    (previous, step) =>
      previous.then(
        (sofar) =>
          new Promise((resolve) => {
            if (!sofar.ok) return resolve(sofar);
            const child = spawn("bash", ["-e", "-o", "pipefail", "-c", step.run!], {
              cwd: dir,
              env: { ...process.env, GITHUB_EVENT_PATH: event, RUNNER_TEMP: temp },
            });
            let output = sofar.output;
            child.stdout.on("data", (d: Buffer) => (output += d.toString()));
            child.stderr.on("data", (d: Buffer) => (output += d.toString()));
            child.on("close", (code) => resolve({ ok: code === 0, output }));
          }),
      ),
    Promise.resolve({ ok: true, output: "" }),
  );
}

const dispatch = (payload: unknown, type = "heartbeat") => dispatchIn(clone, payload, type);

const pings = () =>
  JSON.parse(git(clone, "show", "origin/heartbeat-inbox:pings.json").toString()) as {
    pings: Record<string, { finishedAt?: string; startedAt?: string; receivedAt: string }>;
  };

describe("the heartbeat inbox workflow", () => {
  it("answers repository_dispatch's heartbeat events only, and may write to its repository only", () => {
    expect(workflow.on.repository_dispatch.types).toEqual(["heartbeat"]);
    expect(workflow.permissions).toEqual({ contents: "write" });
  });

  it("records a ping at the sender's own time, and a start beside it", async () => {
    const first = await dispatch({ check: "nightly-backup", at: "2026-11-20T03:40:00Z" });
    expect(first.output).toContain("nightly-backup: finished at 2026-11-20T03:40:00.000Z recorded.");
    expect(first.ok).toBe(true);
    git(clone, "fetch", "--quiet", "origin", "heartbeat-inbox:refs/remotes/origin/heartbeat-inbox");
    expect(pings().pings["nightly-backup"].finishedAt).toBe("2026-11-20T03:40:00.000Z");
    expect((await dispatch({ check: "nightly-backup", at: "2026-11-21T03:00:00+01:00", state: "started" })).ok).toBe(true);
    expect((await dispatch({ check: "export", at: "2026-11-20T05:00:00Z" })).ok).toBe(true);
    git(clone, "fetch", "--quiet", "--force", "origin", "heartbeat-inbox:refs/remotes/origin/heartbeat-inbox");
    const file = pings();
    expect(file.pings["nightly-backup"]).toMatchObject({ finishedAt: "2026-11-20T03:40:00.000Z", startedAt: "2026-11-21T02:00:00.000Z" });
    expect(file.pings.export.finishedAt).toBe("2026-11-20T05:00:00.000Z");
    // The branch never grows: one commit without a parent.
    expect(git(clone, "rev-list", "--count", "origin/heartbeat-inbox").trim()).toBe("1");
  });

  it("never moves a time back for a dispatch that came late", async () => {
    const late = await dispatch({ check: "nightly-backup", at: "2026-11-19T03:40:00Z" });
    expect(late.ok).toBe(true);
    expect(late.output).toMatch(/not newer than the time recorded/);
    git(clone, "fetch", "--quiet", "--force", "origin", "heartbeat-inbox:refs/remotes/origin/heartbeat-inbox");
    expect(pings().pings["nightly-backup"].finishedAt).toBe("2026-11-20T03:40:00.000Z");
  });

  it.each([
    ["a name that is none", { check: "../../etc" }, /check must be a name/],
    ["a time without its zone", { check: "a", at: "2026-11-29T03:40:00" }, /at must be an ISO 8601 time with its zone/],
    ["a date that does not exist", { check: "a", at: "2026-02-30T03:40:00Z" }, /at must be an ISO 8601 time with its zone/],
    ["a time ahead of the runner's clock", { check: "a", at: "2099-01-01T00:00:00Z" }, /ahead of this runner's clock/],
    ["a state that is none", { check: "a", state: "exploded" }, /state must be started or finished/],
    ["no payload", undefined, /no client_payload/],
  ])("refuses %s: the run fails, saying why, and the pings stay", async (_title, payload, why) => {
    const before = git(clone, "ls-remote", origin, "refs/heads/heartbeat-inbox");
    const run = await dispatch(payload);
    expect(run.ok).toBe(false);
    expect(run.output).toMatch(why);
    expect(run.output).toMatch(/pings\.json is unchanged/);
    expect(git(clone, "ls-remote", origin, "refs/heads/heartbeat-inbox")).toBe(before);
  });

  it("a ping without a time is recorded at the moment it runs", async () => {
    const started = Date.now();
    expect((await dispatch({ check: "hourly" })).ok).toBe(true);
    git(clone, "fetch", "--quiet", "--force", "origin", "heartbeat-inbox:refs/remotes/origin/heartbeat-inbox");
    const at = Date.parse(pings().pings.hourly.finishedAt!);
    expect(at).toBeGreaterThanOrEqual(started - 1000);
    expect(at).toBeLessThanOrEqual(Date.now());
  });

  it("runs at once lose no ping: each writes on the branch it read, or reads it again", async () => {
    const names = ["at-once-1", "at-once-2", "at-once-3", "at-once-4"];
    const runs = names.map((name) => dispatchIn(checkout(path.join(work, name)), { check: name, at: "2026-11-20T06:00:00Z" }));
    const results = await Promise.all(runs);
    expect(results.map((r) => r.ok)).toEqual([true, true, true, true]);
    git(clone, "fetch", "--quiet", "--force", "origin", "heartbeat-inbox:refs/remotes/origin/heartbeat-inbox");
    const file = pings();
    for (const name of names) expect(file.pings[name]?.finishedAt).toBe("2026-11-20T06:00:00.000Z");
    // The pings before them are all there too.
    expect(file.pings.export.finishedAt).toBe("2026-11-20T05:00:00.000Z");
  }, 60_000);

  it("a damaged pings.json is set aside on the branch, and the pings start again beside it", async () => {
    // A hand edit broke the file on the branch.
    const broken = checkout(path.join(work, "broken"));
    git(broken, "checkout", "--quiet", "heartbeat-inbox");
    fs.writeFileSync(path.join(broken, "pings.json"), "{ not json");
    git(broken, "-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "--quiet", "-am", "broken");
    git(broken, "push", "--quiet", "--force", "origin", "heartbeat-inbox");
    const run = await dispatch({ check: "after-repair", at: "2026-11-20T07:00:00Z" });
    expect(run.ok).toBe(true);
    expect(run.output).toMatch(/was not JSON: set aside beside it/);
    git(clone, "fetch", "--quiet", "--force", "origin", "heartbeat-inbox:refs/remotes/origin/heartbeat-inbox");
    const files = git(clone, "ls-tree", "--name-only", "origin/heartbeat-inbox").trim().split("\n");
    expect(files).toContain("pings.json");
    expect(files.some((name) => name.startsWith("pings.json.damaged-"))).toBe(true);
    expect(Object.keys(pings().pings)).toEqual(["after-repair"]);
    // The next ping keeps the file set aside: nothing is lost by the runs after it.
    expect((await dispatch({ check: "later", at: "2026-11-20T07:05:00Z" })).ok).toBe(true);
    git(clone, "fetch", "--quiet", "--force", "origin", "heartbeat-inbox:refs/remotes/origin/heartbeat-inbox");
    expect(
      git(clone, "ls-tree", "--name-only", "origin/heartbeat-inbox")
        .split("\n")
        .some((n) => n.startsWith("pings.json.damaged-")),
    ).toBe(true);
  });

  it("the monitor reads the inbox's file as a heartbeat, served as raw.githubusercontent.com serves it", async () => {
    const text = git(clone, "show", "origin/heartbeat-inbox:pings.json");
    const server = http.createServer((_request, response) => {
      response.setHeader("content-type", "text/plain; charset=utf-8");
      response.end(text);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as net.AddressInfo).port;
      const target = checkTarget({
        url: `http://127.0.0.1:${port}/owner/inbox/heartbeat-inbox/pings.json`,
        heartbeat: { time: { json: "$.pings['later'].finishedAt" }, cron: "0 7 * * *", timeZone: "UTC", graceMinutes: 60 },
      })!;
      const body = await (await fetch(`http://127.0.0.1:${port}/`)).text();
      const judged = judge(
        { kind: "answered", ms: 3, httpStatus: 200, body: { text: body, bytes: body.length, cut: null } },
        target,
        new Date("2026-11-20T07:30:00Z"),
      );
      expect(judged.status).toBe("online");
      expect(judged.detail).toMatch(/^last ping 2026-11-20 07:05 UTC/);
    } finally {
      server.close();
    }
  });
});
