/** @jest-environment node */
/**
 * One notice for one cause (#47), end to end: the check job as an operator
 * runs it (`tsx monitor/check.ts`, a process of its own) against 50 servers on
 * 127.0.0.1, 49 of them behind one switch (dependsOn), telling a webhook and a
 * Slack receiver. The switch hangs, and with it everything behind it: one
 * alert and one notice per route, naming the switch and counting 49. It comes
 * back: one notice. A dependent down on its own while the switch is up: its
 * own notice, as without dependencies.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import path from "node:path";
import { jobContent, removeJobContents } from "./jobContent";
import { startHttpReceiver, type HttpReceiver } from "./receivers";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");
// Four runs of a process each, on two shared cores: nothing here is timed.
jest.setTimeout(60_000);

let target: http.Server;
let base: string;
/** The paths that get no answer (the switch is down, or one server is). */
const hanging = new Set<string>();
let hook: HttpReceiver;
let slack: HttpReceiver;

beforeAll(async () => {
  target = http.createServer((request, response) => {
    if (hanging.has(request.url ?? "")) return; // no answer: the check times out
    response.end("ok");
  });
  await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(target.address() as net.AddressInfo).port}`;
  hook = await startHttpReceiver();
  slack = await startHttpReceiver();
});

afterAll(async () => {
  target.closeAllConnections();
  target.close();
  await Promise.all([hook.close(), slack.close()]);
  removeJobContents();
});

const DEPENDENTS = Array.from({ length: 49 }, (_, i) => `app-${String(i + 1).padStart(2, "0")}`);

function runJob(dir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(TSX, ["monitor/check.ts", "--content", dir], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: "1", HOOK_URL: `${hook.base}/hook`, SLACK_URL: `${slack.base}/services/T0/B0/x` },
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("close", (code) => resolve({ code, output }));
  });
}

/** A run that ended well; its output told when it did not. */
const expectRan = (run: { code: number | null; output: string }) =>
  expect({ code: run.code, output: run.code === 0 ? "" : run.output }).toEqual({ code: 0, output: "" });

type Alert = { server: string; type: string; message: string };
const alertsOf = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, "checks", "alerts.json"), "utf8")) as Alert[];
const bodies = (receiver: HttpReceiver) => receiver.received.map((r) => JSON.parse(r.body) as Record<string, unknown>);

it("a switch and 49 servers behind it: one alert and one notice per route for the fall, one for the return; a fall of its own is its own", async () => {
  const check = (name: string) => ({ url: `${base}/${name}`, timeoutMs: 400, confirmRuns: { offline: 1 } });
  const servers = [
    { id: "core-switch-1", check: check("core-switch-1") },
    ...DEPENDENTS.map((id) => ({ id, check: check(id), dependsOn: ["core-switch-1"] })),
  ];
  const dir = jobContent(servers, {
    prefix: "dependency-job-",
    notifications: {
      defaults: { reminderMinutes: 0 },
      channels: [
        { id: "hook", type: "webhook", urlEnv: "HOOK_URL" },
        { id: "chat", type: "slack", urlEnv: "SLACK_URL" },
      ],
      routes: [{ channels: ["hook"] }, { channels: ["chat"] }],
    },
  });

  // First sight: everything up, nothing to tell.
  const first = await runJob(dir);
  expectRan(first);
  expect(hook.received).toEqual([]);

  // The switch hangs, and everything behind it with it.
  for (const s of servers) hanging.add(`/${s.id}`);
  const fall = await runJob(dir);
  expectRan(fall);
  const fallAlerts = alertsOf(dir).filter((a) => a.type === "error");
  expect(fallAlerts).toHaveLength(1);
  expect(fallAlerts[0].server).toBe("Server 0");
  expect(fallAlerts[0].message).toMatch(/; 49 servers that depend on it are unreachable: Server 1, Server 2, .* and 39 more$/);
  expect(bodies(hook)).toEqual([
    expect.objectContaining({
      event: "down",
      server: expect.objectContaining({ id: "core-switch-1" }),
      dependents: expect.objectContaining({ count: 49 }),
    }),
  ]);
  expect(slack.received).toHaveLength(1);
  expect(JSON.parse(slack.received[0].body).text).toContain(
    "Server 0 (core-switch-1) is offline; 49 servers that depend on it are unreachable",
  );
  const latest = JSON.parse(fs.readFileSync(path.join(dir, "checks", "latest.json"), "utf8")) as {
    results: Array<{ server: string; status: string; cause?: string }>;
  };
  expect(latest.results.filter((r) => r.cause === "core-switch-1")).toHaveLength(49);
  expect(latest.results.filter((r) => r.status === "offline")).toHaveLength(50);
  // Their checks are marked caused in the history and in their rollups (a report may leave them out of the availability).
  const history = JSON.parse(fs.readFileSync(path.join(dir, "checks", "history.json"), "utf8")) as { runs: Array<{ caused?: string[] }> };
  expect(history.runs.map((r) => r.caused?.length ?? 0)).toEqual([0, 49]);
  const rollupOf = (id: string) =>
    JSON.parse(fs.readFileSync(path.join(dir, "checks", "servers", `${id}.json`), "utf8")) as {
      daily: { total: number[]; caused?: number[] };
    };
  const sum = (column: number[] = []) => column.reduce((a, b) => a + b, 0);
  // (summed: the two runs may straddle midnight UTC)
  expect([sum(rollupOf("app-01").daily.total), sum(rollupOf("app-01").daily.caused)]).toEqual([2, 1]);
  expect(rollupOf("core-switch-1").daily.caused).toBeUndefined();

  // It comes back, and everything with it: one notice per route.
  hook.reset();
  slack.reset();
  hanging.clear();
  const back = await runJob(dir);
  expectRan(back);
  expect(bodies(hook)).toEqual([
    expect.objectContaining({
      event: "recovered",
      server: expect.objectContaining({ id: "core-switch-1" }),
      dependents: expect.objectContaining({ count: 49 }),
    }),
  ]);
  expect(slack.received).toHaveLength(1);
  expect(alertsOf(dir).filter((a) => a.type === "info")).toEqual([
    expect.objectContaining({
      server: "Server 0",
      message: expect.stringMatching(/^Server back online; 49 servers that depend on it answer again: /),
    }),
  ]);

  // One dependent down on its own while the switch answers: its own notice, as any fall.
  hook.reset();
  slack.reset();
  hanging.add("/app-07");
  const alone = await runJob(dir);
  expectRan(alone);
  expect(bodies(hook)).toEqual([expect.objectContaining({ event: "down", server: expect.objectContaining({ id: "app-07" }) })]);
  expect(bodies(hook)[0].dependents).toBeUndefined();
  expect(slack.received).toHaveLength(1);
});
