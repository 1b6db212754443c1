/** @jest-environment node */
/**
 * No silent failure (#44): a server the job cannot finish is never shown green,
 * it is told once each way, and the job tells someone else that it ran (the
 * heartbeat). Each case names the class it covers.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import path from "node:path";
import { runChecks, type RunOptions } from "../../../monitor/run/runChecks";
import { deliver } from "../../../monitor/notify/send";
import { resolveChannel } from "../../../monitor/notify/channelEnv";
import type { ProbeOutcome } from "../../../src/domain/checks/outcome";
import type { LatestChecks } from "../../../src/domain/checks/run";
import { toServer } from "../../../src/model/fleet/graphqlRecords";
import { statusDocument } from "../../../src/publish/openData";
import { badgeEndpoint } from "../../../src/publish/syndication";
import { componentStatus } from "../../../src/publish/statuspage";
import { statusLabel } from "../../../src/domain/kernel/status";
import { startHttpReceiver, type HttpReceiver } from "./receivers";
import { jobContent, removeJobContents, WEBHOOK_EVERYTHING } from "./jobContent";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");
jest.setTimeout(120_000);

let hook: HttpReceiver;
beforeAll(async () => {
  hook = await startHttpReceiver();
});
afterAll(async () => {
  await hook.close();
  removeJobContents();
});
beforeEach(() => hook.reset());

type Rec = Record<string, unknown>;
const SERVERS = ["srv-steady", "srv-lost"];

const contentWith = (monitoring: Rec = {}, url = "http://192.0.2.1/") =>
  jobContent(
    SERVERS.map((id) => ({ id, check: { url } })),
    { monitoring, notifications: WEBHOOK_EVERYTHING, prefix: "silent-" },
  );

const T0 = Date.parse("2026-11-20T00:00:00Z");
const up: ProbeOutcome = { kind: "answered", ms: 12, httpStatus: 200 };

/** One run on a faked clock, run i at T0 + 5 min × i; `lost(i)`: srv-lost's check fails for the job's own reason (no result). */
function run(dir: string, i: number, lost: (i: number) => boolean, extra: Partial<RunOptions> = {}) {
  const logs: string[] = [];
  return runChecks({
    contentDir: dir,
    log: (line) => logs.push(line),
    warn: (line) => logs.push(`warning: ${line}`),
    retryPauseMs: 0,
    now: () => new Date(T0 + i * 300_000),
    probe: async (target) => {
      if (target.kind === "http" && lost(i) && target.url.pathname === "/lost") throw new Error("the probe lost track of it");
      return up;
    },
    notify: {
      resolve: resolveChannel,
      deliver: (channel, message) => deliver(channel, message, { backoffMs: 5, timeoutMs: 2000 }),
      env: { HOOK_URL: `${hook.base}/hook` },
      siteUrl: null,
    },
    ...extra,
  }).then((report) => ({ report, logs }));
}

/** The content with srv-lost's check on its own path, so the test's probe can tell it apart. */
function lostContent(monitoring: Rec = {}): string {
  const dir = contentWith(monitoring);
  const servers = JSON.parse(fs.readFileSync(path.join(dir, "servers.json"), "utf8")) as Rec[];
  servers[1].check = { url: "http://192.0.2.2/lost" };
  fs.writeFileSync(path.join(dir, "servers.json"), JSON.stringify(servers, null, 2));
  return dir;
}

const latestOf = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, "checks", "latest.json"), "utf8")) as LatestChecks;
const told = () =>
  hook.received.map((r) => JSON.parse(r.body) as { event: string; server: { id: string }; detail: string; idempotencyKey: string });

