/** @jest-environment node */
/**
 * The probes of issue #23, part B, against real servers on 127.0.0.1: HTTPS
 * servers with certificates made for the test (one expiring in 5 days, one in
 * 60, one expired, one for another name), the same as bare TLS, and a small
 * DNS server answering fixed records. The test's authority is trusted through
 * ProbeOptions.extraCa: NODE_EXTRA_CA_CERTS is read only when a process starts.
 */
import https from "node:https";
import type net from "node:net";
import { checkTarget, type CheckConfig } from "../../../src/domain/checks/definition";
import { judge } from "../../../src/domain/checks/judge";
import { probe } from "../../../monitor/probe/probe";
import { makeTestPki, type TestPki } from "./certificates";
import { startDnsServer, type DnsServer } from "./dnsServer";

let pki: TestPki;
const servers = new Map<string, https.Server>();
const ports = new Map<string, number>();
/** requests each server received */
const requests = new Map<string, number>();
let dnsServer: DnsServer;

beforeAll(async () => {
  pki = makeTestPki();
  for (const [name, pair] of Object.entries(pki.leaf)) {
    const server = https.createServer({ key: pair.key, cert: pair.cert }, (_request, response) => {
      requests.set(name, (requests.get(name) ?? 0) + 1);
      response.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.set(name, server);
    ports.set(name, (server.address() as net.AddressInfo).port);
  }
  dnsServer = await startDnsServer(
    {
      "ok.test": {
        A: ["192.0.2.7", "192.0.2.8"],
        TXT: ["v=spf1 -all"],
        MX: [
          [20, "backup.ok.test"],
          [10, "mail.ok.test"],
        ],
      },
      "www.ok.test": { CNAME: ["edge.cdn.test"] },
    },
    ["silent.test"],
  );
});

afterAll(async () => {
  for (const server of servers.values()) {
    server.closeAllConnections();
    server.close();
  }
  await dnsServer.close();
  pki.remove();
});

const trust = () => ({ extraCa: [pki.ca] });
const run = async (check: CheckConfig, options = trust()) => {
  const target = checkTarget(check)!;
  const outcome = await probe(target, undefined, {}, options);
  return { outcome, judged: judge(outcome, target) };
};
const https_ = (name: string, extra: Partial<CheckConfig> = {}): CheckConfig => ({
  url: `https://127.0.0.1:${ports.get(name)}/`,
  certificate: true,
  timeoutMs: 3000,
  ...extra,
});

describe("an https check's certificate", () => {
  it("that expires in 5 days: the answer is read, the server is warning, and the expiry is kept", async () => {
    const { outcome, judged } = await run(https_("soon"));
    expect(outcome).toMatchObject({ kind: "answered", httpStatus: 200, certificate: { validTo: expect.any(String) } });
    expect(judged.status).toBe("warning");
    expect(judged.detail).toMatch(/^HTTP 200 in \d+ ms, but the certificate expires in 5 days \(\d{4}-\d\d-\d\d\)$/);
    const days = (Date.parse(judged.certificateExpires!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(4.9);
    expect(days).toBeLessThanOrEqual(5);
  });

  it("that expires in 60 days: online, its expiry kept", async () => {
    const { judged } = await run(https_("fine"));
    expect(judged.status).toBe("online");
    expect(judged.certificateExpires).toEqual(expect.any(String));
  });

  it("expired: offline, saying it expired and when, and the request is never sent", async () => {
    const { outcome, judged } = await run(https_("expired"));
    expect(outcome).toMatchObject({ kind: "failed", reason: "certificate", message: "CERT_HAS_EXPIRED" });
    expect(judged).toMatchObject({ status: "offline", certificateExpires: "2024-02-01T00:00:00.000Z" });
    expect(judged.detail).toMatch(/^certificate expired on 2024-02-01, \d+ days ago \(CERT_HAS_EXPIRED\)$/);
    expect(requests.get("expired")).toBeUndefined();
  });

  it("expired on an https check without certificate: offline with the same words (verification is always on)", async () => {
    const { judged } = await run(https_("expired", { certificate: undefined }));
    expect(judged.detail).toContain("certificate expired on 2024-02-01");
    expect(judged.certificateExpires).toBeUndefined();
  });

  it("for another name: offline, naming the address it is not for", async () => {
    const { judged } = await run(https_("wrongName"));
    expect(judged.status).toBe("offline");
    expect(judged.detail).toMatch(/^certificate is not for 127\.0\.0\.1 \(valid until .*\) \(ERR_TLS_CERT_ALTNAME_INVALID\)$/);
    expect(requests.get("wrongName")).toBeUndefined();
  });

  it("signed by an authority the job does not trust: offline, not trusted, and nothing sent", async () => {
    const before = requests.get("soon") ?? 0;
    const { judged } = await run(https_("soon"), { extraCa: [] });
    expect(judged.status).toBe("offline");
    expect(judged.detail).toMatch(
      /^certificate not trusted: not signed by a known authority \(valid until .*\) \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)$/,
    );
    expect(requests.get("soon") ?? 0).toBe(before);
  });
});

describe("a tls check (host:port)", () => {
  it("a handshake with a certificate expiring in 5 days: warning, in the handshake's time", async () => {
    const { outcome, judged } = await run({ tls: `127.0.0.1:${ports.get("soon")}`, timeoutMs: 3000 });
    expect(outcome).toMatchObject({ kind: "answered", timings: { tls: expect.any(Number) } });
    expect(judged.detail).toMatch(/^TLS handshake in \d+ ms, but the certificate expires in 5 days/);
    expect(judged.status).toBe("warning");
  });

  it("with warnDays 3, the same certificate is online", async () => {
    const { judged } = await run({ tls: `127.0.0.1:${ports.get("soon")}`, warnDays: 3, timeoutMs: 3000 });
    expect(judged.status).toBe("online");
  });

  it("an expired certificate: offline, expired", async () => {
    const { judged } = await run({ tls: `127.0.0.1:${ports.get("expired")}`, timeoutMs: 3000 });
    expect(judged).toMatchObject({ status: "offline", certificateExpires: "2024-02-01T00:00:00.000Z" });
    expect(judged.detail).toContain("certificate expired on 2024-02-01");
  });
});

describe("a dns check against a resolver of the test's", () => {
  const dns = (name: string, type: "A" | "TXT" | "MX" | "CNAME" | "AAAA", expect?: string[]): CheckConfig => ({
    dns: { name, type, resolver: `127.0.0.1:${dnsServer.port}`, ...(expect ? { expect } : {}) },
    timeoutMs: 2000,
  });

  it("an A record with its expected value: online, with what it found, in the lookup's time", async () => {
    const { outcome, judged } = await run(dns("ok.test", "A", ["192.0.2.8"]));
    expect(outcome).toMatchObject({ kind: "answered", dns: { records: ["192.0.2.7", "192.0.2.8"], missing: null } });
    expect(judged.status).toBe("online");
    expect(judged.detail).toMatch(/^DNS A ok\.test: "192\.0\.2\.7", "192\.0\.2\.8" in \d+ ms$/);
    expect(dnsServer.queries).toContain("ok.test 1");
  });

  it("an expected value missing: offline, saying what was found", async () => {
    const { judged } = await run(dns("ok.test", "A", ["192.0.2.9"]));
    expect(judged.status).toBe("offline");
    expect(judged.detail).toMatch(/^A ok\.test: expected "192\.0\.2\.9", found "192\.0\.2\.7", "192\.0\.2\.8" \(in \d+ ms\)$/);
  });

  it("TXT, MX (lowest priority first) and CNAME records", async () => {
    expect((await run(dns("ok.test", "TXT", ["v=spf1 -all"]))).judged.status).toBe("online");
    const mx = await run(dns("ok.test", "MX", ["mail.ok.test"]));
    expect(mx.outcome).toMatchObject({ dns: { records: ["10 mail.ok.test", "20 backup.ok.test"] } });
    expect(mx.judged.status).toBe("online");
    expect((await run(dns("www.ok.test", "CNAME", ["edge.cdn.test"]))).judged.status).toBe("online");
  });

  it("a name that does not exist, and a type the name lacks: offline, each said", async () => {
    expect((await run(dns("missing.test", "A"))).judged.detail).toMatch(/^missing\.test does not exist \(NXDOMAIN\)/);
    expect((await run(dns("ok.test", "AAAA"))).judged.detail).toMatch(/^ok\.test has no AAAA record/);
  });

  it("a resolver that does not answer: offline within the check's timeout, naming the resolver", async () => {
    const { judged } = await run({ ...dns("silent.test", "A"), timeoutMs: 300 });
    expect(judged).toMatchObject({ status: "offline", responseTime: null, detail: "no answer from the resolver 127.0.0.1 within 300 ms" });
  });
});
