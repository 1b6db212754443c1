/** @jest-environment node */
import { confirmStatus, previousStates, runsNeeded, type PreviousState } from "../../../src/domain/checks/confirm";
import { emptyHistory, recordRun, type CheckHistory, type HistoryRun } from "../../../src/domain/checks/history";
import { DEFAULT_CONFIRM_RUNS, type ConfirmRuns } from "../../../src/domain/checks/definition";
import { type MeasuredStatus } from "../../../src/domain/checks/outcome";

const run = (at: string, results: HistoryRun["results"]): HistoryRun => ({ at, results });
const historyOf = (...runs: HistoryRun[]): CheckHistory => ({ version: 2, runs });
const state = (confirmed: MeasuredStatus, pending: PreviousState["pending"] = [], at = "2026-11-23T10:00:00.000Z"): PreviousState => ({
  confirmed,
  at,
  pending,
});

/**
 * The confirmed statuses of one server over a sequence of observations, as the job keeps them:
 * each run records what it observed and what it confirmed, and the next run reads its previous
 * state back from that history.
 */
function confirmedOver(observed: readonly MeasuredStatus[], confirm: ConfirmRuns = DEFAULT_CONFIRM_RUNS): MeasuredStatus[] {
  let history = emptyHistory();
  const start = Date.parse("2026-11-23T10:00:00Z");
  return observed.map((status, i) => {
    const previous = previousStates(history, ["a"]).get("a");
    const confirmed = confirmStatus(previous, status, confirm);
    history = recordRun(history, new Date(start + i * 300_000), [
      { server: "a", status, responseTime: status === "offline" ? null : 100, confirmed },
    ]);
    return confirmed;
  });
}

describe("runsNeeded", () => {
  const confirm = { warning: 3, offline: 2 };

  it.each<[MeasuredStatus, MeasuredStatus, number]>([
    ["online", "warning", 3],
    ["warning", "online", 3],
    ["online", "offline", 2],
    ["warning", "offline", 2],
    ["offline", "online", 2],
    ["offline", "warning", 2],
  ])("%s to %s needs the runs of its kind", (from, to, runs) => {
    expect(runsNeeded(from, to, confirm)).toBe(runs);
  });
});

describe("previousStates", () => {
  it("knows nothing of servers the history never checked", () => {
    expect(previousStates(emptyHistory(), ["a"]).size).toBe(0);
    expect(previousStates(historyOf(run("2026-11-23T10:00:00.000Z", { b: ["o", 40] })), ["a"]).has("a")).toBe(false);
  });

  it("takes the newest run that checked each server, skipping runs that did not", () => {
    const history = historyOf(
      run("2026-11-23T10:00:00.000Z", { a: ["x", null], b: ["o", 40] }),
      run("2026-11-23T10:05:00.000Z", { b: ["w", 200] }),
    );
    const states = previousStates(history, ["a", "b"]);
    expect(states.get("a")).toEqual({ confirmed: "offline", at: "2026-11-23T10:00:00.000Z", pending: [] });
    expect(states.get("b")).toEqual({ confirmed: "warning", at: "2026-11-23T10:05:00.000Z", pending: [] });
  });

  // Protects the memory of confirmation: the confirmed status is the third element when a run recorded one.
  it("reads the confirmed status, not the observed one, and the observations since that differ from it", () => {
    const history = historyOf(
      run("2026-11-23T10:00:00.000Z", { a: ["o", 40] }),
      run("2026-11-23T10:05:00.000Z", { a: ["w", 160, "o"] }),
      run("2026-11-23T10:10:00.000Z", { b: ["o", 40] }),
      run("2026-11-23T10:15:00.000Z", { a: ["x", null, "o"] }),
    );
    expect(previousStates(history, ["a"]).get("a")).toEqual({ confirmed: "online", at: "2026-11-23T10:15:00.000Z", pending: ["x", "w"] });
  });

  it("stops at the run where the confirmed status was another", () => {
    const history = historyOf(
      run("2026-11-23T10:00:00.000Z", { a: ["w", 160, "o"] }),
      run("2026-11-23T10:05:00.000Z", { a: ["w", 160] }),
      run("2026-11-23T10:10:00.000Z", { a: ["o", 40, "w"] }),
    );
    expect(previousStates(history, ["a"]).get("a")).toEqual({ confirmed: "warning", at: "2026-11-23T10:10:00.000Z", pending: ["o"] });
  });

  it("has nothing pending when the newest run observed the confirmed status", () => {
    const history = historyOf(run("2026-11-23T10:00:00.000Z", { a: ["w", 160, "o"] }), run("2026-11-23T10:05:00.000Z", { a: ["o", 40] }));
    expect(previousStates(history, ["a"]).get("a")?.pending).toEqual([]);
  });
});