describe("nothing is green without a fresh look (#44)", () => {
  it("a server without results for three intervals is 'not checked since' on the pages, the APIs and its badge; told once each way", async () => {
    const dir = lostContent();
    const lost = (i: number) => i >= 2 && i <= 8;
    for (let i = 0; i < 5; i += 1) await run(dir, i, lost);
    const result = latestOf(dir).results.find((r) => r.server === "srv-lost")!;
    // Its last result was run 1's (5 min); at run 4 it is 15 min old: three intervals of 5 min.
    expect(result.notChecked).toEqual({
      foundAt: new Date(T0 + 4 * 300_000).toISOString(),
      reason: "the check job's probe failed (Error: the probe lost track of it)",
    });
    expect(result.status).toBe("online");
    // As the pages show it: not online, not offline, with the time of its newest result and why.
    const server = toServer({
      id: "srv-lost",
      name: "Server 1",
      ip: "192.0.2.2",
      location: "Oslo, Norway",
      status: "online",
      uptime: "100%",
      responseTime: 1,
      lastChecked: "2026-11-26T00:00:00Z",
      coordinates: [10.75, 59.91],
      monitored: true,
      measured: result,
    });
    expect(server.status).toBe("unchecked");
    expect(statusLabel(server.status)).toBe("Not checked");
    expect(server.responseTime).toBeNull();
    expect(server.lastChecked).toBe(new Date(T0 + 300_000).toISOString());
    expect(server.detail).toMatch(
      /^not checked since 2026-11-20 00:05 UTC: the check job's probe failed .*; the last result said Online: /,
    );
    // The open data: counted apart, the site not "operational"; Statuspage's nearest honest state; the badge in words.
    const status = statusDocument([server], latestOf(dir).finishedAt, new Date(T0 + 4 * 300_000 + 5000), undefined, 300);
    expect(status.summary).toMatchObject({ online: 0, unchecked: 1 });
    expect(status.overall).toEqual({ state: "degraded", text: "1 server not checked" });
    expect(status.checksLateAfter).toBe(new Date(Date.parse(latestOf(dir).finishedAt) + 600_000).toISOString());
    expect(componentStatus(server.status, false)).toBe("degraded_performance");
    expect(badgeEndpoint({ ...server }).message).toBe("Not checked");

    for (let i = 5; i < 12; i += 1) await run(dir, i, lost);
    expect(latestOf(dir).results.find((r) => r.server === "srv-lost")!.notChecked).toBeUndefined();
    // Told once that it was not checked (a fall's route), once that results came back; never a state it did not see.
    expect(told().map((t) => [t.server.id, t.event])).toEqual([
      ["srv-lost", "unchecked"],
      ["srv-lost", "checked"],
    ]);
    expect(told()[0].detail).toBe("no result for 15 min: the check job's probe failed (Error: the probe lost track of it)");
    const alerts = JSON.parse(fs.readFileSync(path.join(dir, "checks", "alerts.json"), "utf8")) as Array<{ id: string; message: string }>;
    expect(alerts.filter((a) => a.id.startsWith("check-srv-lost-")).map((a) => a.message)).toEqual([
      "Results again after 40 min without any: HTTP 200 in 12 ms",
      "No result for 15 min: the check job's probe failed (Error: the probe lost track of it)",
    ]);
  });
});

