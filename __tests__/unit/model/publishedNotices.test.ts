/** @jest-environment node */
import { FeedError, checkIncidentsDocument } from "../../../src/model/fleet/statusFeed";
import type { Incident } from "../../../src/domain/incidents/incidents";
import type { MaintenanceWindow } from "../../../src/domain/incidents/maintenance";
import { noticeWindows, siteNotices } from "../../../src/domain/incidents/schedule";
import { incidentsDocument } from "../../../src/publish/openData";
import { publishedNotices } from "../../../src/publish/publishedNotices";
import incidents from "../../fixtures/incidents.json";
import windows from "../../fixtures/maintenance.json";

const SERVERS = [
  { id: "srv-eu-west-1", name: "EU-West-1" },
  { id: "srv-eu-central-1", name: "EU-Central-1" },
  { id: "srv-us-east-1", name: "US-East-1" },
  { id: "srv-us-west-2", name: "US-West-2" },
];
const NAMES = new Map(SERVERS.map((s) => [s.id, s.name]));
const AT = new Date("2026-11-26T12:00:00Z");

const open: Incident = {
  id: "db-down",
  title: "Database unreachable",
  impact: "major",
  affected: ["srv-us-east-1", "srv-new-1"],
  updates: [
    { at: "2026-11-26T10:00:00Z", status: "investigating", message: "We are looking into it." },
    { at: "2026-11-26T11:00:00Z", status: "identified", message: "A disk is full.\nWe are freeing it." },
  ],
};
const content = [...(incidents as Incident[]), open];

/** The document the build publishes, as a page fetches it (JSON, not objects). */
function published(at = AT): unknown {
  const occurrences = noticeWindows(windows as MaintenanceWindow[], SERVERS, at);
  return JSON.parse(JSON.stringify(incidentsDocument(content, windows as MaintenanceWindow[], occurrences, at)));
}

describe("checkIncidentsDocument: /api/v1/incidents.json as a page fetches it", () => {
  it("takes what the build publishes", () => {
    const document = checkIncidentsDocument(published());
    expect(document.incidents.map((i) => i.id)).toEqual(["2026-11-03-eu-west-1-slow", "db-down"]);
  });

  it.each([
    ["no object", null, /not an incidents document/],
    ["a list", [], /not an incidents document/],
    ["another version", { version: 2, generatedAt: AT.toISOString(), incidents: [], maintenance: [] }, /version 2/],
    ["no incidents", { version: 1, generatedAt: AT.toISOString(), maintenance: [] }, /incidents/],
  ])("refuses %s", (_what, document, message) => {
    expect(() => checkIncidentsDocument(document)).toThrow(FeedError);
    expect(() => checkIncidentsDocument(document)).toThrow(message);
  });

  it("refuses a record its schema refuses, and names where", () => {
    const document = published() as { incidents: Record<string, unknown>[] };
    document.incidents[1] = { ...document.incidents[1], impact: "apocalyptic" };
    expect(() => checkIncidentsDocument(document)).toThrow(/\/incidents\/1\/impact/);
  });

  it("refuses updates out of time order and a time that ends before it starts (the model's own rules)", () => {
    const disorder = published() as { incidents: { updates: unknown[] }[] };
    disorder.incidents[1].updates.reverse();
    expect(() => checkIncidentsDocument(disorder)).toThrow(/\/incidents\/1\/updates\/1: .*not after the one before/);
    const backwards = published() as { maintenance: { next: { start: string; end: string }[] }[] };
    const first = backwards.maintenance[0].next[0];
    backwards.maintenance[0].next[0] = { start: first.end, end: first.start };
    expect(() => checkIncidentsDocument(backwards)).toThrow(/\/maintenance\/0\/next\/0: .*ends before it starts/);
  });
});

describe("publishedNotices: what the pages show from a fetched document", () => {
  it("agrees with what the build put in the pages: the open incidents, the history and the windows' next times", () => {
    const build = siteNotices(content, windows as MaintenanceWindow[], [...SERVERS, { id: "srv-new-1", name: "srv-new-1" }], AT);
    const fetched = publishedNotices(checkIncidentsDocument(published()), NAMES);
    expect(fetched.generatedAt).toBe(AT.toISOString());
    expect(fetched.open).toEqual(build.open);
    expect(fetched.history).toEqual(build.history);
    // The document gives a window's next 5 times; the build placed every one for 35 days.
    expect(fetched.windows).toEqual(
      build.windows.filter((w) => w.id !== "weekly-os-updates" || fetched.windows.some((f) => f.start === w.start)),
    );
    expect(fetched.windows).toHaveLength(5);
    expect(fetched.windows[0].schedule).toBe("Every Sunday at 03:00 (Europe/Berlin), 60 minutes");
  });

  it("names servers the page knows and keeps the id of one it does not", () => {
    const fetched = publishedNotices(checkIncidentsDocument(published()), NAMES);
    expect(fetched.open[0].affected).toEqual([
      { id: "srv-us-east-1", name: "US-East-1" },
      { id: "srv-new-1", name: "srv-new-1" },
    ]);
  });

  it("leaves out of the history an incident resolved more than 90 days before the document", () => {
    const later = new Date("2027-03-01T00:00:00Z");
    expect(publishedNotices(checkIncidentsDocument(published(later)), NAMES).history).toEqual([]);
  });
});
