/** @jest-environment node */
import type { CheckOutcome } from "../../../src/domain/checks/alerts";
import { DEFAULT_FLAPPING } from "../../../src/domain/checks/flapping";
import { emptyHistory, recordRun, type CheckHistory } from "../../../src/domain/checks/history";
import { rollUpAll, seriesMap } from "../../../src/domain/checks/rollups";
import { DAY_MS } from "../../../src/domain/kernel/time";
import { aheadOfClock, applyRun, latestChecks, type AppliedRun, type CheckState, type RunServer } from "../../../src/domain/checks/run";
import { checkTarget, type ConfirmRuns } from "../../../src/domain/checks/definition";
import { judge } from "../../../src/domain/checks/judge";
import type { Alert } from "../../../src/domain/kernel/types";

const DEFAULT_CONFIRM: ConfirmRuns = { warning: 2, offline: 1 };
const WEB: RunServer = {
  id: "web-1",
  name: "Web Server 1",
  ip: "192.0.2.10",
  location: "Frankfurt, Germany",
  warnAboveMs: 150,
  confirmRuns: DEFAULT_CONFIRM,
  flapping: DEFAULT_FLAPPING,
};
const DB: RunServer = {
  id: "db-1",
  name: "Database 1",
  ip: "192.0.2.20",
  location: "Tokyo, Japan",
  warnAboveMs: 150,
  confirmRuns: DEFAULT_CONFIRM,
  flapping: DEFAULT_FLAPPING,
};
const serversOf = (...servers: RunServer[]) => new Map(servers.map((s) => [s.id, s] as const));
const SERVERS = serversOf(WEB, DB);

const emptyState = (): CheckState => ({ history: emptyHistory(), latest: null, alerts: [], rollups: new Map() });
/** A server's daily rollups as [UTC date, checks up, checks]. */
const dailyOf = (state: CheckState, server: string) =>
  [...seriesMap(state.rollups.get(server)!.daily, DAY_MS)].map(([start, r]) => [new Date(start).toISOString().slice(0, 10), r.up, r.total]);

const RUN1_START = new Date("2026-11-23T10:40:00Z");
const RUN1_END = new Date("2026-11-23T10:40:02Z");
const RUN1: CheckOutcome[] = [
  { server: "web-1", status: "online", responseTime: 45, detail: "HTTP 200 in 45 ms", checkedAt: "2026-11-23T10:40:01.000Z" },
  { server: "db-1", status: "offline", responseTime: null, detail: "connection refused", checkedAt: "2026-11-23T10:40:01.500Z" },
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

const DB_DOWN: Alert = {
  id: "check-db-1-20261123T104001Z-offline",
  server: "Database 1",
  type: "error",
  message: "Server offline: connection refused",
  ip: "192.0.2.20",
  location: "Tokyo, Japan",
  timestamp: "2026-11-23T10:40:01.500Z",
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

/* Runs every 5 minutes from 10:00 UTC: run i starts at 10:00 + 5i min, checks 1 s later, ends 2 s later. */
const T0 = Date.parse("2026-11-23T10:00:00Z");
const startOf = (i: number) => new Date(T0 + i * 300_000);
const endOf = (i: number) => new Date(T0 + i * 300_000 + 2000);
const checkedAt = (i: number) => new Date(T0 + i * 300_000 + 1000).toISOString();

/** What the job would write for an answer in `ms` (null: refused) from a url check with a 150 ms threshold. */
function observed(i: number, server: string, ms: number | null): CheckOutcome {
  const target = checkTarget({ url: `https://${server}.example.com/`, warnAboveMs: 150 })!;
  const judged = judge(ms === null ? { kind: "failed", reason: "refused" } : { kind: "answered", ms, httpStatus: 200 }, target);
  return { ...judged, server, checkedAt: checkedAt(i) };
}

/** Applies one run per entry, run `first` onwards, and gathers every alert written. */
function applyRuns(state: CheckState, runs: ReadonlyArray<readonly CheckOutcome[]>, servers = SERVERS, first = 0) {
  let current: CheckState = state;
  const applied: AppliedRun[] = [];
  runs.forEach((outcomes, k) => {
    const run = applyRun(current, outcomes, servers, startOf(first + k), endOf(first + k));
    applied.push(run);
    current = run;
  });
  return { state: current, applied, fresh: applied.flatMap((r) => r.fresh) };
}

const statusIn = (state: CheckState, server: string) => state.latest?.results.find((r) => r.server === server)?.status;
const kinds = (alerts: readonly Alert[]) => alerts.map((a) => `${a.server}: ${a.message}`);

describe("latestChecks", () => {
  it("writes each outcome with its uptime and since when it counts, the interval and the last 24 hours", () => {
    const history = recordRun(
      recordRun(emptyHistory(), new Date("2026-11-23T10:35:00Z"), [{ server: "web-1", status: "offline", responseTime: null }]),
      RUN1_START,
      RUN1,
    );
    expect(latestChecks(history, rollUpAll(new Map(), history), RUN1, RUN1_START, RUN1_END)).toEqual({
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
          uptimeSince: "2026-11-23T10:35:00.000Z",
        },
        {
          server: "db-1",
          status: "offline",
          responseTime: null,
          checkedAt: "2026-11-23T10:40:01.500Z",
          detail: "connection refused",
          uptimeUp: 0,
          uptimeTotal: 1,
          uptimeSince: "2026-11-23T10:40:00.000Z",
        },
      ],
      // three checks, one answered in 45 ms
      performance: [{ time: "08:00", responseTime: 45, uptime: 33.3 }],
    });
  });

  // Protects "no answer is not zero" in the chart: a bucket where nothing answered is a gap.
  it("gives the last 24 hours a gap, not 0 ms, where nothing answered", () => {
    const history = recordRun(emptyHistory(), RUN1_START, [RUN1[1]]);
    expect(latestChecks(history, rollUpAll(new Map(), history), [RUN1[1]], RUN1_START, RUN1_END).performance).toEqual([
      { time: "08:00", responseTime: null, uptime: 0 },
    ]);
  });
});

