/** @jest-environment node */
/**
 * Issue #23, part B, in the model: a certificate's days until expiry and its
 * judgement, the tls and dns kinds, a dns check's expected values, and the
 * redirect policy with its alias.
 */
import { checkTarget, followPolicy, parseResolver, type CheckTarget } from "../../../src/domain/checks/definition";
import { certificateDaysLeft, certificateThreshold, type ProbeOutcome } from "../../../src/domain/checks/outcome";
import { judge } from "../../../src/domain/checks/judge";
import { dnsFailure } from "../../../src/domain/checks/dnsAnswers";

const DAY = 86_400_000;
const EXPIRES = "2026-03-20T12:00:00.000Z";
const at = (ms: number) => new Date(Date.parse(EXPIRES) - ms);
const seen = { validFrom: "2025-12-20T12:00:00.000Z", validTo: EXPIRES };

describe("certificateDaysLeft: a day begun counts whole", () => {
  it("is 5 from exactly 5 days before the expiry until a moment after 4 days before it", () => {
    expect(certificateDaysLeft(EXPIRES, at(5 * DAY))).toBe(5);
    expect(certificateDaysLeft(EXPIRES, at(4 * DAY + 1))).toBe(5);
    expect(certificateDaysLeft(EXPIRES, at(4 * DAY))).toBe(4);
  });

  it("is 6 a millisecond before the 5-day mark", () => {
    expect(certificateDaysLeft(EXPIRES, at(5 * DAY + 1))).toBe(6);
  });

  it("is 1 in the last day, and 0 or less from the moment of expiry", () => {
    expect(certificateDaysLeft(EXPIRES, at(1))).toBe(1);
    expect(certificateDaysLeft(EXPIRES, at(0))).toBeLessThanOrEqual(0);
    expect(certificateDaysLeft(EXPIRES, at(-3 * DAY))).toBe(-3);
  });
});

describe("certificateThreshold: the lowest of 30, 14, 7 and 1 days crossed", () => {
  it.each([
    [31, null],
    [30, 30],
    [15, 30],
    [14, 14],
    [8, 14],
    [7, 7],
    [5, 7],
    [2, 7],
    [1, 1],
    [0, null],
    [-4, null],
  ])("%i days left: %p", (days, threshold) => {
    expect(certificateThreshold(days)).toBe(threshold);
  });
});

const https = (over: Record<string, unknown> = {}) => checkTarget({ url: "https://shop.example.org/", certificate: true, ...over })!;
const answered = (over: Partial<Extract<ProbeOutcome, { kind: "answered" }>> = {}): ProbeOutcome => ({
  kind: "answered",
  ms: 40,
  httpStatus: 200,
  certificate: seen,
  ...over,
});

describe("judge: a certificate that is judged", () => {
  it("within warnDays (14 by default) is a warning that says in how many days, and keeps the expiry", () => {
    const judged = judge(answered(), https(), at(5 * DAY));
    expect(judged).toMatchObject({ status: "warning", warningCause: "certificate", certificateExpires: EXPIRES, responseTime: 40 });
    expect(judged.detail).toBe("HTTP 200 in 40 ms, but the certificate expires in 5 days (2026-03-20)");
  });

  it("keeps the expiry when the server answers a wrong status or fails a body condition (the certificate was seen)", () => {
    expect(judge(answered({ httpStatus: 503 }), https(), at(5 * DAY))).toMatchObject({ status: "offline", certificateExpires: EXPIRES });
  });

  it("exactly warnDays away is a warning; a day more is online, with the expiry kept", () => {
    expect(judge(answered(), https(), at(14 * DAY)).status).toBe("warning");
    const later = judge(answered(), https(), at(14 * DAY + 1));
    expect(later).toMatchObject({ status: "online", detail: "HTTP 200 in 40 ms", certificateExpires: EXPIRES });
  });

  it("takes the check's warnDays, then the site's", () => {
    expect(judge(answered(), https({ warnDays: 30 }), at(20 * DAY)).status).toBe("warning");
    const site = checkTarget({ url: "https://shop.example.org/", certificate: true }, { warnDays: 3 })!;
    expect(judge(answered(), site, at(5 * DAY)).status).toBe("online");
  });

  it("says 1 day in the singular", () => {
    expect(judge(answered(), https(), at(DAY / 2)).detail).toContain("the certificate expires in 1 day (2026-03-20)");
  });

  it("is offline once the expiry has passed, even when the handshake let it through", () => {
    expect(judge(answered(), https(), at(-DAY))).toMatchObject({
      status: "offline",
      detail: "HTTP 200 in 40 ms, but the certificate expired on 2026-03-20",
    });
  });

  it("a failed condition on the answer wins over the certificate", () => {
    expect(judge(answered({ httpStatus: 503 }), https(), at(5 * DAY)).status).toBe("offline");
  });

  it("is said with a slow answer too", () => {
    expect(judge(answered({ ms: 400 }), https(), at(5 * DAY)).detail).toBe(
      "HTTP 200 in 400 ms, but the certificate expires in 5 days (2026-03-20), and over the 150 ms threshold",
    );
  });

  it("is not judged, nor kept, on an https check without certificate", () => {
    const plain = checkTarget({ url: "https://shop.example.org/" })!;
    const judged = judge(answered(), plain, at(5 * DAY));
    expect(judged.status).toBe("online");
    expect(judged.certificateExpires).toBeUndefined();
  });

  it("a tls check always judges it: 'TLS handshake'", () => {
    const target = checkTarget({ tls: "mail.example.org:993" })!;
    expect(judge({ kind: "answered", ms: 12, certificate: seen }, target, at(5 * DAY)).detail).toBe(
      "TLS handshake in 12 ms, but the certificate expires in 5 days (2026-03-20)",
    );
  });
});

