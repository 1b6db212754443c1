/** @jest-environment node */
import { serverPath } from "../../../src/domain/kernel/paths";
import { serverDocument } from "../../../src/publish/openData";
import { serverSchema } from "../../../src/publish/openDataSchemas";
import { compileSchema } from "../../../src/domain/content/schemaIssues";
import type { ServerHistoryFigures } from "../../../src/domain/checks/serverHistory";
import {
  alertsOfServer,
  badgeAddresses,
  barsSummary,
  describeCheck,
  describeDay,
  describeResponse,
  describeWindow,
  formatSpan,
  responseSummary,
} from "../../../src/model/server/serverPage";
import type { Alert } from "../../../src/domain/kernel/types";
import { makeServer } from "../fixtures";

const alert = (id: string, server: string, timestamp: string): Alert => ({
  id,
  server,
  type: "error",
  message: `${server} went down`,
  ip: "192.0.2.1",
  location: "Paris",
  timestamp,
});

describe("a server's page", () => {
  it("lives at /servers/<id>", () => {
    expect(serverPath("srv-eu-1")).toBe("/servers/srv-eu-1");
  });

  it("describes an HTTP check without credentials, query or fragment", () => {
    const facts = describeCheck(
      { url: "https://ops:hunter2@status.example.org:8443/health?token=abc#top", expectStatus: 204, warnAboveMs: 300 },
      { timeoutMs: 5000 },
    );
    const text = JSON.stringify(facts);
    expect(text).not.toMatch(/hunter2|ops:|token|abc|#top/);
    expect(facts).toEqual([
      { term: "Check", value: "HTTPS GET" },
      { term: "Address", value: "https://status.example.org:8443/health" },
      { term: "Counts as up", value: "HTTP status 204" },
      { term: "Redirects", value: "followed on the same origin (follow: same-origin)" },
      { term: "Warning above", value: "300 ms" },
      { term: "Timeout", value: "5 s" },
      { term: "A change counts after", value: "1 run agreeing (offline), 2 runs (warning)" },
      { term: "Flapping", value: "more than 4 changes in 60 min is told once as flapping, then once it settles" },
    ]);
  });

  it("describes what a check sends and expects: the method, headers by name only, the conditions in words", () => {
    const facts = describeCheck({
      url: "https://api.example.org/health",
      method: "POST",
      body: '{"probe":"hunter2-body"}',
      headers: { Authorization: { env: "HEALTH_TOKEN" }, "X-Api-Key": "literal-key-123" },
      expect: {
        status: [200, "3xx"],
        bodyContains: "Welcome",
        bodyLacks: ["maintenance", "error"],
        json: [
          { path: "$.status", equals: "ok" },
          { path: "$.queue.depth", lessThan: 100 },
          { path: "$.version", matches: "^2\\." },
          { path: "$.db", exists: true },
          { path: "$.debug", exists: false },
          { path: "$.mode", notEquals: "readonly" },
          { path: "$.workers", greaterThan: 0 },
        ],
        maxResponseMs: 400,
      },
      flapping: false,
      bodyLimit: 65536,
    });
    const text = JSON.stringify(facts);
    expect(text).not.toMatch(/HEALTH_TOKEN|literal-key-123|hunter2-body/);
    expect(facts).toEqual([
      { term: "Check", value: "HTTPS POST" },
      { term: "Address", value: "https://api.example.org/health" },
      { term: "Sends", value: "a body of 24 characters, and the headers Authorization (from the check job's environment), X-Api-Key" },
      { term: "Counts as up", value: "HTTP status 200 or 3xx" },
      { term: "The body must contain", value: '"Welcome"' },
      { term: "The body must not contain", value: '"maintenance", "error"' },
      {
        term: "In the JSON body",
        value:
          '$.status is "ok"; $.queue.depth is less than 100; $.version matches /^2\\./; $.db exists; $.debug does not exist; $.mode is not "readonly"; $.workers is more than 0',
      },
      { term: "Reads at most", value: "64 KB of the body" },
      { term: "Redirects", value: "followed on the same origin (follow: same-origin)" },
      { term: "Warning above", value: "400 ms" },
      { term: "Timeout", value: "10 s" },
      { term: "A change counts after", value: "1 run agreeing (offline), 2 runs (warning)" },
      { term: "Flapping", value: "not watched: every change is told (flapping: false)" },
    ]);
    expect(describeCheck({ url: "http://example.org/", method: "HEAD" })?.slice(0, 3)).toEqual([
      { term: "Check", value: "HTTP HEAD" },
      { term: "Address", value: "http://example.org/" },
      { term: "Counts as up", value: "an HTTP status from 200 to 399" },
    ]);
  });

  it("describes a TCP check, and says nothing for a server without one", () => {
    expect(describeCheck({ tcp: "[2001:db8::1]:5432" })?.slice(0, 2)).toEqual([
      { term: "Check", value: "TCP connection" },
      { term: "Address", value: "[2001:db8::1]:5432" },
    ]);
    expect(describeCheck(undefined)).toBeNull();
    expect(describeCheck({ url: "ftp://example.org/" })).toBeNull();
  });

  it("describes a TLS check and a judged certificate, with its warnDays (issue #23, part B)", () => {
    expect(describeCheck({ tls: "mail.example.org:993", warnDays: 21 })?.slice(0, 3)).toEqual([
      { term: "Check", value: "TLS handshake" },
      { term: "Address", value: "mail.example.org:993" },
      { term: "Certificate", value: "verified; a warning when it expires within 21 days (warnDays), offline once expired" },
    ]);
    const https = describeCheck({ url: "https://shop.example.org/", certificate: true }, { warnDays: 10 })!;
    expect(https).toContainEqual({
      term: "Certificate",
      value: "verified; a warning when it expires within 10 days (warnDays), offline once expired",
    });
    expect(describeCheck({ url: "https://shop.example.org/" })!.some((f) => f.term === "Certificate")).toBe(false);
  });

  it("describes a DNS check: the type, the name, the resolver and what counts as up", () => {
    expect(
      describeCheck({ dns: { name: "example.org", type: "MX", resolver: "[2001:db8::53]:5353", expect: ["mail.example.org"] } })?.slice(
        0,
        4,
      ),
    ).toEqual([
      { term: "Check", value: "DNS MX record" },
      { term: "Name", value: "example.org" },
      { term: "Resolver", value: "[2001:db8::53]:5353" },
      { term: "Counts as up", value: 'the answers include "mail.example.org"' },
    ]);
    expect(describeCheck({ dns: { name: "example.org", type: "A" } })?.slice(2, 4)).toEqual([
      { term: "Resolver", value: "the system's" },
      { term: "Counts as up", value: "any A record" },
    ]);
  });

  it("says the redirect policy, written either way", () => {
    const redirects = (check: Parameters<typeof describeCheck>[0]) => describeCheck(check)!.find((f) => f.term === "Redirects")?.value;
    expect(redirects({ url: "https://example.org/", follow: "none" })).toBe("not followed, the redirect is the answer (follow: none)");
    expect(redirects({ url: "https://example.org/", followRedirects: false })).toBe(
      "not followed, the redirect is the answer (follow: none)",
    );
  });

  it("lists the alerts that name the server by its whole name, newest first", () => {
    const alerts = [
      alert("a", "web-1", "2026-11-20T10:00:00Z"),
      alert("b", "web-1-eu", "2026-11-21T10:00:00Z"),
      alert("c", "web-1", "2026-11-22T10:00:00Z"),
    ];
    expect(alertsOfServer(alerts, "web-1").map((a) => a.id)).toEqual(["c", "a"]);
    expect(alertsOfServer(alerts, "web-1", 1).map((a) => a.id)).toEqual(["c"]);
  });

  it("gives the badge's image, its shields.io endpoint and Markdown linked to the page, under the site's address", () => {
    const badge = badgeAddresses("https://example.github.io/status", { id: "srv-1", name: "API [EU]" });
    expect(badge.image).toBe("https://example.github.io/status/badges/srv-1.svg");
    expect(badge.endpoint).toBe("https://img.shields.io/endpoint?url=https%3A%2F%2Fexample.github.io%2Fstatus%2Fbadges%2Fsrv-1.json");
    expect(badge.markdown).toBe(
      "[![API \\[EU\\]](https://example.github.io/status/badges/srv-1.svg)](https://example.github.io/status/servers/srv-1)",
    );
  });

  it("says how much a window covers when the history is younger than it", () => {
    const asOf = "2026-11-24T12:00:00.000Z";
    expect(describeWindow({ key: "7d", hours: 168, up: 35, total: 36, coveredFrom: "2026-11-24T09:00:00.000Z" }, asOf)).toEqual({
      figure: "97.2%",
      checks: "35 of 36 checks up",
      covers: "covers the last 3 hours only",
    });
    expect(describeWindow({ key: "24h", hours: 24, up: 0, total: 0, coveredFrom: null }, asOf)).toEqual({
      figure: "—",
      checks: "no checks",
      covers: null,
    });
    expect(formatSpan(90_000)).toBe("1 minute");
    expect(formatSpan(150_000)).toBe("2 minutes");
    // rounded down: a history just short of a window never reads as the whole window
    expect(formatSpan(23 * 3_600_000 + 40 * 60_000)).toBe("23 hours");
    expect(formatSpan(160 * 3_600_000)).toBe("6 days");
    expect(formatSpan(29.5 * 24 * 3_600_000)).toBe("29 days");
    // a history seconds old covers "the last minute", never "the last 0 minutes"
    expect(formatSpan(20_000)).toBe("1 minute");
    expect(
      describeWindow({ key: "24h", hours: 24, up: 2, total: 3, coveredFrom: "2026-11-24T11:59:40.000Z" }, "2026-11-24T12:00:00.000Z")
        .covers,
    ).toBe("covers the last minute only");
    expect(formatSpan(50 * 3_600_000)).toBe("2 days");
    expect(describeDay({ date: "2026-11-23", up: 0, total: 0 })).toBe("2026-11-23: no data");
    expect(describeDay({ date: "2026-11-23", up: 287, total: 288 })).toBe("2026-11-23: 99.6% up (287 of 288 checks)");
    // Runs that never came (#32): the gap is said, and in no figure of the uptime.
    expect(describeDay({ date: "2026-11-23", up: 240, total: 240, notCheckedMs: 4 * 3_600_000 })).toBe(
      "2026-11-23: 100.0% up (240 of 240 checks; not checked for about 4 h (runs did not come))",
    );
  });

  it("says what a day of maintenance was: its checks in maintenance are not counted", () => {
    expect(describeDay({ date: "2026-11-23", up: 0, total: 0, maintenance: 12 })).toBe(
      "2026-11-23: maintenance only (12 checks in maintenance, not counted)",
    );
    expect(describeDay({ date: "2026-11-23", up: 263, total: 264, maintenance: 24 })).toBe(
      "2026-11-23: 99.6% up (263 of 264 checks; 24 checks in maintenance, not counted)",
    );
    expect(
      barsSummary([
        { date: "2026-11-22", up: 0, total: 0, maintenance: 3 },
        { date: "2026-11-23", up: 10, total: 10 },
      ]),
    ).toBe("Uptime of each of the last 2 UTC days, one bar a day coloured by its band: 1 at 99.9 % or more, 1 in maintenance only.");
  });

  it("publishes the page's figures as a document that validates against its schema", () => {
    const history: ServerHistoryFigures = {
      server: "srv-1",
      asOf: "2026-11-24T12:00:00.000Z",
      firstCheck: "2026-11-24T09:00:00.000Z",
      uptime: [{ key: "24h", hours: 24, up: 35, total: 36, coveredFrom: "2026-11-24T09:00:00.000Z" }],
      days: [
        { date: "2026-11-23", up: 0, total: 0, maintenance: 288 },
        { date: "2026-11-24", up: 35, total: 36 },
      ],
      hourly: [{ at: "2026-11-24T09:00:00.000Z", total: 12, answered: 11, median: 40, p95: 80 }],
      daily: [{ at: "2026-11-24T00:00:00.000Z", total: 36, answered: 35, median: null, p95: null }],
    };
    const page = {
      server: makeServer({ id: "srv-1" }),
      check: describeCheck({ url: "https://example.org/" }),
      places: [
        { location: "eu-west", status: "online" as const, responseTime: 40, detail: "HTTP 200 in 40 ms" },
        { location: "ap-south", status: "offline" as const, responseTime: null, detail: "timeout" },
      ],
      held: null,
      history: {
        ...history,
        hourly: [{ ...history.hourly[0], places: { "eu-west": { answered: 12, median: 40, p95: 52 } } }],
        places24h: [
          { location: "ap-south", answered: 0, median: null, p95: null },
          { location: "eu-west", answered: 12, median: 40, p95: 52 },
        ],
      },
      alerts: [alert("a", "srv-1", "2026-11-24T10:00:00Z")],
      badge: badgeAddresses("https://example.org", { id: "srv-1", name: "one" }),
    };
    const document = JSON.parse(JSON.stringify(serverDocument(page, new Date("2026-11-24T12:01:00Z"))));
    const validate = compileSchema(serverSchema());
    expect(validate(document)).toBe(true);
    expect(validate({ ...document, history: { ...history, days: [{ date: "yesterday", up: 1, total: 1 }] } })).toBe(false);
    expect(validate({ ...document, history: null, check: null, places: null })).toBe(true);
    expect(validate({ ...document, places: [{ location: "eu-west", status: "up", responseTime: 1, detail: "" }] })).toBe(false);
    // each place's figures, and why an older result was kept
    expect(validate({ ...document, held: "only 1 of the 2 places its quorum needs reported it (eu-west)" })).toBe(true);
    expect(validate({ ...document, held: 3 })).toBe(false);
    const badHour = { ...document.history.hourly[0], places: { "eu-west": { answered: 1, median: -4, p95: 1 } } };
    expect(validate({ ...document, history: { ...document.history, hourly: [badHour] } })).toBe(false);
    expect(validate({ ...document, history: { ...document.history, places24h: [{ location: "eu-west", answered: 1 }] } })).toBe(false);
  });

  it("says an hour's or a day's response times, an hour without checks and one where nothing answered", () => {
    const at = "2026-11-24T09:00:00.000Z";
    expect(describeResponse({ at, total: 12, answered: 11, median: 40.4, p95: 80 }, "hour")).toBe(
      "2026-11-24 09:00 UTC: median 40 ms, 95th percentile 80 ms (11 of 12 answered)",
    );
    expect(describeResponse({ at, total: 0, answered: 0, median: null, p95: null }, "hour")).toBe("2026-11-24 09:00 UTC: no checks");
    expect(describeResponse({ at: "2026-11-24", total: 3, answered: 0, median: null, p95: null }, "day")).toBe(
      "2026-11-24: no answer (0 of 3 answered)",
    );
    // a day converted from a version 1 history: counted, never "no checks" or "no answer"
    expect(describeResponse({ at: "2026-11-01", total: 288, answered: null, median: null, p95: null }, "day")).toBe(
      "2026-11-01: 288 checks, their times not kept",
    );
  });

  it("describes a chart for screen readers: the range of medians and the gaps, or that nothing answered", () => {
    const point = (median: number | null) => ({ at: "2026-11-24", total: 1, answered: median === null ? 0 : 1, median, p95: median });
    expect(responseSummary([point(40), point(null), point(90)], "day")).toBe(
      "Median and 95th percentile response time for each UTC day of the last 90 days: medians from 40 ms to 90 ms; 1 day without an answer (gaps).",
    );
    expect(responseSummary([point(null)], "hour")).toBe(
      "Median and 95th percentile response time for each hour of the last 7 days (UTC): nothing answered in that time.",
    );
    expect(
      barsSummary([
        { date: "2026-11-22", up: 0, total: 0 },
        { date: "2026-11-23", up: 10, total: 10 },
        { date: "2026-11-24", up: 9, total: 10 },
      ]),
    ).toBe(
      "Uptime of each of the last 3 UTC days, one bar a day coloured by its band: 1 at 99.9 % or more, 1 at under 95 %, 1 with no data.",
    );
  });
});
