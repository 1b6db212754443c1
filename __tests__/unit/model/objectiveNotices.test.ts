/**
 * Objectives' burn-rate alerts as notices (#48): the episodes of
 * domain/objectives/burnAlerts.ts (held by properties over generated rates),
 * and what the notification plan makes of them: each edge told once, to the
 * routes that ask for the event and cover one of the objective's servers,
 * nothing twice when a run is played again, and the words a message says.
 */
import fc from "fast-check";
import { alertOf, nextEpisodes, pairBurns, type BurnRates, type Episodes } from "../../../src/domain/objectives/burnAlerts";
import type { NotificationsConfig } from "../../../src/domain/notify/notifications";
import { emptyNotifyState, planNotifications, type NotifyState, type ObjectiveNow } from "../../../src/domain/notify/plan";
import { describe as describeMessage, plainText } from "../../../src/domain/notify/wording";
import { problemKey, pagingAction } from "../../../src/domain/notify/formats/paging";
import { webhookBody } from "../../../src/domain/notify/formats/webhook";

const T0 = Date.parse("2026-11-24T10:00:00Z");
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const rates = (
  m30: number | null,
  h6: number | null,
  d3: number | null,
  m5: number | null = null,
  h1: number | null = null,
): BurnRates => ({
  "5m": m5,
  "30m": m30,
  "1h": h1,
  "6h": h6,
  "3d": d3,
});

describe("an objective's alerts as episodes", () => {
  it("a page when 6 hours and 30 minutes both burn 6×, a ticket when 3 days and 6 hours both burn 1×; the page first", () => {
    expect(alertOf(rates(6, 6, 0))).toBe("page");
    expect(alertOf(rates(5.99, 6, 6))).toBe("ticket");
    expect(alertOf(rates(30, 0.99, 5))).toBeNull();
    expect(alertOf(rates(null, 10, 10))).toBe("ticket");
    expect(alertOf(rates(null, null, null))).toBeNull();
    // from several places: the last hour and 5 minutes at 14.4× page too
    expect(alertOf(rates(0, 0, 0, 15, 14.4))).toBe("page");
    expect(alertOf(rates(0, 0, 0, 15, 14.3))).toBeNull();
  });

  it("begins once, goes on while its short window burns or says nothing, ends when that window is checked below its rate", () => {
    let episodes: Episodes = {};
    const step = (r: BurnRates, minutes: number) => {
      const next = nextEpisodes(episodes, r, at(minutes));
      episodes = next.episodes;
      return next.news.map((n) => `${n.level} ${n.edge}`);
    };
    expect(step(rates(8, 7, 0.5), 0)).toEqual(["page began"]);
    expect(step(rates(9, 9, 2), 5)).toEqual(["ticket began"]);
    // a 30 minutes without a check says nothing: the page goes on
    expect(step(rates(null, 9, 2), 10)).toEqual([]);
    expect(step(rates(5, 9, 2), 15)).toEqual(["page ended"]);
    expect(step(rates(5, 0.5, 2), 20)).toEqual(["ticket ended"]);
    expect(episodes).toEqual({});
  });

  it("a page begun by the places' pair goes on while either short window burns, and ends once both are checked below", () => {
    const began = nextEpisodes({}, rates(1, 1, 0, 20, 15), at(0));
    expect(began.news.map((n) => `${n.level} ${n.edge}`)).toEqual(["page began"]);
    // the 30 minutes calm, the 5 minutes still burning: on
    expect(nextEpisodes(began.episodes, rates(1, 1, 0, 20, 15), at(5)).news).toEqual([]);
    // both calm: over
    expect(nextEpisodes(began.episodes, rates(1, 1, 0, 0, 10), at(10)).news.map((n) => n.edge)).toEqual(["ended"]);
    // no place reporting any more and the 30 minutes calm: over too (the 30 minutes were checked)
    expect(nextEpisodes(began.episodes, rates(1, 1, 0), at(10)).news.map((n) => n.edge)).toEqual(["ended"]);
  });

  const rate = fc.option(fc.double({ min: 0, max: 50, noNaN: true }), { nil: null });
  const anyRates = fc.record({ "5m": rate, "30m": rate, "1h": rate, "6h": rate, "3d": rate });

  it("property: over any rates, edges alternate (began, ended, began …) for each alert, and an alert is on exactly while begun and not ended", () => {
    fc.assert(
      fc.property(fc.array(anyRates, { maxLength: 60 }), (series) => {
        let episodes: Episodes = {};
        const edges: Record<string, string[]> = { page: [], ticket: [] };
        series.forEach((r, i) => {
          const next = nextEpisodes(episodes, r, at(5 * i));
          for (const n of next.news) edges[n.level].push(n.edge);
          for (const level of ["page", "ticket"] as const) {
            // begun now: its pair burns; on: began before and its short window is not below its rate
            if (next.news.some((n) => n.level === level && n.edge === "began")) expect(pairBurns(r, level)).toBe(true);
            expect(next.episodes[level] !== undefined).toBe(edges[level].at(-1) === "began");
          }
          episodes = next.episodes;
        });
        for (const list of Object.values(edges)) list.forEach((edge, i) => expect(edge).toBe(i % 2 === 0 ? "began" : "ended"));
      }),
    );
  });
});

