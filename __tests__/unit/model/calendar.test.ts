/**
 * @jest-environment node
 */
/**
 * /maintenance.ics read back by a maintained iCalendar library (Mozilla's
 * ical.js): every window's times, expanded by the library from RRULE, VTIMEZONE,
 * EXDATE and RDATE, are the times our own rules give (maintenance.ts), across
 * daylight-saving changes both ways, a skipped local start, months without the
 * day, and a zone half an hour off the hour; text stays text; lines are folded.
 */
import ICAL from "ical.js";
import fc from "fast-check";
import { CALENDAR_DAYS, escapeText, foldLine, maintenanceCalendar } from "../../../src/publish/calendar";
import { maintenanceOccurrences, type MaintenanceWindow } from "../../../src/domain/incidents/maintenance";
import { zoneOffsetMinutes, zoneTransitions } from "../../../src/domain/kernel/zones";

const DAY = 24 * 60 * 60 * 1000;
const BUILT = new Date("2026-11-27T04:00:00Z");
const SITE = { title: "Location Tracker", siteUrl: "https://status.example.com" };
const NAMES = new Map([
  ["srv-eu", "EU-Central-1"],
  ["srv-us", "US-East-1"],
]);

const WINDOWS: MaintenanceWindow[] = [
  {
    id: "weekly",
    title: "OS updates",
    affected: ["srv-eu"],
    every: "week",
    on: "sunday",
    at: "03:00",
    durationMinutes: 60,
    timeZone: "Europe/Berlin",
  },
  // 02:30 does not happen in Berlin on 2027-03-28: ours starts at 03:00 that night.
  { id: "nightly", title: "Backups", affected: ["srv-eu"], every: "day", at: "02:30", durationMinutes: 30, timeZone: "Europe/Berlin" },
  // 01:30 happens twice in New York on 2027-11-07: the first of the two.
  {
    id: "twice",
    title: "Index rebuild",
    affected: ["srv-us"],
    every: "day",
    at: "01:30",
    durationMinutes: 45,
    timeZone: "America/New_York",
  },
  // Not in the months without a 31st.
  {
    id: "month-end",
    title: "Month end",
    affected: ["srv-us"],
    every: "month",
    on: 31,
    at: "22:00",
    durationMinutes: 240,
    timeZone: "America/New_York",
  },
  {
    id: "kolkata",
    title: "Link",
    affected: [],
    every: "week",
    on: "wednesday",
    at: "23:45",
    durationMinutes: 90,
    timeZone: "Asia/Kolkata",
  },
  {
    id: "move",
    title: "Rack move; <b>room 2</b>, then 3",
    message: "Two steps:\nfirst the rack, then \\ the switch.",
    affected: ["srv-eu", "srv-us"],
    start: "2026-12-05T22:00:00Z",
    end: "2026-12-06T02:00:00Z",
  },
];

type Span = { start: string; end: string };

