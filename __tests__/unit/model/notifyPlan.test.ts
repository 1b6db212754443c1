/**
 * What a run owes the people who are told: changes of confirmed state, once
 * per channel, reminders while down, nothing for a server first seen, nothing
 * twice when a run is played again.
 */
import type { MeasuredStatus } from "../../../src/domain/checks/outcome";
import type { NotificationsConfig } from "../../../src/domain/notify/notifications";
import {
  batchesOf,
  boundOutbox,
  emptyNotifyState,
  eventOf,
  planNotifications,
  SENT_MEMORY_MS,
  type NotifyState,
  type OutboxItem,
  type PlanResult,
} from "../../../src/domain/notify/plan";
import { makeNotice } from "../fixtures";
import { describe as describeMessage, plainText } from "../../../src/domain/notify/wording";

const config: NotificationsConfig = {
  defaults: { reminderMinutes: 60 },
  channels: [
    { id: "slack", type: "slack", urlEnv: "S" },
    { id: "pager", type: "ntfy", urlEnv: "N" },
  ],
  routes: [{ channels: ["slack"] }, { servers: ["web-1"], channels: ["pager"], events: ["down"] }],
};

const T0 = Date.parse("2026-11-24T10:00:00Z");
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const result = (
  id: string,
  status: MeasuredStatus,
  minutes: number,
  detail = status === "offline" ? "connection refused" : "200 in 12 ms",
): PlanResult => ({
  server: { id, name: id.toUpperCase(), ip: "192.0.2.1", location: "Paris" },
  status,
  checkedAt: at(minutes).toISOString(),
  detail,
});

function run(state: NotifyState, results: PlanResult[], minutes: number, extra: Partial<Parameters<typeof planNotifications>[0]> = {}) {
  return planNotifications({ config, state, results, now: at(minutes), siteUrl: "https://status.example.org", ...extra });
}

/** Marks every queued item sent, as a delivery that went well would. */
function delivered(state: NotifyState, minutes: number): NotifyState {
  const sent = { ...state.sent };
  for (const item of state.outbox) sent[`${item.channel} ${item.notice.key}`] = at(minutes).toISOString();
  return { ...state, sent, outbox: [] };
}

describe("events", () => {
  it.each([
    ["online", "offline", "down"],
    ["warning", "offline", "down"],
    ["online", "warning", "degraded"],
    ["offline", "online", "recovered"],
    ["offline", "warning", "recovered"],
    ["warning", "online", "recovered"],
    ["online", "online", null],
  ] as const)("%s → %s is %s", (from, to, event) => {
    expect(eventOf(from, to)).toBe(event);
  });
});

