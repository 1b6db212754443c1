/** @jest-environment node */
import { monthBounds } from "../../../src/domain/reports/month";
import { monthEvents } from "../../../src/domain/reports/monthEvents";
import type { Incident } from "../../../src/domain/incidents/incidents";
import type { MaintenanceWindow } from "../../../src/domain/incidents/maintenance";
import type { Alert, AlertType } from "../../../src/domain/kernel/types";

const MARCH = monthBounds("2028-03");

const incident = (id: string, updates: Array<[string, Incident["updates"][number]["status"]]>): Incident => ({
  id,
  title: `Incident ${id}`,
  impact: "major",
  affected: ["srv-1"],
  updates: updates.map(([at, status]) => ({ at, status, message: status })),
});

const alert = (i: number, timestamp: string, type: AlertType = "error"): Alert => ({
  id: `a-${i}`,
  server: "srv-1",
  type,
  message: "down",
  ip: "192.0.2.1",
  location: "Here",
  timestamp,
});

describe("a month's incidents", () => {
  const asOf = new Date("2028-04-10T00:00:00Z");
  const incidents = [
    incident("before", [
      ["2028-02-01T10:00:00Z", "investigating"],
      ["2028-02-01T12:00:00Z", "resolved"],
    ]),
    incident("across-start", [
      ["2028-02-29T23:00:00Z", "investigating"],
      ["2028-03-01T01:30:00Z", "resolved"],
    ]),
    incident("inside", [
      ["2028-03-15T08:00:00Z", "identified"],
      ["2028-03-15T09:00:00Z", "resolved"],
      ["2028-03-15T09:30:00Z", "monitoring"],
      ["2028-03-15T11:00:00Z", "resolved"],
    ]),
    incident("still-open", [["2028-01-05T00:00:00Z", "investigating"]]),
    incident("resolved-at-start", [
      ["2028-02-29T20:00:00Z", "investigating"],
      ["2028-03-01T00:00:00Z", "resolved"],
    ]),
    incident("after", [["2028-04-02T00:00:00Z", "investigating"]]),
  ];

  it("lists those open at some instant of the month, each with when it began and was resolved for good", () => {
    const { incidents: listed } = monthEvents(MARCH, incidents, [], [], asOf);
    expect(listed.map((i) => [i.id, i.began, i.resolved])).toEqual([
      ["still-open", "2028-01-05T00:00:00.000Z", null],
      ["across-start", "2028-02-29T23:00:00.000Z", "2028-03-01T01:30:00.000Z"],
      // Reopened after its first "resolved": resolved at the last one.
      ["inside", "2028-03-15T08:00:00.000Z", "2028-03-15T11:00:00.000Z"],
    ]);
  });

  it("reads an incident as it stood at the report's time: a later update is not yet known", () => {
    const resolvedOnce = monthEvents(MARCH, incidents, [], [], new Date("2028-03-15T09:15:00Z")).incidents;
    expect(resolvedOnce.find((i) => i.id === "inside")?.resolved).toBe("2028-03-15T09:00:00.000Z");
    // Reopened (monitoring) by 10:00: open again.
    const reopened = monthEvents(MARCH, incidents, [], [], new Date("2028-03-15T10:00:00Z")).incidents;
    expect(reopened.find((i) => i.id === "inside")?.resolved).toBeNull();
    expect(reopened.map((i) => i.id)).not.toContain("after");
  });
});