describe("applyRun", () => {
  // Protects "a story that starts in the middle" (#30): a server first seen online says nothing; one first seen offline is alerted, once.
  it("the first run records the history and writes latest; a server first seen offline is alerted, one first seen online is not", () => {
    const after = applyRun(emptyState(), RUN1, SERVERS, RUN1_START, RUN1_END);
    expect(after.history).toEqual({
      version: 2,
      runs: [{ at: "2026-11-23T10:40:00.000Z", results: { "web-1": ["o", 45], "db-1": ["x", null] } }],
    });
    expect(dailyOf(after, "web-1")).toEqual([["2026-11-23", 1, 1]]);
    expect(dailyOf(after, "db-1")).toEqual([["2026-11-23", 0, 1]]);
    expect(after.latest).toEqual({
      version: 1,
      startedAt: "2026-11-23T10:40:00.000Z",
      finishedAt: "2026-11-23T10:40:02.000Z",
      intervalSeconds: null,
      results: [
        { ...RUN1[0], uptimeUp: 1, uptimeTotal: 1, uptimeSince: "2026-11-23T10:40:00.000Z" },
        { ...RUN1[1], uptimeUp: 0, uptimeTotal: 1, uptimeSince: "2026-11-23T10:40:00.000Z" },
      ],
      performance: [{ time: "08:00", responseTime: 45, uptime: 50 }],
    });
    expect(after.fresh).toEqual([DB_DOWN]);
    expect(after.transitions).toEqual([{ outcome: RUN1[1], from: "online", to: "offline", firstSeen: true }]);
    expect(after.alerts).toEqual([DB_DOWN]);
    expect(after.superseded).toBe(false);
    expect(after.warnings).toEqual([]);
    // Played again (a crash before the history was written), the fall is not alerted twice.
    const again = applyRun({ ...emptyState(), alerts: after.alerts }, RUN1, SERVERS, RUN1_START, RUN1_END);
    expect(again.fresh).toEqual([]);
  });

  it("the second run confirms the return from offline at once, and holds a single slow answer back", () => {
    const first = applyRun(emptyState(), RUN1, SERVERS, RUN1_START, RUN1_END);
    const second = applyRun(first, RUN2, SERVERS, RUN2_START, RUN2_END);

    expect(second.fresh).toEqual([DB_BACK]);
    expect(second.alerts).toEqual([DB_BACK, DB_DOWN]);
    expect(second.transitions).toEqual([{ outcome: RUN2[1], from: "offline", to: "online" }]);

    // web-1 observed a warning once: recorded, but still confirmed online
    expect(second.history.runs).toEqual([
      { at: "2026-11-23T10:40:00.000Z", results: { "web-1": ["o", 45], "db-1": ["x", null] } },
      { at: "2026-11-23T10:45:00.000Z", results: { "web-1": ["w", 156, "o"], "db-1": ["o", 30] } },
    ]);
    expect(dailyOf(second, "web-1")).toEqual([["2026-11-23", 2, 2]]);
    expect(dailyOf(second, "db-1")).toEqual([["2026-11-23", 1, 2]]);

    expect(second.latest).toEqual({
      version: 1,
      startedAt: "2026-11-23T10:45:00.000Z",
      finishedAt: "2026-11-23T10:45:02.000Z",
      intervalSeconds: 300,
      results: [
        { ...RUN2[0], status: "online", uptimeUp: 2, uptimeTotal: 2, uptimeSince: "2026-11-23T10:40:00.000Z" },
        { ...RUN2[1], uptimeUp: 1, uptimeTotal: 2, uptimeSince: "2026-11-23T10:40:00.000Z" },
      ],
      // answered: 45, 156, 30 -> 77 ms; 3 of 4 checks up
      performance: [{ time: "08:00", responseTime: 77, uptime: 75 }],
    });
  });

  it("a third run with nothing changed adds no alert and keeps the old ones", () => {
    const first = applyRun(emptyState(), RUN1, SERVERS, RUN1_START, RUN1_END);
    const second = applyRun(first, RUN2, SERVERS, RUN2_START, RUN2_END);
    const run3 = [RUN2[0], RUN2[1]].map((o) => ({
      ...o,
      status: "online" as const,
      responseTime: 40,
      checkedAt: "2026-11-23T10:50:01.000Z",
    }));
    const third = applyRun(second, run3, SERVERS, new Date("2026-11-23T10:50:00Z"), new Date("2026-11-23T10:50:02Z"));
    expect(third.fresh).toEqual([]);
    expect(third.alerts).toEqual([DB_BACK, DB_DOWN]);
    expect(third.latest?.intervalSeconds).toBe(300);
  });

  // Protects "no answer is not zero" in latest.json and history.json.
  it("writes no response time for a server that did not answer", () => {
    const { state } = applyRuns(emptyState(), [[observed(0, "web-1", 40)], [observed(1, "web-1", null)]]);
    expect(state.latest?.results[0]).toMatchObject({ status: "offline", responseTime: null, detail: "connection refused" });
    expect(state.history.runs.at(-1)?.results["web-1"]).toEqual(["x", null]);
  });

  it("drops kept alerts older than 30 days at the time the run finished", () => {
    const stale: Alert = { ...DB_BACK, id: "check-db-1-20261001T000000Z-offline", timestamp: "2026-10-01T00:00:00.000Z" };
    const after = applyRun({ ...emptyState(), alerts: [stale] }, RUN1, SERVERS, RUN1_START, RUN1_END);
    expect(after.alerts).toEqual([]);
  });

  it("does not change the state it is given", () => {
    const first = applyRun(emptyState(), RUN1, SERVERS, RUN1_START, RUN1_END);
    const copy = JSON.parse(JSON.stringify(first));
    applyRun(first, RUN2, SERVERS, RUN2_START, RUN2_END);
    expect(JSON.parse(JSON.stringify(first))).toEqual(copy);
  });

  it("records a server it has no settings for, without alerts", () => {
    const { state, fresh } = applyRuns(emptyState(), [[observed(0, "ghost", 40)], [observed(1, "ghost", null)]]);
    expect(fresh).toEqual([]);
    expect(state.history.runs.at(-1)?.results.ghost).toEqual(["x", null]);
    expect(statusIn(state, "ghost")).toBe("offline");
  });
});

