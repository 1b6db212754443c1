/** @jest-environment node */
/**
 * One notice for one cause (#47): a run's confirmed falls behind a root cause
 * that is down are the root's, in latest.json (`cause`), in the alerts (one,
 * naming its dependents) and in what the notifications owe (one notice per
 * route, counting them); the root's return brings theirs; a dependent still
 * down after its root is back has fallen on its own.
 */
import type { CheckOutcome } from "../../../src/domain/checks/alerts";
import { DEFAULT_FLAPPING } from "../../../src/domain/checks/flapping";
import { emptyHistory } from "../../../src/domain/checks/history";
import type { MeasuredStatus } from "../../../src/domain/checks/outcome";
import { applyRun, type AppliedRun, type CheckState, type RunServer } from "../../../src/domain/checks/run";
import type { NotificationsConfig } from "../../../src/domain/notify/notifications";
import { notificationIssues } from "../../../src/domain/notify/config";
import { emptyNotifyState, planNotifications, type NotifyState, type PlanResult } from "../../../src/domain/notify/plan";
import { describe as describeMessage, plainText } from "../../../src/domain/notify/wording";

const T0 = Date.parse("2026-11-29T10:00:00Z");
const at = (run: number, seconds = 0) => new Date(T0 + run * 5 * 60_000 + seconds * 1000);
const server = (id: string, dependsOn?: string[]): RunServer => ({
  id,
  name: id.toUpperCase(),
  ip: "192.0.2.1",
  location: "Lisbon, Portugal",
  warnAboveMs: 150,
  confirmRuns: { warning: 1, offline: 1 },
  flapping: DEFAULT_FLAPPING,
  ...(dependsOn ? { dependsOn } : {}),
});
const DEPENDENTS = Array.from({ length: 12 }, (_, i) => `app-${String(i + 1).padStart(2, "0")}`);
const SERVERS = new Map(
  [server("switch"), server("lone"), ...DEPENDENTS.map((id) => server(id, ["switch"]))].map((s) => [s.id, s] as const),
);

/** One run in which each server shows the state given (online unless named). */
function runWith(state: CheckState, run: number, states: Record<string, MeasuredStatus>): AppliedRun {
  const outcomes: CheckOutcome[] = [...SERVERS.keys()].map((id) => {
    const status = states[id] ?? "online";
    return {
      server: id,
      status,
      responseTime: status === "offline" ? null : 20,
      detail: status === "offline" ? "timed out after 2 s" : "HTTP 200 in 20 ms",
      checkedAt: at(run, 1).toISOString(),
    };
  });
  return applyRun(state, outcomes, SERVERS, at(run), at(run, 2));
}
const allDown = Object.fromEntries(["switch", ...DEPENDENTS].map((id) => [id, "offline" as const]));

const config: NotificationsConfig = {
  defaults: { reminderMinutes: 60 },
  channels: [{ id: "hook", type: "webhook", urlEnv: "H" }],
  routes: [{ channels: ["hook"] }],
};
/** The notices a run owes, from its latest.json as the job hands them over. */
function notify(state: NotifyState, applied: AppliedRun, run: number) {
  const results: PlanResult[] = applied.latest!.results.map((r) => ({ ...r, server: SERVERS.get(r.server)! }));
  return planNotifications({ config, state, results, now: at(run, 2), siteUrl: null });
}

