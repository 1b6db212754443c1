/**
 * content/incidents.json and content/maintenance.json: optional, and when there,
 * held to their schemas and to servers.json; each bad case names the file, the
 * record and the field. Each case starts from the real content and one good
 * incident and window, and changes one thing.
 */
import * as fs from "fs";
import * as path from "path";
import { CONTENT_FILES } from "../../../src/domain/content/files";
import { isOpen, type Incident } from "../../../src/domain/incidents/incidents";
import { validateContent, type ContentTexts } from "../../../src/domain/content/validate";

const CONTENT_DIR = path.join(__dirname, "..", "..", "..", "content");
const ORIGINAL = Object.fromEntries(
  CONTENT_FILES.map((f) => [f.name, fs.readFileSync(path.join(CONTENT_DIR, f.name), "utf8")]),
) as ContentTexts;

type Rec = Record<string, unknown>;
const goodIncident = (): Rec => ({
  id: "db-latency",
  title: "Slow answers from EU-West-1",
  impact: "minor",
  affected: ["srv-eu-west-1"],
  updates: [
    { at: "2026-03-02T09:14:00Z", status: "investigating", message: "We are looking into slow answers." },
    { at: "2026-03-02T09:40:00Z", status: "identified", message: "A disk is full." },
    { at: "2026-03-02T10:05:00Z", status: "resolved", message: "Space freed; answers are fast again." },
  ],
});
const goodWindow = (): Rec => ({
  id: "weekly-patching",
  title: "Operating system updates",
  affected: ["srv-eu-central-1"],
  every: "week",
  on: "sunday",
  at: "03:00",
  durationMinutes: 60,
  timeZone: "Europe/Berlin",
});
const goodOneOff = (): Rec => ({
  id: "rack-move",
  title: "Moving to a new rack",
  affected: ["srv-us-east-1", "srv-us-west-2"],
  message: "Both servers are off for an hour.",
  start: "2026-05-10T22:00:00Z",
  end: "2026-05-10T23:00:00Z",
});

function check(incidents: Rec[] | null, windows: Rec[] | null, servers?: string) {
  const texts: ContentTexts = { ...ORIGINAL };
  if (incidents !== null) texts["incidents.json"] = JSON.stringify(incidents, null, 2);
  if (windows !== null) texts["maintenance.json"] = JSON.stringify(windows, null, 2);
  if (servers !== undefined) texts["servers.json"] = servers;
  return validateContent(texts);
}
const messages = (result: ReturnType<typeof check>) => result.issues.map((i) => `${i.level}: ${i.message}`);

describe("the files are optional", () => {
  it("the real content without them is valid", () => {
    expect(check(null, null).errors).toEqual([]);
  });

  it("good incidents and windows, one-off and recurring, are valid", () => {
    expect(messages(check([goodIncident()], [goodWindow(), goodOneOff()]))).toEqual([]);
  });

  it("an empty list is valid, an empty file is not", () => {
    expect(check([], []).errors).toEqual([]);
    const texts: ContentTexts = { ...ORIGINAL, "incidents.json": "  " };
    expect(validateContent(texts).errors.map((e) => e.message)).toEqual([
      "content/incidents.json: expected a list of records in square brackets (write [] for none, or delete the file), found an empty file.",
    ]);
  });
});

describe("the samples", () => {
  // Both live with the tests, not in content/: every tool that swaps servers.json for a fleet of its own
  // (the job's tests, generated fleets, the benchmarks) would otherwise have to swap them too.
  const sampleIncidents = fs.readFileSync(path.join(__dirname, "..", "..", "fixtures", "incidents.json"), "utf8");
  const fixtureWindows = fs.readFileSync(path.join(__dirname, "..", "..", "fixtures", "maintenance.json"), "utf8");

  it("the tests' sample incidents are valid and all resolved, so no page's overall state changes with them", () => {
    expect(messages(validateContent({ ...ORIGINAL, "incidents.json": sampleIncidents }))).toEqual([]);
    const incidents = JSON.parse(sampleIncidents) as Incident[];
    expect(incidents.length).toBeGreaterThan(0);
    expect(incidents.filter((incident) => isOpen(incident))).toEqual([]);
  });

  it("the tests' sample windows (a weekly one, a one-off) are valid with the site's servers", () => {
    expect(messages(validateContent({ ...ORIGINAL, "maintenance.json": fixtureWindows }))).toEqual([]);
  });
});

