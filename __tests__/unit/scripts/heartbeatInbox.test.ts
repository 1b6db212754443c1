/** @jest-environment node */
/**
 * The GitHub inbox of heartbeats (#49): the workflow's own steps (read from
 * .github/workflows/heartbeat-inbox.yml) run in a clone whose origin is a
 * local bare repository, on dispatch events as GitHub writes them. Each ping
 * lands in pings.json on the heartbeat-inbox branch; a ping refused fails the
 * run and changes nothing; an older time never moves the newer back; and the
 * monitoring job reads the file as a heartbeat like any other.
 */
import { execFileSync, spawnSync } from "node:child_process";
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

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "heartbeat-inbox-"));
  origin = path.join(work, "origin.git");
  clone = path.join(work, "clone");
  git(work, "init", "--quiet", "--bare", origin);
  fs.mkdirSync(path.join(clone, "scripts"), { recursive: true });
  fs.copyFileSync(path.join(ROOT, "scripts", "heartbeat-inbox.mjs"), path.join(clone, "scripts", "heartbeat-inbox.mjs"));
  git(clone, "init", "--quiet", "-b", "main");
  git(clone, "add", ".");
  git(clone, "-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "--quiet", "-m", "inbox");
  git(clone, "remote", "add", "origin", origin);
  git(clone, "push", "--quiet", "origin", "main");
});

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** One run of the workflow's steps on a dispatch with this payload: whether it passed, what it said. */
function dispatch(payload: unknown, type = "heartbeat"): { ok: boolean; output: string } {
  const event = path.join(work, "event.json");
  fs.writeFileSync(event, JSON.stringify({ action: type, client_payload: payload, repository: { full_name: "owner/inbox" } }));
  fs.rmSync(path.join(clone, "inbox"), { recursive: true, force: true });
  let output = "";
  for (const step of steps) {
    const run = spawnSync("bash", ["-e", "-o", "pipefail", "-c", step.run!], {
      cwd: clone,
      encoding: "utf8",
      env: { ...process.env, GITHUB_EVENT_PATH: event, RUNNER_TEMP: work },
    });
    output += run.stdout + run.stderr;
    if (run.status !== 0) return { ok: false, output };
  }
  return { ok: true, output };
}

const pings = () =>
  JSON.parse(git(clone, "show", "origin/heartbeat-inbox:pings.json").toString()) as {
    pings: Record<string, { finishedAt?: string; startedAt?: string; receivedAt: string }>;
  };

describe("the heartbeat inbox workflow", () => {
  it("answers repository_dispatch's heartbeat events only, and may write to its repository only", () => {
    expect(workflow.on.repository_dispatch.types).toEqual(["heartbeat"]);
    expect(workflow.permissions).toEqual({ contents: "write" });
  });

  it("records a ping at the sender's own time, and a start beside it", () => {
    const first = dispatch({ check: "nightly-backup", at: "2026-11-20T03:40:00Z" });
    expect(first.output).toContain("nightly-backup: finished at 2026-11-20T03:40:00.000Z recorded.");
    expect(first.ok).toBe(true);
    git(clone, "fetch", "--quiet", "origin", "heartbeat-inbox:refs/remotes/origin/heartbeat-inbox");
    expect(pings().pings["nightly-backup"].finishedAt).toBe("2026-11-20T03:40:00.000Z");
    expect(dispatch({ check: "nightly-backup", at: "2026-11-21T03:00:00+01:00", state: "started" }).ok).toBe(true);
    expect(dispatch({ check: "export", at: "2026-11-20T05:00:00Z" }).ok).toBe(true);
    git(clone, "fetch", "--quiet", "--force", "origin", "heartbeat-inbox:refs/remotes/origin/heartbeat-inbox");
    const file = pings();
    expect(file.pings["nightly-backup"]).toMatchObject({ finishedAt: "2026-11-20T03:40:00.000Z", startedAt: "2026-11-21T02:00:00.000Z" });
    expect(file.pings.export.finishedAt).toBe("2026-11-20T05:00:00.000Z");
    // The branch never grows: one commit without a parent.
    expect(git(clone, "rev-list", "--count", "origin/heartbeat-inbox").trim()).toBe("1");
  });

  it("never moves a time back for a dispatch that came late", () => {
    const late = dispatch({ check: "nightly-backup", at: "2026-11-19T03:40:00Z" });
    expect(late.ok).toBe(true);
    expect(late.output).toMatch(/not newer than the time recorded/);
    git(clone, "fetch", "--quiet", "--force", "origin", "heartbeat-inbox:refs/remotes/origin/heartbeat-inbox");
    expect(pings().pings["nightly-backup"].finishedAt).toBe("2026-11-20T03:40:00.000Z");
  });

  it.each([
    ["a name that is none", { check: "../../etc" }, /check must be a name/],
    ["a time without its zone", { check: "a", at: "2026-11-29T03:40:00" }, /at must be an ISO 8601 time with its zone/],
    ["a time ahead of the runner's clock", { check: "a", at: "2099-01-01T00:00:00Z" }, /ahead of this runner's clock/],
    ["a state that is none", { check: "a", state: "exploded" }, /state must be started or finished/],
    ["no payload", undefined, /no client_payload/],
  ])("refuses %s: the run fails, saying why, and the pings stay", (_title, payload, why) => {
    const before = git(clone, "ls-remote", origin, "refs/heads/heartbeat-inbox");
    const run = dispatch(payload);
    expect(run.ok).toBe(false);
    expect(run.output).toMatch(why);
    expect(run.output).toMatch(/pings\.json is unchanged/);
    expect(git(clone, "ls-remote", origin, "refs/heads/heartbeat-inbox")).toBe(before);
  });

  it("a ping without a time is recorded at the moment it runs", () => {
    const started = Date.now();
    expect(dispatch({ check: "hourly" }).ok).toBe(true);
    git(clone, "fetch", "--quiet", "--force", "origin", "heartbeat-inbox:refs/remotes/origin/heartbeat-inbox");
    const at = Date.parse(pings().pings.hourly.finishedAt!);
    expect(at).toBeGreaterThanOrEqual(started - 1000);
    expect(at).toBeLessThanOrEqual(Date.now());
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
        heartbeat: { time: { json: "$.pings['nightly-backup'].finishedAt" }, cron: "30 3 * * *", timeZone: "UTC", graceMinutes: 60 },
      })!;
      const body = await (await fetch(`http://127.0.0.1:${port}/`)).text();
      const judged = judge(
        { kind: "answered", ms: 3, httpStatus: 200, body: { text: body, bytes: body.length, cut: null } },
        target,
        new Date("2026-11-20T04:00:00Z"),
      );
      expect(judged.status).toBe("online");
      expect(judged.detail).toMatch(/^last ping 2026-11-20 03:40 UTC/);
    } finally {
      server.close();
    }
  });
});
