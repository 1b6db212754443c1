/** @jest-environment node */
import fc from "fast-check";
import {
  emptySecurityState,
  findingStatus,
  newFindingNotices,
  securityScore,
  updateSecurity,
  type Finding,
} from "../../../src/domain/security/findings";
import { describe as describeMessage, plainText } from "../../../src/domain/notify/wording";
import { RULE_IDS, judgeSecurity, type RuleOutcome, type SecuritySeen } from "../../../src/domain/security/rules";

const at = (iso: string) => new Date(iso);
const fail = (rule: RuleOutcome["rule"], seen = "seen"): RuleOutcome => ({ rule, passed: false, seen, severity: "medium" });
const pass = (rule: RuleOutcome["rule"]): RuleOutcome => ({ rule, passed: true, seen: "ok", severity: "medium" });
const known = new Set(["a", "b"]);

describe("security findings over runs (#34)", () => {
  it("a failed rule is a finding from the run that first saw it; a later pass resolves it; a server not judged keeps its own", () => {
    let { state, fresh } = updateSecurity(
      emptySecurityState(),
      new Map([
        ["a", [fail("hsts"), pass("framing")]],
        ["b", [fail("framing")]],
      ]),
      known,
      at("2028-01-01T00:00:00Z"),
    );
    expect(fresh.map((f) => `${f.server}/${f.rule}`)).toEqual(["a/hsts", "b/framing"]);
    ({ state, fresh } = updateSecurity(state, new Map([["a", [fail("hsts", "seen again")]]]), known, at("2028-01-02T00:00:00Z")));
    expect(fresh).toEqual([]);
    expect(state.findings.find((f) => f.server === "a")).toMatchObject({
      firstSeen: "2028-01-01T00:00:00.000Z",
      lastSeen: "2028-01-02T00:00:00.000Z",
      seen: "seen again",
      resolved: null,
    });
    // b was not judged (its check failed, say): its finding stays open
    expect(state.findings.find((f) => f.server === "b")!.resolved).toBeNull();
    ({ state } = updateSecurity(state, new Map([["a", [pass("hsts")]]]), known, at("2028-01-03T00:00:00Z")));
    expect(state.findings.find((f) => f.server === "a")!.resolved).toBe("2028-01-03T00:00:00.000Z");
    // failing again is a new finding
    ({ state, fresh } = updateSecurity(state, new Map([["a", [fail("hsts")]]]), known, at("2028-01-04T00:00:00Z")));
    expect(fresh).toHaveLength(1);
    expect(state.findings.filter((f) => f.server === "a")).toHaveLength(2);
    // resolved findings go after 30 days; a server removed from content takes its findings and scan along
    ({ state } = updateSecurity(state, new Map(), new Set(["a"]), at("2028-02-03T00:00:01Z")));
    expect(state.findings.map((f) => [f.server, f.resolved])).toEqual([["a", null]]);
    expect(Object.keys(state.scans)).toEqual(["a"]);
  });

  it("a rule a trusted scan no longer judges loses its open finding; a refused certificate's scan keeps the others", () => {
    const t = (d: number) => new Date(Date.UTC(2028, 0, d));
    let { state } = updateSecurity(
      emptySecurityState(),
      new Map([["a", [pass("certificate-trusted"), fail("https-redirect"), fail("hsts")]]]),
      known,
      t(1),
    );
    // the certificate is refused: only its trust is judged; the other findings stay as they were
    ({ state } = updateSecurity(state, new Map([["a", [fail("certificate-trusted")]]]), known, t(2)));
    expect(
      state.findings
        .filter((f) => f.resolved === null)
        .map((f) => f.rule)
        .sort(),
    ).toEqual(["certificate-trusted", "hsts", "https-redirect"]);
    // trusted again, without plain HTTP asked: the redirect's finding goes, neither resolved nor kept
    ({ state } = updateSecurity(state, new Map([["a", [pass("certificate-trusted"), fail("hsts")]]]), known, t(3)));
    expect(state.findings.map((f) => [f.rule, f.resolved === null ? "open" : "resolved"]).sort()).toEqual([
      ["certificate-trusted", "resolved"],
      ["hsts", "open"],
    ]);
  });

  it("a clock set back moves nothing back (generated runs)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 10 * 86_400_000 }), fc.subarray([...RULE_IDS])), { minLength: 1, maxLength: 12 }),
        (runs) => {
          let state = emptySecurityState();
          for (const [ms, failing] of runs) {
            const outcomes = RULE_IDS.map((rule) => (failing.includes(rule) ? fail(rule) : pass(rule)));
            state = updateSecurity(state, new Map([["a", outcomes]]), known, new Date(Date.UTC(2028, 0, 1) + ms)).state;
          }
          const open = new Set<string>();
          for (const f of state.findings) {
            expect(Date.parse(f.firstSeen)).toBeLessThanOrEqual(Date.parse(f.lastSeen));
            if (f.resolved !== null) expect(Date.parse(f.resolved)).toBeGreaterThanOrEqual(Date.parse(f.lastSeen));
            else {
              // one open finding per rule at most, and it is one the last run failed
              expect(open.has(f.rule)).toBe(false);
              open.add(f.rule);
            }
          }
          expect([...open].sort()).toEqual([...runs.at(-1)![1]].sort());
        },
      ),
    );
  });

  it("an editor's acknowledgement shows an open finding as acknowledged until its date is over (UTC), never a resolved one", () => {
    const finding: Finding = {
      server: "a",
      rule: "hsts",
      severity: "medium",
      seen: "x",
      firstSeen: "2028-01-01T00:00:00Z",
      lastSeen: "2028-01-01T00:00:00Z",
      resolved: null,
    };
    const ack = { server: "a", rule: "hsts" as const, note: "The CDN adds it from March", until: "2028-02-29" };
    expect(findingStatus(finding, [ack], at("2028-02-29T23:59:59Z"))).toEqual({ status: "acknowledged", acknowledgement: ack });
    expect(findingStatus(finding, [ack], at("2028-03-01T00:00:00Z")).status).toBe("active");
    expect(findingStatus(finding, [{ ...ack, until: undefined }], at("2030-01-01T00:00:00Z")).status).toBe("acknowledged");
    expect(findingStatus(finding, [{ ...ack, rule: "framing" }], at("2028-01-02T00:00:00Z")).status).toBe("active");
    expect(findingStatus({ ...finding, resolved: "2028-01-05T00:00:00Z" }, [ack], at("2028-01-06T00:00:00Z")).status).toBe("resolved");
  });

  it("a new finding's notice is keyed by the end of the one before it, so a run played again keys it alike", () => {
    const t = (d: number) => new Date(Date.UTC(2028, 0, d));
    let { state } = updateSecurity(emptySecurityState(), new Map([["a", [fail("hsts")]]]), known, t(1));
    ({ state } = updateSecurity(state, new Map([["a", [pass("hsts")]]]), known, t(2)));
    const before = state;
    const again = updateSecurity(before, new Map([["a", [fail("hsts"), fail("framing")]]]), known, t(3));
    const played = updateSecurity(before, new Map([["a", [fail("hsts"), fail("framing")]]]), known, t(4));
    const notices = newFindingNotices(before, again.fresh, [], t(3)).get("a")!;
    expect(notices.map((n) => [n.rule, n.after])).toEqual([
      ["hsts", "2028-01-02T00:00:00.000Z"],
      ["framing", null],
    ]);
    expect(
      newFindingNotices(before, played.fresh, [], t(4))
        .get("a")!
        .map((n) => n.after),
    ).toEqual(notices.map((n) => n.after));
    // acknowledged: not news
    expect(
      newFindingNotices(before, again.fresh, [{ server: "a", rule: "hsts", note: "n" }], t(3))
        .get("a")!
        .map((n) => n.rule),
    ).toEqual(["framing"]);
  });

  it("scores the rules passed of those judged, none judged being no score (not 0 %)", () => {
    expect(securityScore(emptySecurityState())).toEqual({ passed: 0, judged: 0, servers: 0, share: null });
  });
});