describe("judge: a certificate that failed verification is offline, and says why", () => {
  const failed = (message: string, certificate?: typeof seen): ProbeOutcome => ({
    kind: "failed",
    reason: "certificate",
    message,
    ...(certificate ? { certificate } : {}),
  });

  it("expired: since when, read from the certificate", () => {
    expect(judge(failed("CERT_HAS_EXPIRED", seen), https(), at(-3 * DAY))).toMatchObject({
      status: "offline",
      responseTime: null,
      detail: "certificate expired on 2026-03-20, 3 days ago (CERT_HAS_EXPIRED)",
      certificateExpires: EXPIRES,
    });
  });

  it("expired, its dates unread: still 'expired'", () => {
    expect(judge(failed("CERT_HAS_EXPIRED"), https(), at(0)).detail).toBe("certificate expired (CERT_HAS_EXPIRED)");
  });

  it("for another name: the name it is not for", () => {
    expect(judge(failed("ERR_TLS_CERT_ALTNAME_INVALID", seen), https(), at(40 * DAY)).detail).toBe(
      "certificate is not for shop.example.org (valid until 2026-03-20) (ERR_TLS_CERT_ALTNAME_INVALID)",
    );
  });

  it("untrusted: not signed by a known authority", () => {
    expect(judge(failed("SELF_SIGNED_CERT_IN_CHAIN"), https(), at(40 * DAY)).detail).toBe(
      "certificate not trusted: not signed by a known authority (SELF_SIGNED_CERT_IN_CHAIN)",
    );
  });
});

describe("checkTarget: the tls and dns kinds", () => {
  it("a tls check is host:port with the certificate judged, warnDays 14 unless told", () => {
    expect(checkTarget({ tls: "mail.example.org:993" })).toMatchObject({
      kind: "tls",
      host: "mail.example.org",
      port: 993,
      certificate: { warnDays: 14 },
    });
    expect(checkTarget({ tls: "[2001:db8::1]:443", warnDays: 21 })).toMatchObject({ host: "2001:db8::1", certificate: { warnDays: 21 } });
    expect(checkTarget({ tls: "mail.example.org:0" })).toBeNull();
  });

  it("a dns check: its name without a final dot, its type, the resolver's address and port (53 unless told)", () => {
    expect(checkTarget({ dns: { name: "example.org.", type: "MX", resolver: "192.0.2.53", expect: ["mail.example.org"] } })).toMatchObject({
      kind: "dns",
      name: "example.org",
      type: "MX",
      resolver: { address: "192.0.2.53", port: 53 },
      expect: ["mail.example.org"],
    });
    expect(checkTarget({ dns: { name: "example.org", type: "A" } })).toMatchObject({ resolver: null, expect: [] });
  });

  it("a dns check with a resolver that is not an IP address has no target", () => {
    expect(checkTarget({ dns: { name: "example.org", type: "A", resolver: "dns.example.org" } })).toBeNull();
  });
});

describe("parseResolver", () => {
  it.each([
    ["192.0.2.53", { address: "192.0.2.53", port: 53 }],
    ["127.0.0.1:5353", { address: "127.0.0.1", port: 5353 }],
    ["2001:db8::53", { address: "2001:db8::53", port: 53 }],
    ["[2001:db8::53]:5353", { address: "2001:db8::53", port: 5353 }],
  ])("%s", (text, address) => expect(parseResolver(text)).toEqual(address));

  it.each(["dns.example.org", "256.1.1.1", "192.0.2.53:0", "192.0.2.53:70000", "[192.0.2.53]:53", "2001:db8::53:53x", ""])(
    "%p is not a resolver",
    (text) => expect(parseResolver(text)).toBeNull(),
  );
});

