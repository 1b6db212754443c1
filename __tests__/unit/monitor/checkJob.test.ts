/** @jest-environment node */
/**
 * npm run check as an operator runs it: the real command, against real servers
 * on 127.0.0.1, writing into a copy of the content.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { lockIsStale } from "../../../io/jobLock";
import { runChecks } from "../../../monitor/run/runChecks";
import { readCheckedHistory, readServerHistories } from "../../../gatsby/pages/serverHistories";
import { reportDocument, reportSchema } from "../../../src/publish/reportData";
import { gatherPeriod, monthBounds } from "../../../src/domain/reports/month";
import { historyDocument, historySchema, rollupOfHistory, type HistoryDocument } from "../../../src/publish/historyData";
import type { ServerRollup } from "../../../src/domain/checks/rollups";
import { monthEvents } from "../../../src/domain/reports/monthEvents";
import type { CheckTarget } from "../../../src/domain/checks/definition";
import type { Alert } from "../../../src/domain/kernel/types";
import { compileSchema, validators } from "../../../src/domain/content/schemaIssues";
import { makeTestPki } from "./certificates";
import { startHttpReceiver } from "./receivers";

const ROOT = path.resolve(__dirname, "..", "..", "..");

// A test here starts the real job up to six times (each a TypeScript process of its own); on
// two cores shared with other work that alone can pass Jest's 5 s. Nothing here is timed.
jest.setTimeout(30_000);
const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");

type Run = { code: number | null; stdout: string; stderr: string };

/** Runs `npm run check -- --content dir` (tsx monitor/check.ts) and waits for it. */
function runCheck(dir: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(TSX, ["monitor/check.ts", "--content", dir], { cwd: ROOT, env: { ...process.env, NO_COLOR: "1", ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

let server: http.Server;
let base: string;
/** What /api answers: switched by the tests to play a server going down and back. */
let apiStatus = 200;
let inFlight = 0;
let flaps = 0;
let mostInFlight = 0;
/** the Authorization headers /private received */
const authorizations: string[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = request.url ?? "/";
    if (url === "/private") {
      authorizations.push(request.headers.authorization ?? "");
      response.statusCode = request.headers.authorization === "Bearer job-secret-7f3a9c" ? 200 : 401;
      return response.end(JSON.stringify({ status: "maintenance", token: request.headers.authorization ?? null }));
    }
    if (url === "/api") {
      response.statusCode = apiStatus;
      return response.end();
    }
    if (url === "/flap") {
      // 120 ms, 180 ms, 120 ms…: on both sides of a 150 ms threshold, run after run.
      flaps += 1;
      return void setTimeout(() => response.end("ok"), flaps % 2 === 1 ? 120 : 180);
    }
    if (url.startsWith("/pool/")) {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      return void setTimeout(() => {
        inFlight -= 1;
        response.end("ok");
      }, 150);
    }
    response.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

type Rec = Record<string, unknown>;
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A copy of the site's content whose servers get the given checks (by index). */
function contentWith(checks: Record<number, Rec>, extraServers: Rec[] = []): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "check-job-"));
  dirs.push(dir);
  for (const file of fs.readdirSync(path.join(ROOT, "content")).filter((f) => f.endsWith(".json"))) {
    fs.copyFileSync(path.join(ROOT, "content", file), path.join(dir, file));
  }
  const servers = JSON.parse(fs.readFileSync(path.join(dir, "servers.json"), "utf8")) as Rec[];
  for (const [index, check] of Object.entries(checks)) servers[Number(index)].check = check;
  fs.writeFileSync(path.join(dir, "servers.json"), JSON.stringify([...servers, ...extraServers], null, 2));
  return dir;
}

const readJson = (dir: string, file: string): unknown => JSON.parse(fs.readFileSync(path.join(dir, "checks", file), "utf8"));

describe("a header from the environment (issue #23)", () => {
  const SECRET = "job-secret-7f3a9c";
  const check = (path: string) => ({
    url: `${base}${path}`,
    headers: { Authorization: { env: "CHECK_TEST_TOKEN" } },
    expect: { json: [{ path: "$.status", equals: "ok" }] },
  });

  it("reaches the server, and its value is in no file of the job and nothing it prints", async () => {
    authorizations.length = 0;
    const dir = contentWith({ 0: check("/private") });
    const run = await runCheck(dir, { CHECK_TEST_TOKEN: `Bearer ${SECRET}` });
    expect(run.code).toBe(0);
    expect(authorizations).toContain(`Bearer ${SECRET}`);
    // The server echoes it in its body; the failed condition quotes the field it judged, never the rest.
    const latest = readJson(dir, "latest.json") as { results: Rec[] };
    expect(latest.results[0]).toMatchObject({
      status: "offline",
      detail: expect.stringContaining('json $.status equals "ok": found "maintenance"'),
    });
    const written = fs
      .readdirSync(path.join(dir, "checks"), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), "utf8"));
    expect(written.length).toBeGreaterThanOrEqual(4);
    for (const text of [...written, run.stdout, run.stderr]) expect(text).not.toContain(SECRET);
  });

  it("a variable that is not set: nothing is sent, the server reads offline with the variable named, and the job warns once", async () => {
    authorizations.length = 0;
    const dir = contentWith({ 0: check("/private") });
    const run = await runCheck(dir, { CHECK_TEST_TOKEN: "" });
    expect(run.code).toBe(0);
    expect(authorizations).toEqual([]);
    const latest = readJson(dir, "latest.json") as { results: Rec[] };
    expect(latest.results[0]).toMatchObject({
      status: "offline",
      responseTime: null,
      detail: expect.stringContaining("not checked: the variable CHECK_TEST_TOKEN (header Authorization) is not set"),
    });
    expect(run.stderr).toMatch(/warning: srv-us-east-1: the variable CHECK_TEST_TOKEN \(header Authorization\) is not set/);
  });
});

