/** @jest-environment node */
import fc from "fast-check";
import { componentStatus, overallStatus, statuspageFiles, statuspageId, type StatuspageInput } from "../../../src/publish/statuspage";
import type { Server } from "../../../src/domain/kernel/types";
import type { MaintenanceWindow } from "../../../src/domain/incidents/maintenance";
import { maintenanceOccurrences } from "../../../src/domain/incidents/maintenance";

const BUILT = new Date("2028-03-15T12:00:00Z");
const server = (id: string, location: string, status: string): Server => ({
  id,
  name: id.toUpperCase(),
  ip: "192.0.2.1",
  location,
  status,
  uptime: "99.9%",
  uptimeChecks: null,
  responseTime: 40,
  lastChecked: "2028-03-15T11:55:00Z",
  coordinates: [0, 0],
  source: "measured",
  detail: null,
});
const windows: MaintenanceWindow[] = [
  {
    id: "now",
    title: "Database upgrade",
    affected: ["b"],
    start: "2028-03-15T11:00:00Z",
    end: "2028-03-15T13:00:00Z",
    message: "Read-only",
  },
  { id: "later", title: "Network work", affected: ["a"], start: "2028-03-20T01:00:00Z", end: "2028-03-20T02:00:00Z" },
  { id: "done", title: "Disk swap", affected: ["c"], start: "2028-03-10T01:00:00Z", end: "2028-03-10T02:00:00Z" },
];
const input = (servers: Server[]): StatuspageInput => ({
  site: { name: "Location Tracker", url: "https://status.example.org" },
  servers,
  incidents: [
    {
      id: "inc-open",
      title: "Slow answers in Frankfurt",
      impact: "minor",
      status: "monitoring",
      affected: [{ id: "a", name: "A" }],
      updates: [
        { at: "2028-03-15T10:00:00Z", status: "investigating", message: "Looking" },
        { at: "2028-03-15T11:00:00Z", status: "monitoring", message: "Fixed, watching" },
        { at: "2028-03-16T00:00:00Z", status: "resolved", message: "Not yet said at the build" },
      ],
    },
    {
      id: "inc-done",
      title: "Outage",
      impact: "major",
      status: "resolved",
      affected: [{ id: "c", name: "C" }],
      updates: [
        { at: "2028-03-01T10:00:00Z", status: "investigating", message: "Down" },
        { at: "2028-03-01T11:00:00Z", status: "resolved", message: "Up" },
      ],
    },
  ],
  occurrences: maintenanceOccurrences(windows, BUILT.getTime() - 7 * 86_400_000, BUILT.getTime() + 35 * 86_400_000),
  builtAt: BUILT,
});

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe("Statuspage's API shapes (#35)", () => {
  const files = statuspageFiles(
    input([server("a", "Frankfurt, Germany", "online"), server("b", "Berlin, Germany", "offline"), server("c", "Tokyo, Japan", "warning")]),
  );
  const summary = files["summary.json"] as Doc;

  it("maps our states to Statuspage's, a window in force to under_maintenance, and anything else not to operational", () => {
    expect(componentStatus("online", false)).toBe("operational");
    expect(componentStatus("warning", false)).toBe("degraded_performance");
    expect(componentStatus("offline", false)).toBe("major_outage");
    expect(componentStatus("offline", true)).toBe("under_maintenance");
    expect(componentStatus("decommissioned", false)).toBe("degraded_performance");
  });

  it("groups the servers by region, each group's status its worst member's", () => {
    const components = (files["components.json"] as Doc).components as Doc[];
    expect(components.map((c) => [c.name, c.group, c.status])).toEqual([
      ["Germany", true, "under_maintenance"],
      ["A", false, "operational"],
      ["B", false, "under_maintenance"],
      ["Japan", true, "degraded_performance"],
      ["C", false, "degraded_performance"],
    ]);
    const germany = components[0];
    expect(germany.components).toEqual([components[1].id, components[2].id]);
    expect(components[1].group_id).toBe(germany.id);
    expect(components.map((c) => c.position)).toEqual([3, 1, 2, 5, 4]);
  });

  it("lists the incidents told by the build, newest first, their updates newest first; unresolved ones apart", () => {
    const incidents = (files["incidents.json"] as Doc).incidents as Doc[];
    expect(incidents.map((i) => [i.name, i.status, i.impact])).toEqual([
      ["Slow answers in Frankfurt", "monitoring", "minor"],
      ["Outage", "resolved", "major"],
    ]);
    // the update dated after the build is not told yet
    expect(incidents[0].incident_updates.map((u: Doc) => u.body)).toEqual(["Fixed, watching", "Looking"]);
    expect(incidents[0].monitoring_at).toBe("2028-03-15T11:00:00.000Z");
    expect(incidents[1].resolved_at).toBe("2028-03-01T11:00:00.000Z");
    expect(incidents[0].shortlink).toBe("https://status.example.org/incidents#inc-open");
    expect(incidents[0].components.map((c: Doc) => c.name)).toEqual(["A"]);
    expect(((files["incidents/unresolved.json"] as Doc).incidents as Doc[]).map((i) => i.name)).toEqual(["Slow answers in Frankfurt"]);
  });

  it("gives each window's occurrence its state: scheduled, in progress or completed", () => {
    const all = (files["scheduled-maintenances.json"] as Doc).scheduled_maintenances as Doc[];
    expect(all.map((m) => [m.name, m.status])).toEqual([
      ["Network work", "scheduled"],
      ["Database upgrade", "in_progress"],
      ["Disk swap", "completed"],
    ]);
    expect(((files["scheduled-maintenances/upcoming.json"] as Doc).scheduled_maintenances as Doc[]).map((m) => m.name)).toEqual([
      "Network work",
    ]);
    const active = (files["scheduled-maintenances/active.json"] as Doc).scheduled_maintenances as Doc[];
    expect(active.map((m) => [m.name, m.scheduled_for, m.scheduled_until, m.impact])).toEqual([
      ["Database upgrade", "2028-03-15T11:00:00.000Z", "2028-03-15T13:00:00.000Z", "maintenance"],
    ]);
    expect(active[0].incident_updates[0].body).toBe("Read-only");
    expect(summary.scheduled_maintenances.map((m: Doc) => m.name)).toEqual(["Database upgrade", "Network work"]);
  });

  it("rolls the page's status up from the components and the unresolved incidents", () => {
    // one offline of three (in maintenance: not an outage), one slow, a minor incident open
    expect(summary.status).toEqual({ indicator: "minor", description: "Minor Service Outage" });
    expect(overallStatus([{ status: "major_outage" }, { status: "operational" }, { status: "operational" }], [])).toEqual({
      indicator: "major",
      description: "Partial System Outage",
    });
    expect(overallStatus([{ status: "major_outage" }, { status: "major_outage" }, { status: "operational" }], []).indicator).toBe(
      "critical",
    );
    expect(overallStatus([{ status: "operational" }], [{ impact: "critical" }]).indicator).toBe("critical");
    expect(overallStatus([{ status: "under_maintenance" }, { status: "operational" }], [])).toEqual({
      indicator: "none",
      description: "Service Under Maintenance",
    });
    expect(overallStatus([{ status: "operational" }], [])).toEqual({ indicator: "none", description: "All Systems Operational" });
  });

  it("keeps every id the same from build to build, 12 lowercase letters and digits, none shared (generated ids)", () => {
    const again = statuspageFiles({ ...input([server("a", "Frankfurt, Germany", "offline")]), builtAt: new Date("2029-01-01T00:00:00Z") });
    expect(((again["components.json"] as Doc).components as Doc[])[1].id).toBe(
      ((files["components.json"] as Doc).components as Doc[])[1].id,
    );
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 40 }), { minLength: 2, maxLength: 50 }), (keys) => {
        const ids = keys.map((k) => statuspageId("component", k));
        for (const id of ids) expect(id).toMatch(/^[a-z0-9]{12}$/);
        expect(new Set(ids).size).toBe(ids.length);
      }),
    );
  });
});
