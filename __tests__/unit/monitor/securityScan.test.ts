/** @jest-environment node */
/**
 * The security rules on real answers (#34): HTTPS servers made in the test on
 * 127.0.0.1 (TLS 1.2 and 1.3, with and without each header, certificates of
 * the test's own authority: valid, expiring, for another name), checked by the
 * job as it runs, and checks/security.json read back: each rule's outcome, a
 * finding first seen, kept, and resolved by a later run.
 */
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { runChecks } from "../../../monitor/run/runChecks";
import { probe } from "../../../monitor/probe/probe";
import type { SecurityState } from "../../../src/domain/security/findings";
import { securityScore } from "../../../src/domain/security/findings";
import { makeTestPki, type TestPki } from "./certificates";
import { startHttpReceiver, type HttpReceiver } from "./receivers";
import { deliver } from "../../../monitor/notify/send";
import { resolveChannel } from "../../../monitor/notify/channelEnv";

const GOOD_HEADERS = {
  "strict-transport-security": "max-age=63072000; includeSubDomains",
  "content-security-policy": "default-src 'self'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
};

let pki: TestPki;
const servers: https.Server[] = [];
const ports = new Map<string, number>();
/** what the "mended" server sends: none of the headers at first, all of them once mended */
let mended = false;

async function serve(name: string, options: https.ServerOptions, headers: () => Record<string, string>): Promise<void> {
  const server = https.createServer(options, (_request, response) => {
    for (const [header, value] of Object.entries(headers())) response.setHeader(header, value);
    response.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  ports.set(name, (server.address() as net.AddressInfo).port);
}

beforeAll(async () => {
  pki = makeTestPki();
  const fine = pki.leaf.fine;
  await serve("secure", { ...fine, minVersion: "TLSv1.3" }, () => GOOD_HEADERS);
  // TLS 1.2 with a CBC suite outside Mozilla's intermediate list, a certificate that expires in 5 days, no headers
  await serve("bare", { ...pki.leaf.soon, maxVersion: "TLSv1.2", ciphers: "ECDHE-ECDSA-AES128-SHA256" }, () => ({}));
  await serve("wrongName", { ...pki.leaf.wrongName }, () => GOOD_HEADERS);
  await serve("mended", { ...fine, maxVersion: "TLSv1.2" }, () =>
    mended ? { ...GOOD_HEADERS, "content-security-policy": "default-src 'self'", "x-frame-options": "DENY" } : {},
  );
  // weak values of each header: a short HSTS, nosniff misspelt, framing allowed to all, a leaking referrer policy
  await serve("weak", { ...fine }, () => ({
    "strict-transport-security": "max-age=300",
    "content-security-policy": "default-src 'self'; frame-ancestors *",
    "x-content-type-options": "sniff",
    "x-frame-options": "ALLOW-FROM https://example.com",
    "referrer-policy": "unsafe-url",
  }));
});

/** plain HTTP listeners: one redirecting to the https server "secure" on the same host, one answering 200, one to another host */
const plainServers: http.Server[] = [];
const plainPorts = new Map<string, number>();
beforeAll(async () => {
  const listen = async (name: string, handler: http.RequestListener) => {
    const server = http.createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    plainServers.push(server);
    plainPorts.set(name, (server.address() as net.AddressInfo).port);
  };
  await listen("redirecting", (_q, r) => {
    r.writeHead(301, { location: `https://127.0.0.1:${ports.get("secure")}/` }).end();
  });
  await listen("answering 200", (_q, r) => r.end("plain"));
  await listen("redirecting elsewhere", (_q, r) => {
    r.writeHead(302, { location: "https://login.example.com/" }).end();
  });
  // a port nothing listens on: a listener opened and closed
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  plainPorts.set("not listening", (closed.address() as net.AddressInfo).port);
  await new Promise<void>((resolve) => closed.close(() => resolve()));
});

afterAll(() => {
  for (const server of [...servers, ...plainServers]) {
    server.closeAllConnections();
    server.close();
  }
  pki.remove();
});

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function contentFor(names: string[], extra: Record<string, unknown> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "security-scan-"));
  dirs.push(dir);
  const server = (name: string, i: number) => ({
    id: `srv-${name}`,
    name,
    ip: `192.0.2.${i + 1}`,
    location: "Dublin, Ireland",
    status: "online",
    uptime: "99.9%",
    responseTime: 40,
    lastChecked: "2026-11-23T10:00:00Z",
    coordinates: [-6.26, 53.35],
    check: { url: `https://127.0.0.1:${ports.get(name)}/`, certificate: true, warnDays: 14, timeoutMs: 3000, ...extra },
  });
  fs.writeFileSync(path.join(dir, "servers.json"), JSON.stringify(names.map(server)));
  fs.writeFileSync(path.join(dir, "alerts.json"), "[]");
  for (const file of ["performance.json", "security-alerts.json", "reports.json", "analytics-cards.json", "security-cards.json"]) {
    fs.copyFileSync(path.join(process.cwd(), "content", file), path.join(dir, file));
  }
  return dir;
}

