/** @jest-environment node */
/**
 * The probes against real servers on 127.0.0.1: an HTTP server that answers,
 * dawdles, fails, redirects and streams, a TCP listener, a closed port, and a
 * name that does not resolve.
 */
import http from "node:http";
import net from "node:net";
import { checkTarget, type CheckConfig } from "../../../src/domain/checks/definition";
import { type ProbeOutcome } from "../../../src/domain/checks/outcome";
import { judge } from "../../../src/domain/checks/judge";
import { BODY_LIMIT, probe, warmUp } from "../../../monitor/probe/probe";
import { USER_AGENT } from "../../../monitor/userAgent";
import { StallWatch } from "../../../monitor/run/stallWatch";

type Seen = { path: string; headers: http.IncomingHttpHeaders };
type Echoed = Seen & { method: string; body: string };

let server: http.Server;
let other: http.Server;
let base: string;
let otherPort: number;
const seen: Seen[] = [];
const seenByOther: Seen[] = [];
/** what /echo received: method, headers and body */
const echoed: Echoed[] = [];
const HEALTH = { status: "degraded", queue: { depth: 250 }, version: "2.4.1" };
let bigBodyBytesSent = 0;
let bigBodyClosedEarly: Promise<boolean>;
/** requests to the paths that stand the process still, by path */
const stalled = new Map<string, number>();
const STALL = 150;

function standStill(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy: nothing else in this process runs
  }
}

function listen(s: http.Server | net.Server): Promise<number> {
  return new Promise((resolve) => s.listen(0, "127.0.0.1", () => resolve((s.address() as net.AddressInfo).port)));
}