describe("the rules on what was seen (#34)", () => {
  const seen = (over: Partial<SecuritySeen>): SecuritySeen => ({
    trust: "verified",
    protocol: "TLSv1.3",
    cipher: "TLS_AES_128_GCM_SHA256",
    certificate: { issuer: "Test CA", subject: "example.com", validTo: "2028-06-01T00:00:00Z" },
    headers: {},
    warnDays: 14,
    host: "example.com",
    ...over,
  });
  const now = at("2028-01-01T00:00:00Z");
  const rule = (s: SecuritySeen, id: RuleOutcome["rule"]) => judgeSecurity(s, now).find((o) => o.rule === id);

  it("old TLS versions fail high; TLS 1.2 and 1.3 pass", () => {
    for (const protocol of ["TLSv1", "TLSv1.1", "SSLv3"])
      expect(rule(seen({ protocol }), "tls-version")).toMatchObject({ passed: false, severity: "high" });
    for (const protocol of ["TLSv1.2", "TLSv1.3"]) expect(rule(seen({ protocol }), "tls-version")!.passed).toBe(true);
  });

  it("an expired certificate and one within a week are high, within the warning medium", () => {
    expect(rule(seen({ certificate: { issuer: "x", subject: "y", validTo: "2027-12-30T00:00:00Z" } }), "certificate-expiry")).toMatchObject(
      { passed: false, severity: "high", seen: "expired on 2027-12-30" },
    );
    expect(rule(seen({ certificate: { issuer: "x", subject: "y", validTo: "2028-01-10T00:00:00Z" } }), "certificate-expiry")).toMatchObject(
      { passed: false, severity: "medium" },
    );
    expect(rule(seen({ certificate: { issuer: "x", subject: "y", validTo: "2028-01-16T00:00:00Z" } }), "certificate-expiry")!.passed).toBe(
      true,
    );
  });

  it("HSTS of exactly six months passes; framing by frame-ancestors or X-Frame-Options; the last referrer policy listed counts", () => {
    expect(rule(seen({ headers: { "strict-transport-security": "max-age=15768000" } }), "hsts")!.passed).toBe(true);
    expect(rule(seen({ headers: { "strict-transport-security": "max-age=15767999" } }), "hsts")!.passed).toBe(false);
    expect(rule(seen({ headers: { "strict-transport-security": 'max-age="31536000"; preload' } }), "hsts")!.passed).toBe(true);
    expect(rule(seen({ headers: { "content-security-policy": "frame-ancestors 'self'" } }), "framing")!.passed).toBe(true);
    expect(rule(seen({ headers: { "x-frame-options": "sameorigin" } }), "framing")!.passed).toBe(true);
    expect(rule(seen({ headers: { "content-security-policy": "frame-ancestors *", "x-frame-options": "DENY" } }), "framing")!.passed).toBe(
      false,
    );
    expect(rule(seen({ headers: { "x-frame-options": "ALLOW-FROM https://example.com" } }), "framing")).toMatchObject({
      passed: false,
      seen: 'X-Frame-Options: "ALLOW-FROM HTTPS://EXAMPLE.COM", not DENY or SAMEORIGIN',
    });
    expect(rule(seen({ headers: { "referrer-policy": "unsafe-url, strict-origin" } }), "referrer-policy")!.passed).toBe(true);
    expect(rule(seen({ headers: { "referrer-policy": "no-referrer, unsafe-url" } }), "referrer-policy")!.passed).toBe(false);
  });

  it("plain HTTP passes when it redirects to HTTPS on the same host, or when nothing answers it", () => {
    const plain = (p: NonNullable<SecuritySeen["plainHttp"]>) => rule(seen({ plainHttp: p }), "https-redirect");
    const url = "http://example.com/";
    expect(plain({ url, status: 301, location: "https://example.com/" })).toMatchObject({
      passed: true,
      seen: 'http://example.com/ redirects to "https://example.com" (301)',
    });
    expect(plain({ url, status: 308, location: "https://example.com:8443/x" })!.passed).toBe(true);
    expect(plain({ url, failure: "connection refused" })!.passed).toBe(true);
    expect(plain({ url, status: 200, location: null })).toMatchObject({
      passed: false,
      seen: "http://example.com/ answers 200 without redirecting",
    });
    expect(plain({ url, status: 302, location: "/login" })).toMatchObject({
      passed: false,
      seen: 'http://example.com/ redirects to "/login", not to HTTPS',
    });
    expect(plain({ url, status: 301, location: "https://www.example.com/" })).toMatchObject({
      passed: false,
      seen: 'http://example.com/ redirects to another host first ("www.example.com")',
    });
    expect(plain({ url, status: 301, location: "https://[bad" })!.passed).toBe(false);
    // not asked: no outcome
    expect(rule(seen({}), "https-redirect")).toBeUndefined();
  });

  it("whatever a server sends, every rule has one outcome in short words (generated headers)", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom(
            "strict-transport-security",
            "content-security-policy",
            "x-content-type-options",
            "x-frame-options",
            "referrer-policy",
          ),
          fc.string({ maxLength: 400 }),
        ),
        fc.option(fc.string()),
        (headers, cipher) => {
          const outcomes = judgeSecurity(seen({ headers, cipher }), now);
          expect(new Set(outcomes.map((o) => o.rule)).size).toBe(outcomes.length);
          for (const o of outcomes) expect(o.seen.length).toBeLessThanOrEqual(200);
        },
      ),
    );
  });
});

describe("a security finding's message (#34)", () => {
  it("names the server, the rule and its severity, what the scan saw and how to fix it", () => {
    const said = describeMessage({
      kind: "notice",
      notice: {
        key: "srv-a|security|hsts|first",
        event: "security",
        server: { id: "srv-a", name: "Alpha", ip: "192.0.2.1", location: "Paris, France" },
        from: "online",
        to: "online",
        since: "2028-01-01T00:00:00.000Z",
        at: "2028-01-01T00:00:00.000Z",
        detail: "HTTP 200 in 12 ms",
        durationMs: null,
        url: "https://status.example.org/servers/srv-a",
        finding: {
          rule: "hsts",
          title: "Strict-Transport-Security for six months",
          severity: "medium",
          seen: "no Strict-Transport-Security header",
          fix: "Send it.",
        },
      },
    });
    expect(said.title).toBe("Alpha (srv-a): security finding, Strict-Transport-Security for six months not met (medium severity)");
    const text = plainText(said);
    expect(text).toContain("What the scan saw: no Strict-Transport-Security header");
    expect(text).toContain("How to fix it: Send it.");
    expect(text).toContain("Rule: Strict-Transport-Security for six months (hsts)");
  });
});