const config: NotificationsConfig = {
  channels: [
    { id: "slack", type: "slack", urlEnv: "S" },
    { id: "pager", type: "pagerduty", routingKeyEnv: "P" },
    { id: "other", type: "ntfy", urlEnv: "N" },
  ],
  routes: [
    { channels: ["slack"] },
    { servers: ["api-2"], channels: ["pager"], events: ["objective"] },
    { servers: ["db-1"], channels: ["other"], events: ["objective"] },
  ],
};
const objective = { id: "api", name: "API <up>", servers: ["api-1", "api-2"], availability: 99.9, window: "30d" as const };
const measured = (r: BurnRates): ObjectiveNow => ({
  objective,
  rates: r,
  budgetLeft: { share: 0.42, seconds: 1086 },
  names: ["API 1 (api-1)", "API 2 (api-2)"],
});
const plan = (state: NotifyState, r: BurnRates, minutes: number) =>
  planNotifications({ config, state, results: [], now: at(minutes), siteUrl: "https://status.example.org", objectives: [measured(r)] });

describe("an objective's alerts in the notification plan", () => {
  it("told once to the routes that name the event and cover one of its servers (not a route with no events named), kept, told again at its end", () => {
    const began = plan(emptyNotifyState(), rates(20, 8, 3), 0);
    expect(began.queued.map((q) => [q.channel, q.notice.objective?.level, q.notice.objective?.edge])).toEqual([
      ["pager", "page", "began"],
      ["pager", "ticket", "began"],
    ]);
    expect(began.state.objectives).toEqual({ api: { page: at(0).toISOString(), ticket: at(0).toISOString() } });
    // played again, and run after run while it burns: nothing new
    expect(plan(began.state, rates(20, 8, 3), 0).queued).toEqual([]);
    const later = plan(began.state, rates(12, 9, 3), 5);
    expect(later.queued).toEqual([]);
    const ended = plan(later.state, rates(0, 7, 3), 10);
    expect(ended.queued.map((q) => q.notice.objective?.edge)).toEqual(["ended"]);
    const closing = ended.queued[0].notice;
    expect(closing.to).toBe("online");
    expect(closing.durationMs).toBe(10 * 60_000);
    // the page's incident is the one its start opened, closed
    expect(problemKey(closing)).toBe(problemKey(began.queued[0].notice));
    expect([pagingAction(began.queued[0].notice), pagingAction(closing)]).toEqual(["open", "close"]);
    // an objective taken out of objectives.json while its ticket goes on: forgotten, and the ticket's end told to the
    // channel its start went to (here still waiting in the outbox), so the paging service's incident closes
    const removed = planNotifications({ config, state: ended.state, results: [], now: at(15), siteUrl: null, objectives: [] });
    expect(removed.state.objectives).toBeUndefined();
    expect(
      removed.queued.map((q) => [q.channel, q.notice.objective?.level, q.notice.objective?.edge, q.notice.objective?.removed]),
    ).toEqual([["pager", "ticket", "ended", true]]);
    const notice = removed.queued[0].notice;
    expect(problemKey(notice)).toBe(problemKey(began.queued[1].notice));
    expect(pagingAction(notice)).toBe("close");
    expect(describeMessage({ kind: "notice", notice }).title).toBe("Objective api was taken out of objectives.json: its ticket is over");
    // once told, nothing more
    expect(planNotifications({ config, state: removed.state, results: [], now: at(20), siteUrl: null, objectives: [] }).queued).toEqual([]);
  });

  it("says the objective, its target, the alert, the rates and the budget left, its servers, and links its section; text stays text", () => {
    const notice = plan(emptyNotifyState(), rates(20, 8, 0.5), 0).queued[0].notice;
    const said = describeMessage({ kind: "notice", notice });
    expect(said.title).toBe("Objective API <up> (api) burns its error budget fast: 8× over 6 h, 20× over the last 30 min (page)");
    const text = plainText(said);
    expect(text).toContain("Target: 99.9 % of slots good over the last 30 days");
    expect(text).toContain("Burn rates: 30 min 20×, 6 h 8×, 3 days 0.5×");
    expect(text).toContain("Budget left: 18 min of server-time (42.0 % of it)");
    expect(text).toContain("Servers: API 1 (api-1) and API 2 (api-2)");
    expect(text).toContain("Open the objective API <up> on the site: https://status.example.org/objectives#api");
    expect(text).not.toContain("Address and place");
    expect(said.state).toBe("offline");
    const body = webhookBody({ kind: "notice", notice });
    expect(body).toMatchObject({ event: "objective", objective: { id: "api", level: "page", edge: "began", availability: 99.9 } });
  });
});