describe("planNotifications", () => {
  it("a server first seen online or in warning is remembered, not announced", () => {
    const plan = run(emptyNotifyState(), [result("web-1", "online", 0), result("web-2", "warning", 0)], 0);
    expect(plan.queued).toEqual([]);
    expect(plan.state.servers["web-1"]).toEqual({ state: "online", since: null });
    expect(plan.state.servers["web-2"]).toEqual({ state: "warning", since: null });
  });

  // Protects "a story that starts in the middle" (#30): a server first seen down is told once, so its return has a beginning.
  it("a server the job first saw offline is told once, as its first check, and its return is told after it", () => {
    // Only new to the notifications (turned on today, or their memory set aside): a known outage, not announced again.
    expect(run(emptyNotifyState(), [result("web-1", "offline", 0)], 0).queued).toEqual([]);
    const plan = run(emptyNotifyState(), [{ ...result("web-1", "offline", 0), firstSeenDown: true }], 0);
    expect(plan.queued.map((q) => [q.channel, q.notice.event, q.notice.from])).toEqual([
      ["slack", "down", null],
      ["pager", "down", null],
    ]);
    expect(plan.state.servers["web-1"]).toEqual({ state: "offline", since: at(0).toISOString() });
    const again = run(delivered(plan.state, 1), [result("web-1", "offline", 5)], 5);
    expect(again.queued).toEqual([]);
    const back = run(again.state, [result("web-1", "online", 10)], 10);
    expect(back.queued.map((q) => [q.notice.event, q.notice.durationMs])).toEqual([["recovered", 10 * 60_000]]);
  });

  it("a server going down is queued once per routed channel, with what a person needs", () => {
    const first = run(emptyNotifyState(), [result("web-1", "online", 0), result("web-2", "online", 0)], 0).state;
    const plan = run(first, [result("web-1", "offline", 5), result("web-2", "online", 5)], 5);
    expect(plan.queued.map((q) => q.channel)).toEqual(["slack", "pager"]);
    expect(plan.queued[0].notice).toEqual({
      key: `web-1|down|${at(5).toISOString()}`,
      event: "down",
      server: { id: "web-1", name: "WEB-1", ip: "192.0.2.1", location: "Paris" },
      from: "online",
      to: "offline",
      since: at(5).toISOString(),
      at: at(5).toISOString(),
      detail: "connection refused",
      durationMs: null,
      url: "https://status.example.org/servers/web-1",
    });
  });

  it("a run played again (a crash after the outbox was saved) queues nothing new", () => {
    const first = run(emptyNotifyState(), [result("web-1", "online", 0)], 0).state;
    const down = run(first, [result("web-1", "offline", 5)], 5).state;
    expect(down.outbox).toHaveLength(2);
    // the same change, confirmed again by the next run: already told
    const again = run(down, [result("web-1", "offline", 6)], 6);
    expect(again.queued).toEqual([]);
    expect(again.state.outbox).toHaveLength(2);
  });

  it("a key already sent to a channel is not queued for it again", () => {
    const first = run(emptyNotifyState(), [result("web-1", "online", 0)], 0).state;
    const down = delivered(run(first, [result("web-1", "offline", 5)], 5).state, 5);
    // notify-state.json from before the send was restored: the servers' memory is older, the sent keys are not
    const restored: NotifyState = { ...down, servers: first.servers };
    expect(run(restored, [result("web-1", "offline", 5)], 5).queued).toEqual([]);
  });

  it("reminders every reminderMinutes while down; a late run sends only the latest; recovery says how long", () => {
    let state = run(emptyNotifyState(), [result("web-1", "online", 0)], 0).state;
    state = delivered(run(state, [result("web-1", "offline", 5)], 5).state, 5);
    expect(run(state, [result("web-1", "offline", 60)], 60).queued).toEqual([]);
    const reminder = run(state, [result("web-1", "offline", 65)], 65);
    expect(reminder.queued.map((q) => [q.channel, q.notice.event, q.notice.durationMs])).toEqual([["slack", "reminder", 3_600_000]]);
    state = delivered(reminder.state, 65);
    expect(run(state, [result("web-1", "offline", 70)], 70).queued).toEqual([]);
    // the job did not run for three hours: one reminder, the third
    const late = run(state, [result("web-1", "offline", 190)], 190);
    expect(late.queued.map((q) => q.notice.key)).toEqual([`web-1|reminder|${at(5).toISOString()}|3`]);
    state = delivered(late.state, 190);
    const back = run(state, [result("web-1", "online", 200)], 200);
    expect(back.queued.map((q) => [q.channel, q.notice.event, q.notice.from, q.notice.durationMs])).toEqual([
      ["slack", "recovered", "offline", 195 * 60_000],
    ]);
  });

  it("reminderMinutes 0 sends none; sendOnRecovery false sends no recovery but remembers it", () => {
    const quiet = { ...config, defaults: { reminderMinutes: 0, sendOnRecovery: false } };
    let state = run(emptyNotifyState(), [result("web-1", "online", 0)], 0, { config: quiet }).state;
    state = delivered(run(state, [result("web-1", "offline", 5)], 5, { config: quiet }).state, 5);
    expect(run(state, [result("web-1", "offline", 600)], 600, { config: quiet }).queued).toEqual([]);
    const back = run(state, [result("web-1", "online", 605)], 605, { config: quiet });
    expect(back.queued).toEqual([]);
    expect(back.state.servers["web-1"].state).toBe("online");
    // and going down again is news again
    expect(run(back.state, [result("web-1", "offline", 610)], 610, { config: quiet }).queued).toHaveLength(2);
  });

  it("a suppressed change is not remembered: when the reason ends, a server still down is told at once", () => {
    const state = run(emptyNotifyState(), [result("web-1", "online", 0)], 0).state;
    const maintenance = () => "maintenance window db-upgrade";
    const during = run(state, [result("web-1", "offline", 5)], 5, { suppress: maintenance });
    expect(during.queued).toEqual([]);
    expect(during.suppressed.map((s) => [s.notice.event, s.reason])).toEqual([["down", "maintenance window db-upgrade"]]);
    const after = run(during.state, [result("web-1", "offline", 65)], 65);
    expect(after.queued.map((q) => [q.channel, q.notice.event])).toEqual([
      ["slack", "down"],
      ["pager", "down"],
    ]);
  });

  it("a clock set back between down and recovery gives no duration, never a negative one", () => {
    const state = run(emptyNotifyState(), [result("web-1", "online", 0)], 0).state;
    const down = delivered(run(state, [result("web-1", "offline", 120)], 120).state, 120);
    const back = run(down, [result("web-1", "online", 60)], 60);
    expect(back.queued.map((q) => [q.notice.event, q.notice.durationMs])).toEqual([["recovered", null]]);
  });

  it("a server no longer checked is forgotten", () => {
    const state = run(emptyNotifyState(), [result("web-1", "online", 0), result("web-2", "online", 0)], 0).state;
    expect(Object.keys(run(state, [result("web-2", "online", 5)], 5).state.servers)).toEqual(["web-2"]);
  });

  it("sent keys are forgotten after SENT_MEMORY_MS", () => {
    const state: NotifyState = { ...emptyNotifyState(), sent: { "slack old": at(0).toISOString(), "slack new": at(60).toISOString() } };
    const plan = run(state, [], SENT_MEMORY_MS / 60_000 + 30);
    expect(Object.keys(plan.state.sent)).toEqual(["slack new"]);
  });
});

