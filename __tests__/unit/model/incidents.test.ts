/**
 * An incident's story: its status is its newest update's, it is open until an
 * update says resolved, and impacts are ordered none < minor < major < critical.
 */
import {
  compareImpact,
  incidentStatus,
  incidentsForServer,
  isOpen,
  latestUpdate,
  openIncidents,
  worstOpenImpact,
  type Incident,
} from "../../../src/domain/incidents/incidents";

const incident = (id: string, impact: Incident["impact"], affected: string[], statuses: Array<[string, string]>): Incident => ({
  id,
  title: id,
  impact,
  affected,
  updates: statuses.map(([at, status]) => ({ at, status: status as "investigating", message: `${status} at ${at}` })),
});

const dbDown = incident(
  "db",
  "major",
  ["srv-a", "srv-b"],
  [
    ["2026-03-02T09:00:00Z", "investigating"],
    ["2026-03-02T09:20:00Z", "identified"],
  ],
);
const slow = incident("slow", "minor", ["srv-b"], [["2026-03-02T09:10:00Z", "investigating"]]);
const past = incident(
  "past",
  "critical",
  ["srv-a"],
  [
    ["2026-02-01T10:00:00Z", "investigating"],
    ["2026-02-01T11:00:00Z", "monitoring"],
    ["2026-02-01T12:00:00Z", "resolved"],
  ],
);

describe("an incident's status", () => {
  it("is its newest update's", () => {
    expect(incidentStatus(dbDown)).toBe("identified");
    expect(latestUpdate(dbDown).message).toBe("identified at 2026-03-02T09:20:00Z");
    expect(incidentStatus(past)).toBe("resolved");
  });

  it("is the newest by time, not by place in the list, whatever the offsets the times are written with", () => {
    const zones = incident(
      "zones",
      "minor",
      ["srv-a"],
      [
        ["2026-03-02T09:30:00Z", "monitoring"],
        ["2026-03-02T10:15:00+01:00", "investigating"], // 09:15Z: earlier, though written later
      ],
    );
    expect(incidentStatus(zones)).toBe("monitoring");
  });

  it("at an instant, is the newest update's by then (null before the first)", () => {
    expect(incidentStatus(past, new Date("2026-02-01T11:30:00Z"))).toBe("monitoring");
    expect(incidentStatus(past, new Date("2026-02-01T12:00:00Z"))).toBe("resolved");
    expect(incidentStatus(past, new Date("2026-01-31T00:00:00Z"))).toBeNull();
  });

  it("is open until an update says resolved", () => {
    expect(isOpen(dbDown)).toBe(true);
    expect(isOpen(slow)).toBe(true);
    expect(isOpen(past)).toBe(false);
    expect(isOpen(past, new Date("2026-02-01T11:59:59Z"))).toBe(true);
    expect(isOpen(past, new Date("2026-01-01T00:00:00Z"))).toBe(false); // not yet begun
    expect(openIncidents([past, slow, dbDown]).map((i) => i.id)).toEqual(["slow", "db"]);
  });
});

describe("impacts", () => {
  it("are ordered none < minor < major < critical", () => {
    const sorted = (["critical", "none", "major", "minor"] as const).slice().sort(compareImpact);
    expect(sorted).toEqual(["none", "minor", "major", "critical"]);
  });

  it("the most severe open impact, of all incidents or of one server's, leaves resolved ones out", () => {
    expect(worstOpenImpact([slow, dbDown, past])).toBe("major"); // past was critical but is resolved
    expect(worstOpenImpact([slow, dbDown, past], "srv-a")).toBe("major");
    expect(worstOpenImpact([slow, past], "srv-a")).toBeNull();
    expect(worstOpenImpact([slow], "srv-b")).toBe("minor");
    expect(worstOpenImpact([])).toBeNull();
  });
});

describe("the incidents that touch a server", () => {
  it("are those that name it, open or not, in content order", () => {
    expect(incidentsForServer([dbDown, slow, past], "srv-a").map((i) => i.id)).toEqual(["db", "past"]);
    expect(incidentsForServer([dbDown, slow, past], "srv-c")).toEqual([]);
  });
});