beforeAll(async () => {
  let closedEarly: (value: boolean) => void = () => undefined;
  bigBodyClosedEarly = new Promise((resolve) => (closedEarly = resolve));
  server = http.createServer((request, response) => {
    seen.push({ path: request.url ?? "", headers: request.headers });
    const url = request.url ?? "/";
    if (url === "/ok") return response.end("ok");
    if (url === "/maintenance") {
      response.setHeader("content-type", "text/html");
      return response.end("<!doctype html><title>Shop</title><h1>Down for maintenance</h1><p>Back at 14:00.</p>");
    }
    if (url === "/health.json") {
      response.setHeader("content-type", "application/json");
      return response.end(JSON.stringify(HEALTH));
    }
    if (url === "/echo-headers") return response.end(`Denied: ${request.headers.authorization ?? "none"}`);
    if (url === "/echo" || url === "/echo-moved") {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      return void request.on("end", () => {
        echoed.push({ path: url, method: request.method ?? "", headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
        if (url === "/echo-moved") {
          response.writeHead(307, { location: "/echo" });
          return response.end();
        }
        response.setHeader("content-type", "application/json");
        response.end(request.method === "HEAD" ? undefined : '{"ok":true}');
      });
    }
    if (url === "/slow") return void setTimeout(() => response.end("slow"), 250);
    if (url === "/down") {
      response.statusCode = 503;
      return response.end("down");
    }
    if (url === "/hang") return; // never answers
    // The job's process standing still while an answer is awaited: the server here shares it, so it busy-waits.
    if (url === "/stall-once") {
      stalled.set(url, (stalled.get(url) ?? 0) + 1);
      if (stalled.get(url) === 1) standStill(STALL);
      return response.end("ok");
    }
    if (url === "/moved-here") {
      response.writeHead(302, { location: "/ok" });
      return response.end();
    }
    if (url === "/moved-away") {
      response.writeHead(302, { location: `http://localhost:${otherPort}/ok` });
      return response.end();
    }
    if (url === "/moved-to-login") {
      response.writeHead(302, { location: "/login" });
      return response.end();
    }
    if (url === "/login") {
      response.statusCode = 500;
      return response.end("broken");
    }
    if (url === "/moved-to-other-port") {
      response.writeHead(301, { location: `http://127.0.0.1:${otherPort}/ok` });
      return response.end();
    }
    if (url === "/moved-to-https") {
      response.writeHead(301, { location: `https://127.0.0.1:${new URL(base).port}/ok` });
      return response.end();
    }
    if (url.startsWith("/chain/")) {
      const hop = Number(url.slice(7));
      if (hop >= 12) return response.end("ok");
      response.writeHead(302, { location: `/chain/${hop + 1}` });
      return response.end();
    }
    if (url.startsWith("/loop/")) {
      response.writeHead(302, { location: `/loop/${Number(url.slice(6)) + 1}` });
      return response.end();
    }
    if (url === "/big") {
      // 64 MB, written as fast as the reader takes them.
      const chunk = Buffer.alloc(64 * 1024, 120);
      let left = 1024;
      const write = () => {
        while (left > 0) {
          left -= 1;
          bigBodyBytesSent += chunk.length;
          if (!response.write(chunk)) return void response.once("drain", write);
        }
        response.end();
      };
      response.on("close", () => closedEarly(left > 0));
      return write();
    }
    response.statusCode = 404;
    response.end();
  });
  other = http.createServer((request, response) => {
    seenByOther.push({ path: request.url ?? "", headers: request.headers });
    response.end("other");
  });
  base = `http://127.0.0.1:${await listen(server)}`;
  otherPort = await listen(other);
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
  other.close();
});

/** Probes a check as the job does, and judges what it saw. */
async function check(config: CheckConfig) {
  const target = checkTarget(config);
  if (!target) throw new Error(`not a check: ${JSON.stringify(config)}`);
  const started = Date.now();
  const outcome = await probe(target);
  return { ...judge(outcome, target), outcome, took: Date.now() - started };
}

describe("HTTP checks", () => {
  it("a quick 200 is online, with the measured time", async () => {
    const result = await check({ url: `${base}/ok` });
    expect(result.status).toBe("online");
    expect(result.responseTime).toBeGreaterThanOrEqual(0);
    expect(result.responseTime).toBeLessThanOrEqual(150);
    expect(result.detail).toBe(`HTTP 200 in ${result.responseTime} ms`);
  });

  it("an answer slower than warnAboveMs is a warning that says so", async () => {
    const result = await check({ url: `${base}/slow`, warnAboveMs: 100 });
    expect(result.status).toBe("warning");
    expect(result.responseTime).toBeGreaterThanOrEqual(240);
    expect(result.detail).toBe(`HTTP 200 in ${result.responseTime} ms, over the 100 ms threshold`);
  });

  it("an unexpected status is offline, with the time the server took to say so", async () => {
    const result = await check({ url: `${base}/down` });
    expect(result).toMatchObject({ status: "offline", detail: "unexpected HTTP status 503 (expected 2xx or 3xx)" });
    expect(result.responseTime).toEqual(expect.any(Number));
    const strict = await check({ url: `${base}/ok`, expectStatus: 204 });
    expect(strict).toMatchObject({ status: "offline", detail: "unexpected HTTP status 200 (expected 204)" });
  });

  it("no answer within timeoutMs is offline, and the check gives up on time", async () => {
    const result = await check({ url: `${base}/hang`, timeoutMs: 300 });
    expect(result).toMatchObject({ status: "offline", responseTime: null, detail: "connection timeout after 300 ms" });
    expect(result.took).toBeGreaterThanOrEqual(290);
    expect(result.took).toBeLessThan(2000);
  });

  it("a redirect on the same origin is followed, and the final answer is judged: / to a broken /login is offline", async () => {
    const result = await check({ url: `${base}/moved-to-login` });
    expect(result).toMatchObject({ status: "offline", detail: "unexpected HTTP status 500 after 1 redirect (expected 2xx or 3xx)" });
    expect(seen.some((s) => s.path === "/login")).toBe(true);
    const fine = await check({ url: `${base}/moved-here` });
    expect(fine.status).toBe("online");
    expect(fine.detail).toMatch(/^HTTP 200 after 1 redirect in \d+ ms$/);
  });

  it("a redirect to another host is judged as the answer and named, never followed", async () => {
    const before = seenByOther.length;
    const result = await check({ url: `${base}/moved-away` });
    expect(result.status).toBe("online");
    expect(result.detail).toMatch(new RegExp(`^HTTP 302 \\(302 to http://localhost:${otherPort}: not followed\\) in \\d+ ms$`));
    const strict = await check({ url: `${base}/moved-away`, expectStatus: 200 });
    expect(strict).toMatchObject({
      status: "offline",
      detail: `unexpected HTTP status 302 (expected 200) (302 to http://localhost:${otherPort}: not followed)`,
    });
    expect(seenByOther.length).toBe(before);
  });

  it("a redirect that changes the port, or goes from http to https, is another place: not followed", async () => {
    const before = seenByOther.length;
    const port = await check({ url: `${base}/moved-to-other-port` });
    expect(port.detail).toContain(`(301 to http://127.0.0.1:${otherPort}: not followed)`);
    const scheme = await check({ url: `${base}/moved-to-https` });
    expect(scheme.detail).toContain(`(301 to https://127.0.0.1:${new URL(base).port}: not followed)`);
    expect(seenByOther.length).toBe(before);
  });

  // Protects "wrong words": a browser shows an error page after too many redirects, so the check reads offline.
  it("follows up to 20 redirects, as browsers do, then reads offline, as a browser gives up", async () => {
    const result = await check({ url: `${base}/loop/0` });
    expect(result.status).toBe("offline");
    expect(result.detail).toMatch(/^more than 20 redirects \(the last to \/loop\/21\): a browser gives up too \(too many redirects\)$/);
    expect(seen.filter((s) => s.path.startsWith("/loop/"))).toHaveLength(21);
    // A site of a dozen redirects, which a browser shows, is up.
    const chain = await check({ url: `${base}/chain/0` });
    expect(chain).toMatchObject({ status: "online", detail: expect.stringMatching(/^HTTP 200 after 12 redirects in \d+ ms$/) });
  });

  it("followRedirects: false judges the first answer, as before", async () => {
    const result = await check({ url: `${base}/moved-to-login`, followRedirects: false });
    expect(result.status).toBe("online");
    expect(result.detail).toMatch(/^HTTP 302 in \d+ ms$/);
  });

  it("keeps where the time went: connection and first byte, and the name's lookup apart", async () => {
    const result = await check({ url: `${base}/slow` });
    expect(result.outcome).toMatchObject({
      kind: "answered",
      timings: { dns: 0, connect: expect.any(Number), firstByte: expect.any(Number) },
    });
    const { timings } = result.outcome as { timings: { connect: number; firstByte: number } };
    expect(timings.firstByte).toBeGreaterThanOrEqual(240);
  });

  it("a slow lookup is the resolver's time, not the server's: the response time counts from the connection", async () => {
    // libuv's 4 threads are kept busy, so a lookup of localhost queues behind them (as behind 32 slow resolvers).
    const crypto = await import("node:crypto");
    const busy = Array.from({ length: 4 }, () => new Promise((resolve) => crypto.pbkdf2("x", "y", 1_500_000, 32, "sha256", resolve)));
    const result = await check({ url: `${base.replace("127.0.0.1", "localhost")}/ok` });
    await Promise.all(busy);
    const { timings } = result.outcome as { timings: { dns: number } };
    expect(result.status).toBe("online");
    // The queue was long (the old probe counted it as the server's); the server's own time is not.
    expect(timings.dns).toBeGreaterThan(50);
    expect(result.responseTime!).toBeLessThan(timings.dns);
  });

  it("the clock starts as the connection opens: the job's own work after building the request is not the server's", async () => {
    // The job's event loop busy for 200 ms right after the request is built (as with 32 checks at once):
    // the connection opens after that, and the server's answer is as quick as ever.
    const BUSY_MS = 200;
    const build = http.request;
    const spy = jest.spyOn(http, "request").mockImplementation((...args: Parameters<typeof http.request>) => {
      const request = build(...args);
      const until = performance.now() + BUSY_MS;
      while (performance.now() < until);
      return request;
    });
    try {
      const quick = await check({ url: `${base}/ok` });
      expect(quick.status).toBe("online");
      expect(quick.took).toBeGreaterThanOrEqual(BUSY_MS - 5);
      expect(quick.responseTime!).toBeLessThan(BUSY_MS / 2);
      // Honest both ways: a server that takes 250 ms still reads at least 250 ms.
      const slow = await check({ url: `${base}/slow` });
      expect(slow.responseTime!).toBeGreaterThanOrEqual(240);
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });

  it("sends a user agent and nothing of the site: no cookie, no authorization, no key", async () => {
    await check({ url: `${base}/ok` });
    const { headers } = seen.filter((s) => s.path === "/ok").at(-1)!;
    expect(headers["user-agent"]).toBe(USER_AGENT);
    expect(Object.keys(headers).sort()).toEqual(["accept", "connection", "host", "user-agent"]);
    expect(headers.connection).toBe("close");
  });

  it(`reads at most ${BODY_LIMIT / 1024} KB of an answer, then closes the connection`, async () => {
    const result = await check({ url: `${base}/big` });
    expect(result.status).toBe("online");
    await expect(bigBodyClosedEarly).resolves.toBe(true);
    // Far less than the 64 MB the server had to send: what it wrote is what the sockets' buffers held.
    expect(bigBodyBytesSent).toBeLessThan(24 * 1024 * 1024);
  });
});

describe("what a check says and expects (issue #23)", () => {
  it("bodyLacks catches a 200 maintenance page: offline, with the text around what was found", async () => {
    const plain = await check({ url: `${base}/maintenance` });
    expect(plain.status).toBe("online");
    const result = await check({ url: `${base}/maintenance`, expect: { bodyLacks: "maintenance" } });
    expect(result.status).toBe("offline");
    expect(result.responseTime).toEqual(expect.any(Number));
    expect(result.detail).toMatch(/^HTTP 200 in \d+ ms, but bodyLacks "maintenance": found in "[^"]*Down for maintenance[^"]*"$/);
  });

  it("a JSON body with a failing field is offline and names the field and what it held", async () => {
    const result = await check({
      url: `${base}/health.json`,
      expect: {
        json: [
          { path: "$.status", equals: "ok" },
          { path: "$.queue.depth", lessThan: 1000 },
        ],
      },
    });
    expect(result.status).toBe("offline");
    expect(result.detail).toMatch(/^HTTP 200 in \d+ ms, but json \$\.status equals "ok": found "degraded"$/);
    const fine = await check({ url: `${base}/health.json`, expect: { status: "2xx", json: [{ path: "$.version", matches: "^2\\." }] } });
    expect(fine.status).toBe("online");
  });

  it("POST sends its body and headers; HEAD asks for no body", async () => {
    echoed.length = 0;
    const posted = await check({
      url: `${base}/echo`,
      method: "POST",
      body: '{"ping":1}',
      headers: { "Content-Type": "application/json", "X-Probe": "status-page" },
      expect: { json: [{ path: "$.ok", equals: true }] },
    });
    expect(posted.status).toBe("online");
    expect(echoed.at(-1)).toMatchObject({ method: "POST", body: '{"ping":1}' });
    expect(echoed.at(-1)!.headers).toMatchObject({
      "content-type": "application/json",
      "x-probe": "status-page",
      "content-length": "10",
      "user-agent": USER_AGENT,
    });
    const plainPost = await check({ url: `${base}/echo`, method: "POST", body: "hello" });
    expect(plainPost.status).toBe("online");
    expect(echoed.at(-1)!.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const head = await check({ url: `${base}/echo`, method: "HEAD" });
    expect(head.status).toBe("online");
    expect(echoed.at(-1)).toMatchObject({ method: "HEAD", body: "" });
  });

  it("a 307 keeps the method and body on the same origin", async () => {
    echoed.length = 0;
    await check({ url: `${base}/echo-moved`, method: "POST", body: "again" });
    expect(echoed.map((e) => [e.path, e.method, e.body])).toEqual([
      ["/echo-moved", "POST", "again"],
      ["/echo", "POST", "again"],
    ]);
  });

  it("a header's value from the environment reaches the server; a variable not set sends nothing and says so", async () => {
    echoed.length = 0;
    const target = checkTarget({ url: `${base}/echo`, headers: { Authorization: { env: "PROBE_TEST_TOKEN" } } })!;
    const outcome = await probe(target, undefined, { PROBE_TEST_TOKEN: "Bearer s3cr3t-value" });
    expect(judge(outcome, target).status).toBe("online");
    expect(echoed.at(-1)!.headers.authorization).toBe("Bearer s3cr3t-value");
    const unset = await probe(target, undefined, {});
    expect(unset).toEqual({ kind: "failed", reason: "unset-variable", message: "PROBE_TEST_TOKEN (header Authorization)" });
    expect(echoed).toHaveLength(1);
    expect(judge(unset, target).detail).toBe(
      "not checked: the variable PROBE_TEST_TOKEN (header Authorization) is not set in the check job's environment",
    );
  });

  it("a server that echoes the request never puts a header's secret into the detail", async () => {
    const target = checkTarget({
      url: `${base}/echo-headers`,
      headers: { Authorization: { env: "PROBE_TEST_TOKEN" } },
      expect: { bodyLacks: "Denied" },
    })!;
    // the 20 characters after the text found are quoted: the whole value would be
    const judged = judge(await probe(target, undefined, { PROBE_TEST_TOKEN: "s3cr3t-value" }), target);
    expect(judged.status).toBe("offline");
    expect(judged.detail).toContain("[a header's value]");
    expect(judged.detail).not.toContain("s3cr3t");
  });

  it("reads up to bodyLimit (1 MB at most), and a condition past it is undecided, said in the detail", async () => {
    const result = await check({ url: `${base}/big`, bodyLimit: 1024 * 1024, expect: { bodyContains: "</html>" } });
    expect(result.status).toBe("offline");
    expect(result.detail).toMatch(/bodyContains "<\/html>": not in the first 1 MB, where the body was cut/);
    const found = await check({ url: `${base}/big`, bodyLimit: 1024, expect: { bodyContains: "xxxx" } });
    expect(found.status).toBe("online");
  });
});

describe("an answer that came while the job stood still", () => {
  const target = (path: string) => checkTarget({ url: `${base}${path}` })!;
  const answered = (outcome: ProbeOutcome) => outcome as Extract<ProbeOutcome, { kind: "answered" }>;

  it("without a StallWatch, the stall is read as the server's time, and nothing says so", async () => {
    stalled.clear();
    const outcome = answered(await probe(target("/stall-once")));
    expect(outcome.ms).toBeGreaterThanOrEqual(STALL);
    expect(outcome.stalledMs).toBeUndefined();
  });

  it("with the job's StallWatch, the answer says how long the job stood still while it came", async () => {
    stalled.clear();
    const watch = new StallWatch();
    try {
      const outcome = answered(await probe(target("/stall-once"), watch));
      expect(outcome.ms).toBeGreaterThanOrEqual(STALL);
      expect(outcome.stalledMs).toBeGreaterThanOrEqual(STALL);
      // one request: measuring again is the queue's to decide, in its turn
      expect(stalled.get("/stall-once")).toBe(1);
    } finally {
      watch.stop();
    }
  });
});

describe("StallWatch", () => {
  it("knows a stall once it has ticked after it, and only where it overlaps", async () => {
    const watch = new StallWatch();
    try {
      await watch.settled();
      const before = performance.now();
      standStill(40);
      const after = performance.now();
      await watch.settled();
      expect(watch.stalledDuring(before, after)).toBeGreaterThanOrEqual(40);
      // after the tick that followed it: nothing newer is known, so a moment from now overlaps no stall
      const now = performance.now();
      expect(watch.stalledDuring(now, now + 0.001)).toBe(0);
    } finally {
      watch.stop();
    }
  });

  it("once stopped, answers at once rather than never (a probe never waits on a stopped watch)", async () => {
    const watch = new StallWatch();
    watch.stop();
    await expect(
      Promise.race([watch.settled().then(() => "settled"), new Promise((r) => setTimeout(() => r("waiting"), 50))]),
    ).resolves.toBe("settled");
  });
});

describe("the job's warm-up before its first check", () => {
  it("asks only a server of its own on 127.0.0.1, and leaves nothing listening", async () => {
    const requests = jest.spyOn(http, "request");
    const servers = jest.spyOn(http, "createServer");
    try {
      await warmUp();
      expect(requests).toHaveBeenCalled();
      for (const [url] of requests.mock.calls) {
        expect(url).toBeInstanceOf(URL);
        expect((url as URL).hostname).toBe("127.0.0.1");
        expect([new URL(base).port, String(otherPort)]).not.toContain((url as URL).port);
      }
      expect(servers).toHaveBeenCalledTimes(1);
      expect((servers.mock.results[0].value as http.Server).listening).toBe(false);
    } finally {
      requests.mockRestore();
      servers.mockRestore();
    }
    expect(seen.some((s) => s.path === "/")).toBe(false);
  });
});

describe("TCP checks", () => {
  it("a listening port is online: 'TCP connection in N ms'", async () => {
    const listener = net.createServer((socket) => socket.end());
    const port = await listen(listener);
    try {
      const result = await check({ tcp: `127.0.0.1:${port}` });
      expect(result.status).toBe("online");
      expect(result.detail).toBe(`TCP connection in ${result.responseTime} ms`);
    } finally {
      listener.close();
    }
  });

  it("a closed port is offline: connection refused", async () => {
    const listener = net.createServer();
    const port = await listen(listener);
    listener.close();
    expect(await check({ tcp: `127.0.0.1:${port}` })).toMatchObject({
      status: "offline",
      responseTime: null,
      detail: "connection refused",
    });
  });
});

describe("names that do not resolve", () => {
  it("are offline: host not found (DNS)", async () => {
    expect(await check({ url: "http://no-such-host.invalid/health", timeoutMs: 5000 })).toMatchObject({
      status: "offline",
      detail: "host not found (DNS)",
    });
    expect(await check({ tcp: "no-such-host.invalid:443", timeoutMs: 5000 })).toMatchObject({
      status: "offline",
      detail: "host not found (DNS)",
    });
  });
});