describe("dnsFailure: every expected value must be among the answers", () => {
  const check = (type: "A" | "MX" | "TXT" | "CNAME", expect: string[]) => ({ name: "example.org", type, expect });

  it("passes when all are found, names compared without case or a final dot", () => {
    expect(dnsFailure(check("A", ["192.0.2.7"]), { records: ["192.0.2.7", "192.0.2.8"], missing: null })).toBeNull();
    expect(dnsFailure(check("CNAME", ["Edge.Example.NET."]), { records: ["edge.example.net"], missing: null })).toBeNull();
  });

  it("says what was expected and what was found", () => {
    expect(dnsFailure(check("A", ["192.0.2.7", "192.0.2.9"]), { records: ["192.0.2.7", "192.0.2.8"], missing: null })).toBe(
      'A example.org: expected "192.0.2.9", found "192.0.2.7", "192.0.2.8"',
    );
  });

  it("an MX is expected by its host, or its priority and host", () => {
    const records = ["10 mail.example.org", "20 backup.example.org"];
    expect(dnsFailure(check("MX", ["backup.example.org", "10 mail.example.org"]), { records, missing: null })).toBeNull();
    expect(dnsFailure(check("MX", ["20 mail.example.org"]), { records, missing: null })).toContain('expected "20 mail.example.org"');
  });

  it("a TXT record is compared exactly", () => {
    expect(dnsFailure(check("TXT", ["v=spf1 -all"]), { records: ["v=spf1 -all"], missing: null })).toBeNull();
    expect(dnsFailure(check("TXT", ["V=SPF1 -all"]), { records: ["v=spf1 -all"], missing: null })).not.toBeNull();
  });

  it("a name that does not exist, or has no record of the type, fails with or without expectations", () => {
    expect(dnsFailure(check("A", []), { records: [], missing: "name" })).toBe("example.org does not exist (NXDOMAIN)");
    expect(dnsFailure(check("TXT", []), { records: [], missing: "records" })).toBe("example.org has no TXT record");
  });
});

describe("judge: a dns check", () => {
  const target = checkTarget({ dns: { name: "example.org", type: "A", resolver: "127.0.0.1:5353", expect: ["192.0.2.9"] } })!;

  it("is online with the values found, its time the lookup's", () => {
    const ok = checkTarget({ dns: { name: "example.org", type: "A" } })!;
    expect(judge({ kind: "answered", ms: 3.4, dns: { records: ["192.0.2.7"], missing: null } }, ok)).toEqual({
      status: "online",
      responseTime: 3,
      detail: 'DNS A example.org: "192.0.2.7" in 3 ms',
    });
  });

  it("is offline when an expected value is missing, saying what was found", () => {
    expect(judge({ kind: "answered", ms: 3, dns: { records: ["192.0.2.7"], missing: null } }, target)).toMatchObject({
      status: "offline",
      detail: 'A example.org: expected "192.0.2.9", found "192.0.2.7" (in 3 ms)',
    });
  });

  it("a resolver that does not answer is named", () => {
    expect(judge({ kind: "failed", reason: "timeout" }, target).detail).toBe("no answer from the resolver 127.0.0.1 within 10 s");
  });
});

describe("the redirect policy: follow, and followRedirects its alias", () => {
  it("is same-origin unless told", () => {
    expect(followPolicy({})).toBe("same-origin");
    expect((checkTarget({ url: "https://example.org/" }) as Extract<CheckTarget, { kind: "http" }>).followRedirects).toBe(true);
  });

  it("follow: none, or followRedirects: false, follows none", () => {
    expect(followPolicy({ follow: "none" })).toBe("none");
    expect(followPolicy({ followRedirects: false })).toBe("none");
    expect((checkTarget({ url: "https://example.org/", follow: "none" }) as Extract<CheckTarget, { kind: "http" }>).followRedirects).toBe(
      false,
    );
  });

  it("the check's own wins over the site's default, in either spelling", () => {
    expect(followPolicy({ follow: "same-origin" }, { followRedirects: false })).toBe("same-origin");
    expect(followPolicy({}, { follow: "none" })).toBe("none");
    expect(followPolicy({ followRedirects: true }, { follow: "none" })).toBe("same-origin");
  });
});