describe("batches", () => {
  it("more than digestAbove notices for a channel are one digest (notifyFormat orders it, worst first)", () => {
    const state = run(
      emptyNotifyState(),
      ["a", "b", "c"].map((id) => result(id, "online", 0)),
      0,
    ).state;
    const plan = run(state, [result("a", "warning", 5), result("b", "offline", 5), result("c", "online", 5)], 5);
    expect(batchesOf(plan.queued, 1)).toHaveLength(1);
    expect(batchesOf(plan.queued, 2)).toHaveLength(2);
  });
});

describe("a certificate's expiry (issue #23, part B): once per threshold crossed", () => {
  const DAY_MINUTES = 24 * 60;
  /** a certificate that expires 40 days after T0 */
  const EXPIRES = at(40 * DAY_MINUTES).toISOString();
  const checked = (minutes: number, expires = EXPIRES): PlanResult => ({
    ...result("web-1", "online", minutes),
    certificateExpires: expires,
  });
  /** Runs once a day from `fromDay` to `toDay`, delivering what each owes; the thresholds told, in order. */
  function daily(state: NotifyState, fromDay: number, toDay: number, expires = EXPIRES) {
    const told: number[] = [];
    for (let day = fromDay; day <= toDay; day += 1) {
      const plan = run(state, [checked(day * DAY_MINUTES, expires)], day * DAY_MINUTES);
      for (const item of plan.queued.filter((i) => i.channel === "slack")) told.push(item.notice.certificate!.daysLeft);
      state = delivered(plan.state, day * DAY_MINUTES);
    }
    return { state, told };
  }

  it("told at 30, 14, 7 and 1 days left, each once, over 40 daily runs", () => {
    const { told } = daily(emptyNotifyState(), 0, 39);
    expect(told).toEqual([30, 14, 7, 1]);
  });

  it("told from the first run that sees it, at the lowest threshold crossed only", () => {
    const plan = run(emptyNotifyState(), [checked(35 * DAY_MINUTES)], 35 * DAY_MINUTES);
    expect(plan.queued.map((i) => [i.channel, i.notice.event, i.notice.certificate])).toEqual([
      ["slack", "certificate", { expires: EXPIRES, daysLeft: 5 }],
    ]);
    expect(plan.state.servers["web-1"].certificate).toEqual({ expires: EXPIRES, told: 7 });
  });

  it("the same run played again tells nothing new", () => {
    const first = run(emptyNotifyState(), [checked(35 * DAY_MINUTES)], 35 * DAY_MINUTES);
    const again = run(delivered(first.state, 35 * DAY_MINUTES), [checked(35 * DAY_MINUTES)], 35 * DAY_MINUTES);
    expect(again.queued).toEqual([]);
  });

  it("a renewed certificate starts afresh: its own thresholds are told again", () => {
    const { state } = daily(emptyNotifyState(), 20, 35);
    expect(state.servers["web-1"].certificate).toEqual({ expires: EXPIRES, told: 7 });
    const renewed = at(100 * DAY_MINUTES).toISOString();
    expect(daily(state, 36, 36, renewed).state.servers["web-1"].certificate).toEqual({ expires: renewed });
    expect(daily(state, 36, 99, renewed).told).toEqual([30, 14, 7, 1]);
  });

  it("goes by routes like other events: a route of down only never gets it", () => {
    const plan = run(emptyNotifyState(), [checked(35 * DAY_MINUTES)], 35 * DAY_MINUTES);
    expect(plan.queued.some((i) => i.channel === "pager")).toBe(false);
  });

  it("held back by maintenance is not remembered, and told when the window ends", () => {
    const held = run(emptyNotifyState(), [checked(35 * DAY_MINUTES)], 35 * DAY_MINUTES, { suppress: () => "in maintenance: upgrade" });
    expect(held.queued).toEqual([]);
    expect(held.suppressed.map((s) => s.notice.event)).toEqual(["certificate"]);
    const after = run(held.state, [checked(35 * DAY_MINUTES + 60)], 35 * DAY_MINUTES + 60);
    expect(after.queued.map((i) => i.notice.key)).toEqual([`web-1|certificate|${EXPIRES}|7`]);
  });

  it("an expired certificate is not a certificate notice (the server is down, and told so)", () => {
    const plan = run(emptyNotifyState(), [checked(41 * DAY_MINUTES)], 41 * DAY_MINUTES);
    expect(plan.queued).toEqual([]);
  });
});

