/** @jest-environment node */
/**
 * Objectives' burn-rate alerts (#48), end to end: the real check job, run
 * every 5 minutes of a faked clock for three days against servers on
 * 127.0.0.1 whose answers follow a script, sends its notices to a real
 * webhook receiver. A server failing 2 % of its checks opens the ticket once,
 * at the run where both its windows first burn (and never a page); a 30 %
 * burst opens the page once, and its end is told once when the short window
 * stops burning (the ticket it opens too, likewise).
 */
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { deliver } from "../../../monitor/notify/send";
import { resolveChannel } from "../../../monitor/notify/channelEnv";
import { runChecks } from "../../../monitor/run/runChecks";
import { startHttpReceiver, type HttpReceiver } from "./receivers";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const RUN_MS = 5 * 60_000;
const RUNS = 3 * 24 * 12;
/** The burst: 30 % of US-West's checks fail from run 600 to run 647 (four hours), healthy before and after. */
const BURST = { from: 600, to: 648 };

let target: http.Server;
let base: string;
let receiver: HttpReceiver;
let dir: string;
/** The run being played: the servers answer by it. */
let run = 0;

/** Whether a server's check fails in a run: the steady one each 50th run (2 %), the bursting one 3 runs in 10 within its burst. */
const fails = (server: string, i: number) =>
  server === "steady" ? i % 50 === 49 : i >= BURST.from && i < BURST.to && [1, 4, 7].includes(i % 10);

beforeAll(async () => {
  target = http.createServer((request, response) => {
    const server = (request.url ?? "/").slice(1);
    response.statusCode = fails(server, run) ? 503 : 200;
    response.end("ok");
  });
  await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(target.address() as net.AddressInfo).port}`;
  receiver = await startHttpReceiver();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "objective-alerts-"));
  for (const file of fs.readdirSync(path.join(ROOT, "content")).filter((f) => f.endsWith(".json"))) {
    fs.copyFileSync(path.join(ROOT, "content", file), path.join(dir, file));
  }
  const [template] = JSON.parse(fs.readFileSync(path.join(dir, "servers.json"), "utf8")) as Array<Record<string, unknown>>;
  const servers = ["steady", "bursting", "fine"].map((id, i) => ({
    ...template,
    id,
    name: `Server ${id}`,
    ip: `192.0.2.${i + 1}`,
    check: { url: `${base}/${id}`, confirmRuns: { warning: 1, offline: 1 } },
  }));
  fs.writeFileSync(path.join(dir, "servers.json"), JSON.stringify(servers, null, 2));
  fs.writeFileSync(path.join(dir, "alerts.json"), "[]");
  fs.writeFileSync(
    path.join(dir, "objectives.json"),
    JSON.stringify([
      { id: "steady-99", name: "Steady at 99 %", servers: ["steady"], availability: 99, window: "30d" },
      { id: "burst-99", name: "Bursting at 99 %", servers: ["bursting", "fine"], availability: 99, window: "30d" },
    ]),
  );
  fs.writeFileSync(
    path.join(dir, "notifications.json"),
    JSON.stringify({
      channels: [{ id: "hook", type: "webhook", urlEnv: "NOTIFY_WEBHOOK_URL" }],
      // Only the objectives' alerts: the servers' own falls go elsewhere (nowhere here).
      routes: [{ channels: ["hook"], events: ["objective"] }],
    }),
  );
  const start = Date.now();
  for (run = 0; run < RUNS; run += 1) {
    const at = start + run * RUN_MS;
    const began = Date.now();
    await runChecks({
      contentDir: dir,
      log: () => {},
      warn: () => {},
      retryPauseMs: 0,
      startSpacingMs: 0,
      notify: {
        resolve: resolveChannel,
        deliver: (channel, message) => deliver(channel, message, { backoffMs: 20, timeoutMs: 2000 }),
        env: { NOTIFY_WEBHOOK_URL: `${receiver.base}/hook` },
        siteUrl: "https://status.example.org",
      },
      // The faked clock: 5 minutes a run, and the run's own time within it.
      now: () => new Date(at + (Date.now() - began)),
      env: {},
    });
    // Each notice's run, as the receiver got it.
    for (const r of receiver.received.slice(told.length)) told.push({ run, body: JSON.parse(r.body) as Hook });
  }
}, 600_000);

afterAll(async () => {
  target.closeAllConnections();
  target.close();
  await receiver.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Hook = {
  event: string;
  to: string;
  objective: { id: string; level: string; edge: string; burnRates: Record<string, number | null>; budgetLeft: { share: number | null } };
};
const told: Array<{ run: number; body: Hook }> = [];
const of = (id: string) => told.filter((t) => t.body.objective.id === id).map((t) => [t.body.objective.level, t.body.objective.edge]);

describe("burn-rate alerts of the real job over three days of a faked clock", () => {
  it("only objective notices reach the route that asks for them alone", () => {
    expect(told.length).toBeGreaterThan(0);
    expect(told.every((t) => t.body.event === "objective")).toBe(true);
  });

  it("2 % of checks failing at a 99 % target opens the ticket once, at the first failure (both windows burn 2×), and never a page", () => {
    expect(of("steady-99")).toEqual([["ticket", "began"]]);
    const ticket = told.find((t) => t.body.objective.id === "steady-99")!;
    // The first failure is run 49: 1 of 50 checks in 6 hours and in 3 days, 2 % against the 1 % allowed.
    expect(Math.abs(ticket.run - 49)).toBeLessThanOrEqual(1);
    expect(ticket.body.objective.burnRates["6h"]).toBeCloseTo(2, 6);
    expect(ticket.body.to).toBe("warning");
    expect(ticket.body.objective.budgetLeft.share).not.toBeNull();
  });

  it("a 30 % burst opens the page once, and tells its end once, when the last 30 minutes stop burning", () => {
    const pages = told.filter((t) => t.body.objective.id === "burst-99" && t.body.objective.level === "page");
    expect(pages.map((t) => t.body.objective.edge)).toEqual(["began", "ended"]);
    const [began, ended] = pages;
    // Both windows at 6× over two servers (the fine one halves the rate): 15 % of the 30 minutes' checks and of the 6 hours'.
    expect(began.run).toBeGreaterThan(BURST.from);
    expect(began.run).toBeLessThan(BURST.to);
    expect(began.body.objective.burnRates["6h"]).toBeGreaterThanOrEqual(6);
    expect(began.body.to).toBe("offline");
    // Its end: the first run after the burst whose 30 minutes hold no failure (six runs), within a run.
    expect(Math.abs(ended.run - (BURST.to + 5))).toBeLessThanOrEqual(1);
    expect(ended.body.to).toBe("online");
    // Nothing before the burst; the ticket it also opened (3 days and 6 hours at 1×) is told once, and its end once, when
    // the burst's last failure leaves the 6 hours (72 runs after it).
    const tickets = told.filter((t) => t.body.objective.id === "burst-99" && t.body.objective.level === "ticket");
    expect(tickets.map((t) => t.body.objective.edge)).toEqual(["began", "ended"]);
    expect(Math.abs(tickets[1].run - (BURST.to - 1 + 72))).toBeLessThanOrEqual(2);
    expect(told.filter((t) => t.body.objective.id === "burst-99").every((t) => t.run >= BURST.from)).toBe(true);
  });
});