describe("applyRun: states change on evidence, not on one sample", () => {
  // Protects the flapping case: 140/160 ms alternating against a 150 ms threshold over 6
  // runs gave a warning and a back-to-normal alert on most runs; now at most one warning (in fact none).
  it.each([
    ["starting online", [140, 160, 140, 160, 140, 160]],
    ["starting slow", [160, 140, 160, 140, 160, 140]],
  ])("a server hovering around its threshold (%s) writes no alert over 6 runs", (_, times) => {
    const { fresh, applied } = applyRuns(
      emptyState(),
      times.map((ms, i) => [observed(i, "web-1", ms)]),
    );
    expect(fresh.filter((a) => a.type === "warning").length).toBeLessThanOrEqual(1);
    expect(fresh).toEqual([]);
    // the confirmed status never moved from the first one seen
    expect(new Set(applied.map((r) => statusIn(r, "web-1")))).toEqual(new Set([times[0] > 150 ? "warning" : "online"]));
  });

  // Protects: confirmation must not silence a real slowdown: two slow runs in a row are one warning.
  it("two warning runs in a row confirm a warning (one alert), two answers in time its end", () => {
    const { fresh, applied } = applyRuns(
      emptyState(),
      [140, 160, 160, 160, 140, 140].map((ms, i) => [observed(i, "web-1", ms)]),
    );
    expect(applied.map((r) => statusIn(r, "web-1"))).toEqual(["online", "online", "warning", "warning", "warning", "online"]);
    expect(applied.map((r) => r.fresh.length)).toEqual([0, 0, 1, 0, 0, 1]);
    expect(fresh).toEqual([
      expect.objectContaining({
        id: `check-web-1-${checkedAt(2).replace(/[-:]/g, "").replace(/\.\d+/, "")}-slow`,
        type: "warning",
        message: "High response time: 160 ms, over the 150 ms threshold",
        timestamp: checkedAt(2),
      }),
      expect.objectContaining({ type: "info", message: "Response time back to normal: 140 ms", timestamp: checkedAt(5) }),
    ]);
  });

  // Protects the acceptance: a refusing endpoint gives exactly one offline alert over 3
  // runs (confirmed at once with the default confirmRuns.offline 1) and one back-online alert.
  it("an offline observation is confirmed at once by default: one offline alert over 3 runs, one back-online alert", () => {
    const { fresh, applied } = applyRuns(
      emptyState(),
      [40, null, null, null, 40, 40].map((ms, i) => [observed(i, "web-1", ms)]),
    );
    expect(applied.map((r) => statusIn(r, "web-1"))).toEqual(["online", "offline", "offline", "offline", "online", "online"]);
    expect(kinds(fresh)).toEqual(["Web Server 1: Server offline: connection refused", "Web Server 1: Server back online"]);
    expect(applied[1].fresh).toHaveLength(1);
    expect(applied[4].fresh).toHaveLength(1);
  });

  it("with confirmRuns.offline 2, one lost answer is nothing and two are one alert; the return needs two as well", () => {
    const servers = serversOf({ ...WEB, confirmRuns: { warning: 2, offline: 2 } });
    const { fresh, applied } = applyRuns(
      emptyState(),
      [40, null, 40, null, null, null, 40, 40].map((ms, i) => [observed(i, "web-1", ms)]),
      servers,
    );
    expect(applied.map((r) => statusIn(r, "web-1"))).toEqual([
      "online",
      "online",
      "online",
      "online",
      "offline",
      "offline",
      "offline",
      "online",
    ]);
    expect(applied.map((r) => r.fresh.length)).toEqual([0, 0, 0, 0, 1, 0, 0, 1]);
    expect(kinds(fresh)).toEqual(["Web Server 1: Server offline: connection refused", "Web Server 1: Server back online"]);
    // an unconfirmed offline run still counts against uptime, and still says what it saw
    expect(applied[1].latest?.results[0]).toMatchObject({
      status: "online",
      responseTime: null,
      detail: "connection refused",
      uptimeUp: 1,
      uptimeTotal: 2,
    });
  });

  it("each server is confirmed by its own confirmRuns", () => {
    const servers = serversOf({ ...WEB, confirmRuns: { warning: 1, offline: 1 } }, DB);
    const { applied } = applyRuns(
      emptyState(),
      [
        [observed(0, "web-1", 40), observed(0, "db-1", 40)],
        [observed(1, "web-1", 200), observed(1, "db-1", 200)],
      ],
      servers,
    );
    expect(kinds(applied[1].fresh)).toEqual(["Web Server 1: High response time: 200 ms, over the 150 ms threshold"]);
    expect(statusIn(applied[1], "db-1")).toBe("online");
  });
});