let slack: HttpReceiver;
beforeAll(async () => {
  slack = await startHttpReceiver();
});
afterAll(() => slack.close());

const scanOnce = (dir: string, shiftMinutes = 0) =>
  runChecks({
    contentDir: dir,
    log: () => undefined,
    warn: () => undefined,
    retryPauseMs: 0,
    probe: (target) => probe(target, undefined, {}, { extraCa: [pki.ca] }),
    now: () => new Date(Date.now() + shiftMinutes * 60_000),
    notify: {
      resolve: resolveChannel,
      deliver: (channel, message) => deliver(channel, message, { backoffMs: 20, timeoutMs: 2000 }),
      env: { NOTIFY_SLACK_URL: `${slack.base}/services/T0/B0/x` },
      siteUrl: "https://status.example.org",
    },
  });
const stateOf = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, "checks", "security.json"), "utf8")) as SecurityState;
const outcomes = (state: SecurityState, server: string) =>
  Object.fromEntries(state.scans[`srv-${server}`].outcomes.map((o) => [o.rule, o.passed ? "pass" : `fail (${o.severity}): ${o.seen}`]));

describe("the security rules on the job's HTTPS answers (#34)", () => {
  it("judges each rule on what a real handshake and answer showed", async () => {
    const dir = contentFor(["secure", "bare", "wrongName", "weak"]);
    await scanOnce(dir);
    const state = stateOf(dir);
    expect(Object.values(outcomes(state, "secure"))).toEqual(Array(9).fill("pass"));
    expect(state.scans["srv-secure"].outcomes.find((o) => o.rule === "tls-version")!.seen).toBe("TLSv1.3 agreed");

    const bare = outcomes(state, "bare");
    expect(bare["certificate-trusted"]).toBe("pass");
    expect(bare["certificate-expiry"]).toMatch(
      /^fail \(high\): expires on \d{4}-\d{2}-\d{2}, in 5 days \(the check warns 14 days ahead\)$/,
    );
    expect(bare["tls-version"]).toBe("pass");
    expect(bare["tls-cipher"]).toBe("fail (medium): ECDHE-ECDSA-AES128-SHA256 agreed");
    expect(bare.hsts).toBe("fail (medium): no Strict-Transport-Security header");
    expect(bare["content-security-policy"]).toBe("fail (medium): no Content-Security-Policy header");
    expect(bare["content-type-options"]).toBe("fail (low): no X-Content-Type-Options header");
    expect(bare.framing).toBe("fail (medium): neither frame-ancestors nor X-Frame-Options");
    expect(bare["referrer-policy"]).toBe("fail (low): no Referrer-Policy header");

    // a certificate for another name: the handshake refuses it, nothing else is judged (nothing was asked)
    expect(outcomes(state, "wrongName")).toEqual({
      "certificate-trusted": expect.stringMatching(/^fail \(high\): the handshake refused the certificate: .*(ALTNAME|name)/i) as unknown,
    });

    const weak = outcomes(state, "weak");
    expect(weak.hsts).toBe("fail (medium): max-age of 300 seconds, under six months");
    expect(weak["content-security-policy"]).toBe("pass");
    expect(weak["content-type-options"]).toBe('fail (low): X-Content-Type-Options: "sniff"');
    // frame-ancestors is there: browsers obey it over X-Frame-Options, so it alone is judged
    expect(weak.framing).toBe('fail (medium): frame-ancestors "*" lets any site frame the page');
    expect(weak["referrer-policy"]).toBe('fail (low): Referrer-Policy: "unsafe-url"');

    // the score: the rules passed of those judged, over every judged server
    const judged = 9 + 9 + 1 + 9;
    const passed = 9 + 2 + 0 + 5;
    expect(securityScore(state)).toEqual({ passed, judged, servers: 4, share: passed / judged });
    // every failed rule is a finding, first seen by this run, open
    expect(state.findings).toHaveLength(judged - passed);
    expect(state.findings.every((f) => f.resolved === null && f.firstSeen === f.lastSeen)).toBe(true);
  });

  it("keeps a finding across runs, and resolves it when a later run sees it mended", async () => {
    mended = false;
    const dir = contentFor(["mended"]);
    await scanOnce(dir);
    const first = stateOf(dir).findings;
    expect(first.map((f) => f.rule).sort()).toEqual([
      "content-security-policy",
      "content-type-options",
      "framing",
      "hsts",
      "referrer-policy",
    ]);
    await scanOnce(dir);
    const second = stateOf(dir).findings;
    // the same findings, first seen by the first run, seen again
    expect(second.map((f) => [f.rule, f.firstSeen]).sort()).toEqual(first.map((f) => [f.rule, f.firstSeen]).sort());
    expect(second.every((f) => f.resolved === null && Date.parse(f.lastSeen) > Date.parse(f.firstSeen))).toBe(true);
    mended = true;
    await scanOnce(dir);
    const third = stateOf(dir);
    expect(third.findings.every((f) => f.resolved !== null && Date.parse(f.resolved) >= Date.parse(f.lastSeen))).toBe(true);
    expect(Object.values(outcomes(third, "mended"))).toEqual(Array(9).fill("pass"));
  });
});