describe("a certificate about to expire (issue #23, part B)", () => {
  it("reads warning with 'certificate expires in 5 days' in latest.json, and one certificate notice reaches a webhook over two runs", async () => {
    // The job is its own process: it trusts the test's authority the way an operator's would, through NODE_EXTRA_CA_CERTS.
    const pki = makeTestPki();
    const tlsServer = https.createServer(pki.leaf.soon, (_request, response) => response.end("ok"));
    await new Promise<void>((resolve) => tlsServer.listen(0, "127.0.0.1", resolve));
    const receiver = await startHttpReceiver();
    try {
      const port = (tlsServer.address() as net.AddressInfo).port;
      const dir = contentWith({ 0: { url: `https://127.0.0.1:${port}/`, certificate: true, confirmRuns: { warning: 1 } } });
      fs.writeFileSync(
        path.join(dir, "notifications.json"),
        JSON.stringify({
          channels: [{ id: "ops-webhook", type: "webhook", urlEnv: "CERT_TEST_WEBHOOK_URL" }],
          routes: [{ channels: ["ops-webhook"], events: ["certificate"] }],
        }),
      );
      const env = { NODE_EXTRA_CA_CERTS: pki.caFile, CERT_TEST_WEBHOOK_URL: `${receiver.base}/hook` };
      for (let run = 0; run < 2; run += 1) expect((await runCheck(dir, env)).code).toBe(0);
      const latest = readJson(dir, "latest.json") as { results: Rec[] };
      expect(latest.results[0]).toMatchObject({
        server: "srv-us-east-1",
        status: "warning",
        detail: expect.stringContaining("certificate expires in 5 days"),
        certificateExpires: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(validators().get("checks/latest.json")!(latest)).toBe(true);
      const told = receiver.received.map((r) => JSON.parse(r.body) as Rec);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        event: "certificate",
        server: { id: "srv-us-east-1" },
        certificate: { daysLeft: 5, expires: latest.results[0].certificateExpires },
      });
    } finally {
      tlsServer.closeAllConnections();
      tlsServer.close();
      await receiver.close();
      pki.remove();
    }
  });
});