describe("applyRun: the previous state survives damage", () => {
  /** web-1 online at run 0, confirmed offline at run 1 (with its alert). */
  const wentDown = () => applyRuns(emptyState(), [[observed(0, "web-1", 40)], [observed(1, "web-1", null)]]);

  // Protects: a missing or set-aside latest.json no longer makes every offline server alert again.
  it("with latest.json gone, the previous state comes from the history: no duplicate alert, and the return is seen", () => {
    const { state } = wentDown();
    expect(kinds(state.alerts)).toEqual(["Web Server 1: Server offline: connection refused"]);
    const damaged: CheckState = { ...state, latest: null };

    const stillDown = applyRun(damaged, [observed(2, "web-1", null)], SERVERS, startOf(2), endOf(2));
    expect(stillDown.fresh).toEqual([]);
    expect(stillDown.alerts).toEqual(state.alerts);

    const back = applyRun(damaged, [observed(2, "web-1", 40)], SERVERS, startOf(2), endOf(2));
    expect(kinds(back.fresh)).toEqual(["Web Server 1: Server back online"]);
  });

  it("the history wins over an older latest.json (a run that stopped after its history)", () => {
    const { state, applied } = wentDown();
    const staleLatest: CheckState = { ...state, latest: applied[0].latest };
    expect(statusIn(staleLatest, "web-1")).toBe("online");
    const after = applyRun(staleLatest, [observed(2, "web-1", null)], SERVERS, startOf(2), endOf(2));
    expect(after.fresh).toEqual([]);
  });

  it("with the history set aside, the previous state comes from latest.json", () => {
    const { state } = wentDown();
    const setAside: CheckState = { ...state, history: emptyHistory() };
    expect(applyRun(setAside, [observed(2, "web-1", null)], SERVERS, startOf(2), endOf(2)).fresh).toEqual([]);
    expect(kinds(applyRun(setAside, [observed(2, "web-1", 40)], SERVERS, startOf(2), endOf(2)).fresh)).toEqual([
      "Web Server 1: Server back online",
    ]);
  });

  // Protects "a renamed id is a new server": the new id has no past; first seen offline, its fall and its return are both told.
  it("a renamed id is a new server: first seen offline is alerted, and so is its return", () => {
    const { state } = applyRuns(emptyState(), [[observed(0, "web-1", 40)]]);
    const renamed = serversOf({ ...WEB, id: "web-eu-1" });
    const { fresh, applied } = applyRuns(state, [[observed(1, "web-eu-1", null)], [observed(2, "web-eu-1", 40)]], renamed, 1);
    expect(kinds(applied[0].fresh)).toEqual(["Web Server 1: Server offline: connection refused"]);
    expect(statusIn(applied[0], "web-eu-1")).toBe("offline");
    expect(kinds(fresh)).toEqual(["Web Server 1: Server offline: connection refused", "Web Server 1: Server back online"]);
  });

  // Protects: the job writes alerts.json first; a run that stopped before writing its history must
  // not make the next run write the same offline alert again.
  it("a crash between alerts.json and history.json writes no second alert", () => {
    const before = applyRuns(emptyState(), [[observed(0, "web-1", 40), observed(0, "db-1", 40)]]).state;
    const crashed = applyRun(before, [observed(1, "web-1", 40), observed(1, "db-1", null)], SERVERS, startOf(1), endOf(1));
    expect(kinds(crashed.fresh)).toEqual(["Database 1: Server offline: connection refused"]);
    // alerts.json was written; history.json, the rollups and latest.json were not
    const onDisk: CheckState = { history: before.history, latest: before.latest, alerts: crashed.alerts, rollups: before.rollups };

    const next = applyRun(onDisk, [observed(2, "web-1", 40), observed(2, "db-1", null)], SERVERS, startOf(2), endOf(2));
    expect(next.fresh).toEqual([]);
    expect(next.alerts.filter((a) => a.type === "error")).toHaveLength(1);
    expect(statusIn(next, "db-1")).toBe("offline");
    expect(next.history.runs.at(-1)?.results["db-1"]).toEqual(["x", null]);

    // and its return is still news
    const back = applyRun(next, [observed(3, "web-1", 40), observed(3, "db-1", 40)], SERVERS, startOf(3), endOf(3));
    expect(kinds(back.fresh)).toEqual(["Database 1: Server back online"]);
  });

  it("a crash between the files is recognised for a server with a very long (hashed) id too", () => {
    const long: RunServer = { ...DB, id: `db-${"x".repeat(220)}` };
    const servers = serversOf(long);
    const before = applyRuns(emptyState(), [[observed(0, long.id, 40)]], servers).state;
    const crashed = applyRun(before, [observed(1, long.id, null)], servers, startOf(1), endOf(1));
    expect(crashed.fresh).toHaveLength(1);
    expect(crashed.fresh[0].id.length).toBeLessThanOrEqual(200);
    const next = applyRun({ ...before, alerts: crashed.alerts }, [observed(2, long.id, null)], servers, startOf(2), endOf(2));
    expect(next.fresh).toEqual([]);
  });

  it("an offline alert older than the server's last recorded run does not silence a new fall", () => {
    const { fresh } = applyRuns(
      emptyState(),
      [40, null, 40, null].map((ms, i) => [observed(i, "web-1", ms)]),
    );
    expect(kinds(fresh)).toEqual([
      "Web Server 1: Server offline: connection refused",
      "Web Server 1: Server back online",
      "Web Server 1: Server offline: connection refused",
    ]);
  });

  // SUSPECTED MODEL BUG (fails on the current src/domain/checks/run.ts): alreadyAlerted() matches an
  // alert to a server by `id.startsWith(alertIdPrefix(server))`, and the prefix of "web-1"
  // ("check-web-1-") is also the start of every alert id of "web-1-eu". Once web-1-eu has gone
  // offline, web-1 going offline in the next run is taken for an alert already written, and
  // no alert is written for it at all.
  it("a server whose id starts another's ('web-1', 'web-1-eu') still gets its own offline alert", () => {
    const EU: RunServer = { ...WEB, id: "web-1-eu", name: "Web Server 1 EU" };
    const servers = serversOf(WEB, EU);
    const { fresh, applied } = applyRuns(
      emptyState(),
      [
        [observed(0, "web-1", 40), observed(0, "web-1-eu", 40)],
        [observed(1, "web-1", 40), observed(1, "web-1-eu", null)],
        [observed(2, "web-1", null), observed(2, "web-1-eu", null)],
      ],
      servers,
    );
    expect(statusIn(applied[2], "web-1")).toBe("offline");
    expect(kinds(fresh)).toEqual([
      "Web Server 1 EU: Server offline: connection refused",
      "Web Server 1: Server offline: connection refused",
    ]);
  });
});