describe("a root cause and its dependents, through a run and its notices", () => {
  let state: CheckState;
  let told: NotifyState;
  beforeEach(() => {
    state = { history: emptyHistory(), latest: null, alerts: [], rollups: new Map() };
    const first = runWith(state, 0, {});
    state = first;
    told = notify(emptyNotifyState(), first, 0).state;
  });

  it("falls: one alert and one notice for the root, naming and counting its dependents; theirs say why", () => {
    const fall = runWith(state, 1, allDown);
    expect(fall.fresh).toHaveLength(1);
    expect(fall.fresh[0]).toMatchObject({ server: "SWITCH", type: "error" });
    expect(fall.fresh[0].message).toBe(
      "Server offline: timed out after 2 s; 12 servers that depend on it are unreachable: APP-01, APP-02, APP-03, APP-04, APP-05, APP-06, APP-07, APP-08, APP-09, APP-10 and 2 more",
    );
    const causes = Object.fromEntries(fall.latest!.results.map((r) => [r.server, r.cause]));
    expect(causes.switch).toBeUndefined();
    for (const id of DEPENDENTS) expect(causes[id]).toBe("switch");

    const plan = notify(told, fall, 1);
    expect(plan.queued).toHaveLength(1);
    const notice = plan.queued[0].notice;
    expect(notice).toMatchObject({ event: "down", server: { id: "switch" }, dependents: { count: 12 } });
    expect(notice.dependents!.names).toHaveLength(10);
    const text = plainText(describeMessage({ kind: "notice", notice }));
    expect(text).toContain("SWITCH (switch) is offline; 12 servers that depend on it are unreachable");
    expect(text).toContain("Unreachable because of it: APP-01 (app-01), APP-02 (app-02)");
    expect(text).toContain("and 2 more");
    for (const id of DEPENDENTS) expect(plan.state.servers[id]).toMatchObject({ state: "offline", causedBy: "switch" });

    // Still down an hour later: a reminder for the root only, saying how many are still unreachable because of it.
    let later = fall;
    let memory = plan.state;
    const reminders = [];
    for (let run = 2; run <= 14; run += 1) {
      later = runWith(later, run, allDown);
      expect(later.fresh).toEqual([]);
      const next = notify(memory, later, run);
      expect(next.queued.every((q) => q.notice.server.id === "switch")).toBe(true);
      reminders.push(...next.queued.filter((q) => q.notice.event === "reminder").map((q) => q.notice));
      memory = next.state;
    }
    expect(reminders).toHaveLength(1);
    expect(reminders[0].dependents?.count).toBe(12);
    expect(plainText(describeMessage({ kind: "notice", notice: reminders[0] }))).toMatch(
      /^SWITCH \(switch\) is still offline for 1 h[^;]*; 12 servers that depend on it are unreachable/,
    );
  });

  it("comes back: one alert and one notice, naming those back with it", () => {
    const fall = runWith(state, 1, allDown);
    const afterFall = notify(told, fall, 1).state;
    const back = runWith(fall, 2, {});
    expect(back.fresh).toHaveLength(1);
    expect(back.fresh[0].message).toMatch(/^Server back online; 12 servers that depend on it answer again: APP-01, /);
    expect(back.latest!.results.every((r) => r.cause === undefined)).toBe(true);
    const plan = notify(afterFall, back, 2);
    expect(plan.queued.map((q) => [q.notice.event, q.notice.server.id, q.notice.dependents?.count])).toEqual([["recovered", "switch", 12]]);
    expect(plainText(describeMessage({ kind: "notice", notice: plan.queued[0].notice }))).toContain("Back with it: APP-01 (app-01)");
  });

  it("a dependent still down when its root is back has fallen on its own, told once", () => {
    const fall = runWith(state, 1, allDown);
    const afterFall = notify(told, fall, 1).state;
    const back = runWith(fall, 2, { "app-03": "offline" });
    expect(back.fresh.map((a) => [a.server, a.type])).toEqual([
      ["SWITCH", "info"],
      ["APP-03", "error"],
    ]);
    expect(back.fresh[0].message).toContain("11 servers that depend on it answer again");
    expect(back.fresh[1].message).toBe(
      "Server offline: timed out after 2 s (it was unreachable because SWITCH was down; SWITCH is back, this server is not)",
    );
    const plan = notify(afterFall, back, 2);
    const own = plan.queued.find((q) => q.notice.server.id === "app-03")!.notice;
    expect(own).toMatchObject({ event: "down", afterRoot: { id: "switch" } });
    expect(plainText(describeMessage({ kind: "notice", notice: own }))).toContain("Offline (still, after SWITCH came back)");
    // Told once: the next run, still down, owes nothing new for it.
    const again = runWith(back, 3, { "app-03": "offline" });
    expect(again.fresh).toEqual([]);
    expect(notify(plan.state, again, 3).queued).toEqual([]);
  });

  it("a dependent down on its own while its root is up is told as any fall", () => {
    const alone = runWith(state, 1, { "app-05": "offline", lone: "offline" });
    expect(alone.fresh.map((a) => a.message)).toEqual(["Server offline: timed out after 2 s", "Server offline: timed out after 2 s"]);
    expect(alone.latest!.results.find((r) => r.server === "app-05")!.cause).toBeUndefined();
    const plan = notify(told, alone, 1);
    expect(plan.queued.map((q) => q.notice.server.id).sort()).toEqual(["app-05", "lone"]);
    expect(plan.queued.every((q) => q.notice.dependents === undefined)).toBe(true);
  });

  it("dependents that fall after their root was told are its too: no alert, no notice of their own", () => {
    const rootFirst = runWith(state, 1, { switch: "offline" });
    expect(rootFirst.fresh).toHaveLength(1);
    expect(rootFirst.fresh[0].message).toBe("Server offline: timed out after 2 s");
    const memory = notify(told, rootFirst, 1).state;
    const then = runWith(rootFirst, 2, allDown);
    expect(then.fresh).toEqual([]);
    expect(notify(memory, then, 2).queued).toEqual([]);
  });

  it("a dependent that answered (an error status, a failed condition) was reached: its fall is its own", () => {
    const outcomes: CheckOutcome[] = [...SERVERS.keys()].map((id) => ({
      server: id,
      status: id === "switch" || id === "app-01" ? "offline" : "online",
      responseTime: id === "app-01" ? 35 : id === "switch" ? null : 20,
      detail: id === "app-01" ? "HTTP 503 in 35 ms" : id === "switch" ? "timed out after 2 s" : "HTTP 200 in 20 ms",
      checkedAt: at(1, 1).toISOString(),
    }));
    const applied = applyRun(state, outcomes, SERVERS, at(1), at(1, 2));
    expect(applied.latest!.results.find((r) => r.server === "app-01")!.cause).toBeUndefined();
    expect(applied.fresh.map((a) => [a.server, a.message])).toEqual([
      ["SWITCH", "Server offline: timed out after 2 s"],
      ["APP-01", "Server offline: HTTP 503 in 35 ms"],
    ]);
  });

  it("marks the dependents' checks as caused in the history and their rollups, run by run; the root's are its own", () => {
    const fall = runWith(state, 1, allDown);
    const run = fall.history.runs.at(-1)!;
    expect(run.at).toBe(at(1).toISOString());
    expect(run.caused).toEqual(DEPENDENTS);
    const hour = (id: string) => {
      const series = fall.rollups.get(id)!.hourly;
      return { total: series.total.at(-1), up: series.up.at(-1), caused: series.caused?.at(-1) };
    };
    expect(hour("app-04")).toEqual({ total: 2, up: 1, caused: 1 });
    expect(fall.rollups.get("app-04")!.daily.caused).toEqual([1]);
    expect(hour("switch")).toEqual({ total: 2, up: 1, caused: undefined });
    // Still down the next run: marked again; back the run after: nothing more is marked, and what was stays.
    const still = runWith(fall, 2, allDown);
    expect(still.history.runs.at(-1)!.caused).toEqual(DEPENDENTS);
    expect(still.rollups.get("app-04")!.daily.caused).toEqual([2]);
    const back = runWith(still, 3, {});
    expect(back.history.runs.at(-1)!.caused).toBeUndefined();
    expect(back.history.runs.filter((r) => r.caused).map((r) => r.at)).toEqual([at(1).toISOString(), at(2).toISOString()]);
    expect(back.rollups.get("app-04")!.daily).toMatchObject({ total: [4], up: [2], caused: [2] });
  });

  it("a dependent that fell on its own is not marked: a check that answered, or one down while its root is up", () => {
    const alone = runWith(state, 1, { "app-05": "offline" });
    expect(alone.history.runs.at(-1)!.caused).toBeUndefined();
    expect(alone.rollups.get("app-05")!.daily.caused).toBeUndefined();
  });

  it("a dependent down on its own before its root fell stays its own: the root's fall excuses none of its downtime", () => {
    const alone = runWith(state, 1, { "app-05": "offline" });
    const both = runWith(alone, 2, allDown);
    expect(both.latest!.results.find((r) => r.server === "app-05")!.cause).toBeUndefined();
    expect(both.history.runs.at(-1)!.caused).toEqual(DEPENDENTS.filter((id) => id !== "app-05"));
    expect(both.rollups.get("app-05")!.daily.caused).toBeUndefined();
    // the root's alert names those that fell with it, not the one already down
    expect(both.fresh.map((a) => a.server)).toEqual(["SWITCH"]);
    expect(both.fresh[0].message).toContain("11 servers that depend on it are unreachable");
  });

  it("without dependencies, a run is as before: each fall its own alert", () => {
    const plain = new Map([...SERVERS].map(([id, s]) => [id, { ...s, dependsOn: undefined }] as const));
    const outcomes: CheckOutcome[] = [...plain.keys()].map((id) => ({
      server: id,
      status: "offline",
      responseTime: null,
      detail: "timed out after 2 s",
      checkedAt: at(1, 1).toISOString(),
    }));
    const applied = applyRun(state, outcomes, plain, at(1), at(1, 2));
    expect(applied.fresh).toHaveLength(plain.size);
    expect(applied.latest!.results.every((r) => r.cause === undefined)).toBe(true);
  });
});

