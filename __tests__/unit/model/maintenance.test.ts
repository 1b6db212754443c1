/**
 * Maintenance windows as instants: a recurring window's local time is turned
 * into UTC by the library (croner) in its own zone, across daylight-saving
 * changes, month ends and midnight UTC; the answers never depend on the zone
 * of the machine that asks.
 */
import {
  activeMaintenance,
  isKnownTimeZone,
  maintenanceLookup,
  maintenanceOccurrences,
  upcomingMaintenance,
  type MaintenanceWindow,
} from "../../../src/domain/incidents/maintenance";

const base = { title: "Patching", affected: ["srv-a"] };
const weekly = (id: string, timeZone: string, on: string, at: string, durationMinutes = 60): MaintenanceWindow => ({
  ...base,
  id,
  every: "week",
  on: on as "sunday",
  at,
  durationMinutes,
  timeZone,
});
const starts = (windows: MaintenanceWindow[], from: string, to: string) =>
  maintenanceOccurrences(windows, new Date(from), new Date(to)).map((o) => o.start);

describe("a weekly window across the spring change (clocks go forward)", () => {
  it("Europe/Berlin: 02:30 does not exist on 29 March 2026, so the window starts when the clocks jump to 03:00 CEST", () => {
    const sunday = weekly("w", "Europe/Berlin", "sunday", "02:30");
    expect(starts([sunday], "2026-03-15T00:00:00Z", "2026-04-06T00:00:00Z")).toEqual([
      "2026-03-15T01:30:00.000Z", // 02:30 CET (UTC+1)
      "2026-03-22T01:30:00.000Z",
      "2026-03-29T01:00:00.000Z", // 03:00 CEST: the first minute after the gap
      "2026-04-05T00:30:00.000Z", // 02:30 CEST (UTC+2)
    ]);
  });

  it("America/New_York: 02:30 does not exist on 8 March 2026, so the window starts at 03:00 EDT", () => {
    const sunday = weekly("w", "America/New_York", "sunday", "02:30");
    expect(starts([sunday], "2026-03-01T00:00:00Z", "2026-03-16T00:00:00Z")).toEqual([
      "2026-03-01T07:30:00.000Z", // 02:30 EST (UTC−5)
      "2026-03-08T07:00:00.000Z", // 03:00 EDT
      "2026-03-15T06:30:00.000Z", // 02:30 EDT (UTC−4)
    ]);
  });

  it("a window keeps its length in real time: 22:00 CET for 4 hours ends at 03:00 CEST, four hours later", () => {
    const nightly: MaintenanceWindow = { ...base, id: "n", every: "day", at: "22:00", durationMinutes: 240, timeZone: "Europe/Berlin" };
    const [night] = maintenanceOccurrences([nightly], new Date("2026-03-28T12:00:00Z"), new Date("2026-03-29T12:00:00Z"));
    expect(night).toMatchObject({ start: "2026-03-28T21:00:00.000Z", end: "2026-03-29T01:00:00.000Z" });
  });
});

