/**
 * Maintenance windows' edges (#47): a window's start and end are told once
 * each, to the routes that name the maintenance event, for each server it
 * covers, with the others it covers; nothing older than an hour; never held
 * back by the window itself; and the paging services record them without
 * paging anyone.
 */
import { maintenanceOccurrences, type MaintenanceWindow } from "../../../src/domain/incidents/maintenance";
import type { NotificationsConfig } from "../../../src/domain/notify/notifications";
import { emptyNotifyState, OUTBOX_MAX_AGE_MS, planNotifications, type NotifyState, type PlanResult } from "../../../src/domain/notify/plan";
import { describe as describeMessage, plainText } from "../../../src/domain/notify/wording";
import { pagerdutyBody } from "../../../src/domain/notify/formats/pagerduty";
import { opsgenieRequest } from "../../../src/domain/notify/formats/opsgenie";

const T0 = Date.parse("2026-11-29T10:00:00Z");
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const config: NotificationsConfig = {
  channels: [
    { id: "ops", type: "webhook", urlEnv: "H" },
    { id: "planned", type: "webhook", urlEnv: "H" },
  ],
  routes: [{ channels: ["ops"] }, { channels: ["planned"], events: ["maintenance"] }],
};
const WINDOW: MaintenanceWindow = {
  id: "db-upgrade",
  title: "Database upgrade",
  affected: ["db-1", "db-2", "elsewhere"],
  message: "Writes pause for a minute.",
  start: at(10).toISOString(),
  end: at(40).toISOString(),
};
const results = (minutes: number): PlanResult[] =>
  ["db-1", "db-2", "web-1"].map((id) => ({
    server: { id, name: id.toUpperCase(), ip: "192.0.2.1", location: "Oslo" },
    status: "online",
    checkedAt: at(minutes).toISOString(),
    detail: "HTTP 200 in 20 ms",
  }));

function run(state: NotifyState, minutes: number, windows: MaintenanceWindow[] = [WINDOW]) {
  const now = at(minutes);
  return planNotifications({
    config,
    state,
    results: results(minutes),
    now,
    siteUrl: null,
    maintenance: maintenanceOccurrences(windows, now.getTime() - OUTBOX_MAX_AGE_MS, now.getTime() + 1),
    // The window holds back other news; its own edges are never held back.
    suppress: (server, _event, when) => (WINDOW.affected.includes(server) && when >= at(10) && when < at(40) ? "in maintenance" : null),
  });
}
const sent = (state: NotifyState): NotifyState => ({
  ...state,
  sent: { ...state.sent, ...Object.fromEntries(state.outbox.map((item) => [`${item.channel} ${item.notice.key}`, at(0).toISOString()])) },
  outbox: [],
});

describe("maintenance windows' edges", () => {
  it("its start and its end are told once each, per server it covers, to the routes that name the event", () => {
    let state = run(emptyNotifyState(), 0).state;
    expect(state.outbox).toEqual([]);

    const began = run(state, 12);
    expect(began.queued.map((q) => [q.channel, q.notice.server.id, q.notice.maintenance?.edge])).toEqual([
      ["planned", "db-1", "began"],
      ["planned", "db-2", "began"],
    ]);
    const text = plainText(describeMessage({ kind: "notice", notice: began.queued[0].notice }));
    expect(text).toContain("DB-1 (db-1): maintenance began: Database upgrade (until 2026-11-29 10:40 UTC)");
    expect(text).toContain("Servers it covers: DB-1 (db-1) and DB-2 (db-2)");
    expect(text).toContain("Message: Writes pause for a minute.");
    state = sent(began.state);
    // The next runs, inside the window: nothing new.
    expect(run(state, 17).queued).toEqual([]);
    expect(run(state, 39).queued).toEqual([]);

    const ended = run(state, 42);
    expect(ended.queued.map((q) => [q.channel, q.notice.server.id, q.notice.maintenance?.edge])).toEqual([
      ["planned", "db-1", "ended"],
      ["planned", "db-2", "ended"],
    ]);
    expect(run(sent(ended.state), 47).queued).toEqual([]);
  });

  it("tells nothing of an edge older than an hour (notifications turned on later, a job stopped for long)", () => {
    expect(run(emptyNotifyState(), 10 + 61).queued.filter((q) => q.notice.maintenance?.edge === "began")).toEqual([]);
    expect(run(emptyNotifyState(), 40 + 61).queued).toEqual([]);
  });

  it("a window shorter than the time between two runs is told both ways at once", () => {
    const short = { ...WINDOW, id: "blip", start: at(1).toISOString(), end: at(3).toISOString() };
    const plan = run(emptyNotifyState(), 5, [short]);
    expect(plan.queued.map((q) => `${q.notice.server.id} ${q.notice.maintenance?.edge}`)).toEqual([
      "db-1 began",
      "db-2 began",
      "db-1 ended",
      "db-2 ended",
    ]);
  });

  it("the paging services record the edges without paging: PagerDuty as change events, Opsgenie as P5 alerts it closes", () => {
    const began = run(emptyNotifyState(), 12).queued[0].notice;
    const ended = run(emptyNotifyState(), 42).queued.find((q) => q.notice.maintenance?.edge === "ended")!.notice;
    expect(pagerdutyBody({ kind: "notice", notice: began }).path).toBe("/v2/change/enqueue");
    expect(pagerdutyBody({ kind: "notice", notice: ended }).path).toBe("/v2/change/enqueue");
    const opened = opsgenieRequest({ kind: "notice", notice: began });
    expect(opened.body).toMatchObject({ priority: "P5", alias: "check-db-1-maintenance-20261129T101000Z" });
    expect(opsgenieRequest({ kind: "notice", notice: ended }).path).toBe(
      "/v2/alerts/check-db-1-maintenance-20261129T101000Z/close?identifierType=alias",
    );
  });
});