describe("incidents.json", () => {
  it("a schema error names the record and the field", () => {
    const bad = { ...goodIncident(), impact: "huge" };
    expect(messages(check([bad], null))).toEqual([
      'error: content/incidents.json, record 1 (id "db-latency"), field "impact": expected none, minor, major or critical, found "huge".',
    ]);
  });

  it("an update's status and time are held to the schema too", () => {
    const bad = goodIncident();
    (bad.updates as Rec[])[1] = { at: "2 March, 09:40", status: "fixed", message: "A disk is full." };
    expect(messages(check([bad], null))).toEqual([
      'error: content/incidents.json, record 1 (id "db-latency"), field "updates[1].at": expected a date and time with its zone such as 2026-03-02T09:14:00Z, found "2 March, 09:40".',
      'error: content/incidents.json, record 1 (id "db-latency"), field "updates[1].status": expected investigating, identified, monitoring or resolved, found "fixed".',
    ]);
  });

  it("an unknown server id", () => {
    const bad = { ...goodIncident(), affected: ["srv-eu-west-1", "srv-mars-1"] };
    expect(messages(check([bad], null))).toEqual([
      'error: content/incidents.json, record 1 (id "db-latency"), field "affected[1]": expected the id of a server in servers.json (srv-us-east-1, srv-eu-west-1, srv-ap-south-1, srv-us-west-2, srv-ap-east-1, srv-eu-central-1), found "srv-mars-1".',
    ]);
  });

  it("updates out of time order (written with different offsets)", () => {
    const bad = goodIncident();
    (bad.updates as Rec[])[1].at = "2026-03-02T10:10:00+01:00"; // 09:10Z, before 09:14Z
    expect(messages(check([bad], null))).toEqual([
      'error: content/incidents.json, record 1 (id "db-latency"), field "updates[1].at": expected a time after the update before it (updates[0].at is 2026-03-02T09:14:00Z), found "2026-03-02T10:10:00+01:00". Updates are listed oldest first: add a new one at the end.',
    ]);
  });

  it("a resolved incident with later updates", () => {
    const bad = goodIncident();
    (bad.updates as Rec[]).splice(1, 0, { at: "2026-03-02T09:30:00Z", status: "resolved", message: "Looks fine." });
    expect(messages(check([bad], null))).toEqual([
      'error: content/incidents.json, record 1 (id "db-latency"), field "updates[2]": expected no update after updates[1], which resolved the incident, found an update with status "identified". A resolved incident is closed: if the trouble is back, write a new incident (or remove the resolved update).',
    ]);
  });

  it("a duplicate id", () => {
    const second = { ...goodIncident(), title: "Another" };
    expect(messages(check([goodIncident(), second], null))).toEqual([
      'error: content/incidents.json, record 2 (id "db-latency"), field "id": expected an id that no other record uses, found "db-latency", already used by record 1.',
    ]);
  });
});