describe("the monitor of the monitor (#44)", () => {
  it("npm run check requests the heartbeat URL after a run that recorded, and never says it", async () => {
    const dir = contentWith({ job: { heartbeatUrlEnv: "HEARTBEAT_URL" } }, `${hook.base}/health`);
    const url = `${hook.base}/ping/secret-token-7f3a`;
    const child = spawn(TSX, [path.join(ROOT, "monitor", "check.ts"), "--content", dir], {
      cwd: ROOT,
      env: { ...process.env, HEARTBEAT_URL: url, HOOK_URL: `${hook.base}/hook` },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(0);
    const pings = hook.received.filter((r) => r.path.startsWith("/ping/"));
    expect(pings.map((p) => [p.method, p.path])).toEqual([["GET", "/ping/secret-token-7f3a"]]);
    expect(output).toContain("Heartbeat: the URL in HEARTBEAT_URL answered HTTP 200.");
    expect(output).not.toContain("secret-token-7f3a");
    for (const file of fs.readdirSync(path.join(dir, "checks"), { recursive: true }) as string[]) {
      const full = path.join(dir, "checks", file);
      if (fs.statSync(full).isFile()) expect(fs.readFileSync(full, "utf8")).not.toContain("secret-token-7f3a");
    }
  });

  it("a run that recorded nothing (its clock behind what was kept) sends no heartbeat; one that cannot reach it says so and goes on", async () => {
    const dir = contentWith({ job: { heartbeatUrlEnv: "HEARTBEAT_URL" } });
    const env = { HEARTBEAT_URL: `${hook.base}/ping/x` };
    await run(dir, 10, () => false, { env });
    expect(hook.received.filter((r) => r.path === "/ping/x")).toHaveLength(1);
    const behind = await run(dir, 3, () => false, { env });
    expect(behind.report.refused).not.toBeNull();
    expect(hook.received.filter((r) => r.path === "/ping/x")).toHaveLength(1);
    const closed = await startHttpReceiver();
    await closed.close();
    const unreachable = await run(dir, 11, () => false, { env: { HEARTBEAT_URL: `${closed.base}/ping/y` } });
    expect(unreachable.report.refused).toBeNull();
    expect(unreachable.logs.join("\n")).toMatch(
      /warning: Heartbeat: the URL in HEARTBEAT_URL could not be reached \(network error \(ECONNREFUSED\)\)/,
    );
    expect(unreachable.logs.join("\n")).not.toContain("/ping/y");
  });
});

describe("a soak: 96 runs, eight hours on a faked clock (#44)", () => {
  it("a check lost from run 10 to 40, a receiver that answers late, a damaged line at run 50: one notice each way, none twice, no day lost", async () => {
    // A receiver that answers every post after 600 ms, past the sender's 300 ms: the notices arrive, their answers do not.
    const bodies: string[] = [];
    const late = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        bodies.push(body);
        setTimeout(() => response.end("ok"), 600);
      });
    });
    await new Promise<void>((resolve) => late.listen(0, "127.0.0.1", resolve));
    const lateUrl = `http://127.0.0.1:${(late.address() as net.AddressInfo).port}/hook`;
    const dir = lostContent();
    const lost = (i: number) => i >= 10 && i < 40;
    const warnings: string[] = [];
    try {
      for (let i = 0; i < 96; i += 1) {
        if (i === 50) {
          // One line of history.json damaged, in the middle of its runs.
          const file = path.join(dir, "checks", "history.json");
          const lines = fs.readFileSync(file, "utf8").split("\n");
          lines[Math.floor(lines.length / 2)] = '{"at":"2026-11-20T03:0';
          fs.writeFileSync(file, lines.join("\n"));
        }
        const { report, logs } = await run(dir, i, lost, {
          notify: {
            resolve: resolveChannel,
            deliver: (channel, message) => deliver(channel, message, { backoffMs: 5, timeoutMs: 300 }),
            env: { HOOK_URL: lateUrl },
            siteUrl: null,
          },
        });
        expect(report.refused).toBeNull();
        warnings.push(...logs.filter((l) => l.startsWith("warning:")));
      }
    } finally {
      late.closeAllConnections();
      late.close();
    }
    const notices = bodies.map((b) => JSON.parse(b) as { event: string; server: { id: string }; idempotencyKey: string });
    expect(notices.map((n) => [n.server.id, n.event])).toEqual([
      ["srv-lost", "unchecked"],
      ["srv-lost", "checked"],
    ]);
    expect(new Set(notices.map((n) => n.idempotencyKey)).size).toBe(notices.length);
    // The damage was said, and cost at most its own line: the steady server's day holds every run but that one.
    expect(warnings.join("\n")).toMatch(/history\.json/);
    const rollup = JSON.parse(fs.readFileSync(path.join(dir, "checks", "servers", "srv-steady.json"), "utf8")) as {
      daily: { from: string; total: number[] };
    };
    expect(rollup.daily.from).toBe("2026-11-20");
    expect(rollup.daily.total.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(95);
  });
});