describe("routes and dependencies: counted where the root's notice goes, each where asked or where it does not go", () => {
  const routed: NotificationsConfig = {
    defaults: { reminderMinutes: 0 },
    channels: ["ops", "apps", "net", "everything"].map((id) => ({ id, type: "webhook" as const, urlEnv: "H" })),
    routes: [
      // Roots only: the root's notice, its dependents counted.
      { channels: ["ops"] },
      // An application team's servers, not the switch: each of its servers' news, naming the switch.
      { servers: ["app-01", "app-02"], channels: ["apps"] },
      // The switch's dependency group, each told: the switch and everything behind it.
      { groups: ["switch"], channels: ["net"], dependents: "each" },
      // Both, for every server.
      { channels: ["everything"], dependents: "each" },
    ],
  };
  const graph = new Map([...SERVERS].flatMap(([id, s]) => (s.dependsOn ? [[id, s.dependsOn] as const] : [])));
  const plan = (memory: NotifyState, applied: AppliedRun, run: number) =>
    planNotifications({
      config: routed,
      state: memory,
      results: applied.latest!.results.map((r) => ({ ...r, server: SERVERS.get(r.server)! })),
      now: at(run, 2),
      siteUrl: null,
      dependsOn: graph,
    });
  const byChannel = (queued: ReturnType<typeof plan>["queued"]) => {
    const out: Record<string, string[]> = {};
    for (const q of queued) (out[q.channel] ??= []).push(`${q.notice.event} ${q.notice.server.id}`);
    return out;
  };

  it("sends each route what it asked for, the fall and then the return", () => {
    const first = runWith({ history: emptyHistory(), latest: null, alerts: [], rollups: new Map() }, 0, {});
    const memory = plan(emptyNotifyState(), first, 0).state;
    const fall = runWith(first, 1, allDown);
    const fell = plan(memory, fall, 1);
    const told = byChannel(fell.queued);
    expect(told.ops).toEqual(["down switch"]);
    expect(told.apps).toEqual(["down app-01", "down app-02"]);
    expect(told.net).toEqual(["down switch", ...DEPENDENTS.map((id) => `down ${id}`)]);
    expect(told.everything).toEqual(told.net);
    const own = fell.queued.find((q) => q.channel === "apps")!.notice;
    expect(plainText(describeMessage({ kind: "notice", notice: own }))).toContain(
      "APP-01 (app-01) is unreachable because SWITCH (switch) is down",
    );

    const back = plan(fell.state, runWith(fall, 2, {}), 2);
    const returned = byChannel(back.queued);
    expect(returned.ops).toEqual(["recovered switch"]);
    expect(returned.apps).toEqual(["recovered app-01", "recovered app-02"]);
    expect(returned.net).toHaveLength(1 + DEPENDENTS.length);
    const again = back.queued.find((q) => q.channel === "apps")!.notice;
    expect(plainText(describeMessage({ kind: "notice", notice: again }))).toContain(
      "(it was unreachable because SWITCH (switch) was down)",
    );
  });

  it("a route's groups and its dependents setting are validated like its servers", () => {
    const issues = notificationIssues(
      { channels: [{ id: "ops", type: "webhook", urlEnv: "H" }], routes: [{ groups: ["nowhere"], channels: ["ops"], dependents: "each" }] },
      new Set(SERVERS.keys()),
    );
    expect(issues).toEqual([expect.objectContaining({ level: "error", field: "routes[0].groups[0]", found: '"nowhere"' })]);
  });
});
