/** @jest-environment node */
import type { Incident } from "../../../src/domain/incidents/incidents";
import type { MaintenanceWindow } from "../../../src/domain/incidents/maintenance";
import { noticeWindows, siteNotices } from "../../../src/domain/incidents/schedule";
import {
  newestUpdate,
  scheduleWords,
  noticesAt,
  serverNames,
  serversInMaintenance,
  windowsAhead,
  worstImpact,
  type NoticeIncident,
  type NoticeWindow,
} from "../../../src/domain/incidents/statusNotices";
import windows from "../../fixtures/maintenance.json";

const SERVERS = [
  { id: "srv-eu-central-1", name: "EU-Central-1" },
  { id: "srv-us-east-1", name: "US-East-1" },
  { id: "srv-us-west-2", name: "US-West-2" },
];

const occurrence = (id: string, start: string, end: string, affected = ["srv-us-east-1"]): NoticeWindow => ({
  id,
  title: id,
  message: null,
  affected: affected.map((a) => ({ id: a, name: a })),
  start,
  end,
  schedule: null,
});

const incident = (id: string, updates: Incident["updates"], impact: Incident["impact"] = "major"): Incident => ({
  id,
  title: id,
  impact,
  affected: ["srv-us-east-1"],
  updates,
});

describe("noticesAt: the browser's clock decides which occurrences are in progress or coming", () => {
  const list = [
    occurrence("later", "2026-11-30T10:00:00.000Z", "2026-11-30T11:00:00.000Z"),
    occurrence("now", "2026-11-24T20:00:00.000Z", "2026-11-24T21:00:00.000Z"),
    occurrence("soon", "2026-11-25T08:00:00.000Z", "2026-11-25T09:00:00.000Z"),
    occurrence("far", "2026-12-09T08:00:00.000Z", "2026-12-09T09:00:00.000Z"),
    occurrence("past", "2026-11-24T18:00:00.000Z", "2026-11-24T19:00:00.000Z"),
  ];

  it("takes a start as in force and an end as over, and lists the next 7 days in start order", () => {
    const at = (iso: string) => noticesAt({ open: [], windows: list }, Date.parse(iso));
    const ids = (ws: NoticeWindow[]) => ws.map((w) => w.id);
    expect(ids(at("2026-11-24T20:00:00Z").inProgress)).toEqual(["now"]);
    expect(ids(at("2026-11-24T20:00:00Z").upcoming)).toEqual(["soon", "later"]);
    expect(ids(at("2026-11-24T21:00:00Z").inProgress)).toEqual([]);
    expect(ids(at("2026-11-24T19:59:59Z").upcoming)).toEqual(["now", "soon", "later"]);
    // A week later the one that was far is within 7 days.
    expect(ids(at("2026-12-02T12:00:00Z").upcoming)).toEqual(["far"]);
  });

  it("names each server in maintenance once, however many windows hold it", () => {
    const both = [
      occurrence("a", "2026-11-24T20:00:00Z", "2026-11-24T22:00:00Z", ["srv-us-east-1", "srv-us-west-2"]),
      occurrence("b", "2026-11-24T19:00:00Z", "2026-11-24T21:00:00Z", ["srv-us-east-1"]),
    ];
    const now = noticesAt({ open: [], windows: both }, Date.parse("2026-11-24T20:30:00Z"));
    expect(now.inProgress.map((w) => w.id)).toEqual(["b", "a"]);
    expect(serversInMaintenance(now.inProgress)).toEqual(["srv-us-east-1", "srv-us-west-2"]);
  });

  it("groups occurrences by window, skipping those that ended, at most three each, the soonest window first", () => {
    const daily = [1, 2, 3, 4, 5].map((d) => occurrence("daily", `2026-11-2${d}T03:00:00Z`, `2026-11-2${d}T04:00:00Z`));
    const once = occurrence("once", "2026-11-22T12:00:00Z", "2026-11-22T13:00:00Z");
    const groups = windowsAhead([...daily, once], Date.parse("2026-11-22T03:30:00Z"));
    expect(groups.map((g) => g.window.id)).toEqual(["daily", "once"]);
    expect(groups[0].next.map((o) => o.start)).toEqual(["2026-11-22T03:00:00Z", "2026-11-23T03:00:00Z", "2026-11-24T03:00:00Z"]);
  });
});