describe("plain HTTP's redirect, where a check asks for it (#34)", () => {
  it.each([
    ["redirecting", true, /^http:\/\/127\.0\.0\.1:\d+\/ redirects to "https:\/\/127\.0\.0\.1:\d+" \(301\)$/],
    ["not listening", true, /^nothing answers plain HTTP at http:\/\/127\.0\.0\.1:\d+\/ \(connection refused\)$/],
    ["answering 200", false, /^http:\/\/127\.0\.0\.1:\d+\/ answers 200 without redirecting$/],
    ["redirecting elsewhere", false, /redirects to another host first \("login\.example\.com"\)$/],
  ])("plain HTTP that is %s: passed %s", async (plain, passed, seen) => {
    const dir = contentFor(["secure"], { httpRedirect: true, httpPort: plainPorts.get(plain) });
    await scanOnce(dir);
    const outcome = stateOf(dir).scans["srv-secure"].outcomes.find((o) => o.rule === "https-redirect")!;
    expect(outcome.passed).toBe(passed);
    expect(outcome.seen).toMatch(seen);
    // the check itself is as before: online, its time the https answer's
    const latest = JSON.parse(fs.readFileSync(path.join(dir, "checks", "latest.json"), "utf8")) as { results: Array<{ status: string }> };
    expect(latest.results[0].status).toBe("online");
  });
});

/** One Slack channel, its route asking for these events (null: a route that names none). */
function routeTo(dir: string, events: string[] | null): void {
  const route = { channels: ["sec"], ...(events ? { events } : {}) };
  fs.writeFileSync(
    path.join(dir, "notifications.json"),
    JSON.stringify({ channels: [{ id: "sec", type: "slack", urlEnv: "NOTIFY_SLACK_URL" }], routes: [route] }),
  );
}

describe("a new finding is told once, where a route asks for security (#34)", () => {
  it("tells each new finding once to the route that names security, never one an editor acknowledged, and none to the others", async () => {
    mended = false;
    slack.reset();
    const dir = contentFor(["mended"]);
    routeTo(dir, ["security"]);
    fs.writeFileSync(
      path.join(dir, "security-acknowledgements.json"),
      JSON.stringify([{ server: "srv-mended", rule: "referrer-policy", note: "The proxy adds it next week" }]),
    );
    await scanOnce(dir);
    const texts = slack.received.map((r) => (JSON.parse(r.body) as { text: string }).text);
    // five findings, the acknowledged one apart: four messages, each naming its rule and how to fix it
    expect(texts).toHaveLength(4);
    expect(texts.find((t) => t.includes("Strict-Transport-Security for six months not met (medium severity)"))).toBeDefined();
    expect(texts.some((t) => t.includes("Referrer-Policy"))).toBe(false);
    // the same findings seen again: nothing more told
    await scanOnce(dir, 5);
    expect(slack.received).toHaveLength(4);
    // mended, then broken again: a new finding, told again
    mended = true;
    await scanOnce(dir, 10);
    mended = false;
    await scanOnce(dir, 15);
    expect(slack.received).toHaveLength(8);
  });

  it("a finding's notice that could not be sent waits in the outbox and goes with the next run, the job's memory kept", async () => {
    mended = false;
    slack.reset();
    slack.fail(100);
    const dir = contentFor(["mended"]);
    routeTo(dir, ["security"]);
    await scanOnce(dir);
    const state = JSON.parse(fs.readFileSync(path.join(dir, "checks", "notify-state.json"), "utf8")) as {
      outbox: Array<{ notice: { event: string } }>;
    };
    expect(state.outbox.length).toBe(5);
    expect(state.outbox.every((item) => item.notice.event === "security")).toBe(true);
    slack.reset();
    await scanOnce(dir, 5);
    // read back whole (not set aside as damaged), and sent
    expect(fs.readdirSync(path.join(dir, "checks")).filter((f) => f.includes("damaged"))).toEqual([]);
    expect(slack.received.length).toBe(5);
  });

  it("a route without events is told nothing of security", async () => {
    mended = false;
    slack.reset();
    const dir = contentFor(["mended"]);
    routeTo(dir, null);
    await scanOnce(dir);
    expect(slack.received).toHaveLength(0);
    expect(stateOf(dir).findings).toHaveLength(5);
  });
});