describe("flapping (#30)", () => {
  const flapping = (minutes: number, changes = 5) => ({ since: at(minutes).toISOString(), changes, minutes: 60 });

  it("is told once when it begins, routed as a fall; then nothing, whatever the state does; once when it settles, in its state", () => {
    let state = run(emptyNotifyState(), [result("web-1", "online", 0)], 0).state;
    const began = run(state, [{ ...result("web-1", "offline", 30), flapping: flapping(30) }], 30);
    expect(began.queued.map((q) => [q.channel, q.notice.event, q.notice.to])).toEqual([
      ["slack", "flapping", "offline"],
      ["pager", "flapping", "offline"],
    ]);
    expect(began.queued[0].notice.flapping).toEqual(flapping(30));
    state = delivered(began.state, 30);
    // Swinging on, and down for hours: no change, no reminder.
    for (const [minutes, status] of [
      [35, "online"],
      [40, "offline"],
      [100, "online"],
      [200, "offline"],
    ] as const) {
      const plan = run(state, [{ ...result("web-1", status, minutes), flapping: flapping(30) }], minutes);
      expect(plan.queued).toEqual([]);
      state = plan.state;
    }
    const settled = run(state, [result("web-1", "offline", 265)], 265);
    expect(settled.queued.map((q) => [q.channel, q.notice.event, q.notice.to])).toEqual([
      ["slack", "settled", "offline"],
      ["pager", "settled", "offline"],
    ]);
    // Settled down, it is down like any other: reminders count from its settling.
    state = delivered(settled.state, 265);
    expect(run(state, [result("web-1", "offline", 300)], 300).queued).toEqual([]);
    expect(run(state, [result("web-1", "offline", 326)], 326).queued.map((q) => q.notice.event)).toEqual(["reminder"]);
  });

  it("a server that settles online is told on the routes of a recovery", () => {
    let state = run(emptyNotifyState(), [result("web-1", "online", 0)], 0).state;
    state = delivered(run(state, [{ ...result("web-1", "offline", 30), flapping: flapping(30) }], 30).state, 30);
    const settled = run(state, [result("web-1", "online", 120)], 120);
    // The pager takes only falls.
    expect(settled.queued.map((q) => [q.channel, q.notice.event])).toEqual([["slack", "settled"]]);
  });
});

