/** @jest-environment node */
import {
  KEPT_ALERTS,
  KEPT_ALERT_DAYS,
  alertTime,
  keepAlerts,
  newestFirst,
  transitionAlerts,
  type AlertedServer,
  type CheckOutcome,
  type Transition,
} from "../../../src/domain/checks/alerts";
import { ALERT_ID_MAX, alertId, alertIdPrefix, alertKindOf } from "../../../src/domain/checks/alertIds";
import type { MeasuredStatus } from "../../../src/domain/checks/outcome";
import { alertsDocument } from "../../../src/publish/openData";
import { alertsSchema } from "../../../src/publish/openDataSchemas";
import { compileSchema, validators } from "../../../src/domain/content/schemaIssues";
import type { Alert } from "../../../src/domain/kernel/types";

const WEB: AlertedServer = { id: "web-1", name: "Web Server 1", ip: "192.0.2.10", location: "Frankfurt, Germany", warnAboveMs: 150 };
const DB: AlertedServer = { id: "db-1", name: "Database 1", ip: "192.0.2.20", location: "Tokyo, Japan", warnAboveMs: 80 };
const SERVERS = new Map([WEB, DB].map((s) => [s.id, s] as const));
const AT = "2026-11-23T10:40:00.000Z";

const online = (server: string, responseTime = 45, checkedAt = AT): CheckOutcome => ({
  server,
  status: "online",
  responseTime,
  detail: `HTTP 200 in ${responseTime} ms`,
  checkedAt,
});
const warning = (server: string, responseTime = 156, checkedAt = AT): CheckOutcome => ({
  server,
  status: "warning",
  responseTime,
  detail: `HTTP 200 in ${responseTime} ms, over the 150 ms threshold`,
  checkedAt,
});
const offline = (server: string, detail = "connection timeout after 10 s", checkedAt = AT): CheckOutcome => ({
  server,
  status: "offline",
  responseTime: null,
  detail,
  checkedAt,
});

/** A confirmed change: the outcome of the run, from the confirmed status before it to the one after. */
const change = (from: MeasuredStatus, outcome: CheckOutcome, to: MeasuredStatus = outcome.status): Transition => ({ outcome, from, to });

const webAlert = (kind: string, type: Alert["type"], message: string): Alert => ({
  id: `check-web-1-20261123T104000Z-${kind}`,
  server: "Web Server 1",
  type,
  message,
  ip: "192.0.2.10",
  location: "Frankfurt, Germany",
  timestamp: AT,
});

describe("the bounds of the kept alerts", () => {
  it("keeps at most 500 alerts of the last 30 days, with ids of at most 200 characters", () => {
    expect(KEPT_ALERTS).toBe(500);
    expect(KEPT_ALERT_DAYS).toBe(30);
    expect(ALERT_ID_MAX).toBe(200);
  });
});

