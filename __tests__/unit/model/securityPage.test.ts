/** @jest-environment node */
import { validateContent } from "../../../src/domain/content/validate";
import type { ContentTexts } from "../../../src/domain/kernel/contentIssue";
import { sampleTexts, withCheckOn } from "../contentTexts";
import { emptySecurityState, updateSecurity } from "../../../src/domain/security/findings";
import type { RuleOutcome } from "../../../src/domain/security/rules";
import { securityFigures, securityScanOf } from "../../../src/model/security/securityPage";
import { shownCards } from "../../../src/model/fleet/figureCards";

const outcome = (rule: RuleOutcome["rule"], passed: boolean, severity: RuleOutcome["severity"] = "medium"): RuleOutcome => ({
  rule,
  passed,
  seen: passed ? "ok" : "missing",
  severity,
});

describe("the Security Center from the job's scan (#34)", () => {
  // a: 3 rules, 1 failed (hsts); b: a refused certificate (1 rule, failed, high); then a's framing fails and is mended
  const first = updateSecurity(
    emptySecurityState(),
    new Map([
      ["a", [outcome("certificate-trusted", true), outcome("hsts", false), outcome("framing", false)]],
      ["b", [outcome("certificate-trusted", false, "high")]],
    ]),
    new Set(["a", "b"]),
    new Date("2028-01-01T00:00:00Z"),
  ).state;
  const state = updateSecurity(
    first,
    new Map([["a", [outcome("certificate-trusted", true), outcome("hsts", false), outcome("framing", true)]]]),
    new Set(["a", "b"]),
    new Date("2028-01-01T00:05:00Z"),
  ).state;
  const names = new Map([
    ["a", "Alpha"],
    ["b", "Beta"],
  ]);
  const latest = { finishedAt: "2028-01-01T00:05:00.000Z", intervalSeconds: 300 };
  const ack = [{ server: "a", rule: "hsts" as const, note: "HSTS comes with the new proxy", until: "2028-01-31" }];

  it("orders the findings active first, most severe first, then acknowledged, then resolved, each with its rule's words", () => {
    const scan = securityScanOf(state, ack, names, latest, new Date("2028-01-02T00:00:00Z"));
    expect(scan.findings.map((f) => [f.serverName, f.rule, f.status])).toEqual([
      ["Beta", "certificate-trusted", "active"],
      ["Alpha", "hsts", "acknowledged"],
      ["Alpha", "framing", "resolved"],
    ]);
    expect(scan.findings[1].acknowledgement).toEqual({ note: "HSTS comes with the new proxy", until: "2028-01-31" });
    expect(scan.findings[1].reference).toMatch(/^https:\/\/developer\.mozilla\.org\//);
    expect(scan.nextScan).toBe("2028-01-01T00:10:00.000Z");
    // how the score is counted: each rule's passes over its judged servers
    expect(scan.rules.filter((r) => r.judged > 0).map((r) => [r.id, r.passed, r.judged])).toEqual([
      ["certificate-trusted", 1, 2],
      ["hsts", 0, 1],
      ["framing", 1, 1],
    ]);
  });

  it("measures the cards: the score of the last scans, the active threats, the last scan and the next", () => {
    const scan = securityScanOf(state, ack, names, latest, new Date("2028-01-02T00:00:00Z"));
    const cards = shownCards(
      [
        { id: "s", title: "Security Score", measure: "score" },
        { id: "t", title: "Active Threats", measure: "threats" },
        { id: "b", title: "Blocked Attacks", value: "1,247", note: "This month" },
        { id: "l", title: "Last Scan", measure: "last-scan" },
      ],
      securityFigures({ securityScan: scan }),
      "security-cards.json",
    );
    expect(cards.map((c) => [c.value, c.note, c.source])).toEqual([
      ["50%", "2 rules passed of 4 judged, on 2 servers", "Measured by the check job"],
      ["1", "1 of high severity; 1 acknowledged, not counted", "Measured by the check job"],
      ["1,247", "This month", "Typed by an editor (content/security-cards.json)"],
      ["00:05 UTC", "On 2028-01-01; the next by the job's interval: 2028-01-01 00:10 UTC", "Measured by the check job"],
    ]);
    // once the acknowledgement's last day is over, the finding is a threat again
    const later = securityFigures({ securityScan: securityScanOf(state, ack, names, latest, new Date("2028-02-01T00:00:00Z")) });
    expect(later.threats!.value).toBe("2");
  });

  it("before the job's first run the cards are not measured; with runs but no HTTPS check, the score says so", () => {
    expect(securityFigures({ securityScan: null })).toEqual({ score: null, threats: null, "last-scan": null });
    const empty = securityFigures({ securityScan: securityScanOf(emptySecurityState(), [], names, latest, new Date()) });
    expect(empty.score!.value).toBe("Not measured yet");
    expect(empty.threats!.value).toBe("0");
  });
});

describe("content/security-acknowledgements.json (#34)", () => {
  const texts = (acks: unknown): ContentTexts => ({ ...sampleTexts(), "security-acknowledgements.json": JSON.stringify(acks) });

  it("is optional, and a right one gives no issue", () => {
    expect(validateContent({ ...texts([]), "security-acknowledgements.json": null }).issues).toEqual([]);
    expect(validateContent(texts([{ server: "srv-us-east-1", rule: "hsts", note: "Soon", until: "2028-02-29" }])).issues).toEqual([]);
  });

  it.each([
    [
      "an unknown server",
      [{ server: "srv-nowhere", rule: "hsts", note: "x" }],
      "server",
      /expected the id of a server in servers\.json \(srv-/,
    ],
    ["a rule the scan has not", [{ server: "srv-us-east-1", rule: "cookies", note: "x" }], "rule", /expected one of certificate-trusted, /],
    [
      "a date that is no date",
      [{ server: "srv-us-east-1", rule: "hsts", note: "x", until: "2028-02-30" }],
      "until",
      /expected a date YYYY-MM-DD/,
    ],
    ["no note", [{ server: "srv-us-east-1", rule: "hsts" }], "note", /expected a non-empty text/],
    [
      "the same finding twice",
      [
        { server: "srv-us-east-1", rule: "hsts", note: "x" },
        { server: "srv-us-east-1", rule: "hsts", note: "y" },
      ],
      "rule",
      /a second one \(the first is record 1\)/,
    ],
  ])("%s is an error naming the file, the record and the field", (_title, acks, field, message) => {
    const { errors } = validateContent(texts(acks));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ file: "content/security-acknowledgements.json", field });
    expect(errors[0].message).toMatch(message);
    expect(errors[0].message).toMatch(/^content\/security-acknowledgements\.json, record \d/);
  });
});

describe("a check's httpRedirect (#34)", () => {
  const withCheck = (check: Record<string, unknown>): ContentTexts => withCheckOn(0, check);

  it("is valid on an https url, with or without its port", () => {
    expect(validateContent(withCheck({ url: "https://example.com/", httpRedirect: true })).errors).toEqual([]);
    expect(validateContent(withCheck({ url: "https://example.com/", httpRedirect: true, httpPort: 8080 })).errors).toEqual([]);
  });

  it.each([
    [
      "on an http url",
      { url: "http://example.com/", httpRedirect: true },
      "check.httpRedirect",
      /expected httpRedirect only on an https url/,
    ],
    [
      "a port without it",
      { url: "https://example.com/", httpPort: 8080 },
      "check.httpPort",
      /expected httpPort only with "httpRedirect": true/,
    ],
    [
      "a port that is none",
      { url: "https://example.com/", httpRedirect: true, httpPort: 70000 },
      "check.httpPort",
      /expected a port from 1 to 65535/,
    ],
  ])("%s is an error naming the field", (_title, check, field, message) => {
    const { errors } = validateContent(withCheck(check));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ file: "content/servers.json", field });
    expect(errors[0].message).toMatch(message);
  });
});