describe("maintenance.json", () => {
  it("an unknown server id", () => {
    expect(messages(check(null, [{ ...goodOneOff(), affected: ["srv-nowhere"] }]))).toEqual([
      expect.stringMatching(
        /^error: content\/maintenance\.json, record 1 \(id "rack-move"\), field "affected\[0\]": expected the id of a server in servers\.json \(.*\), found "srv-nowhere"\.$/,
      ),
    ]);
  });

  it("an end before its start", () => {
    expect(messages(check(null, [{ ...goodOneOff(), end: "2026-05-10T21:00:00Z" }]))).toEqual([
      'error: content/maintenance.json, record 1 (id "rack-move"), field "end": expected a time after its start (2026-05-10T22:00:00Z), found "2026-05-10T21:00:00Z". Is the date or the zone wrong?',
    ]);
  });

  it("a one-off window without its end", () => {
    const { end: _end, ...bad } = goodOneOff();
    expect(messages(check(null, [bad]))).toEqual([
      'error: content/maintenance.json, record 1 (id "rack-move"), field "end": expected a date and time with its zone such as 2026-05-11T02:00:00Z, found nothing (the field is missing).',
    ]);
  });

  it("a recurring window without its time zone", () => {
    const { timeZone: _zone, ...bad } = goodWindow();
    expect(messages(check(null, [bad]))).toEqual([
      'error: content/maintenance.json, record 1 (id "weekly-patching"), field "timeZone": expected an IANA time zone such as Europe/Berlin, America/New_York or UTC, found nothing (the field is missing).',
    ]);
  });

  it("an unknown time zone", () => {
    expect(messages(check(null, [{ ...goodWindow(), timeZone: "Europe/Atlantis" }]))).toEqual([
      'error: content/maintenance.json, record 1 (id "weekly-patching"), field "timeZone": expected an IANA time zone such as Europe/Berlin, America/New_York or UTC, found "Europe/Atlantis". It is not a time zone this platform knows: check the spelling (Area/City, as in the tz database).',
    ]);
  });

  it.each([
    [
      "a day of the month for every week",
      { every: "week", on: 5 },
      "expected a weekday for every week (monday, tuesday, wednesday, thursday, friday, saturday, sunday), found number 5.",
    ],
    [
      "no weekday for every week",
      { every: "week", on: undefined },
      "expected a weekday for every week (monday, tuesday, wednesday, thursday, friday, saturday, sunday), found nothing (the field is missing).",
    ],
    [
      "a weekday for every month",
      { every: "month", on: "monday" },
      'expected a day of the month from 1 to 31 for every month, found "monday".',
    ],
    [
      "an on for every day",
      { every: "day", on: "monday" },
      'expected no on for every day (the window is every day), found "monday". Remove on, or say every week or every month.',
    ],
  ])("on that does not fit every: %s", (_title, change, said) => {
    expect(messages(check(null, [{ ...goodWindow(), ...change }]))).toEqual([
      `error: content/maintenance.json, record 1 (id "weekly-patching"), field "on": ${said}`,
    ]);
  });

  it("a day that some months lack is a warning that says which months have no window", () => {
    expect(messages(check(null, [{ ...goodWindow(), every: "month", on: 31 }]))).toEqual([
      'warning: content/maintenance.json, record 1 (id "weekly-patching"), field "on": expected a day that every month has (1 to 28), found number 31. A month without day 31 has no window (February, April, June, September and November).',
    ]);
  });

  it("a weekday written in capitals is a schema error", () => {
    expect(messages(check(null, [{ ...goodWindow(), on: "Sunday" }]))).toEqual([
      'error: content/maintenance.json, record 1 (id "weekly-patching"), field "on": expected a weekday in lower case (monday … sunday) or a day of the month from 1 to 31, found "Sunday".',
    ]);
  });

  it("one-off and recurring fields mixed in one window", () => {
    expect(messages(check(null, [{ ...goodWindow(), start: "2026-05-10T22:00:00Z" }]))).toEqual([
      'error: content/maintenance.json, record 1 (id "weekly-patching"), field "start": expected no start in a recurring window (it has every), found "2026-05-10T22:00:00Z". A window is either one-off (start and end) or recurring (every, at, durationMinutes, timeZone): write two windows for both.',
    ]);
    expect(messages(check(null, [{ ...goodOneOff(), timeZone: "UTC" }]))).toEqual([
      'error: content/maintenance.json, record 1 (id "rack-move"), field "timeZone": expected no recurring field in a one-off window (it has no every), found "UTC". Add every (day, week or month) for a recurring window, or remove the field.',
    ]);
  });

  it("a window as long as the time between two of them", () => {
    expect(messages(check(null, [{ ...goodWindow(), every: "day", on: undefined, durationMinutes: 1440 }]))).toEqual([
      'error: content/maintenance.json, record 1 (id "weekly-patching"), field "durationMinutes": expected fewer minutes than a day (1440), the time between two windows, found number 1440. A window that lasts until the next one starts never ends.',
    ]);
  });

  it("an hour that does not exist", () => {
    expect(messages(check(null, [{ ...goodWindow(), at: "24:00" }]))).toEqual([
      'error: content/maintenance.json, record 1 (id "weekly-patching"), field "at": expected a time HH:MM from 00:00 to 23:59, found "24:00".',
    ]);
  });

  it("a duplicate id", () => {
    expect(messages(check(null, [goodOneOff(), { ...goodWindow(), id: "rack-move" }]))).toEqual([
      'error: content/maintenance.json, record 2 (id "rack-move"), field "id": expected an id that no other record uses, found "rack-move", already used by record 1.',
    ]);
  });
});
