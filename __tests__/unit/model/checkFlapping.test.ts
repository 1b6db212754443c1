/**
 * Flapping (#30): a server whose confirmed state changes too often is told
 * once as flapping and once as settled, its changes still recorded and counted.
 */
import type { CheckOutcome } from "../../../src/domain/checks/alerts";
import { changesSince, DEFAULT_FLAPPING, flappingSince, flapSettings, isFlapping } from "../../../src/domain/checks/flapping";
import { emptyHistory, recordRun, type CheckHistory } from "../../../src/domain/checks/history";
import { applyRun, type CheckState, type RunServer } from "../../../src/domain/checks/run";
import type { MeasuredStatus } from "../../../src/domain/checks/outcome";

const T0 = Date.parse("2026-11-23T00:00:00Z");
const at = (i: number) => new Date(T0 + i * 300_000);

/** A history of one server's confirmed states, one run every 5 minutes. */
function historyOf(states: MeasuredStatus[], flapping: boolean[] = []): CheckHistory {
  return states.reduce(
    (history, status, i) =>
      recordRun(history, at(i), [{ server: "s", status, responseTime: status === "offline" ? null : 10, flapping: flapping[i] }]),
    emptyHistory(),
  );
}

describe("the settings", () => {
  it("default to more than 4 changes in 60 minutes; a check's own win field by field; false turns it off", () => {
    expect(DEFAULT_FLAPPING).toEqual({ changes: 4, minutes: 60 });
    expect(flapSettings(undefined, undefined)).toEqual({ changes: 4, minutes: 60 });
    expect(flapSettings({ changes: 2 }, { minutes: 30 })).toEqual({ changes: 2, minutes: 30 });
    expect(flapSettings(false, { changes: 2 })).toBeNull();
    expect(flapSettings(undefined, false)).toBeNull();
  });
});

describe("changesSince", () => {
  it("counts the changes of the confirmed state in the window, against the run before it, and the run to come", () => {
    const history = historyOf(["online", "offline", "online", "online", "offline"]);
    // Runs 1..4 are after run 0: online→offline→online→online→offline = 3 changes; the run to come (online) a fourth.
    expect(changesSince(history, "s", at(0).getTime(), "o")).toBe(4);
    expect(changesSince(history, "s", at(0).getTime(), "x")).toBe(3);
    // Only runs after 3: offline at 4 against online at 3.
    expect(changesSince(history, "s", at(3).getTime(), null)).toBe(1);
    expect(changesSince(history, "other", at(0).getTime(), "o")).toBe(0);
    expect(changesSince(emptyHistory(), "s", 0, "x")).toBe(0);
  });

  it("reads the confirmed state, not what one run observed", () => {
    const history = recordRun(historyOf(["online"]), at(1), [{ server: "s", status: "warning", responseTime: 200, confirmed: "online" }]);
    expect(changesSince(history, "s", at(0).getTime() - 1, "o")).toBe(0);
  });
});

describe("isFlapping", () => {
  it("begins past the number of changes, and lasts while any change is in the window", () => {
    const settings = { changes: 4, minutes: 60 };
    expect(isFlapping(false, 4, settings)).toBe(false);
    expect(isFlapping(false, 5, settings)).toBe(true);
    expect(isFlapping(true, 1, settings)).toBe(true);
    expect(isFlapping(true, 0, settings)).toBe(false);
    expect(isFlapping(true, 99, null)).toBe(false);
  });

  it("says since when, from the runs that recorded it", () => {
    const history = historyOf(["online", "offline", "online", "offline"], [false, false, true, true]);
    expect(flappingSince(history, "s")).toBe(at(2).toISOString());
    expect(flappingSince(historyOf(["online"]), "s")).toBeNull();
  });
});

