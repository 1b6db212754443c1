/** @jest-environment node */
import { serverDocument, serverSchema } from "../../../src/model/openData";
import { compileSchema } from "../../../src/model/schemaIssues";
import type { ServerHistoryFigures } from "../../../src/model/serverHistory";
import {
  alertsOfServer,
  badgeAddresses,
  describeCheck,
  describeDay,
  describeWindow,
  formatSpan,
  serverPath,
} from "../../../src/model/serverPage";
import type { Alert } from "../../../src/model/types";
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
      { term: "Redirects", value: "followed on the same origin" },
      { term: "Warning above", value: "300 ms" },
      { term: "Timeout", value: "5 s" },
      { term: "A change counts after", value: "1 run agreeing (offline), 2 runs (warning)" },
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
    expect(formatSpan(90_000)).toBe("2 minutes");
    expect(formatSpan(50 * 3_600_000)).toBe("2 days");
    expect(describeDay({ date: "2026-11-23", up: 0, total: 0 })).toBe("2026-11-23: no data");
    expect(describeDay({ date: "2026-11-23", up: 287, total: 288 })).toBe("2026-11-23: 99.6% up (287 of 288 checks)");
  });

  it("publishes the page's figures as a document that validates against its schema", () => {
    const history: ServerHistoryFigures = {
      server: "srv-1",
      asOf: "2026-11-24T12:00:00.000Z",
      firstCheck: "2026-11-24T09:00:00.000Z",
      uptime: [{ key: "24h", hours: 24, up: 35, total: 36, coveredFrom: "2026-11-24T09:00:00.000Z" }],
      days: [{ date: "2026-11-24", up: 35, total: 36 }],
      hourly: [{ at: "2026-11-24T09:00:00.000Z", total: 12, answered: 11, median: 40, p95: 80 }],
      daily: [{ at: "2026-11-24T00:00:00.000Z", total: 36, answered: 35, median: null, p95: null }],
    };
    const page = {
      server: makeServer({ id: "srv-1" }),
      check: describeCheck({ url: "https://example.org/" }),
      history,
      alerts: [alert("a", "srv-1", "2026-11-24T10:00:00Z")],
      badge: badgeAddresses("https://example.org", { id: "srv-1", name: "one" }),
    };
    const document = JSON.parse(JSON.stringify(serverDocument(page, new Date("2026-11-24T12:01:00Z"))));
    const validate = compileSchema(serverSchema());
    expect(validate(document)).toBe(true);
    expect(validate({ ...document, history: { ...history, days: [{ date: "yesterday", up: 1, total: 1 }] } })).toBe(false);
    expect(validate({ ...document, history: null, check: null })).toBe(true);
  });
});