describe("transitionAlerts", () => {
  it("says nothing when there is no change, or a 'change' to the same status", () => {
    expect(transitionAlerts([], SERVERS)).toEqual([]);
    expect(transitionAlerts([change("offline", offline("web-1")), change("warning", warning("db-1"))], SERVERS)).toEqual([]);
  });

  // Protects: alerts follow the confirmed change given, not the observation (a warning observed
  // while the confirmed status stays online is no alert; transitions only carry confirmed changes).
  it("writes the alert of the confirmed change, whatever the outcome's own status", () => {
    expect(transitionAlerts([change("online", warning("web-1", 160), "online")], SERVERS)).toEqual([]);
    expect(transitionAlerts([change("warning", online("web-1", 45), "online")], SERVERS)).toEqual([
      webAlert("normal", "info", "Response time back to normal: 45 ms"),
    ]);
  });

  it("online to offline is an error with what the check saw", () => {
    expect(transitionAlerts([change("online", offline("web-1"))], SERVERS)).toEqual([
      webAlert("offline", "error", "Server offline: connection timeout after 10 s"),
    ]);
  });

  it.each([
    "connection refused",
    "host not found (DNS)",
    "host name not resolved within 5 s (DNS)",
    "unexpected HTTP status 503 (expected 2xx or 3xx)",
    "unexpected HTTP status 302 (expected 200) (302 to login.example.com: not followed)",
  ])("names the real cause %j of going offline", (detail) => {
    expect(transitionAlerts([change("online", offline("web-1", detail))], SERVERS)).toEqual([
      webAlert("offline", "error", `Server offline: ${detail}`),
    ]);
  });

  it("warning to offline is an error only", () => {
    expect(transitionAlerts([change("warning", offline("web-1", "connection refused"))], SERVERS)).toEqual([
      webAlert("offline", "error", "Server offline: connection refused"),
    ]);
  });

  it("online to warning is a warning with the response time and the server's threshold", () => {
    expect(transitionAlerts([change("online", warning("web-1", 156))], SERVERS)).toEqual([
      webAlert("slow", "warning", "High response time: 156 ms, over the 150 ms threshold"),
    ]);
    const db = transitionAlerts([change("online", warning("db-1", 95))], SERVERS);
    expect(db.map((a) => a.message)).toEqual(["High response time: 95 ms, over the 80 ms threshold"]);
  });

  it("offline to online is 'Server back online'", () => {
    expect(transitionAlerts([change("offline", online("web-1"))], SERVERS)).toEqual([webAlert("online", "info", "Server back online")]);
  });

  it("offline to warning is both 'Server back online' and the warning, in that order", () => {
    expect(transitionAlerts([change("offline", warning("web-1", 210))], SERVERS)).toEqual([
      webAlert("online", "info", "Server back online"),
      webAlert("slow", "warning", "High response time: 210 ms, over the 150 ms threshold"),
    ]);
  });

  it("warning to online is 'Response time back to normal' with the response time", () => {
    expect(transitionAlerts([change("warning", online("web-1", 45))], SERVERS)).toEqual([
      webAlert("normal", "info", "Response time back to normal: 45 ms"),
    ]);
  });

  it("says 'no answer' rather than '0 ms' or 'null ms' when a change carries no response time", () => {
    const [alert] = transitionAlerts([change("online", { ...warning("web-1"), responseTime: null })], SERVERS);
    expect(alert.message).toBe("High response time: no answer, over the 150 ms threshold");
  });

  it("ignores a change of a server it does not know", () => {
    expect(transitionAlerts([change("online", offline("gone")), change("online", offline("web-1"))], SERVERS)).toEqual([
      webAlert("offline", "error", "Server offline: connection timeout after 10 s"),
    ]);
  });

  it("keeps the order of the changes", () => {
    const alerts = transitionAlerts([change("online", offline("db-1")), change("online", offline("web-1"))], SERVERS);
    expect(alerts.map((a) => a.server)).toEqual(["Database 1", "Web Server 1"]);
    expect(alerts[0]).toEqual({
      id: "check-db-1-20261123T104000Z-offline",
      server: "Database 1",
      type: "error",
      message: "Server offline: connection timeout after 10 s",
      ip: "192.0.2.20",
      location: "Tokyo, Japan",
      timestamp: AT,
    });
  });

  it("gives every alert a unique id, also across servers, kinds and runs", () => {
    const run1 = transitionAlerts([change("offline", warning("web-1")), change("online", offline("db-1"))], SERVERS);
    const run2 = transitionAlerts(
      [
        change("warning", online("web-1", 45, "2026-11-23T10:45:00.000Z")),
        change("offline", warning("db-1", 90, "2026-11-23T10:45:00.000Z")),
      ],
      SERVERS,
    );
    const ids = [...run1, ...run2].map((a) => a.id);
    expect(ids).toEqual([
      "check-web-1-20261123T104000Z-online",
      "check-web-1-20261123T104000Z-slow",
      "check-db-1-20261123T104000Z-offline",
      "check-web-1-20261123T104500Z-normal",
      "check-db-1-20261123T104500Z-online",
      "check-db-1-20261123T104500Z-slow",
    ]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("uses the time of the check as the alert's time", () => {
    const [alert] = transitionAlerts([change("online", offline("web-1", "connection refused", "2026-11-24T00:00:05.123Z"))], SERVERS);
    expect(alert.timestamp).toBe("2026-11-24T00:00:05.123Z");
    expect(alert.id).toBe("check-web-1-20261124T000005Z-offline");
  });
});

describe("alert ids of long server ids", () => {
  // The content's schemas through validators() (its own Ajv): compileSchema keeps schemas by $id, and
  // content/schema/alerts.schema.json and the published one share the $id "alerts.schema.json".
  const checkAlertsValid = (alerts: unknown) => validators().get("checks/alerts.json")!(alerts);
  const contentAlertsValid = (alerts: unknown) => validators().get("alerts.json")!(alerts);

  const longServer = (id: string): AlertedServer => ({ ...WEB, id });
  /** Every kind of alert for one server: offline, back online, slow, back to normal. */
  const everyKind = (server: AlertedServer): Alert[] =>
    transitionAlerts(
      [
        change("online", offline(server.id, "connection refused", "2026-11-23T10:40:00.000Z")),
        change("offline", warning(server.id, 200, "2026-11-23T10:45:00.000Z")),
        change("warning", online(server.id, 45, "2026-11-23T10:50:00.000Z")),
      ],
      new Map([[server.id, server]]),
    );

  it("keeps a short server id whole in the prefix", () => {
    expect(alertIdPrefix("web-1")).toBe("check-web-1-");
    expect(alertIdPrefix("x".repeat(100))).toBe(`check-${"x".repeat(100)}-`);
  });

  it("gives two long ids that share their start different prefixes", () => {
    const a = alertIdPrefix(`${"x".repeat(180)}-a`);
    const b = alertIdPrefix(`${"x".repeat(180)}-b`);
    expect(a).not.toBe(b);
    expect(a.startsWith(`check-${"x".repeat(100)}`)).toBe(true);
    expect(alertIdPrefix(`${"x".repeat(180)}-a`)).toBe(a);
  });

  it("has no spaces in a hashed prefix", () => {
    expect(alertIdPrefix("y".repeat(300))).toMatch(/^\S+$/);
  });

  // Protects "ids fit the published schemas": the site must not reject its own alerts. A
  // 190-character server id is allowed by servers.json; every alert of it must be at most 200
  // characters and validate against check-alerts.schema.json, content/schema/alerts.schema.json
  // and the published /api/v1 alerts schema. The longest suffix is the offline one
  // ("-20261124T143000Z-offline", 25 characters): ids of 170 and more failed by one before 43e7ab3.
  it.each([169, 170, 171, 190, 250])("every alert of a %d-character server id fits 200 characters and the schemas", (length) => {
    const server = longServer(`srv-${"a".repeat(length - 4)}`);
    expect(server.id).toHaveLength(length);
    const alerts = everyKind(server);
    expect(alerts.map((a) => a.id.slice(a.id.lastIndexOf("-") + 1))).toEqual(["offline", "online", "slow", "normal"]);
    expect(alerts.map((a) => a.id.length).filter((n) => n > ALERT_ID_MAX)).toEqual([]);
    expect(new Set(alerts.map((a) => a.id)).size).toBe(alerts.length);
    const plain = JSON.parse(JSON.stringify(alerts)) as unknown;
    expect(checkAlertsValid(plain)).toBe(true);
    expect(contentAlertsValid(plain)).toBe(true);
    const published = JSON.parse(JSON.stringify(alertsDocument(alerts, new Date("2026-11-23T12:00:00Z")))) as unknown;
    expect(compileSchema(alertsSchema())(published)).toBe(true);
  });

  it("fits the non-offline alerts of a 190-character id within 200 characters", () => {
    const alerts = everyKind(longServer("b".repeat(190))).filter((a) => !a.id.endsWith("-offline"));
    expect(alerts).toHaveLength(3);
    for (const alert of alerts) expect(alert.id.length).toBeLessThanOrEqual(ALERT_ID_MAX);
    expect(contentAlertsValid(JSON.parse(JSON.stringify(alerts)))).toBe(true);
  });
});

describe("alertTime", () => {
  it.each([
    ["2026-11-23 10:37 UTC", "2026-11-23T10:37:00.000Z"],
    ["2026-11-23 10:37:42 UTC", "2026-11-23T10:37:42.000Z"],
    ["2026-11-23T10:37:00Z", "2026-11-23T10:37:00.000Z"],
    ["2026-11-23T10:37:00.123Z", "2026-11-23T10:37:00.123Z"],
    ["2026-11-23T10:37Z", "2026-11-23T10:37:00.000Z"],
    ["2026-11-23T10:37:00+02:00", "2026-11-23T08:37:00.000Z"],
    ["2026-11-23T10:37:00-05:30", "2026-11-23T16:07:00.000Z"],
    ["2026-11-23T00:30:00+01:00", "2026-11-22T23:30:00.000Z"],
    ["2028-02-29 12:00 UTC", "2028-02-29T12:00:00.000Z"],
    ["2026-12-31T23:59:59Z", "2026-12-31T23:59:59.000Z"],
  ])("reads %j", (timestamp, iso) => {
    expect(alertTime(timestamp)?.toISOString()).toBe(iso);
  });

  it.each([
    "2026-02-30 10:00 UTC",
    "2026-02-29T10:00:00Z",
    "2026-04-31T10:00:00Z",
    "2026-13-01T10:00:00Z",
    "2026-00-10T10:00:00Z",
    "2026-11-00T10:00:00Z",
    "2026-11-23 25:00 UTC",
    "2026-11-23T25:00:00Z",
    "2026-11-23T24:00:00Z",
    "2026-11-23T10:60:00Z",
    "2026-11-23T10:37:60Z",
    "2026-11-23T10:37:00+24:00",
    "2026-11-23T10:37:00+02:60",
    "2026-11-23T10:37:00",
    "2026-11-23 10:37",
    "2026-11-23 10:37 CET",
    "2026-11-23",
    "23/11/2026 10:37",
    "yesterday",
    "",
  ])("rejects %j", (timestamp) => {
    expect(alertTime(timestamp)).toBeNull();
  });
});

describe("newestFirst", () => {
  const alert = (id: string, timestamp: string): Alert => ({
    id,
    server: "Web Server 1",
    type: "info",
    message: id,
    ip: "192.0.2.10",
    location: "Frankfurt, Germany",
    timestamp,
  });

  it("sorts by time, newest first, whatever the way the time is written", () => {
    const alerts = [
      alert("a", "2026-11-23 10:37 UTC"),
      alert("b", "2026-11-23T12:00:00+02:00"), // 10:00 UTC
      alert("c", "2026-11-23T10:38:00Z"),
      alert("d", "2026-11-22T23:59:59.999Z"),
    ];
    expect(newestFirst(alerts).map((a) => a.id)).toEqual(["c", "a", "b", "d"]);
  });

  it("keeps the order of alerts of the same time", () => {
    const alerts = [
      alert("a", "2026-11-23T10:00:00Z"),
      alert("b", "2026-11-23T11:00:00Z"),
      alert("c", "2026-11-23 10:00 UTC"),
      alert("d", "2026-11-23T11:00:00.000Z"),
      alert("e", "2026-11-23T12:00:00+02:00"),
    ];
    expect(newestFirst(alerts).map((a) => a.id)).toEqual(["b", "d", "a", "c", "e"]);
  });

  it("puts alerts without a readable time last, in their order", () => {
    const alerts = [
      alert("x", "soon"),
      alert("a", "2026-11-23T10:00:00Z"),
      alert("y", "2026-02-30 10:00 UTC"),
      alert("b", "2026-11-24T10:00:00Z"),
    ];
    expect(newestFirst(alerts).map((a) => a.id)).toEqual(["b", "a", "x", "y"]);
  });

  it("does not change the list it is given", () => {
    const alerts = [alert("a", "2026-11-23T10:00:00Z"), alert("b", "2026-11-24T10:00:00Z")];
    const result = newestFirst(alerts);
    expect(alerts.map((a) => a.id)).toEqual(["a", "b"]);
    expect(result).not.toBe(alerts);
  });
});

describe("keepAlerts", () => {
  const NOW = new Date("2026-11-23T10:40:00Z");
  const alert = (id: string, timestamp: string, message = id): Alert => ({
    id,
    server: "Web Server 1",
    type: "error",
    message,
    ip: "192.0.2.10",
    location: "Frankfurt, Germany",
    timestamp,
  });

  it("puts the new alerts with the old, newest first", () => {
    const existing = [alert("old-2", "2026-11-22T10:00:00Z"), alert("old-1", "2026-11-21T10:00:00Z")];
    const fresh = [alert("new", "2026-11-23T10:40:00Z")];
    expect(keepAlerts(existing, fresh, NOW).map((a) => a.id)).toEqual(["new", "old-2", "old-1"]);
  });

  it("keeps one alert per id, the fresh one when both have the same time", () => {
    const existing = [alert("same", "2026-11-23T10:40:00Z", "old words"), alert("other", "2026-11-22T10:00:00Z")];
    const fresh = [alert("same", "2026-11-23T10:40:00Z", "new words")];
    expect(keepAlerts(existing, fresh, NOW)).toEqual([
      alert("same", "2026-11-23T10:40:00Z", "new words"),
      alert("other", "2026-11-22T10:00:00Z"),
    ]);
  });

  it("drops duplicates within the old alerts too", () => {
    const existing = [alert("a", "2026-11-22T10:00:00Z"), alert("a", "2026-11-22T10:00:00Z"), alert("b", "2026-11-21T10:00:00Z")];
    expect(keepAlerts(existing, [], NOW).map((a) => a.id)).toEqual(["a", "b"]);
  });

  it("drops alerts older than 30 days and keeps one exactly 30 days old", () => {
    const existing = [
      alert("30-days", "2026-10-24T10:40:00.000Z"),
      alert("older", "2026-10-24T10:39:59.999Z"),
      alert("29-days", "2026-10-25T10:40:00Z"),
    ];
    expect(keepAlerts(existing, [], NOW).map((a) => a.id)).toEqual(["29-days", "30-days"]);
  });

  it("drops alerts without a readable time", () => {
    expect(keepAlerts([alert("bad", "2026-02-30T10:00:00Z"), alert("ok", "2026-11-23T10:00:00Z")], [], NOW).map((a) => a.id)).toEqual([
      "ok",
    ]);
  });

  it("keeps the newest 500", () => {
    const start = Date.parse("2026-11-23T10:00:00Z");
    const existing = Array.from({ length: 600 }, (_, i) => alert(`a${i}`, new Date(start - i * 60_000).toISOString()));
    const fresh = [alert("fresh", "2026-11-23T10:30:00Z")];
    const kept = keepAlerts(existing, fresh, NOW);
    expect(kept).toHaveLength(500);
    expect(kept[0].id).toBe("fresh");
    expect(kept[1].id).toBe("a0");
    expect(kept[499].id).toBe("a498");
  });

  it("does not let duplicates or too-old alerts take places among the 500", () => {
    const start = Date.parse("2026-11-23T10:00:00Z");
    const dupes = Array.from({ length: 100 }, () => alert("dup", "2026-11-23T10:35:00Z"));
    const ancient = Array.from({ length: 100 }, (_, i) => alert(`old${i}`, "2026-01-01T00:00:00Z"));
    const recent = Array.from({ length: 499 }, (_, i) => alert(`r${i}`, new Date(start - i * 60_000).toISOString()));
    const kept = keepAlerts([...dupes, ...ancient, ...recent], [], NOW);
    expect(kept).toHaveLength(500);
    expect(kept[0].id).toBe("dup");
    expect(kept[499].id).toBe("r498");
  });

  // Protects "offline alerts are never pushed out by warning alerts": 600 newer warnings and 5
  // older offline alerts keep all 5 offline alerts under the 500 cap.
  it("keeps every offline alert when newer warnings alone would fill the 500", () => {
    const start = Date.parse("2026-11-23T10:00:00Z");
    const warnings = Array.from({ length: 600 }, (_, i) => ({
      ...alert(`w${i}`, new Date(start - i * 60_000).toISOString()),
      type: "warning" as const,
    }));
    const offlines = Array.from({ length: 5 }, (_, i) => alert(`x${i}`, new Date(start - (700 + i) * 60_000).toISOString()));
    const kept = keepAlerts([...warnings, ...offlines], [], NOW);
    expect(kept).toHaveLength(500);
    expect(kept.filter((a) => a.type === "error").map((a) => a.id)).toEqual(["x0", "x1", "x2", "x3", "x4"]);
    // the warnings that stay are the newest, and the list stays newest first
    expect(kept[0].id).toBe("w0");
    expect(kept[494].id).toBe("w494");
    expect(kept.slice(495).map((a) => a.id)).toEqual(["x0", "x1", "x2", "x3", "x4"]);
  });

  it("keeps the newest 500 offline alerts when there are more than 500", () => {
    const start = Date.parse("2026-11-23T10:00:00Z");
    const offlines = Array.from({ length: 520 }, (_, i) => alert(`x${i}`, new Date(start - i * 60_000).toISOString()));
    const infos = Array.from({ length: 10 }, (_, i) => ({ ...alert(`i${i}`, "2026-11-23T10:30:00Z"), type: "info" as const }));
    const kept = keepAlerts([...offlines, ...infos], [], NOW);
    expect(kept).toHaveLength(500);
    expect(kept.every((a) => a.type === "error")).toBe(true);
    expect(kept.at(-1)?.id).toBe("x499");
  });

  // Protects "the clock never deletes data": alerts stamped ahead of the clock are kept (a run writes nothing while they are).
  it("keeps alerts stamped ahead of the clock, newest first", () => {
    const existing = [
      alert("now", "2026-11-23T10:40:00Z"),
      alert("ahead-6min", "2026-11-23T10:46:00Z"),
      alert("past", "2026-11-23T10:00:00Z"),
    ];
    expect(keepAlerts(existing, [], NOW).map((a) => a.id)).toEqual(["ahead-6min", "now", "past"]);
  });

  it("is empty when there is nothing to keep", () => {
    expect(keepAlerts([], [], NOW)).toEqual([]);
  });
});

describe("a certificate about to expire (issue #23, part B)", () => {
  it("is alerted as such, not as a high response time", () => {
    const soon: CheckOutcome = {
      ...online("web-1"),
      status: "warning",
      detail: "HTTP 200 in 45 ms, but the certificate expires in 5 days (2026-11-28)",
      warningCause: "certificate",
    };
    expect(transitionAlerts([change("online", soon)], SERVERS)).toEqual([
      webAlert("cert", "warning", "Certificate expires soon: HTTP 200 in 45 ms, but the certificate expires in 5 days (2026-11-28)"),
    ]);
  });
});

describe("alert ids, made and read in one place (#31)", () => {
  it("every kind's id fits ALERT_ID_MAX, the longest kind (flapping) included, whatever the server's id", () => {
    for (const kind of ["offline", "flapping", "settled", "renewed"] as const) {
      expect(alertId("z".repeat(300), "2026-11-24T14:30:00.123Z", kind).length).toBeLessThanOrEqual(ALERT_ID_MAX);
    }
    expect(alertId("web-1", "2026-11-24T14:30:00.123Z", "offline")).toBe("check-web-1-20261124T143000Z-offline");
  });

  it("reads an id's kind back for its own server only: not another's that starts the same, not an editor's", () => {
    const id = alertId("web-1", "2026-11-24T14:30:00Z", "flapping");
    expect(alertKindOf(id, "web-1")).toBe("flapping");
    expect(alertKindOf(alertId("web-1-eu", "2026-11-24T14:30:00Z", "offline"), "web-1")).toBeNull();
    expect(alertKindOf("alert-1", "web-1")).toBeNull();
    const long = "y".repeat(300);
    expect(alertKindOf(alertId(long, "2026-11-24T14:30:00Z", "renewed"), long)).toBe("renewed");
  });
});
