/**
 * Which system notifications a page shows when the feed changes a server:
 * only measured servers, only real changes of state, as the settings ask.
 */
import { browserNotices, NOTICE_DIGEST_ABOVE } from "../../../src/model/shell/browserPush";
import { DEFAULT_SETTINGS } from "../../../src/model/shell/settings";
import type { Server } from "../../../src/domain/kernel/types";
import { makeServer } from "../fixtures";

const on = { ...DEFAULT_SETTINGS, pushNotifications: true };
const measured = (status: string, overrides: Partial<Server> = {}) =>
  makeServer({ id: "srv-a", name: "A", location: "Ashburn, USA", status, source: "measured", ...overrides });
const change = (from: string, to: string, prefs = on, overrides: Partial<Server> = {}) =>
  browserNotices([measured(from)], [measured(to, overrides)], prefs);

describe("browserNotices", () => {
  it("a measured server going offline is one notification that says what the check saw", () => {
    expect(change("online", "offline", on, { detail: "connection refused" })).toEqual([
      { title: "A is down", body: "srv-a (Ashburn, USA) is offline, was online. connection refused.", tag: "srv-a offline" },
    ]);
  });

  it.each([
    ["online", "offline", "A is down"],
    ["warning", "offline", "A is down"],
    ["offline", "online", "A is back"],
    ["offline", "warning", "A is back"],
    ["online", "warning", "A is slow"],
    ["warning", "online", "A is back to normal"],
  ])("%s → %s: %s", (from, to, title) => {
    expect(change(from, to).map((n) => n.title)).toEqual([title]);
  });

  it("nothing when the state did not change, or is not one the job confirms", () => {
    expect(change("online", "online")).toEqual([]);
    expect(change("online", "maintenance")).toEqual([]);
    expect(change("maintenance", "offline")).toEqual([]);
  });

  it("nothing unless Push Notifications is on", () => {
    expect(change("online", "offline", { ...on, pushNotifications: false })).toEqual([]);
  });

  it("Server Down Alerts decides down and recovered; Performance Alerts decides slow and back to normal", () => {
    const noDown = { ...on, serverDownAlerts: false };
    expect(change("online", "offline", noDown)).toEqual([]);
    expect(change("offline", "online", noDown)).toEqual([]);
    expect(change("online", "warning", noDown)).toHaveLength(1);
    const noPerformance = { ...on, performanceAlerts: false };
    expect(change("online", "warning", noPerformance)).toEqual([]);
    expect(change("warning", "online", noPerformance)).toEqual([]);
    expect(change("online", "offline", noPerformance)).toHaveLength(1);
  });

  it("a simulated or sample server is never news, and neither is a first measurement", () => {
    const simulated = (status: string) => makeServer({ id: "srv-s", status, source: "simulated" });
    expect(browserNotices([simulated("online")], [simulated("offline")], on)).toEqual([]);
    const sample = makeServer({ id: "srv-a", status: "online", source: "sample" });
    expect(browserNotices([sample], [measured("offline")], on)).toEqual([]);
    expect(browserNotices([measured("online")], [{ ...measured("offline"), source: "simulated" }], on)).toEqual([]);
  });

  it("a server that appears or goes away is not a change of state", () => {
    expect(browserNotices([], [measured("offline")], on)).toEqual([]);
    expect(browserNotices([measured("online")], [], on)).toEqual([]);
  });

  it("many changes at once are one digest, the worst first, not a flood", () => {
    const fleet = (statuses: string[]) =>
      statuses.map((status, i) => makeServer({ id: `srv-${i}`, name: `S${i}`, status, source: "measured" }));
    const n = NOTICE_DIGEST_ABOVE + 1;
    const before = fleet([...Array<string>(n).fill("online"), "offline"]);
    const after = fleet([...Array<string>(n - 1).fill("offline"), "warning", "online"]);
    const notices = browserNotices(before, after, on);
    expect(notices).toHaveLength(1);
    expect(notices[0].title).toBe(`${n + 1} servers changed state: ${n - 1} down, 1 recovered, 1 slow`);
    expect(notices[0].body).toMatch(/^S0 \(down\), .*S3 \(slow\), S4 \(recovered\)\.$/);
    expect(notices[0].tag).toBe("digest");
  });

  it("a digest names ten servers and counts the rest", () => {
    const before = Array.from({ length: 14 }, (_, i) =>
      makeServer({ id: `srv-${i}`, name: `S${i}`, status: "online", source: "measured" }),
    );
    const after = before.map((s) => ({ ...s, status: "offline" }));
    expect(browserNotices(before, after, on)[0].body).toMatch(/S9 \(down\), and 4 more\.$/);
  });
});