describe("certificates' warnings (#30)", () => {
  const cert = (status: MeasuredStatus, minutes: number, expires: string, cause?: "certificate"): PlanResult => ({
    ...result(
      "web-1",
      status,
      minutes,
      status === "warning" ? "HTTP 200 in 12 ms, but the certificate expires in 10 days" : "HTTP 200 in 12 ms",
    ),
    certificateExpires: expires,
    ...(cause ? { warningCause: cause } : {}),
  });
  const SOON = new Date(T0 + 10 * 86_400_000).toISOString();
  const RENEWED = new Date(T0 + 90 * 86_400_000).toISOString();

  it("a certificate about to expire sends one notice (the certificate's), not also a degraded one", () => {
    // First seen 10 days before its expiry: the certificate's notice is owed at once (a date to come is news when learnt).
    const first = run(emptyNotifyState(), [cert("online", 0, SOON)], 0);
    expect(first.queued.map((q) => [q.channel, q.notice.event])).toEqual([["slack", "certificate"]]);
    // Its confirmed warning, a run later, says nothing more.
    const plan = run(delivered(first.state, 0), [cert("warning", 5, SOON, "certificate")], 5);
    expect(plan.queued).toEqual([]);
    expect(plan.state.servers["web-1"]).toMatchObject({ state: "warning", cause: "certificate" });
  });

  it("a renewed certificate is told as renewed, with its new expiry; the same certificate out of its warning period in its own words", () => {
    const warned = delivered(
      run(run(emptyNotifyState(), [cert("online", 0, SOON)], 0).state, [cert("warning", 5, SOON, "certificate")], 5).state,
      5,
    );
    const renewed = run(warned, [cert("online", 10, RENEWED)], 10);
    expect(renewed.queued.map((q) => [q.notice.event, q.notice.cause, q.notice.certificate?.expires])).toEqual([
      ["recovered", "certificate-renewed", RENEWED],
    ]);
    const over = run(warned, [cert("online", 10, SOON)], 10);
    expect(over.queued.map((q) => [q.notice.event, q.notice.cause])).toEqual([["recovered", "certificate-warning-over"]]);
  });

  // Protects the renewal's words with the default confirmRuns (2): the run that first sees the new certificate is still a warning.
  it("a renewal seen while the warning is still confirmed is told as renewed", () => {
    const first = run(emptyNotifyState(), [cert("online", 0, SOON)], 0);
    let state = delivered(run(delivered(first.state, 0), [cert("warning", 5, SOON, "certificate")], 5).state, 5);
    // The new certificate is seen, the warning still confirmed; then online.
    state = run(state, [cert("warning", 10, RENEWED, "certificate")], 10).state;
    const back = run(state, [cert("online", 15, RENEWED)], 15);
    expect(back.queued.map((q) => [q.notice.event, q.notice.cause])).toEqual([["recovered", "certificate-renewed"]]);
  });

  it("a threshold told is not told again after an outage in between", () => {
    const told = delivered(run(emptyNotifyState(), [cert("online", 0, SOON)], 0).state, 0);
    const down = delivered(run(told, [{ ...cert("online", 5, SOON), status: "offline", detail: "connection refused" }], 5).state, 5);
    const back = run(down, [cert("online", 10, SOON)], 10);
    expect(back.queued.map((q) => q.notice.event)).toEqual(["recovered"]);
  });

  it("a warning above 30 days (warnDays 45) is told when it begins, once, and goes where a degradation goes too", () => {
    const LATER = new Date(T0 + 40 * 86_400_000).toISOString();
    const degradedOnly: NotificationsConfig = { ...config, routes: [{ channels: ["slack"], events: ["degraded"] }] };
    const first = planNotifications({
      config: degradedOnly,
      state: emptyNotifyState(),
      results: [cert("online", 0, LATER)],
      now: at(0),
      siteUrl: null,
    });
    expect(first.queued).toEqual([]);
    const warned = planNotifications({
      config: degradedOnly,
      state: first.state,
      results: [cert("warning", 5, LATER, "certificate")],
      now: at(5),
      siteUrl: null,
    });
    expect(warned.queued.map((q) => [q.channel, q.notice.event, q.notice.certificate?.daysLeft])).toEqual([["slack", "certificate", 40]]);
    const again = planNotifications({
      config: degradedOnly,
      state: delivered(warned.state, 5),
      results: [cert("warning", 24 * 60, LATER, "certificate")],
      now: at(24 * 60),
      siteUrl: null,
    });
    expect(again.queued).toEqual([]);
  });

  it("a slow server's recovery keeps the plain words", () => {
    const state = run(emptyNotifyState(), [result("web-1", "online", 0)], 0).state;
    const slow = delivered(run(state, [{ ...result("web-1", "warning", 5), warningCause: "slow" }], 5).state, 5);
    const back = run(slow, [result("web-1", "online", 10)], 10);
    expect(back.queued.map((q) => [q.notice.event, q.notice.cause])).toEqual([["recovered", undefined]]);
  });
});