describe("a month's maintenance", () => {
  it("gives each occurrence of a recurring window in the month, in its own zone across a daylight-saving change", () => {
    const weekly: MaintenanceWindow = {
      id: "w",
      title: "Sunday patching",
      affected: ["srv-1"],
      every: "week",
      on: "sunday",
      at: "02:30",
      durationMinutes: 60,
      timeZone: "Europe/Berlin",
    };
    const oneOff: MaintenanceWindow = {
      id: "o",
      title: "Move",
      affected: ["srv-2"],
      start: "2028-02-29T22:00:00Z",
      end: "2028-03-01T02:00:00Z",
    };
    const { maintenance } = monthEvents(MARCH, [], [weekly, oneOff], [], new Date("2028-04-01T00:00:00Z"));
    expect(maintenance.map((m) => [m.id, m.start])).toEqual([
      // Begun in February, in force on 1 March.
      ["o", "2028-02-29T22:00:00.000Z"],
      ["w", "2028-03-05T01:30:00.000Z"],
      ["w", "2028-03-12T01:30:00.000Z"],
      ["w", "2028-03-19T01:30:00.000Z"],
      // 26 March 2028: Berlin moves to summer time at 02:00, so 02:30 does not exist that day; the window opens at 03:00 CEST.
      ["w", "2028-03-26T01:00:00.000Z"],
    ]);
    expect(maintenance.every((m) => Date.parse(m.end) - Date.parse(m.start) === (m.id === "w" ? 3_600_000 : 4 * 3_600_000))).toBe(true);
  });
});

describe("a month's alerts", () => {
  it("counts the job's alerts by type when it still keeps the whole month", () => {
    const alerts = [
      alert(1, "2028-03-02T00:00:00Z"),
      alert(2, "2028-03-20T00:00:00Z", "warning"),
      alert(3, "2028-02-28T00:00:00Z"),
      alert(4, "2028-04-01T00:00:00Z"),
    ];
    const { alerts: counted } = monthEvents(MARCH, [], [], alerts, new Date("2028-03-25T00:00:00Z"));
    expect(counted).toEqual({ error: 1, warning: 1, info: 0, from: "2028-03-01T00:00:00.000Z", whole: true });
  });

  it("says from when they are known once the 30 days kept begin inside the month, and none once the month is older", () => {
    const alerts = [alert(1, "2028-03-02T00:00:00Z"), alert(2, "2028-03-20T00:00:00Z")];
    const part = monthEvents(MARCH, [], [], alerts, new Date("2028-04-10T00:00:00Z")).alerts;
    expect(part).toEqual({ error: 1, warning: 0, info: 0, from: "2028-03-11T00:00:00.000Z", whole: false });
    const none = monthEvents(MARCH, [], [], [], new Date("2028-06-01T00:00:00Z")).alerts;
    expect(none).toEqual({ error: 0, warning: 0, info: 0, from: null, whole: false });
  });

  it("a full store kept its errors first: the counts start at the oldest other alert it kept, or none are known", () => {
    // 100 errors over the month, then 400 warnings on the 18th (the job dropped older warnings to keep its 500)
    const errors = Array.from({ length: 100 }, (_, i) =>
      alert(i, new Date(Date.parse("2028-03-01T00:00:00Z") + i * 3_600_000 * 4).toISOString()),
    );
    const warnings = Array.from({ length: 400 }, (_, i) =>
      alert(1000 + i, new Date(Date.parse("2028-03-18T00:00:00Z") + i * 60_000).toISOString(), "warning"),
    );
    const counted = monthEvents(MARCH, [], [], [...errors, ...warnings], new Date("2028-03-20T00:00:00Z")).alerts;
    expect(counted).toMatchObject({ from: "2028-03-18T00:00:00.000Z", whole: false, warning: 400 });
    // only the errors from the 18th on are counted with them
    expect(counted.error).toBe(errors.filter((a) => a.timestamp >= "2028-03-18").length);
    // a store full of errors: no other kind is known, so no count is given as the month's
    const full = Array.from({ length: 500 }, (_, i) => alert(i, new Date(Date.parse("2028-03-10T00:00:00Z") + i * 60_000).toISOString()));
    expect(monthEvents(MARCH, [], [], full, new Date("2028-03-20T00:00:00Z")).alerts).toEqual({
      error: 0,
      warning: 0,
      info: 0,
      from: null,
      whole: false,
    });
  });

  it("the alerts are counted as of the job's newest run, the content as of the build", () => {
    const alerts = [alert(1, "2028-03-02T00:00:00Z")];
    // built on 10 April, the job's newest run on 25 March: its 30 days still hold all of March
    const counted = monthEvents(MARCH, [], [], alerts, new Date("2028-04-10T00:00:00Z"), new Date("2028-03-25T00:00:00Z")).alerts;
    expect(counted).toMatchObject({ error: 1, whole: true });
  });
});