describe("applyRun: runs never go backwards", () => {
  // Protects: a slow run that finishes after a newer one must not replace the newer latest.json
  // nor judge transitions against it (spurious offline/back-online pairs), but its samples count.
  it("a run that started before the newest kept adds its samples to the history only", () => {
    const start = applyRuns(emptyState(), [[observed(0, "web-1", 40), observed(0, "db-1", 40)]]).state;
    // run 2 (db-1 down) finishes first ...
    const newer = applyRun(start, [observed(2, "web-1", 40), observed(2, "db-1", null)], SERVERS, startOf(2), endOf(2));
    expect(newer.fresh).toHaveLength(1);
    // ... then run 1, which started before it and saw db-1 still up, finishes late
    const late = applyRun(
      newer,
      [observed(1, "web-1", 60), observed(1, "db-1", 40)],
      SERVERS,
      startOf(1),
      new Date(startOf(2).getTime() + 30_000),
    );

    expect(late.superseded).toBe(true);
    expect(late.latest).toEqual(newer.latest);
    expect(late.alerts).toEqual(newer.alerts);
    expect(late.fresh).toEqual([]);
    expect(late.transitions).toEqual([]);
    expect(late.warnings).toEqual([expect.stringContaining("before the newest run kept")]);
    expect(late.history.runs.map((r) => r.at)).toEqual([startOf(0), startOf(1), startOf(2)].map((d) => d.toISOString()));
    expect(late.history.runs[1].results["web-1"]).toEqual(["o", 60]);
    // db-1 was up at run 1's time (confirmed down only by run 2): the late run keeps that state, not today's, and
    // the outage still starts at run 2 (before #33's review it was recorded down, and the outage began at run 1)
    expect(late.history.runs[1].results["db-1"]).toEqual(["o", 40]);
    expect(late.rollups.get("db-1")?.outages).toEqual([[startOf(2).toISOString(), null]]);
    expect(dailyOf(late, "web-1")).toEqual([["2026-11-23", 3, 3]]);
    expect(dailyOf(late, "db-1")).toEqual([["2026-11-23", 2, 3]]);

    // the next run judges against the newer run: db-1 still down is no news
    const next = applyRun(late, [observed(3, "web-1", 40), observed(3, "db-1", null)], SERVERS, startOf(3), endOf(3));
    expect(next.superseded).toBe(false);
    expect(next.fresh).toEqual([]);
    expect(statusIn(next, "db-1")).toBe("offline");
  });

  it("a run older than latest.json is superseded even when the history was set aside", () => {
    const newer = applyRuns(emptyState(), [[observed(2, "web-1", 40)]], SERVERS, 2).state;
    const late = applyRun({ ...newer, history: emptyHistory() }, [observed(1, "web-1", null)], SERVERS, startOf(1), endOf(2));
    expect(late.superseded).toBe(true);
    expect(late.latest).toEqual(newer.latest);
    expect(late.fresh).toEqual([]);
    expect(late.history.runs).toEqual([{ at: startOf(1).toISOString(), results: { "web-1": ["x", null, "o"] } }]);
  });
});

