/** @jest-environment node */
/**
 * A relayed heartbeat (#49) through the real check job: a local server answers
 * as healthchecks.io's API v3 documents it (GET /api/v3/checks/ narrowed by
 * ?slug=, the key in X-Api-Key; a read-only key's checks carry unique_key and
 * no ping_url; 401 for a wrong key), and 429 when it asks clients to wait. The
 * job reads its word on one check each run: up, grace (late), down, new,
 * paused; a refused key is offline in words, a 429 no result (the state
 * holds), and the key never reaches a file the job writes.
 */
import fc from "fast-check";
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import path from "node:path";
import { runChecks } from "../../../monitor/run/runChecks";
import { judgeRelay, RelayBusy } from "../../../src/domain/checks/relay";
import { jobContent, removeJobContents, runQuietlyAt } from "./jobContent";

const READ_KEY = "hcr-ro-5e1f0d8c2a9b4437";
const WRITE_KEY = "hcw-rw-a7c3e9f1b2d64480";

type Relayed = { name: string; slug: string; status: string; last_ping: string | null; next_ping: string | null; started: boolean };
let checks: Relayed[] = [];
let busy = false;
const asked: Array<{ url: string; key: string | undefined }> = [];
let service: http.Server;
let base: string;

beforeAll(async () => {
  service = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://service");
    const key = request.headers["x-api-key"] as string | undefined;
    asked.push({ url: url.pathname + url.search, key });
    response.setHeader("content-type", "application/json");
    if (busy) {
      response.statusCode = 429;
      return response.end(JSON.stringify({ error: "rate limit exceeded" }));
    }
    if (key !== READ_KEY && key !== WRITE_KEY) {
      response.statusCode = 401;
      return response.end(JSON.stringify({ error: "wrong api key" }));
    }
    if (url.pathname !== "/api/v3/checks/") {
      response.statusCode = 404;
      return response.end(JSON.stringify({ error: "not found" }));
    }
    const slug = url.searchParams.get("slug");
    const listed = checks
      .filter((c) => slug === null || c.slug === slug)
      .map((c) => ({
        ...c,
        tags: "backup",
        desc: "",
        grace: 3600,
        n_pings: 12,
        timeout: 86400,
        manual_resume: false,
        methods: "",
        // A read-only key's answer: unique_key instead of the uuid and the URLs that would let anyone ping.
        ...(key === READ_KEY
          ? { unique_key: "a6c7b0a8a66bed0df66abfdab3c77736861703ee" }
          : { ping_url: `https://hc-ping.com/${slug}-uuid` }),
      }));
    response.end(JSON.stringify({ checks: listed }));
  });
  await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(service.address() as net.AddressInfo).port}`;
});

afterAll(() => {
  service.closeAllConnections();
  service.close();
  removeJobContents();
});

describe("judgeRelay: healthchecks.io's word on one check", () => {
  const now = new Date("2026-11-29T12:00:00Z");
  const body = (value: unknown) => {
    const text = JSON.stringify(value);
    return { text, bytes: text.length, cut: null };
  };
  const one = (over: Partial<Relayed>) =>
    body({
      checks: [
        {
          name: "Nightly backup",
          slug: "nightly-backup",
          status: "up",
          last_ping: "2026-11-29T03:40:00+00:00",
          next_ping: "2026-11-30T03:40:00+00:00",
          started: false,
          ...over,
        },
      ],
    });

  it("reads up, grace, down, new and paused as online, late, offline and warnings", () => {
    expect(judgeRelay(200, one({}), now)).toMatchObject({
      status: "online",
      detail:
        'healthchecks.io\'s check "Nightly backup" is up: last ping 2026-11-29 03:40 UTC (8 h 20 min ago); next expected by 2026-11-30 03:40 UTC',
      heartbeat: { ping: "2026-11-29T03:40:00.000Z", due: "2026-11-30T03:40:00.000Z" },
    });
    expect(judgeRelay(200, one({ status: "grace" }), now)).toMatchObject({ status: "warning", warningCause: "late" });
    expect(judgeRelay(200, one({ status: "down" }), now)).toMatchObject({ status: "offline" });
    expect(judgeRelay(200, one({ status: "new", last_ping: null }), now).detail).toBe(
      'healthchecks.io\'s check "Nightly backup" is new: no ping yet',
    );
    expect(judgeRelay(200, one({ status: "paused" }), now)).toMatchObject({ status: "warning", warningCause: "unwatched" });
    expect(judgeRelay(200, one({ status: "new", last_ping: null }), now)).toMatchObject({ status: "warning", warningCause: "unwatched" });
    expect(judgeRelay(200, one({ status: "up", started: true }), now).detail).toMatch(/is up, a run started/);
    expect(judgeRelay(200, one({ status: "exploded" }), now)).toMatchObject({ status: "offline" });
  });

  it("is offline in words when the list is not one check, the key is refused, or the answer is no list; 429 is no result", () => {
    expect(judgeRelay(200, body({ checks: [] }), now).detail).toMatch(/lists no check at this address/);
    expect(judgeRelay(200, body({ checks: [{}, {}] }), now).detail).toMatch(/lists 2 checks at this address: name one/);
    expect(judgeRelay(401, body({ error: "wrong api key" }), now).detail).toMatch(
      /^not checked: healthchecks.io refused the API key \(HTTP 401\)/,
    );
    expect(judgeRelay(200, { text: "<html>", bytes: 6, cut: null }, now).detail).toMatch(/not JSON/);
    expect(judgeRelay(200, body({ checks: "all" }), now).detail).toMatch(/has no list of checks/);
    expect(() => judgeRelay(429, body({}), now)).toThrow(RelayBusy);
  });

  it("never passes on a ping URL a read-write key brings, and says to use the read-only key", () => {
    const judged = judgeRelay(200, body({ checks: [{ status: "up", last_ping: null, ping_url: "https://hc-ping.com/secret-uuid" }] }), now);
    expect(judged.detail).toMatch(/give the job the project's read-only key/);
    expect(JSON.stringify(judged)).not.toContain("secret-uuid");
  });
});

describe("judgeRelay on generated answers", () => {
  it("is a status in words for any JSON the service could send, and throws only to wait (429)", () => {
    const now = new Date("2026-11-29T12:00:00Z");
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (check, listed) => {
        const text = JSON.stringify(listed ? { checks: [check] } : check);
        const judged = judgeRelay(200, { text, bytes: text.length, cut: null }, now);
        expect(["online", "warning", "offline"]).toContain(judged.status);
        expect(typeof judged.detail).toBe("string");
      }),
      { numRuns: 300 },
    );
  });
});

describe("a relayed heartbeat through the real job", () => {
  let dir: string;
  const latest = () =>
    JSON.parse(fs.readFileSync(path.join(dir, "checks", "latest.json"), "utf8")) as {
      results: Array<{ server: string; status: string; detail: string; checkedAt: string }>;
    };
  const start = Date.parse("2026-11-29T12:00:00Z");
  const runAt = (minutes: number, env: NodeJS.ProcessEnv = { HC_READ_KEY: READ_KEY }) =>
    runQuietlyAt(dir, start + minutes * 60_000, { env });
  const set = (status: string, lastPing: string | null) => {
    checks = [
      {
        name: "Nightly backup",
        slug: "nightly-backup",
        status,
        last_ping: lastPing,
        next_ping: "2026-11-30T03:40:00+00:00",
        started: false,
      },
      { name: "Other", slug: "other", status: "down", last_ping: null, next_ping: null, started: false },
    ];
  };

  beforeAll(() => {
    dir = jobContent(
      [
        {
          id: "relayed",
          check: {
            url: `${base}/api/v3/checks/?slug=nightly-backup`,
            headers: { "X-Api-Key": { env: "HC_READ_KEY" } },
            confirmRuns: { warning: 1, offline: 1 },
            // Every change told: this test changes its state more often than flapping allows.
            flapping: false,
            heartbeat: { relay: "healthchecks" },
          },
        },
      ],
      { prefix: "heartbeat-relay-" },
    );
  });

  it("follows the service: up, late in its grace, down, and up again; the one check its slug names", async () => {
    set("up", "2026-11-29T03:40:00+00:00");
    await runAt(0);
    expect(latest().results[0]).toMatchObject({ status: "online" });
    expect(asked.at(-1)).toEqual({ url: "/api/v3/checks/?slug=nightly-backup", key: READ_KEY });
    set("grace", "2026-11-29T03:40:00+00:00");
    await runAt(5);
    expect(latest().results[0].status).toBe("warning");
    set("down", "2026-11-29T03:40:00+00:00");
    await runAt(10);
    expect(latest().results[0]).toMatchObject({ status: "offline" });
    expect(latest().results[0].detail).toMatch(/^healthchecks.io's check "Nightly backup" is down: last ping 2026-11-29 03:40 UTC/);
    set("up", "2026-11-29T12:14:00+00:00");
    await runAt(15);
    expect(latest().results[0].status).toBe("online");
    const alerts = JSON.parse(fs.readFileSync(path.join(dir, "checks", "alerts.json"), "utf8")) as Array<{ message: string }>;
    expect(alerts.map((a) => a.message)).toEqual([
      "Server back online",
      expect.stringMatching(/^Server offline: healthchecks.io's check "Nightly backup" is down/),
      expect.stringMatching(/^Heartbeat late: late: healthchecks.io's check "Nightly backup" is in its grace/),
    ]);
  });

  it("a 429 is no result this run: the newest result stays, never down, and the log says why", async () => {
    busy = true;
    const said: string[] = [];
    const report = await runChecks({
      contentDir: dir,
      log: (line) => said.push(line),
      warn: (line) => said.push(line),
      retryPauseMs: 0,
      startSpacingMs: 0,
      now: () => new Date(start + 20 * 60_000),
      env: { HC_READ_KEY: READ_KEY },
    });
    busy = false;
    expect(report.unfinished).toEqual(["relayed"]);
    expect(latest().results[0]).toMatchObject({ status: "online", checkedAt: new Date(start + 15 * 60_000).toISOString() });
    expect(said.join("\n")).toMatch(/asked the check job to wait \(HTTP 429, too many requests\)/);
  });

  it("a key refused is offline in words; no key the job sent, nor a ping URL, reaches a file it writes", async () => {
    await runAt(25, { HC_READ_KEY: "hcr-revoked-91c2" });
    expect(latest().results[0].detail).toMatch(/^not checked: healthchecks.io refused the API key \(HTTP 401\)/);
    // A read-write key: its answer carries the check's ping URL, which must go nowhere.
    await runAt(30, { HC_READ_KEY: WRITE_KEY });
    expect(latest().results[0].detail).toMatch(/the key can change checks: give the job the project's read-only key/);
    for (const file of fs.readdirSync(path.join(dir, "checks"), { recursive: true }) as string[]) {
      const full = path.join(dir, "checks", file);
      if (!fs.statSync(full).isFile()) continue;
      const text = fs.readFileSync(full, "utf8");
      for (const secret of [READ_KEY, WRITE_KEY, "hcr-revoked-91c2", "hc-ping.com"]) expect(text).not.toContain(secret);
    }
  });

  it("a paused check is 'not watched', not late, in its alert and its return", async () => {
    set("paused", "2026-11-29T12:14:00+00:00");
    await runAt(35);
    set("up", "2026-11-29T12:38:00+00:00");
    await runAt(40);
    const alerts = JSON.parse(fs.readFileSync(path.join(dir, "checks", "alerts.json"), "utf8")) as Array<{ message: string }>;
    expect(alerts[1].message).toMatch(/^Heartbeat not watched: healthchecks.io's check "Nightly backup" is paused/);
    expect(alerts[0].message).toMatch(/^Heartbeat watched again: /);
  });
});