describe("a weekly window across the autumn change (an hour repeated)", () => {
  it("Europe/Berlin: 02:30 on 25 October 2026 happens twice; the window starts at the first (CEST)", () => {
    const sunday = weekly("w", "Europe/Berlin", "sunday", "02:30");
    expect(starts([sunday], "2026-10-18T00:00:00Z", "2026-11-02T00:00:00Z")).toEqual([
      "2026-10-18T00:30:00.000Z", // CEST
      "2026-10-25T00:30:00.000Z", // the first 02:30, still CEST: once, not twice
      "2026-11-01T01:30:00.000Z", // CET
    ]);
  });

  it("America/New_York: 01:30 on 1 November 2026 happens twice; the window starts at the first (EDT)", () => {
    const sunday = weekly("w", "America/New_York", "sunday", "01:30");
    expect(starts([sunday], "2026-10-25T00:00:00Z", "2026-11-09T00:00:00Z")).toEqual([
      "2026-10-25T05:30:00.000Z",
      "2026-11-01T05:30:00.000Z",
      "2026-11-08T06:30:00.000Z",
    ]);
  });

  it("the answer does not depend on the time zone of the machine that asks", () => {
    const sunday = weekly("w", "Europe/Berlin", "sunday", "02:30");
    const saved = process.env.TZ;
    try {
      for (const zone of ["UTC", "Asia/Tokyo", "America/Los_Angeles", "Europe/Berlin"]) {
        process.env.TZ = zone;
        expect(starts([sunday], "2026-10-24T00:00:00Z", "2026-10-26T00:00:00Z")).toEqual(["2026-10-25T00:30:00.000Z"]);
      }
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });
});

describe("month ends", () => {
  const monthly = (on: number): MaintenanceWindow => ({
    ...base,
    id: `m${on}`,
    every: "month",
    on,
    at: "03:00",
    durationMinutes: 60,
    timeZone: "Europe/Berlin",
  });

  it("a window on day 31 happens only in months that have a 31st", () => {
    expect(starts([monthly(31)], "2026-01-01T00:00:00Z", "2026-08-01T00:00:00Z")).toEqual([
      "2026-01-31T02:00:00.000Z",
      "2026-03-31T01:00:00.000Z",
      "2026-05-31T01:00:00.000Z",
      "2026-07-31T01:00:00.000Z",
    ]);
  });

  it("a window on day 29 skips February except in a leap year", () => {
    expect(starts([monthly(29)], "2027-01-15T00:00:00Z", "2027-03-15T00:00:00Z")).toEqual(["2027-01-29T02:00:00.000Z"]);
    expect(starts([monthly(29)], "2028-01-15T00:00:00Z", "2028-03-15T00:00:00Z")).toEqual([
      "2028-01-29T02:00:00.000Z",
      "2028-02-29T02:00:00.000Z",
    ]);
  });
});

describe("overlapping windows", () => {
  const a: MaintenanceWindow = { ...base, id: "a", start: "2026-06-01T10:00:00Z", end: "2026-06-01T12:00:00Z" };
  const b: MaintenanceWindow = { ...base, id: "b", every: "day", at: "11:30", durationMinutes: 60, timeZone: "UTC" };
  const other: MaintenanceWindow = { ...base, id: "c", affected: ["srv-b"], start: "2026-06-01T00:00:00Z", end: "2026-06-02T00:00:00Z" };

  it("a server is in maintenance while any of its windows is, and is told every window in force", () => {
    const at = (t: string) => activeMaintenance([a, b, other], "srv-a", new Date(t)).map((o) => o.window.id);
    expect(at("2026-06-01T09:59:59Z")).toEqual([]);
    expect(at("2026-06-01T10:00:00Z")).toEqual(["a"]); // a window includes its start
    expect(at("2026-06-01T11:45:00Z")).toEqual(["a", "b"]); // both, earliest start first
    expect(at("2026-06-01T12:00:00Z")).toEqual(["b"]); // and excludes its end
    expect(at("2026-06-01T12:30:00Z")).toEqual([]);
  });

  it("lists every occurrence in start order, each window's own", () => {
    const found = maintenanceOccurrences([b, a], new Date("2026-06-01T00:00:00Z"), new Date("2026-06-02T00:00:00Z"));
    expect(found.map((o) => [o.window.id, o.start, o.end])).toEqual([
      ["a", "2026-06-01T10:00:00.000Z", "2026-06-01T12:00:00.000Z"],
      ["b", "2026-06-01T11:30:00.000Z", "2026-06-01T12:30:00.000Z"],
    ]);
  });
});

describe("midnight UTC and long windows", () => {
  const lateNight: MaintenanceWindow = { ...base, id: "late", every: "day", at: "23:30", durationMinutes: 60, timeZone: "UTC" };

  it("a window that started before the span and ends in it is in the span", () => {
    const found = maintenanceOccurrences([lateNight], new Date("2026-06-02T00:00:00Z"), new Date("2026-06-02T01:00:00Z"));
    expect(found.map((o) => [o.start, o.end])).toEqual([["2026-06-01T23:30:00.000Z", "2026-06-02T00:30:00.000Z"]]);
  });

  it("a server is in maintenance on both sides of midnight UTC, and not once it ended", () => {
    expect(activeMaintenance([lateNight], "srv-a", new Date("2026-06-01T23:59:00Z"))).toHaveLength(1);
    expect(activeMaintenance([lateNight], "srv-a", new Date("2026-06-02T00:15:00Z"))[0].start).toBe("2026-06-01T23:30:00.000Z");
    expect(activeMaintenance([lateNight], "srv-a", new Date("2026-06-02T00:30:00Z"))).toEqual([]);
  });

  it("a window longer than a day covers the days it spans", () => {
    const weekend = weekly("weekend", "UTC", "saturday", "00:00", 2 * 24 * 60);
    expect(activeMaintenance([weekend], "srv-a", new Date("2026-06-07T23:00:00Z"))[0]).toMatchObject({
      start: "2026-06-06T00:00:00.000Z",
      end: "2026-06-08T00:00:00.000Z",
    });
    expect(activeMaintenance([weekend], "srv-a", new Date("2026-06-08T00:00:00Z"))).toEqual([]);
  });
});

describe("upcoming maintenance", () => {
  it("names the windows that start within N days, not those in progress or later", () => {
    const now = new Date("2026-06-01T12:00:00Z");
    const running: MaintenanceWindow = { ...base, id: "running", start: "2026-06-01T11:00:00Z", end: "2026-06-01T13:00:00Z" };
    const soon: MaintenanceWindow = { ...base, id: "soon", start: "2026-06-05T22:00:00Z", end: "2026-06-06T02:00:00Z" };
    const later: MaintenanceWindow = { ...base, id: "later", start: "2026-06-09T00:00:00Z", end: "2026-06-09T01:00:00Z" };
    const weeklyWindow = weekly("weekly", "Europe/Berlin", "wednesday", "02:00");
    expect(upcomingMaintenance([later, soon, running, weeklyWindow], now, 7).map((o) => [o.window.id, o.start])).toEqual([
      ["weekly", "2026-06-03T00:00:00.000Z"],
      ["soon", "2026-06-05T22:00:00.000Z"],
    ]);
    expect(upcomingMaintenance([later], now, 8).map((o) => o.window.id)).toEqual(["later"]);
  });
});

describe("time zones", () => {
  it("knows IANA names and UTC, not offsets or made-up places", () => {
    expect(isKnownTimeZone("Europe/Berlin")).toBe(true);
    expect(isKnownTimeZone("America/New_York")).toBe(true);
    expect(isKnownTimeZone("UTC")).toBe(true);
    expect(isKnownTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isKnownTimeZone("+02:00")).toBe(false);
    expect(isKnownTimeZone("")).toBe(false);
  });
});

describe("maintenanceLookup: the check job's question, asked of every check of a run", () => {
  const windows: MaintenanceWindow[] = [
    weekly("weekly", "Europe/Berlin", "sunday", "02:00", 120),
    { ...base, id: "once", affected: ["srv-a", "srv-b"], start: "2026-11-22T01:30:00Z", end: "2026-11-22T01:45:00Z" },
  ];

  it("answers as activeMaintenance does, minute by minute over a night, for each server", () => {
    const lookup = maintenanceLookup(windows, new Date("2026-11-21T23:00:00Z"), new Date("2026-11-22T04:00:00Z"));
    for (let t = Date.parse("2026-11-21T23:00:00Z"); t < Date.parse("2026-11-22T04:00:00Z"); t += 60_000) {
      for (const server of ["srv-a", "srv-b", "srv-c"]) {
        expect(lookup(server, t).map((o) => o.window.id)).toEqual(activeMaintenance(windows, server, t).map((o) => o.window.id));
      }
    }
    expect(lookup("srv-a", Date.parse("2026-11-22T01:40:00Z")).map((o) => o.window.id)).toEqual(["weekly", "once"]);
    expect(lookup("srv-b", Date.parse("2026-11-22T01:45:00Z"))).toEqual([]);
  });
});
