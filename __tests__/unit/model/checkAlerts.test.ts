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
} from "../../../src/model/checkAlerts";
import type { MeasuredStatus } from "../../../src/model/checks";
import type { Alert } from "../../../src/model/types";

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
  responseTime: 0,
  detail,
  checkedAt,
});

const before = (entries: Array<[string, MeasuredStatus]>) => new Map(entries);

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
  it("keeps at most 500 alerts of the last 30 days", () => {
    expect(KEPT_ALERTS).toBe(500);
    expect(KEPT_ALERT_DAYS).toBe(30);
  });
});

describe("transitionAlerts", () => {
  it("says nothing when a server keeps its status", () => {
    const previous = before([
      ["web-1", "offline"],
      ["db-1", "warning"],
    ]);
    expect(transitionAlerts(previous, [offline("web-1"), warning("db-1")], SERVERS)).toEqual([]);
    expect(transitionAlerts(before([["web-1", "online"]]), [online("web-1")], SERVERS)).toEqual([]);
  });

  it("online to offline is an error with what the check saw", () => {
    expect(transitionAlerts(before([["web-1", "online"]]), [offline("web-1")], SERVERS)).toEqual([
      webAlert("offline", "error", "Server offline: connection timeout after 10 s"),
    ]);
  });

  it.each(["connection refused", "host not found (DNS)", "unexpected HTTP status 503 (expected 2xx or 3xx)"])(
    "names the real cause %j of going offline",
    (detail) => {
      expect(transitionAlerts(before([["web-1", "online"]]), [offline("web-1", detail)], SERVERS)).toEqual([
        webAlert("offline", "error", `Server offline: ${detail}`),
      ]);
    },
  );

  it("warning to offline is an error only", () => {
    expect(transitionAlerts(before([["web-1", "warning"]]), [offline("web-1", "connection refused")], SERVERS)).toEqual([
      webAlert("offline", "error", "Server offline: connection refused"),
    ]);
  });

  it("online to warning is a warning with the response time and the server's threshold", () => {
    expect(transitionAlerts(before([["web-1", "online"]]), [warning("web-1", 156)], SERVERS)).toEqual([
      webAlert("slow", "warning", "High response time: 156 ms, over the 150 ms threshold"),
    ]);
    const db = transitionAlerts(before([["db-1", "online"]]), [warning("db-1", 95)], SERVERS);
    expect(db.map((a) => a.message)).toEqual(["High response time: 95 ms, over the 80 ms threshold"]);
  });

  it("offline to online is 'Server back online'", () => {
    expect(transitionAlerts(before([["web-1", "offline"]]), [online("web-1")], SERVERS)).toEqual([
      webAlert("online", "info", "Server back online"),
    ]);
  });

  it("offline to warning is both 'Server back online' and the warning, in that order", () => {
    expect(transitionAlerts(before([["web-1", "offline"]]), [warning("web-1", 210)], SERVERS)).toEqual([
      webAlert("online", "info", "Server back online"),
      webAlert("slow", "warning", "High response time: 210 ms, over the 150 ms threshold"),
    ]);
  });

  it("warning to online is 'Response time back to normal' with the response time", () => {
    expect(transitionAlerts(before([["web-1", "warning"]]), [online("web-1", 45)], SERVERS)).toEqual([
      webAlert("normal", "info", "Response time back to normal: 45 ms"),
    ]);
  });

  describe("a server seen for the first time is compared with online", () => {
    it("first seen online says nothing", () => {
      expect(transitionAlerts(new Map(), [online("web-1")], SERVERS)).toEqual([]);
    });

    it("first seen offline is an error", () => {
      expect(transitionAlerts(new Map(), [offline("web-1")], SERVERS)).toEqual([
        webAlert("offline", "error", "Server offline: connection timeout after 10 s"),
      ]);
    });

    it("first seen in warning is a warning, without 'back online'", () => {
      expect(transitionAlerts(new Map(), [warning("web-1", 156)], SERVERS)).toEqual([
        webAlert("slow", "warning", "High response time: 156 ms, over the 150 ms threshold"),
      ]);
    });
  });

  it("ignores an outcome of a server it does not know", () => {
    expect(transitionAlerts(before([["gone", "online"]]), [offline("gone"), offline("web-1")], SERVERS)).toEqual([
      webAlert("offline", "error", "Server offline: connection timeout after 10 s"),
    ]);
  });

  it("keeps the order of the outcomes", () => {
    const alerts = transitionAlerts(new Map(), [offline("db-1"), offline("web-1")], SERVERS);
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
    const run1 = transitionAlerts(
      before([
        ["web-1", "offline"],
        ["db-1", "online"],
      ]),
      [warning("web-1"), offline("db-1")],
      SERVERS,
    );
    const run2 = transitionAlerts(
      before([
        ["web-1", "warning"],
        ["db-1", "offline"],
      ]),
      [online("web-1", 45, "2026-11-23T10:45:00.000Z"), warning("db-1", 90, "2026-11-23T10:45:00.000Z")],
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
    const [alert] = transitionAlerts(new Map(), [offline("web-1", "connection refused", "2026-11-24T00:00:05.123Z")], SERVERS);
    expect(alert.timestamp).toBe("2026-11-24T00:00:05.123Z");
    expect(alert.id).toBe("check-web-1-20261124T000005Z-offline");
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

  it("is empty when there is nothing to keep", () => {
    expect(keepAlerts([], [], NOW)).toEqual([]);
  });
});
