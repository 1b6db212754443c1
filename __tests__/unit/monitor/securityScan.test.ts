/** @jest-environment node */
/**
 * The security rules on real answers (#34): HTTPS servers made in the test on
 * 127.0.0.1 (TLS 1.2 and 1.3, with and without each header, certificates of
 * the test's own authority: valid, expiring, for another name), checked by the
 * job as it runs, and checks/security.json read back: each rule's outcome, a
 * finding first seen, kept, and resolved by a later run.
 */
import fs from "node:fs";
import https from "node:https";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { runChecks } from "../../../monitor/run/runChecks";
import { probe } from "../../../monitor/probe/probe";
import type { SecurityState } from "../../../src/domain/security/findings";
import { securityScore } from "../../../src/domain/security/findings";
import { makeTestPki, type TestPki } from "./certificates";

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

afterAll(() => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
  pki.remove();
});

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function contentFor(names: string[]): string {
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
    check: { url: `https://127.0.0.1:${ports.get(name)}/`, certificate: true, warnDays: 14, timeoutMs: 3000 },
  });
  fs.writeFileSync(path.join(dir, "servers.json"), JSON.stringify(names.map(server)));
  fs.writeFileSync(path.join(dir, "alerts.json"), "[]");
  for (const file of ["performance.json", "security-alerts.json", "reports.json", "analytics-cards.json", "security-cards.json"]) {
    fs.copyFileSync(path.join(process.cwd(), "content", file), path.join(dir, file));
  }
  return dir;
}

const scanOnce = (dir: string) =>
  runChecks({
    contentDir: dir,
    log: () => undefined,
    warn: () => undefined,
    retryPauseMs: 0,
    probe: (target) => probe(target, undefined, {}, { extraCa: [pki.ca] }),
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
    expect(weak.framing).toBe('fail (medium): X-Frame-Options: "ALLOW-FROM HTTPS://EXAMPLE.COM", not DENY or SAMEORIGIN');
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