function parseCalendar(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  for (const zone of root.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  return root;
}

/**
 * Every occurrence the library finds for an event with a start before `to`. The
 * end is the start plus the event's DURATION, which RFC 5545 (3.3.6) makes exact
 * time: ical.js adds it on the local clock instead, so an occurrence across a
 * change of the clocks would end an hour off in its hands alone.
 */
function expand(vevent: ICAL.Component, to: number): Span[] {
  const event = new ICAL.Event(vevent);
  const spans: Span[] = [];
  const iterator = event.iterator();
  const length = event.duration.toSeconds() * 1000;
  for (let next = iterator.next(); next && next.toJSDate().getTime() < to; next = iterator.next()) {
    const start = event.getOccurrenceDetails(next).startDate.toJSDate().getTime();
    spans.push({ start: new Date(start).toISOString(), end: new Date(start + length).toISOString() });
    if (spans.length > 2000) throw new Error("no end");
  }
  return spans;
}

const text = maintenanceCalendar(WINDOWS, NAMES, SITE, BUILT);
const root = parseCalendar(text);
const events = new Map(root.getAllSubcomponents("vevent").map((e) => [String(e.getFirstPropertyValue("uid")), e] as const));
const to = BUILT.getTime() + CALENDAR_DAYS * DAY;

afterAll(() => ICAL.TimezoneService.reset());

describe("maintenanceCalendar", () => {
  it("is a calendar with an event per window, each with a UID that stays with the window", () => {
    expect(root.name).toBe("vcalendar");
    expect(root.getFirstPropertyValue("version")).toBe("2.0");
    expect([...events.keys()].sort()).toEqual(WINDOWS.map((w) => `maintenance-${w.id}@status.example.com`).sort());
    expect(root.getFirstPropertyValue("x-wr-calname")).toBe("Location Tracker: maintenance");
    // A rule ends where the file's zone rules and pinned nights end; the next build writes it again.
    expect(text).toContain("RRULE:FREQ=WEEKLY;BYDAY=SU;UNTIL=20280101T035959Z");
  });

  it.each(WINDOWS.filter((w) => "every" in w).map((w) => [w.id, w] as const))(
    "repeats %s at the times our rules give, daylight saving included",
    (id, window) => {
      const spans = expand(events.get(`maintenance-${id}@status.example.com`)!, to);
      const first = Date.parse(spans[0].start);
      expect(first).toBeGreaterThanOrEqual(BUILT.getTime() - 7 * DAY);
      const ours = maintenanceOccurrences([window], first, to).map(({ start, end }) => ({ start, end }));
      expect(spans).toEqual(ours);
      expect(spans.length).toBeGreaterThan(5);
    },
  );

  it("puts the skipped night's start where ours is (03:00 summer time), not where RFC 5545 would (03:30)", () => {
    const spans = expand(events.get("maintenance-nightly@status.example.com")!, to);
    const night = spans.find((s) => s.start.startsWith("2027-03-28"));
    expect(night).toEqual({ start: "2027-03-28T01:00:00.000Z", end: "2027-03-28T01:30:00.000Z" });
    expect(text).toContain("EXDATE;TZID=Europe/Berlin:20270328T023000");
  });

  it("puts a start that happens twice at the first of the two, as ours", () => {
    const spans = expand(events.get("maintenance-twice@status.example.com")!, to);
    expect(spans.find((s) => s.start.startsWith("2027-11-07"))).toEqual({
      start: "2027-11-07T05:30:00.000Z",
      end: "2027-11-07T06:15:00.000Z",
    });
  });

  it("skips the months without the day", () => {
    const months = expand(events.get("maintenance-month-end@status.example.com")!, to).map((s) => s.start.slice(0, 7));
    // 22:00 in New York on the 31st is the 1st in UTC.
    expect(months).not.toContain("2027-05"); // April has no 31st: nothing starts on 1 May UTC
    expect(months).toContain("2027-06"); // 31 May
  });

  it("keeps a one-off window in UTC, its text as text", () => {
    const move = events.get("maintenance-move@status.example.com")!;
    expect(expand(move, to)).toEqual([{ start: "2026-12-05T22:00:00.000Z", end: "2026-12-06T02:00:00.000Z" }]);
    expect(move.getFirstPropertyValue("summary")).toBe("Maintenance: Rack move; <b>room 2</b>, then 3");
    expect(move.getFirstPropertyValue("description")).toBe(
      "Two steps:\nfirst the rack, then \\ the switch.\nAffects EU-Central-1, US-East-1.",
    );
    expect(move.getFirstPropertyValue("url")).toBe("https://status.example.com/incidents#maintenance");
  });

  it("gives a zone's rules with each change in force from its local time (Berlin: 02:00 in March, 03:00 in October)", () => {
    const berlin = root.getAllSubcomponents("vtimezone").find((z) => z.getFirstPropertyValue("tzid") === "Europe/Berlin")!;
    const starts = berlin.getAllSubcomponents("daylight").map((d) => String(d.getFirstPropertyValue("dtstart")));
    expect(starts).toContain("2027-03-28T02:00:00");
    const back = berlin.getAllSubcomponents("standard").map((d) => String(d.getFirstPropertyValue("dtstart")));
    expect(back).toContain("2027-10-31T03:00:00");
    expect(
      root
        .getAllSubcomponents("vtimezone")
        .map((z) => z.getFirstPropertyValue("tzid"))
        .sort(),
    ).toEqual(["America/New_York", "Asia/Kolkata", "Europe/Berlin"]);
  });

  it("folds every line at 75 octets and ends each in CRLF", () => {
    const long = maintenanceCalendar(
      [{ id: "long", title: "東京 ".repeat(40), affected: [], start: "2026-12-01T00:00:00Z", end: "2026-12-01T01:00:00Z" }],
      NAMES,
      SITE,
      BUILT,
    );
    expect(long.endsWith("\r\n")).toBe(true);
    const lines = long.split("\r\n").slice(0, -1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(long).not.toMatch(/[^\r]\n/);
    expect(parseCalendar(long).getFirstSubcomponent("vevent")!.getFirstPropertyValue("summary")).toBe(`Maintenance: ${"東京 ".repeat(40)}`);
  });
});

describe("any recurring window", () => {
  const ZONES = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "America/Santiago", "Pacific/Chatham", "Asia/Kolkata", "UTC"];
  const anyWindow = fc
    .record({
      zone: fc.constantFrom(...ZONES),
      hour: fc.integer({ min: 0, max: 23 }),
      minute: fc.constantFrom(0, 15, 30, 45, 59),
      duration: fc.integer({ min: 1, max: 1500 }),
      every: fc.constantFrom("day" as const, "week" as const, "month" as const),
      weekday: fc.constantFrom("monday" as const, "sunday" as const, "saturday" as const),
      monthDay: fc.integer({ min: 1, max: 31 }),
      built: fc.date({ min: new Date("2026-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }),
    })
    .map(({ zone, hour, minute, duration, every, weekday, monthDay, built }) => ({
      built,
      window: {
        id: "w",
        title: "W",
        affected: [],
        every,
        on: every === "week" ? weekday : every === "month" ? monthDay : null,
        at: `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`,
        durationMinutes: duration,
        timeZone: zone,
      } satisfies MaintenanceWindow,
    }));

  /** The library reads the window's event as the times our rules give, from the calendar's first on. */
  const readsAsOurs = ({ window, built }: { window: MaintenanceWindow; built: Date }) => {
    const until = built.getTime() + CALENDAR_DAYS * DAY;
    const vevent = parseCalendar(maintenanceCalendar([window], NAMES, SITE, built)).getFirstSubcomponent("vevent")!;
    const spans = expand(vevent, until);
    const first = Date.parse(spans[0].start);
    // maintenanceOccurrences also gives those still in force at `first` (a window over a day long): the calendar starts at its first.
    const ours = maintenanceOccurrences([window], first, until)
      .filter((o) => Date.parse(o.start) >= first)
      .map(({ start, end }) => ({ start, end }));
    expect(spans).toEqual(ours);
  };

  it("is read by the library at the times our rules give, in any zone, from any build", () => {
    fc.assert(fc.property(anyWindow, readsAsOurs), { numRuns: 40 });
  });

  it("vouches for a start exactly a calendar's span after a build a millisecond past a whole second (found by the property above)", () => {
    readsAsOurs({
      built: new Date("2026-01-01T00:00:00.001Z"),
      window: {
        id: "w",
        title: "W",
        affected: [],
        every: "day",
        on: null,
        at: "21:00",
        durationMinutes: 1,
        timeZone: "America/Santiago",
      },
    });
  });
});

describe("escapeText and foldLine", () => {
  it("round-trip any text through the library", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), (value) => {
        const line = foldLine(`SUMMARY:${escapeText(value)}`);
        const calendar = [
          "BEGIN:VCALENDAR",
          "VERSION:2.0",
          "PRODID:-//t//t//EN",
          "BEGIN:VEVENT",
          "UID:x",
          "DTSTAMP:20261127T000000Z",
          line,
          "END:VEVENT",
          "END:VCALENDAR",
          "",
        ].join("\r\n");
        const summary = new ICAL.Component(ICAL.parse(calendar)).getFirstSubcomponent("vevent")!.getFirstPropertyValue("summary");
        // Control characters other than line breaks are dropped; CR LF and CR read as a line break.
        // eslint-disable-next-line no-control-regex -- the characters RFC 5545 TEXT cannot hold
        expect(summary ?? "").toBe(value.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, ""));
      }),
      { numRuns: 200 },
    );
  });
});

describe("zoneTransitions", () => {
  it("finds each change to the minute, and none in a zone without them", () => {
    const year = Date.parse("2027-01-01T00:00:00Z");
    const berlin = zoneTransitions("Europe/Berlin", year, year + 365 * DAY);
    expect(berlin).toEqual([
      { at: Date.parse("2027-03-28T01:00:00Z"), from: 60, to: 120 },
      { at: Date.parse("2027-10-31T01:00:00Z"), from: 120, to: 60 },
    ]);
    expect(zoneTransitions("Asia/Kolkata", year, year + 365 * DAY)).toEqual([]);
    expect(zoneOffsetMinutes(year, "Asia/Kathmandu")).toBe(345);
  });
});