describe("a run", () => {
  let dir: string;
  let run: Run;
  beforeAll(async () => {
    apiStatus = 200;
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as net.AddressInfo).port;
    closed.close();
    dir = contentWith({ 0: { url: `${base}/api` }, 1: { url: `${base}/ok`, expectStatus: 200 }, 4: { tcp: `127.0.0.1:${closedPort}` } });
    run = await runCheck(dir);
  });

  it("exits 0 although a server is down, with a progress line, a summary and where its time went", () => {
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Checking 3 servers, at most 3 at once…");
    expect(run.stdout).toMatch(/checked 3\/3: 2 online, 0 warning, 1 offline/);
    expect(run.stdout).toMatch(/Checked 3 servers in \d+(\.\d)? m?s: 2 online, 0 warning, 1 offline\./);
    expect(run.stdout).toMatch(
      /^Time: \d+\.\d s checking, \d+\.\d s reading the kept history, \d+\.\d s working out history and rollups, \d+\.\d s writing them\.$/m,
    );
  });

  it("writes latest.json, history.json and alerts.json, each valid against its schema", () => {
    for (const [file, schema] of [
      ["latest.json", "checks/latest.json"],
      ["history.json", "checks/history.json"],
      ["alerts.json", "checks/alerts.json"],
    ]) {
      const validate = validators().get(schema)!;
      expect(validate(readJson(dir, file))).toBe(true);
    }
    expect(fs.readdirSync(path.join(dir, "checks")).sort()).toEqual(["alerts.json", "history.json", "latest.json", "servers"]);
    // one rollup file per server checked, each valid against its schema
    const rollups = fs.readdirSync(path.join(dir, "checks", "servers")).sort();
    expect(rollups).toEqual(["srv-ap-east-1.json", "srv-eu-west-1.json", "srv-us-east-1.json"]);
    for (const file of rollups) expect(validators().get("checks/servers/<id>.json")!(readJson(dir, `servers/${file}`))).toBe(true);
  });

  it("measures only the servers with a check; the offline one has no response time, and its cause", () => {
    const latest = readJson(dir, "latest.json") as { results: Rec[] };
    expect(latest.results.map((r) => [r.server, r.status])).toEqual([
      ["srv-us-east-1", "online"],
      ["srv-eu-west-1", "online"],
      ["srv-ap-east-1", "offline"],
    ]);
    expect(latest.results[2]).toMatchObject({
      responseTime: null,
      detail: "connection refused (tried twice)",
      uptimeUp: 0,
      uptimeTotal: 1,
    });
    expect(latest.results[0]).toMatchObject({ uptimeUp: 1, uptimeTotal: 1 });
  });

  it("on a first run, alerts only the server first seen offline (its fall is news; the others have no change of state)", () => {
    expect((readJson(dir, "alerts.json") as Rec[]).map((a) => [a.server, a.type, a.message])).toEqual([
      ["AP-East-1", "error", "Server offline: connection refused (tried twice)"],
    ]);
  });

  it("leaves the editors' files as they were", () => {
    expect(fs.readFileSync(path.join(dir, "alerts.json"), "utf8")).toBe(fs.readFileSync(path.join(ROOT, "content", "alerts.json"), "utf8"));
  });
});

describe("runs over time", () => {
  it("a server that goes down and comes back gives an alert for each change, in the sample alerts' wording, and the history grows", async () => {
    const dir = contentWith({ 0: { url: `${base}/api` } });
    apiStatus = 200;
    expect((await runCheck(dir)).code).toBe(0);
    apiStatus = 503;
    expect((await runCheck(dir)).code).toBe(0);
    apiStatus = 200;
    expect((await runCheck(dir)).code).toBe(0);
    const alerts = readJson(dir, "alerts.json") as Rec[];
    expect(alerts.map((a) => a.message)).toEqual([
      "Server back online",
      "Server offline: unexpected HTTP status 503 (expected 2xx or 3xx) (tried twice)",
    ]);
    expect(alerts[1]).toMatchObject({ server: "US-East-1", type: "error", ip: "192.0.2.10" });
    const history = readJson(dir, "history.json") as { runs: Array<{ results: Record<string, [string, number]> }> };
    expect(history.runs.map((r) => r.results["srv-us-east-1"][0])).toEqual(["o", "x", "o"]);
    const latest = readJson(dir, "latest.json") as { results: Rec[]; intervalSeconds: number | null };
    expect(latest.results[0]).toMatchObject({ status: "online", uptimeUp: 2, uptimeTotal: 3 });
    // Runs seconds apart are not a schedule: the interval is at least a minute.
    expect(latest.intervalSeconds).toBe(60);
  });

  it("two runs at once both finish, and the files hold both runs, whole", async () => {
    const dir = contentWith({ 0: { url: `${base}/ok` }, 1: { url: `${base}/ok` } });
    apiStatus = 200;
    const [a, b] = await Promise.all([runCheck(dir), runCheck(dir)]);
    expect([a.code, b.code]).toEqual([0, 0]);
    const history = readJson(dir, "history.json") as { runs: unknown[] };
    expect(history.runs).toHaveLength(2);
    expect(validators().get("checks/latest.json")!(readJson(dir, "latest.json"))).toBe(true);
    expect(fs.readdirSync(path.join(dir, "checks")).filter((f) => f.endsWith(".tmp") || f === ".lock")).toEqual([]);
  });

  it("has at most `concurrency` probes in flight, and does check side by side", async () => {
    const extra = Array.from({ length: 64 }, (_, i) => ({
      id: `srv-pool-${i}`,
      name: `Pool-${i}`,
      ip: `192.0.2.${100 + i}`,
      location: "Dublin, Ireland",
      status: "online",
      uptime: "99.9%",
      responseTime: 40,
      lastChecked: "2026-11-23T10:00:00Z",
      coordinates: [-6.26, 53.35],
      check: { url: `${base}/pool/${i}`, warnAboveMs: 5000 },
    }));
    const dir = contentWith({}, extra);
    mostInFlight = 0;
    const lines: string[] = [];
    const report = await runChecks({ contentDir: dir, log: (line) => lines.push(line), warn: () => undefined, concurrency: 16 });
    expect(report.online).toBe(64);
    expect(mostInFlight).toBeLessThanOrEqual(16);
    expect(mostInFlight).toBeGreaterThanOrEqual(8);
    expect(lines).toContain("Checking 64 servers, at most 16 at once…");
    expect(lines).toContain("  checked 64/64: 64 online, 0 warning, 0 offline");
  });
});