describe("applyRun: time is bounded both ways", () => {
  const alertAt = (id: string, timestamp: string, type: Alert["type"] = "error"): Alert => ({
    id,
    server: "Web Server 1",
    type,
    message: "Server offline: connection refused",
    ip: "192.0.2.10",
    location: "Frankfurt, Germany",
    timestamp,
  });

  // Protects "the clock never deletes data": what is stamped ahead of the clock is found and named, never dropped.
  it("a run stamped a day ahead: the clock is a day behind, nothing is to be written, and the words say how to mend it", () => {
    const start = applyRuns(emptyState(), [[observed(0, "web-1", 40)]]).state;
    const skewed: CheckHistory = recordRun(start.history, new Date("2026-11-24T10:01:00Z"), [
      { server: "web-1", status: "offline", responseTime: null },
    ]);
    const said = aheadOfClock({ ...start, history: skewed }, endOf(1));
    expect(said).toMatch(
      /^this machine's clock \(2026-11-23T10:05:02\.000Z\) is 24 hours behind what the job has kept \(history\.json's newest run: up to 2026-11-24T10:01:00\.000Z\)/,
    );
    expect(said).toMatch(
      /Nothing was written, so nothing kept is lost; runs record again once the clock passes 2026-11-24T10:01:00\.000Z\./,
    );
    expect(said).toMatch(/Set the clock right \(NTP\)/);
  });

  it("names each file that holds times ahead: latest.json, the alerts, the rollups", () => {
    const start = applyRuns(emptyState(), [[observed(0, "web-1", 40)]]).state;
    const now = endOf(0);
    const ahead = new Date(now.getTime() + 15 * 60_000).toISOString();
    expect(aheadOfClock({ ...start, latest: { ...start.latest!, startedAt: ahead } }, now)).toMatch(
      /15 minutes behind .*\(latest\.json: up to/,
    );
    expect(aheadOfClock({ ...start, alerts: [alertAt("soon", ahead)] }, now)).toMatch(/\(alerts\.json's newest alert: up to/);
    // three hours later (36 runs of 5 minutes)
    const later = applyRuns(emptyState(), [[observed(36, "web-1", 40)]], SERVERS, 36).state;
    expect(aheadOfClock({ ...start, rollups: later.rollups }, now)).toMatch(/\(the rollups in servers\/: up to/);
  });

  it("finds nothing within 5 minutes ahead (a run that finished a little later than this machine's clock says)", () => {
    const start = applyRuns(emptyState(), [[observed(0, "web-1", 40)]]).state;
    const soon = alertAt("soon", new Date(endOf(1).getTime() + 4 * 60_000).toISOString());
    expect(aheadOfClock({ ...start, alerts: [soon] }, endOf(1))).toBeNull();
    expect(aheadOfClock(start, endOf(1))).toBeNull();
    expect(aheadOfClock(emptyState(), endOf(1))).toBeNull();
  });

  it("applyRun keeps alerts stamped ahead of the clock (a run never drops what it kept)", () => {
    const start = applyRuns(emptyState(), [[observed(0, "web-1", 40)]]).state;
    const soon = alertAt("soon", new Date(endOf(1).getTime() + 4 * 60_000).toISOString());
    const after = applyRun({ ...start, alerts: [soon] }, [observed(1, "web-1", 40)], SERVERS, startOf(1), endOf(1));
    expect(after.alerts.map((a) => a.id)).toEqual(["soon"]);
    expect(after.warnings).toEqual([]);
  });
});

describe("applyRun: offline alerts are kept first", () => {
  // Protects: a flood of warnings never pushes the news that a server went down out of the 500.
  it("600 warning alerts and 5 offline alerts keep all 5 offline alerts", () => {
    const newest = endOf(0).getTime() - 60_000;
    const warnings = Array.from({ length: 600 }, (_, i): Alert => ({
      id: `check-web-1-w${i}-slow`,
      server: "Web Server 1",
      type: "warning",
      message: "High response time: 160 ms, over the 150 ms threshold",
      ip: "192.0.2.10",
      location: "Frankfurt, Germany",
      timestamp: new Date(newest - i * 60_000).toISOString(),
    }));
    const offlines = Array.from({ length: 5 }, (_, i): Alert => ({
      ...warnings[0],
      id: `check-db-1-x${i}-offline`,
      server: "Database 1",
      type: "error",
      message: "Server offline: connection refused",
      timestamp: new Date(newest - (700 + i) * 60_000).toISOString(),
    }));
    const after = applyRun(
      { ...emptyState(), alerts: [...warnings, ...offlines] },
      [observed(0, "web-1", 40)],
      SERVERS,
      startOf(0),
      endOf(0),
    );
    expect(after.alerts).toHaveLength(500);
    expect(after.alerts.filter((a) => a.type === "error").map((a) => a.id)).toEqual(offlines.map((a) => a.id));
  });
});

describe("a run inside a maintenance window (issue #22)", () => {
  const inWindow = (o: CheckOutcome): CheckOutcome => ({ ...o, maintenance: true });

  it("holds the confirmed status: a server down in the window changes nothing and writes no alert", () => {
    const { state, fresh, applied } = applyRuns(emptyState(), [
      [observed(0, "web-1", 40)],
      [inWindow(observed(1, "web-1", null))],
      [inWindow(observed(2, "web-1", null))],
    ]);
    expect(fresh).toEqual([]);
    expect(applied.flatMap((r) => r.transitions)).toEqual([]);
    expect(state.latest!.results[0]).toMatchObject({ server: "web-1", status: "online", maintenance: true });
    // recorded as observed, and named as made in maintenance
    expect(state.history.runs[2]).toEqual({ at: startOf(2).toISOString(), results: { "web-1": ["x", null, "o"] }, maintenance: ["web-1"] });
    expect(state.history.runs[0].maintenance).toBeUndefined();
  });

  it("leaves its checks out of uptime: 1 of 1 counted, 2 in maintenance", () => {
    const { state } = applyRuns(emptyState(), [
      [observed(0, "web-1", 40)],
      [inWindow(observed(1, "web-1", null))],
      [inWindow(observed(2, "web-1", null))],
    ]);
    expect(state.latest!.results[0]).toMatchObject({ uptimeUp: 1, uptimeTotal: 1 });
    const day = [...seriesMap(state.rollups.get("web-1")!.daily, DAY_MS).values()][0];
    expect(day).toMatchObject({ up: 1, total: 1, maintenance: 2 });
  });

  it("when the window ends, a server still down changes at once, on the evidence gathered in it", () => {
    const slow = { warning: 2, offline: 1 };
    const servers = serversOf({ ...WEB, confirmRuns: slow });
    const { fresh, state } = applyRuns(
      emptyState(),
      [[observed(0, "web-1", 40)], [inWindow(observed(1, "web-1", 400))], [observed(2, "web-1", 400)]],
      servers,
    );
    // a warning needs 2 runs in a row: the one in the window counts
    expect(statusIn(state, "web-1")).toBe("warning");
    expect(kinds(fresh)).toEqual(["Web Server 1: High response time: 400 ms, over the 150 ms threshold"]);
  });

  it("a server first seen in a window is held at online, with no alert and no uptime yet; still down after it, it is alerted", () => {
    const { state, fresh } = applyRuns(emptyState(), [[inWindow(observed(0, "web-1", null))], [inWindow(observed(1, "web-1", null))]]);
    expect(fresh).toEqual([]);
    expect(state.latest!.results[0]).toMatchObject({ status: "online", maintenance: true, uptimeUp: 0, uptimeTotal: 0 });
    const after = applyRuns(state, [[observed(2, "web-1", null)]], SERVERS, 2);
    expect(kinds(after.fresh)).toEqual([expect.stringMatching(/^Web Server 1: Server offline: /)]);
  });

  it("a server first seen in a window and up after it has nothing to say", () => {
    const { fresh } = applyRuns(emptyState(), [[inWindow(observed(0, "web-1", null))], [observed(1, "web-1", 40)]]);
    expect(fresh).toEqual([]);
  });
});

describe("applyRun: a first fall, and a certificate's renewal (#30)", () => {
  it("a new server whose check asks 3 runs to confirm a fall is alerted at the third, not before, and not at all if it came up", () => {
    const strict = serversOf({ ...WEB, confirmRuns: { warning: 2, offline: 3 } });
    const falls = applyRuns(
      emptyState(),
      [[observed(0, "web-1", null)], [observed(1, "web-1", null)], [observed(2, "web-1", null)], [observed(3, "web-1", null)]],
      strict,
    );
    expect(falls.applied.map((a) => a.fresh.length)).toEqual([0, 0, 1, 0]);
    expect(falls.applied[2].transitions[0]).toMatchObject({ firstSeen: true, to: "offline" });
    // Shown offline all along (what it showed), alerted once confirmed.
    expect(statusIn(falls.applied[0], "web-1")).toBe("offline");
    const blip = applyRuns(emptyState(), [[observed(0, "web-1", null)], [observed(1, "web-1", 40)], [observed(2, "web-1", 40)]], strict);
    expect(blip.fresh).toEqual([]);
  });

  it("with the history set aside, a server known from latest.json is not taken for a new one", () => {
    const { state } = applyRuns(emptyState(), [[observed(0, "web-1", null)]]);
    const setAside: CheckState = { ...state, history: emptyHistory(), alerts: [] };
    expect(applyRun(setAside, [observed(1, "web-1", null)], SERVERS, startOf(1), endOf(1)).fresh).toEqual([]);
  });

  // Protects the renewal's words with the default confirmRuns (2): the run that first sees the new certificate is still a warning.
  it("a certificate renewed while its warning is confirmed is alerted as renewed", () => {
    const target = checkTarget({ url: "https://web-1.example.com/", certificate: true, warnDays: 14 })!;
    const at = (i: number, validTo: string): CheckOutcome => ({
      ...judge(
        { kind: "answered", ms: 30, httpStatus: 200, certificate: { validFrom: "2026-01-01T00:00:00.000Z", validTo } },
        target,
        startOf(i),
      ),
      server: "web-1",
      checkedAt: checkedAt(i),
    });
    const OLD = "2026-11-30T00:00:00.000Z";
    const NEW = "2027-02-28T00:00:00.000Z";
    const { fresh, applied } = applyRuns(emptyState(), [[at(0, OLD)], [at(1, OLD)], [at(2, OLD)], [at(3, NEW)], [at(4, NEW)]]);
    expect(applied.map((a) => statusIn(a, "web-1"))).toEqual(["warning", "warning", "warning", "warning", "online"]);
    expect(applied[3].latest!.results[0]).toMatchObject({ certificateExpires: NEW, certificateWarned: OLD, warningCause: "certificate" });
    expect(kinds(fresh).at(-1)).toBe("Web Server 1: Certificate renewed: valid until 2027-02-28");
  });

  it("a run older than the newest kept, with latest.json set aside, writes latest.json from its own results", () => {
    const { state } = applyRuns(emptyState(), [[observed(0, "web-1", 40)]]);
    const newer = applyRun(state, [observed(2, "web-1", 40)], SERVERS, startOf(2), endOf(2));
    const late = applyRun({ ...newer, latest: null }, [observed(1, "web-1", 41)], SERVERS, startOf(1), endOf(1));
    expect(late.superseded).toBe(true);
    expect(late.latest?.results[0]).toMatchObject({ server: "web-1", status: "online", responseTime: 41 });
  });
});

describe("a server the job cannot finish is never green (#44)", () => {
  /** Runs every 5 minutes; db-1 has no result in runs `from` to `to` (its check did not finish), web-1 always answers. */
  function runsWithGap(runs: number, from: number, to: number, afterRuns?: number) {
    let current: CheckState = emptyState();
    const applied: AppliedRun[] = [];
    for (let i = 0; i < runs; i += 1) {
      const gap = i >= from && i <= to;
      const outcomes = [observed(i, "web-1", 40), ...(gap ? [] : [observed(i, "db-1", 30)])];
      const why = new Map(gap ? [["db-1", "its check did not finish within the run's deadline (18 s for checks)"]] : []);
      current = applyRun(current, outcomes, SERVERS, startOf(i), endOf(i), endOf(i), gap ? ["db-1"] : [], new Map(), { afterRuns, why });
      applied.push(current as AppliedRun);
    }
    return applied;
  }
  const db = (run: AppliedRun) => run.latest!.results.find((r) => r.server === "db-1")!;

  it("past three intervals without a result, the last result says not checked, with why; one alert each way", () => {
    const runs = runsWithGap(12, 2, 7);
    // Runs 2–3: its result of run 1 is 5 and 10 min old; at run 4 it is past three intervals (15 min and a second).
    for (const i of [2, 3]) expect(db(runs[i]).notChecked).toBeUndefined();
    for (const i of [4, 5, 6, 7]) {
      expect(db(runs[i]).notChecked).toEqual({
        foundAt: endOf(4).toISOString(),
        reason: "its check did not finish within the run's deadline (18 s for checks)",
      });
      // The state shown is still the one last seen: the pages put "not checked" in its place.
      expect(db(runs[i]).checkedAt).toBe(checkedAt(1));
    }
    expect(db(runs[8]).notChecked).toBeUndefined();
    const alerts = runs.flatMap((r) => r.fresh).filter((a) => a.server === "Database 1");
    expect(alerts.map((a) => [a.type, a.message, a.timestamp])).toEqual([
      ["warning", "No result for 15 min: its check did not finish within the run's deadline (18 s for checks)", endOf(4).toISOString()],
      ["info", "Results again after 35 min without any: HTTP 200 in 30 ms", checkedAt(8)],
    ]);
    expect(alerts.map((a) => a.id)).toEqual(["check-db-1-20261123T102002Z-nocheck", "check-db-1-20261123T104001Z-checked"]);
  });

  it("the number of intervals is the content's; unknown before the job has an interval", () => {
    // Five intervals: past them at run 6 (its result of run 1 is 25 min and a second old), and still at run 7.
    expect(runsWithGap(8, 2, 7, 5).map((r) => db(r).notChecked !== undefined)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
    // A first run and a gap: no interval yet, nothing called late.
    expect(runsWithGap(2, 1, 1).every((r) => !db(r).notChecked)).toBe(true);
  });

  it("a run that stopped after alerts.json, played again, does not alert twice", () => {
    const runs = runsWithGap(6, 2, 5);
    const found = runs[4];
    expect(found.fresh.map((a) => a.id)).toEqual(["check-db-1-20261123T102002Z-nocheck"]);
    // Its latest.json never landed: the next run reads the run before's, with the new alert kept.
    const replay = applyRun({ ...runs[3], alerts: found.alerts }, [observed(6, "web-1", 40)], SERVERS, startOf(6), endOf(6), endOf(6), [
      "db-1",
    ]);
    expect(replay.fresh).toEqual([]);
    expect(db(replay).notChecked).toBeDefined();
  });
});