describe("confirmStatus", () => {
  it("a server seen for the first time is confirmed at what it shows", () => {
    for (const status of ["online", "warning", "offline"] as const) {
      expect(confirmStatus(undefined, status, DEFAULT_CONFIRM_RUNS)).toBe(status);
    }
  });

  it("keeps a status observed again", () => {
    expect(confirmStatus(state("warning", ["o"]), "warning", DEFAULT_CONFIRM_RUNS)).toBe("warning");
  });

  it("needs 2 agreeing runs between online and warning by default", () => {
    expect(confirmStatus(state("online"), "warning", DEFAULT_CONFIRM_RUNS)).toBe("online");
    expect(confirmStatus(state("online", ["w"]), "warning", DEFAULT_CONFIRM_RUNS)).toBe("warning");
    expect(confirmStatus(state("warning"), "online", DEFAULT_CONFIRM_RUNS)).toBe("warning");
    expect(confirmStatus(state("warning", ["o"]), "online", DEFAULT_CONFIRM_RUNS)).toBe("online");
  });

  it("confirms offline, and a return from it, at once by default", () => {
    expect(confirmStatus(state("online"), "offline", DEFAULT_CONFIRM_RUNS)).toBe("offline");
    expect(confirmStatus(state("warning"), "offline", DEFAULT_CONFIRM_RUNS)).toBe("offline");
    expect(confirmStatus(state("offline"), "online", DEFAULT_CONFIRM_RUNS)).toBe("online");
    expect(confirmStatus(state("offline"), "warning", DEFAULT_CONFIRM_RUNS)).toBe("warning");
  });

  it("counts only the newest observations in a row that agree with this one", () => {
    // w, o, w: the streak of warnings is 1 (this run) + 0, broken by the other observation
    expect(confirmStatus(state("online", ["x", "w"]), "warning", { warning: 2, offline: 2 })).toBe("online");
    expect(confirmStatus(state("online", ["w", "x", "w"]), "warning", { warning: 3, offline: 2 })).toBe("online");
    expect(confirmStatus(state("online", ["w", "w", "x"]), "warning", { warning: 3, offline: 2 })).toBe("warning");
  });
});

describe("confirmation over runs kept in the history", () => {
  // Protects the flapping case: 140/160 ms alternating against 150 ms never gathers a streak.
  it("a server swinging between online and warning stays online", () => {
    const observed: MeasuredStatus[] = ["online", "warning", "online", "warning", "online", "warning", "online", "warning"];
    expect(confirmedOver(observed)).toEqual(Array<MeasuredStatus>(8).fill("online"));
  });

  it("two warnings in a row confirm a warning, two answers in time confirm its end", () => {
    expect(confirmedOver(["online", "warning", "warning", "warning", "online", "online"])).toEqual([
      "online",
      "online",
      "warning",
      "warning",
      "warning",
      "online",
    ]);
  });

  it("one offline run confirms offline by default, one answer confirms the return", () => {
    expect(confirmedOver(["online", "offline", "offline", "online"])).toEqual(["online", "offline", "offline", "online"]);
  });

  it("with confirmRuns.offline 2, one lost answer changes nothing and two do", () => {
    const confirm = { warning: 2, offline: 2 };
    expect(confirmedOver(["online", "offline", "online", "offline", "offline", "online", "online"], confirm)).toEqual([
      "online",
      "online",
      "online",
      "online",
      "offline",
      "offline",
      "online",
    ]);
  });

  it("a first run seen offline is confirmed offline", () => {
    expect(confirmedOver(["offline", "online"], { warning: 2, offline: 2 })).toEqual(["offline", "offline"]);
  });

  it("counts up to 11 runs in a row", () => {
    const confirm = { warning: 11, offline: 11 };
    const observed: MeasuredStatus[] = ["online", ...Array<MeasuredStatus>(11).fill("offline")];
    expect(confirmedOver(observed, confirm).at(-1)).toBe("offline");
    expect(confirmedOver(observed, confirm).at(-2)).toBe("online");
  });

  // SUSPECTED MODEL BUG (fails on the current src/domain/checks/confirm.ts): servers.schema.json and
  // monitoring.schema.json allow confirmRuns up to 20, but previousStates keeps at most 10 pending
  // observations, so a streak never exceeds 11 and confirmRuns of 12..20 never confirms a change:
  // a server down for good stays "online" forever, without an alert.
  it("confirmRuns of 12 (the schemas allow up to 20) confirms after 12 runs", () => {
    const confirm = { warning: 12, offline: 12 };
    const observed: MeasuredStatus[] = ["online", ...Array<MeasuredStatus>(15).fill("offline")];
    const confirmed = confirmedOver(observed, confirm);
    expect(confirmed.slice(1, 12)).toEqual(Array<MeasuredStatus>(11).fill("online"));
    expect(confirmed.slice(12)).toEqual(Array<MeasuredStatus>(4).fill("offline"));
  });
});