describe("the outbox's bound (#44)", () => {
  const item = (channel: string, i: number, sending = false): OutboxItem => ({
    channel,
    notice: { ...makeNotice(), key: `k${i}` },
    queuedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    ...(sending ? { sendingSince: "2026-01-01T01:00:00.000Z" } : {}),
  });

  it("keeps each channel to the limit, dropping its oldest; other channels and a send under way keep theirs", () => {
    const outbox = [item("a", 0, true), item("a", 1), item("b", 2), item("a", 3), item("a", 4), item("b", 5)];
    const { outbox: kept, dropped } = boundOutbox(outbox, 2);
    expect(dropped.map((i) => `${i.channel}${i.notice.key}`)).toEqual(["ak1", "ak3"]);
    expect(kept.map((i) => `${i.channel}${i.notice.key}`)).toEqual(["ak0", "bk2", "ak4", "bk5"]);
  });

  it("under the limit, nothing is dropped", () => {
    const outbox = [item("a", 0), item("a", 1)];
    expect(boundOutbox(outbox, 2)).toEqual({ outbox, dropped: [] });
  });
});

describe("a server the job has no result for (#44)", () => {
  const unchecked = (id: string, status: MeasuredStatus, lastMinutes: number, foundMinutes: number): PlanResult => ({
    ...result(id, status, lastMinutes),
    notChecked: { foundAt: at(foundMinutes).toISOString(), reason: "its check did not finish within the run's deadline" },
  });

  it("is told once, routed like a fall, in words; then nothing while it lasts (no reminder); and once when results come back", () => {
    let state = run(emptyNotifyState(), [result("web-1", "offline", 0)], 0).state;
    state = delivered(state, 0);
    const found = run(state, [unchecked("web-1", "offline", 0, 20)], 20);
    // Routed as a down: both the slack route and the pager route (down only) have it.
    expect(found.queued.map((q) => [q.channel, q.notice.event])).toEqual([
      ["slack", "unchecked"],
      ["pager", "unchecked"],
    ]);
    expect(found.queued[0].notice.detail).toBe("no result for 20 min: its check did not finish within the run's deadline");
    state = delivered(found.state, 20);
    // Two hours on, still without results: no reminder of a state nobody has seen.
    expect(run(state, [unchecked("web-1", "offline", 0, 20)], 140).queued).toEqual([]);
    const back = run(state, [result("web-1", "online", 150)], 150);
    expect(back.queued.map((q) => [q.channel, q.notice.event])).toEqual([
      ["slack", "checked"],
      ["slack", "recovered"],
    ]);
    expect(back.queued[0].notice.durationMs).toBe(150 * 60_000);
    expect(back.state.servers["web-1"].unchecked).toBeUndefined();
  });

  it("a server new to the notifications and not checked is remembered, not announced; its results' return is told", () => {
    const first = run(emptyNotifyState(), [unchecked("web-2", "online", 0, 30)], 30);
    expect(first.queued).toEqual([]);
    expect(run(first.state, [result("web-2", "online", 40)], 40).queued.map((q) => q.notice.event)).toEqual(["checked"]);
  });

  it("a notice of no result is not green: a warning's colour whatever the last state said", () => {
    const state = delivered(run(emptyNotifyState(), [result("web-1", "online", 0)], 0).state, 0);
    const [item] = run(state, [unchecked("web-1", "online", 0, 20)], 20).queued;
    const said = describeMessage({ kind: "notice", notice: item.notice });
    expect(said.title).toBe("WEB-1 (web-1) is not checked: no result since 2026-11-24 10:00 UTC");
    expect(said.state).toBe("warning");
    expect(plainText(said)).toContain("State: Not checked (the last result said Online)");
  });
});