describe("applyRun: 8 hours of a server failing every other run (#30's case)", () => {
  const server: RunServer = {
    id: "s",
    name: "Shop",
    ip: "192.0.2.1",
    location: "Paris, France",
    warnAboveMs: 150,
    confirmRuns: { warning: 2, offline: 1 },
    flapping: DEFAULT_FLAPPING,
  };
  const servers = new Map([["s", server]]);
  const outcome = (i: number, down: boolean): CheckOutcome => ({
    server: "s",
    status: down ? "offline" : "online",
    responseTime: down ? null : 12,
    detail: down ? "HTTP 503 (expected 2xx or 3xx)" : "HTTP 200 in 12 ms",
    checkedAt: new Date(at(i).getTime() + 1000).toISOString(),
  });

  function play(
    pattern: (i: number) => boolean,
    runs: number,
    state: CheckState = { history: emptyHistory(), latest: null, alerts: [], rollups: new Map() },
  ) {
    const fresh: string[] = [];
    let current = state;
    for (let i = 0; i < runs; i += 1) {
      const applied = applyRun(current, [outcome(i, pattern(i))], servers, at(i), new Date(at(i).getTime() + 2000));
      fresh.push(...applied.fresh.map((a) => a.message));
      current = applied;
    }
    return { fresh, state: current };
  }

  it("writes the first changes, then one flapping alert, not 95", () => {
    const { fresh, state } = play((i) => i % 2 === 1, 96);
    expect(fresh).toEqual([
      "Server offline: HTTP 503 (expected 2xx or 3xx)",
      "Server back online",
      "Server offline: HTTP 503 (expected 2xx or 3xx)",
      "Server back online",
      "Server flapping: its state changed 5 times in 60 min (now offline); no alert of each change until it keeps one state for 60 min",
    ]);
    // Every change is still recorded: the history holds each run's confirmed state, and the uptime counts them.
    const last = state.latest!.results[0];
    expect(last.flapping).toMatchObject({ since: at(5).toISOString(), minutes: 60 });
    expect(last.detail).toMatch(/^flapping: its state changed 1[12] times in 60 min; /);
    expect(state.history.runs.at(-1)!.flapping).toEqual(["s"]);
    expect(last.uptimeTotal).toBe(96);
    expect(last.uptimeUp).toBe(48);
  });

  it("settles once a whole window passes without a change, and says in which state", () => {
    const { fresh, state } = play((i) => (i < 24 ? i % 2 === 1 : true), 24 + 14);
    expect(fresh.slice(-1)).toEqual(["Server settled offline: no change of state in 60 min: HTTP 503 (expected 2xx or 3xx)"]);
    expect(fresh.filter((m) => m.startsWith("Server settled"))).toHaveLength(1);
    expect(state.latest!.results[0].flapping).toBeUndefined();
    expect(state.history.runs.at(-1)!.flapping).toBeUndefined();
  });

  it("a server that fails twice in an hour is not flapping: both falls and returns are told", () => {
    const { fresh } = play((i) => i === 2 || i === 6, 12);
    expect(fresh).toHaveLength(4);
    expect(fresh.some((m) => m.startsWith("Server flapping"))).toBe(false);
  });

  it("a maintenance window holds it as it was: no settling, no words of 1 change, and it goes on after", () => {
    let state = play((i) => i % 2 === 1, 8).state;
    expect(state.latest!.results[0].flapping).toBeDefined();
    const figures = state.latest!.results[0].flapping;
    for (let i = 8; i < 8 + 20; i += 1) {
      const applied = applyRun(state, [{ ...outcome(i, false), maintenance: true }], servers, at(i), new Date(at(i).getTime() + 2000));
      expect(applied.fresh).toEqual([]);
      state = applied;
    }
    // Still flapping, with the figures it had when the window began.
    expect(state.latest!.results[0].flapping).toEqual(figures);
    expect(state.history.runs.at(-1)!.flapping).toEqual(["s"]);
  });

  // #44: a damaged state never tells by itself. The memory of flapping is in history.json; with it set aside, no "settled".
  it("its history set aside while it flaps: no 'settled' from lost memory; it settles once a new window is kept, said once", () => {
    const { state } = play((i) => i % 2 === 1, 24);
    expect(state.latest!.results[0].flapping).toBeDefined();
    let current: CheckState = { ...state, history: emptyHistory() };
    const fresh: string[] = [];
    // Up from run 24 on: the first runs after the loss cannot say a whole window passed without a change.
    for (let i = 24; i < 24 + 30; i += 1) {
      const applied = applyRun(current, [outcome(i, false)], servers, at(i), new Date(at(i).getTime() + 2000));
      fresh.push(...applied.fresh.map((a) => `${i}: ${a.message}`));
      current = applied;
    }
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatch(/: Server settled online: no change of state in 60 min$/);
    // Not before the new history spans a window (runs are 5 minutes apart: 12 of them).
    expect(Number(fresh[0].split(":")[0])).toBeGreaterThanOrEqual(24 + 12);
  });

  it("turned off while it flaps: it is settled at once, said once", () => {
    const { state } = play((i) => i % 2 === 1, 8);
    const off = new Map([["s", { ...server, flapping: null }]]);
    const applied = applyRun(state, [outcome(8, false)], off, at(8), new Date(at(8).getTime() + 2000));
    expect(applied.fresh.map((a) => a.message)).toEqual(["Server settled online: no change of state in 60 min"]);
    expect(applied.latest!.results[0].flapping).toBeUndefined();
  });

  it("with flapping off, every change is told", () => {
    const quiet = new Map([["s", { ...server, flapping: null }]]);
    let state: CheckState = { history: emptyHistory(), latest: null, alerts: [], rollups: new Map() };
    let count = 0;
    for (let i = 0; i < 24; i += 1) {
      const applied = applyRun(state, [outcome(i, i % 2 === 1)], quiet, at(i), new Date(at(i).getTime() + 2000));
      count += applied.fresh.length;
      state = applied;
    }
    expect(count).toBe(23);
  });
});