describe("a check's time is the server's, not the job's (issue #19)", () => {
  it("starts one check at a time, startSpacingMs apart, so no answer waits behind a crowd of others started with it", async () => {
    const servers = Array.from({ length: 8 }, (_, i) => ({
      id: `srv-paced-${i}`,
      name: `Paced-${i}`,
      ip: `192.0.2.${10 + i}`,
      location: "Dublin, Ireland",
      status: "online",
      uptime: "99.9%",
      responseTime: 40,
      lastChecked: "2026-11-23T10:00:00Z",
      coordinates: [-6.26, 53.35],
      check: { url: `${base}/ok` },
    }));
    const dir = contentWith({}, servers);
    const starts: number[] = [];
    const report = await runChecks({
      contentDir: dir,
      log: () => undefined,
      warn: () => undefined,
      concurrency: 32,
      startSpacingMs: 40,
      probe: async () => {
        starts.push(performance.now());
        return { kind: "answered", ms: 1, httpStatus: 200 };
      },
    });
    expect(report.checked).toBe(8);
    expect(starts).toHaveLength(8);
    // Side by side still (32 slots), but never started together: each start a spacing after the one before.
    const gaps = starts.slice(1).map((at, i) => at - starts[i]);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(30);
  });
});

describe("10,000 servers within the 5-minute schedule (issue #21)", () => {
  /** n servers whose check names them (the fake probes below tell them apart by the path) */
  const fleet = (n: number, path: (i: number) => string) =>
    Array.from({ length: n }, (_, i) => ({
      id: `srv-fleet-${i}`,
      name: `Fleet-${i}`,
      ip: `192.0.2.${i % 250}`,
      location: "Dublin, Ireland",
      status: "online",
      uptime: "99.9%",
      responseTime: 40,
      lastChecked: "2026-11-23T10:00:00Z",
      coordinates: [-6.26, 53.35],
      check: { url: `${base}${path(i)}`, warnAboveMs: 5000 },
    }));
  const pathOf = (target: CheckTarget) => (target.kind === "http" ? target.url.pathname : "");
  const quiet = { log: () => undefined, warn: () => undefined };
  const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

  it("servers that never answer do not hold up the others: with the job's own bound, 100 waiting out their timeout leave the next 50 to be checked meanwhile", async () => {
    const dir = contentWith(
      {},
      fleet(150, (i) => (i < 100 ? `/dead/${i}` : `/ok/${i}`)),
    );
    const events: string[] = [];
    const report = await runChecks({
      contentDir: dir,
      ...quiet,
      startSpacingMs: 0,
      retryPauseMs: 0,
      probe: async (target) => {
        const at = pathOf(target);
        events.push(`start ${at}`);
        if (!at.startsWith("/dead/")) return { kind: "answered", ms: 1, httpStatus: 200 };
        const outcome = await later(300, { kind: "failed" as const, reason: "timeout" as const });
        events.push(`timeout ${at}`);
        return outcome;
      },
    });
    expect(report.checked).toBe(150);
    expect(report.offline).toBe(100);
    const firstTimeout = events.findIndex((e) => e.startsWith("timeout"));
    const okStarted = events.slice(0, firstTimeout).filter((e) => e.startsWith("start /ok/"));
    expect(okStarted).toHaveLength(50);
  });

  it("a retry's pause holds no place: with one check at a time, the next servers are checked while a failed one waits to be tried again, and it is", async () => {
    const dir = contentWith(
      {},
      fleet(4, (i) => (i === 0 ? "/refused" : `/ok/${i}`)),
    );
    const order: string[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    await runChecks({
      contentDir: dir,
      ...quiet,
      concurrency: 1,
      startSpacingMs: 0,
      retryPauseMs: 200,
      probe: async (target) => {
        order.push(pathOf(target));
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        const outcome =
          pathOf(target) === "/refused"
            ? ({ kind: "failed", reason: "refused" } as const)
            : ({ kind: "answered", ms: 1, httpStatus: 200 } as const);
        await later(20, null);
        inFlight -= 1;
        return outcome;
      },
    });
    // Tried twice, the second time after the others: the pause between was nobody's place.
    expect(order).toEqual(["/refused", "/ok/1", "/ok/2", "/ok/3", "/refused"]);
    expect(mostInFlight).toBe(1);
    const latest = readJson(dir, "latest.json") as { results: Array<{ server: string; status: string; detail: string }> };
    const refused = latest.results.find((r) => r.server === "srv-fleet-0")!;
    expect(refused.status).toBe("offline");
    expect(refused.detail).toContain("(tried twice)");
  });

  it("starts stay spaced, retries included, with far more than 32 checks waiting side by side", async () => {
    const dir = contentWith(
      {},
      fleet(80, (i) => (i % 2 === 0 ? `/flaky/${i}` : `/slow/${i}`)),
    );
    const starts: number[] = [];
    const tries = new Map<string, number>();
    let inFlight = 0;
    let mostInFlight = 0;
    const report = await runChecks({
      contentDir: dir,
      ...quiet,
      startSpacingMs: 5,
      retryPauseMs: 50,
      probe: async (target) => {
        starts.push(performance.now());
        const at = pathOf(target);
        tries.set(at, (tries.get(at) ?? 0) + 1);
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await later(600, null);
        inFlight -= 1;
        // A flaky server fails its first try and answers its second.
        return at.startsWith("/flaky/") && tries.get(at) === 1
          ? ({ kind: "failed", reason: "refused" } as const)
          : ({ kind: "answered", ms: 1, httpStatus: 200 } as const);
      },
    });
    expect(report.online).toBe(80);
    expect(starts).toHaveLength(120);
    expect(mostInFlight).toBeGreaterThan(32);
    const gaps = starts.slice(1).map((at, i) => at - starts[i]);
    // Stamped inside each probe, a moment after the queue's own stamp: a collection of garbage in that moment moves one
    // stamp by up to a millisecond, so 5 ms of spacing reads 4 ms at the least. Crowded starts would read 0.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(4);
  });

  it("within the open-file limit: under `ulimit -n 256`, 300 servers that answer after 300 ms are checked side by side as far as the limit allows, and every one is measured", async () => {
    const dir = contentWith(
      {},
      fleet(300, (i) => `/pool/${i}`),
    );
    mostInFlight = 0;
    const run = await new Promise<Run>((resolve) => {
      const child = spawn("sh", ["-c", `ulimit -n 256 && exec "${TSX}" monitor/check.ts --content "${dir}"`], {
        cwd: ROOT,
        env: { ...process.env, NO_COLOR: "1" },
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
      child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      child.on("close", (code) => resolve({ code, stdout, stderr }));
    });
    expect(run.code).toBe(0);
    // Half of what 256 leaves after the job's own 64 descriptors.
    // And what limit would let the job keep its full bound: 1,000 sockets twice over, plus its own 64.
    expect(run.stdout).toContain(
      "Checking 300 servers, at most 96 at once (the open-file limit, ulimit -n, is 256; at 2064 or more, 1000)…",
    );
    expect(run.stdout).toContain("checked 300/300: 300 online");
    expect(mostInFlight).toBeGreaterThan(32);
    expect(mostInFlight).toBeLessThanOrEqual(96);
  }, 20_000);
});

describe("when it cannot run, or its files are damaged", () => {
  it("content that does not validate: exit 1, with the file, record and field, and nothing written", async () => {
    const dir = contentWith({ 0: { tcp: "db.example.com" } });
    const run = await runCheck(dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("The checks did not run: the content is not valid.");
    expect(run.stderr).toContain('servers.json, record 1 (id "srv-us-east-1", name "US-East-1"), field "check.tcp"');
    expect(fs.existsSync(path.join(dir, "checks"))).toBe(false);
  });

  // #44: a path of the wrong kind is moved aside, named, and made again; nothing is lost and the run goes on.
  it("a file where its folder should be: moved aside, named, the folder made again, the run recorded", async () => {
    const dir = contentWith({ 0: { url: `${base}/ok` } });
    fs.writeFileSync(path.join(dir, "checks"), "a file where the folder should be");
    const run = await runCheck(dir);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/checks was a file where the job keeps a folder: it was moved to checks\.wrong-kind-/);
    const aside = fs.readdirSync(dir).find((f) => f.startsWith("checks.wrong-kind-"))!;
    expect(fs.readFileSync(path.join(dir, aside), "utf8")).toBe("a file where the folder should be");
    expect((readJson(dir, "latest.json") as { results: unknown[] }).results).toHaveLength(1);
  });

  it("a damaged history is set aside, not lost, and the run starts a new one", async () => {
    const dir = contentWith({ 0: { url: `${base}/ok` } });
    fs.mkdirSync(path.join(dir, "checks"));
    fs.writeFileSync(path.join(dir, "checks", "history.json"), '{"version": 1, "runs": [');
    const run = await runCheck(dir);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/warning: history\.json could not be read: it is not valid JSON .*moved to history\.json\.damaged-/);
    // and what that costs, said (README, "A server no longer checked")
    expect(run.stderr).toMatch(/starts afresh: every server's hours and days of the last 48 hours now hold only the runs from here on/);
    const files = fs.readdirSync(path.join(dir, "checks"));
    const aside = files.find((f) => f.startsWith("history.json.damaged-"))!;
    expect(fs.readFileSync(path.join(dir, "checks", aside), "utf8")).toBe('{"version": 1, "runs": [');
    expect((readJson(dir, "history.json") as { runs: unknown[] }).runs).toHaveLength(1);
  });

  it("no server with a check: it says so, writes nothing and exits 0", async () => {
    const dir = contentWith({});
    const run = await runCheck(dir);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("has a check: nothing to measure");
    expect(fs.existsSync(path.join(dir, "checks"))).toBe(false);
  });
});

describe("states change on evidence (issue #19)", () => {
  it("a server hovering around its threshold, run 6 times, writes at most one warning alert", async () => {
    const dir = contentWith({ 0: { url: `${base}/flap`, warnAboveMs: 150 } });
    flaps = 0;
    for (let i = 0; i < 6; i += 1) expect((await runCheck(dir)).code).toBe(0);
    const history = readJson(dir, "history.json") as { runs: Array<{ results: Record<string, unknown[]> }> };
    // The samples did swing: each run's observation is kept.
    expect(new Set(history.runs.map((r) => r.results["srv-us-east-1"][0]))).toEqual(new Set(["o", "w"]));
    const alerts = readJson(dir, "alerts.json") as Rec[];
    expect(alerts.filter((a) => a.type === "warning").length).toBeLessThanOrEqual(1);
    expect(alerts.filter((a) => a.type === "info").length).toBeLessThanOrEqual(1);
  });

  it("a refusing server gives one offline alert over 3 runs, and one back-online alert when it returns", async () => {
    const listener = net.createServer((socket) => socket.end());
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const port = (listener.address() as net.AddressInfo).port;
    const dir = contentWith({ 4: { tcp: `127.0.0.1:${port}` } });
    expect((await runCheck(dir)).code).toBe(0);
    await new Promise((resolve) => listener.close(resolve));
    for (let i = 0; i < 3; i += 1) expect((await runCheck(dir)).code).toBe(0);
    expect((readJson(dir, "alerts.json") as Rec[]).map((a) => a.message)).toEqual(["Server offline: connection refused (tried twice)"]);
    const back = net.createServer((socket) => socket.end());
    await new Promise<void>((resolve) => back.listen(port, "127.0.0.1", resolve));
    try {
      expect((await runCheck(dir)).code).toBe(0);
    } finally {
      back.close();
    }
    expect((readJson(dir, "alerts.json") as Rec[]).map((a) => a.message)).toEqual([
      "Server back online",
      "Server offline: connection refused (tried twice)",
    ]);
  });

  it("latest.json lost or set aside: the previous state comes from the history, and nothing is alerted twice", async () => {
    const dir = contentWith({ 0: { url: `${base}/api` } });
    apiStatus = 200;
    await runCheck(dir);
    apiStatus = 503;
    await runCheck(dir);
    fs.rmSync(path.join(dir, "checks", "latest.json"));
    await runCheck(dir);
    fs.writeFileSync(path.join(dir, "checks", "latest.json"), "{ damaged");
    const run = await runCheck(dir);
    apiStatus = 200;
    expect(run.stderr).toMatch(/latest\.json could not be read/);
    expect((readJson(dir, "alerts.json") as Rec[]).map((a) => a.type)).toEqual(["error"]);
  });

  it("a renamed id is a new server: no alert for it", async () => {
    const dir = contentWith({ 4: { url: `${base}/down-for-good` } });
    await runCheck(dir);
    const servers = JSON.parse(fs.readFileSync(path.join(dir, "servers.json"), "utf8")) as Rec[];
    servers[4].id = "srv-ap-east-1-renamed";
    fs.writeFileSync(path.join(dir, "servers.json"), JSON.stringify(servers));
    await runCheck(dir);
    expect(readJson(dir, "alerts.json")).toEqual([]);
  });
});

describe("runs never go backwards (issue #19)", () => {
  const quiet = { log: () => undefined, warn: () => undefined };

  it("two overlapping runs leave the newer run's latest.json, and the older run's samples in the history", async () => {
    const dir = contentWith({ 0: { url: `${base}/ok` } });
    let releaseOld: () => void = () => undefined;
    const oldMayAnswer = new Promise<void>((resolve) => (releaseOld = resolve));
    // The old run starts first and answers last: it saw the server down.
    const old = runChecks({
      contentDir: dir,
      ...quiet,
      retryPauseMs: 0,
      probe: async () => {
        await oldMayAnswer;
        return { kind: "failed", reason: "refused" };
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const newer = await runChecks({ contentDir: dir, ...quiet, probe: async () => ({ kind: "answered", ms: 12, httpStatus: 200 }) });
    expect(newer.online).toBe(1);
    releaseOld();
    await old;
    const latest = readJson(dir, "latest.json") as { startedAt: string; results: Rec[] };
    expect(latest.results[0]).toMatchObject({ status: "online", responseTime: 12 });
    const history = readJson(dir, "history.json") as { runs: Array<{ at: string; results: Record<string, unknown[]> }> };
    expect(history.runs.map((r) => r.results["srv-us-east-1"][0])).toEqual(["x", "o"]);
    expect(history.runs[1].at).toBe(latest.startedAt);
    // No offline/back-online pair was judged from the late run.
    expect(readJson(dir, "alerts.json")).toEqual([]);
  });

  it("a lock caught half-written (empty) is not deleted as stale; one whose process is gone, or past its deadline, is", () => {
    const now = Date.now();
    expect(lockIsStale("", now - 1000, now)).toBe(false);
    expect(lockIsStale('{"pid":', now - 1000, now)).toBe(false);
    expect(lockIsStale("", now - 10 * 60_000, now)).toBe(true);
    expect(lockIsStale(JSON.stringify({ pid: process.pid, at: now, until: now + 60_000 }), now, now)).toBe(false);
    // Past its lease, but within a second one: a run the machine stood still for a moment keeps its lock.
    expect(lockIsStale(JSON.stringify({ pid: process.pid, at: now - 200_000, until: now - 1 }), now, now)).toBe(false);
    expect(lockIsStale(JSON.stringify({ pid: process.pid, at: now - 400_000, until: now - 200_001 }), now, now)).toBe(true);
    const gone = spawnSyncPid();
    expect(lockIsStale(JSON.stringify({ pid: gone, at: now, until: now + 60_000 }), now, now)).toBe(true);
  });

  it("a run waits for a lock being written, and does not remove it", async () => {
    const dir = contentWith({ 0: { url: `${base}/ok` } });
    fs.mkdirSync(path.join(dir, "checks"));
    const lock = path.join(dir, "checks", ".lock");
    fs.writeFileSync(lock, "");
    let finished = false;
    const run = runChecks({ contentDir: dir, ...quiet }).then(() => (finished = true));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(fs.existsSync(lock)).toBe(true);
    expect(finished).toBe(false);
    fs.rmSync(lock);
    await run;
    expect(finished).toBe(true);
    expect(fs.existsSync(lock)).toBe(false);
  });

  // Protects "the clock never deletes data": a run that finds the kept files ahead of its clock writes nothing and says why.
  it("entries stamped more than 5 minutes ahead of the clock: nothing is written or lost, the run says why and exits 1", async () => {
    const dir = contentWith({ 0: { url: `${base}/ok` } });
    fs.mkdirSync(path.join(dir, "checks"));
    // Two days ahead: tomorrow's date starts within the 5 minutes of tolerance when the test runs just before midnight UTC.
    const future = new Date(Date.now() + 2 * 86_400_000);
    const history = JSON.stringify({ version: 2, runs: [{ at: future.toISOString(), results: { "srv-us-east-1": ["x", null] } }] });
    fs.writeFileSync(path.join(dir, "checks", "history.json"), history);
    const run = await runCheck(dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /warning: The run checked 1 server but wrote nothing: this machine's clock \(.*\) is 48 hours behind what the job has kept \(history\.json's newest run: up to /,
    );
    expect(fs.readFileSync(path.join(dir, "checks", "history.json"), "utf8")).toBe(history);
    expect(fs.readdirSync(path.join(dir, "checks")).sort()).toEqual(["history.json"]);
  });
});

/** The pid of a process that has ended. */
function spawnSyncPid(): number {
  return Number(spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout);
}

describe("each server's history (issue #21)", () => {
  // Protects the rollups the server pages are made of: runs against real endpoints, one of them
  // down for one run, give the rollup file and the figures what the runs measured.
  it("four runs 5 minutes apart, one endpoint down for the second: the rollup file and the figures count it", async () => {
    const dir = contentWith({ 0: { url: `${base}/api` }, 1: { url: `${base}/ok` } });
    let clock = Date.parse("2026-11-23T10:00:00Z");
    const warnings: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      apiStatus = i === 1 ? 503 : 200;
      await runChecks({
        contentDir: dir,
        log: () => undefined,
        warn: (w) => warnings.push(w),
        retryPauseMs: 1,
        now: () => new Date(clock),
      });
      clock += 5 * 60_000;
    }
    apiStatus = 200;
    expect(warnings).toEqual([]);

    const rollup = readJson(dir, "servers/srv-us-east-1.json") as { hourly: Record<string, unknown>; daily: Record<string, unknown> };
    expect(validators().get("checks/servers/<id>.json")!(rollup)).toBe(true);
    expect(rollup.hourly).toMatchObject({ from: "2026-11-23T10:00:00.000Z", up: [3], total: [4], answered: [3] });
    expect(rollup.daily).toMatchObject({ from: "2026-11-23", up: [3], total: [4], answered: [3] });
    expect(readJson(dir, "servers/srv-eu-west-1.json")).toMatchObject({ daily: { up: [4], total: [4], answered: [4] } });
    expect(fs.readdirSync(path.join(dir, "checks", "servers")).sort()).toEqual(["srv-eu-west-1.json", "srv-us-east-1.json"]);

    const figures = readServerHistories(dir);
    expect([...figures.keys()].sort()).toEqual(["srv-eu-west-1", "srv-us-east-1"]);
    const story = figures.get("srv-us-east-1")!;
    const latest = readJson(dir, "latest.json") as { finishedAt: string; results: Rec[] };
    expect(story.asOf).toBe(latest.finishedAt);
    expect(story.firstCheck).toBe("2026-11-23T10:00:00.000Z");
    expect(story.uptime.map((w) => [w.key, w.up, w.total, w.coveredFrom])).toEqual([
      ["24h", 3, 4, "2026-11-23T10:00:00.000Z"],
      ["7d", 3, 4, "2026-11-23T10:00:00.000Z"],
      ["30d", 3, 4, "2026-11-23T10:00:00.000Z"],
      ["90d", 3, 4, "2026-11-23T10:00:00.000Z"],
    ]);
    // latest.json's 30 days say the same
    expect(latest.results[0]).toMatchObject({ server: "srv-us-east-1", uptimeUp: 3, uptimeTotal: 4 });
    expect(story.days.at(-1)).toEqual({ date: "2026-11-23", up: 3, total: 4 });
    const hour = story.hourly.at(-1)!;
    expect(hour).toMatchObject({ at: "2026-11-23T10:00:00.000Z", total: 4, answered: 3 });
    expect(hour.median).not.toBeNull();
    expect(hour.p95!).toBeGreaterThanOrEqual(hour.median!);

    // The month's report (#33), from the same files: the outage the second run found, in progress as of the newest run.
    const { reports } = readCheckedHistory(dir);
    expect(reports.map((r) => [r.month, r.status, r.reason])).toEqual([["2026-11", "processing", null]]);
    const [report] = reports;
    expect(report.asOf).toBe(latest.finishedAt);
    expect(report.fleet).toMatchObject({ checks: 8, up: 7, maintenanceChecks: 0, outages: 1, downtimeMs: 5 * 60_000 });
    const us = report.servers.find((r) => r.server === "srv-us-east-1")!;
    expect(us).toMatchObject({
      checks: 4,
      up: 3,
      outages: 1,
      downtimeMs: 5 * 60_000,
      longestOutageMs: 5 * 60_000,
      medianRecoveryMs: 5 * 60_000,
    });
    expect(us.availability).toBe(0.75);
    expect(us.times?.daysKept).toBe(1);
    // four checks of the 6,400 or so the month so far expects: said as a share, never passed off as the month's
    expect(us.covered).toBeGreaterThan(0);
    expect(us.covered).toBeLessThan(0.001);
    // What happened: the alert the job raised for that outage, the whole month's (its alerts are kept 30 days).
    const events = monthEvents(monthBounds(report.month), [], [], readJson(dir, "alerts.json") as Alert[], new Date(latest.finishedAt));
    expect(events.alerts).toMatchObject({ error: 1, whole: true, from: "2026-11-01T00:00:00.000Z" });
    const document = reportDocument(report, events, new Map([["srv-us-east-1", "US-East-1"]]), new Date());
    expect(compileSchema(reportSchema())(JSON.parse(JSON.stringify(document)))).toBe(true);
    expect(document.report.servers.map((s) => s.name)).toContain("US-East-1");

    // Each server's days as published for Generate Report: told in the same read, each following its schema,
    // and a period of today gives the month's figures (the month so far is today).
    const told: ServerRollup[] = [];
    readCheckedHistory(dir, (rollup) => told.push(rollup));
    expect(told.map((r) => r.server).sort()).toEqual(["srv-eu-west-1", "srv-us-east-1"]);
    const asOf = new Date(latest.finishedAt);
    const published = told.map((r) => JSON.parse(JSON.stringify(historyDocument(r, asOf, 300_000, asOf))) as HistoryDocument);
    const valid = compileSchema(historySchema());
    expect(published.map((d) => valid(d))).toEqual([true, true]);
    const today = Date.parse(`${latest.finishedAt.slice(0, 10)}T00:00:00Z`);
    const period = gatherPeriod(today, today + 86_400_000, asOf, 300_000);
    for (const d of published) period.add(d.server, rollupOfHistory(d));
    expect(period.report().fleet).toMatchObject({ checks: 8, up: 7, outages: 1, downtimeMs: 5 * 60_000 });
  });
});
