/** @jest-environment node */
import type { AlertedServer, CheckOutcome } from "../../../src/model/checkAlerts";
import { emptyHistory, recordRun } from "../../../src/model/checkHistory";
import { applyRun, latestChecks, type CheckState } from "../../../src/model/checkRun";
import type { Alert } from "../../../src/model/types";

const WEB: AlertedServer = { id: "web-1", name: "Web Server 1", ip: "192.0.2.10", location: "Frankfurt, Germany", warnAboveMs: 150 };
const DB: AlertedServer = { id: "db-1", name: "Database 1", ip: "192.0.2.20", location: "Tokyo, Japan", warnAboveMs: 150 };
const SERVERS = new Map([WEB, DB].map((s) => [s.id, s] as const));

const emptyState = (): CheckState => ({ history: emptyHistory(), latest: null, alerts: [] });

const RUN1_START = new Date("2026-11-23T10:40:00Z");
const RUN1_END = new Date("2026-11-23T10:40:02Z");
const RUN1: CheckOutcome[] = [
  { server: "web-1", status: "online", responseTime: 45, detail: "HTTP 200 in 45 ms", checkedAt: "2026-11-23T10:40:01.000Z" },
  { server: "db-1", status: "offline", responseTime: 0, detail: "connection refused", checkedAt: "2026-11-23T10:40:01.500Z" },
];

const RUN2_START = new Date("2026-11-23T10:45:00Z");
const RUN2_END = new Date("2026-11-23T10:45:02Z");
const RUN2: CheckOutcome[] = [
  {
    server: "web-1",
    status: "warning",
    responseTime: 156,
    detail: "HTTP 200 in 156 ms, over the 150 ms threshold",
    checkedAt: "2026-11-23T10:45:01.000Z",
  },
  { server: "db-1", status: "online", responseTime: 30, detail: "TCP connection in 30 ms", checkedAt: "2026-11-23T10:45:01.000Z" },
];

const DB_OFFLINE: Alert = {
  id: "check-db-1-20261123T104001Z-offline",
  server: "Database 1",
  type: "error",
  message: "Server offline: connection refused",
  ip: "192.0.2.20",
  location: "Tokyo, Japan",
  timestamp: "2026-11-23T10:40:01.500Z",
};
const WEB_SLOW: Alert = {
  id: "check-web-1-20261123T104501Z-slow",
  server: "Web Server 1",
  type: "warning",
  message: "High response time: 156 ms, over the 150 ms threshold",
  ip: "192.0.2.10",
  location: "Frankfurt, Germany",
  timestamp: "2026-11-23T10:45:01.000Z",
};
const DB_BACK: Alert = {
  id: "check-db-1-20261123T104501Z-online",
  server: "Database 1",
  type: "info",
  message: "Server back online",
  ip: "192.0.2.20",
  location: "Tokyo, Japan",
  timestamp: "2026-11-23T10:45:01.000Z",
};

describe("latestChecks", () => {
  it("writes each outcome with its uptime, the interval and the last 24 hours from the history", () => {
    const history = recordRun(
      recordRun(emptyHistory(), new Date("2026-11-23T10:35:00Z"), [{ server: "web-1", status: "offline", responseTime: 0 }]),
      RUN1_START,
      RUN1,
    );
    expect(latestChecks(history, RUN1, RUN1_START, RUN1_END)).toEqual({
      version: 1,
      startedAt: "2026-11-23T10:40:00.000Z",
      finishedAt: "2026-11-23T10:40:02.000Z",
      intervalSeconds: 300,
      results: [
        {
          server: "web-1",
          status: "online",
          responseTime: 45,
          checkedAt: "2026-11-23T10:40:01.000Z",
          detail: "HTTP 200 in 45 ms",
          uptimeUp: 1,
          uptimeTotal: 2,
        },
        {
          server: "db-1",
          status: "offline",
          responseTime: 0,
          checkedAt: "2026-11-23T10:40:01.500Z",
          detail: "connection refused",
          uptimeUp: 0,
          uptimeTotal: 1,
        },
      ],
      // three checks, one answered in 45 ms
      performance: [{ time: "08:00", responseTime: 45, uptime: 33.3 }],
    });
  });
});