describe("siteNotices: what the build gives the pages", () => {
  const builtAt = new Date("2026-11-24T20:00:00Z");
  const resolved = (id: string, day: string) =>
    incident(id, [
      { at: `${day}T08:00:00Z`, status: "investigating", message: "Looking." },
      { at: `${day}T10:00:00Z`, status: "resolved", message: "Fixed." },
    ]);

  it("keeps open incidents apart from the history, which reaches back 90 days, the latest resolved first", () => {
    const open = incident("open", [{ at: "2026-11-24T19:00:00Z", status: "identified", message: "A disk." }], "critical");
    const notices = siteNotices(
      [resolved("old", "2026-08-20"), open, resolved("recent", "2026-11-20"), resolved("older", "2026-09-01")],
      [],
      SERVERS,
      builtAt,
    );
    expect(notices.builtAt).toBe("2026-11-24T20:00:00.000Z");
    expect(notices.open.map((i) => [i.id, i.status, i.affected])).toEqual([
      ["open", "identified", [{ id: "srv-us-east-1", name: "US-East-1" }]],
    ]);
    expect(notices.history.map((i) => [i.id, i.status])).toEqual([
      ["recent", "resolved"],
      ["older", "resolved"],
    ]);
  });

  it("places the fixture's windows for 35 days: the weekly one in Berlin time, the one-off past May left out", () => {
    const list = noticeWindows(windows as MaintenanceWindow[], SERVERS, builtAt);
    expect(list.every((w) => w.id === "weekly-os-updates")).toBe(true);
    expect(list.map((w) => w.start)).toEqual([
      "2026-11-29T02:00:00.000Z",
      "2026-12-06T02:00:00.000Z",
      "2026-12-13T02:00:00.000Z",
      "2026-12-20T02:00:00.000Z",
      "2026-12-27T02:00:00.000Z",
    ]);
    expect(list[0]).toMatchObject({
      title: "Operating system updates",
      affected: [{ id: "srv-eu-central-1", name: "EU-Central-1" }],
      end: "2026-11-29T03:00:00.000Z",
      schedule: "Every Sunday at 03:00 (Europe/Berlin), 60 minutes",
    });
    const may = noticeWindows(windows as MaintenanceWindow[], SERVERS, new Date("2026-05-10T22:30:00Z"));
    expect(may[0]).toMatchObject({ id: "2026-05-rack-move", schedule: null, start: "2026-05-10T22:00:00.000Z" });
    expect(may[0].affected.map((s) => s.name)).toEqual(["US-East-1", "US-West-2"]);
  });

  it("says every day and a day of the month in words", () => {
    const base = { id: "w", title: "w", affected: [], at: "23:30", durationMinutes: 90, timeZone: "UTC" };
    expect(scheduleWords({ ...base, every: "day" })).toBe("Every day at 23:30 (UTC), 90 minutes");
    expect(scheduleWords({ ...base, every: "month", on: 15 })).toBe("On day 15 of every month at 23:30 (UTC), 90 minutes");
  });
});

describe("small words", () => {
  const notice = (impact: NoticeIncident["impact"]): NoticeIncident => ({
    id: impact,
    title: impact,
    impact,
    status: "investigating",
    affected: [],
    updates: [
      { at: "2026-11-24T10:00:00Z", status: "investigating", message: "first" },
      { at: "2026-11-24T11:00:00Z", status: "identified", message: "second" },
    ],
  });

  it("takes the worst impact and the newest update", () => {
    expect(worstImpact([])).toBeNull();
    expect(worstImpact([notice("minor"), notice("critical"), notice("major")])).toBe("critical");
    expect(newestUpdate(notice("minor")).message).toBe("second");
  });

  it("names servers for RSS", () => {
    const s = (n: number) => SERVERS.concat([{ id: "x", name: "X" }]).slice(0, n);
    expect(serverNames(s(1))).toBe("EU-Central-1");
    expect(serverNames(s(2))).toBe("EU-Central-1 and US-East-1");
    expect(serverNames(s(3))).toBe("EU-Central-1, US-East-1 and US-West-2");
    expect(serverNames(s(4))).toBe("EU-Central-1, US-East-1 and 2 more");
  });
});