describe("applyRun", () => {
  it("the first run records the history, writes latest and alerts a server first seen offline", () => {
    const after = applyRun(emptyState(), RUN1, SERVERS, RUN1_START, RUN1_END);
    expect(after.history).toEqual({
      version: 1,
      runs: [{ at: "2026-11-23T10:40:00.000Z", results: { "web-1": ["o", 45], "db-1": ["x", 0] } }],
      days: { "2026-11-23": { "web-1": [1, 1], "db-1": [1, 0] } },
    });
    expect(after.latest).toEqual({
      version: 1,
      startedAt: "2026-11-23T10:40:00.000Z",
      finishedAt: "2026-11-23T10:40:02.000Z",
      intervalSeconds: null,
      results: [
        { ...RUN1[0], uptimeUp: 1, uptimeTotal: 1 },
        { ...RUN1[1], uptimeUp: 0, uptimeTotal: 1 },
      ],
      performance: [{ time: "08:00", responseTime: 45, uptime: 50 }],
    });
    expect(after.fresh).toEqual([DB_OFFLINE]);
    expect(after.alerts).toEqual([DB_OFFLINE]);
  });

  it("the second run takes the previous statuses from the first run's latest", () => {
    const first = applyRun(emptyState(), RUN1, SERVERS, RUN1_START, RUN1_END);
    const second = applyRun(first, RUN2, SERVERS, RUN2_START, RUN2_END);

    expect(second.fresh).toEqual([WEB_SLOW, DB_BACK]);
    expect(second.alerts).toEqual([WEB_SLOW, DB_BACK, DB_OFFLINE]);

    expect(second.history.runs.map((r) => r.at)).toEqual(["2026-11-23T10:40:00.000Z", "2026-11-23T10:45:00.000Z"]);
    expect(second.history.days).toEqual({ "2026-11-23": { "web-1": [2, 2], "db-1": [2, 1] } });

    expect(second.latest).toEqual({
      version: 1,
      startedAt: "2026-11-23T10:45:00.000Z",
      finishedAt: "2026-11-23T10:45:02.000Z",
      intervalSeconds: 300,
      results: [
        { ...RUN2[0], uptimeUp: 2, uptimeTotal: 2 },
        { ...RUN2[1], uptimeUp: 1, uptimeTotal: 2 },
      ],
      // answered: 45, 156, 30 -> 77 ms; 3 of 4 checks up
      performance: [{ time: "08:00", responseTime: 77, uptime: 75 }],
    });
  });

  it("a third run with nothing changed adds no alert and keeps the old ones", () => {
    const first = applyRun(emptyState(), RUN1, SERVERS, RUN1_START, RUN1_END);
    const second = applyRun(first, RUN2, SERVERS, RUN2_START, RUN2_END);
    const run3 = RUN2.map((o) => ({ ...o, checkedAt: "2026-11-23T10:50:01.000Z" }));
    const third = applyRun(second, run3, SERVERS, new Date("2026-11-23T10:50:00Z"), new Date("2026-11-23T10:50:02Z"));
    expect(third.fresh).toEqual([]);
    expect(third.alerts).toEqual([WEB_SLOW, DB_BACK, DB_OFFLINE]);
    expect(third.latest?.intervalSeconds).toBe(300);
  });

  it("takes the previous statuses from latest, not from the history", () => {
    const state: CheckState = {
      // the history says web-1 was online ...
      history: recordRun(emptyHistory(), new Date("2026-11-23T10:35:00Z"), [{ server: "web-1", status: "online", responseTime: 40 }]),
      // ... but the last run written says offline
      latest: {
        version: 1,
        startedAt: "2026-11-23T10:35:00.000Z",
        finishedAt: "2026-11-23T10:35:02.000Z",
        intervalSeconds: null,
        results: [
          {
            server: "web-1",
            status: "offline",
            responseTime: 0,
            checkedAt: "2026-11-23T10:35:01.000Z",
            detail: "connection refused",
            uptimeUp: 0,
            uptimeTotal: 1,
          },
        ],
        performance: [],
      },
      alerts: [],
    };
    const after = applyRun(state, [RUN1[0]], SERVERS, RUN1_START, RUN1_END);
    expect(after.fresh.map((a) => [a.id, a.message])).toEqual([["check-web-1-20261123T104001Z-online", "Server back online"]]);
  });

  it("compares a server missing from latest with online", () => {
    const state: CheckState = { history: emptyHistory(), latest: null, alerts: [] };
    const after = applyRun(state, [RUN2[0]], SERVERS, RUN2_START, RUN2_END);
    expect(after.fresh).toEqual([WEB_SLOW]);
  });

  it("drops kept alerts older than 30 days at the time the run finished", () => {
    const stale: Alert = { ...DB_OFFLINE, id: "check-db-1-20261001T000000Z-offline", timestamp: "2026-10-01T00:00:00.000Z" };
    const after = applyRun({ ...emptyState(), alerts: [stale] }, RUN1, SERVERS, RUN1_START, RUN1_END);
    expect(after.alerts).toEqual([DB_OFFLINE]);
  });

  it("does not change the state it is given", () => {
    const first = applyRun(emptyState(), RUN1, SERVERS, RUN1_START, RUN1_END);
    const copy = JSON.parse(JSON.stringify(first));
    applyRun(first, RUN2, SERVERS, RUN2_START, RUN2_END);
    expect(JSON.parse(JSON.stringify(first))).toEqual(copy);
  });
});
