import { countReports, filterReports, filterServers, type ServerFilter } from "../../../src/model/fleet/filters";
import type { Report } from "../../../src/domain/kernel/types";
import { makeServer } from "../fixtures";

const servers = [
  makeServer({ name: "A", status: "online" }),
  makeServer({ name: "B", status: "offline" }),
  makeServer({ name: "C", status: "warning" }),
  makeServer({ name: "D", status: "maintenance" }),
  makeServer({ name: "E", status: "online" }),
  makeServer({ name: "F", status: "" }),
  makeServer({ name: "G", status: "Online" }),
];

function report(id: string, status: Report["status"]): Report {
  return { id, name: `Report ${id}`, type: "Performance", date: "2026-11-01", status, size: status === "failed" ? "N/A" : "1 KB" };
}

const reports = [
  report("r1", "completed"),
  report("r2", "processing"),
  report("r3", "failed"),
  report("r4", "completed"),
  report("r5", "completed"),
];

describe("filterServers", () => {
  it.each<[ServerFilter, string[]]>([
    ["all", ["A", "B", "C", "D", "E", "F", "G"]],
    ["online", ["A", "E"]],
    ["offline", ["B"]],
    ["warning", ["C"]],
    ["other", ["D", "F", "G"]],
  ])("%s keeps %j in order", (filter, names) => {
    expect(filterServers(servers, filter).map((s) => s.name)).toEqual(names);
  });

  it("does not change the input", () => {
    const before = servers.map((s) => s.name);
    filterServers(servers, "online");
    expect(servers.map((s) => s.name)).toEqual(before);
  });

  it("gives an empty list for an empty input", () => {
    expect(filterServers([], "online")).toEqual([]);
    expect(filterServers([], "other")).toEqual([]);
  });
});

describe("filterReports", () => {
  it.each<["all" | Report["status"], string[]]>([
    ["all", ["r1", "r2", "r3", "r4", "r5"]],
    ["completed", ["r1", "r4", "r5"]],
    ["processing", ["r2"]],
    ["failed", ["r3"]],
  ])("%s keeps %j", (filter, ids) => {
    expect(filterReports(reports, filter).map((r) => r.id)).toEqual(ids);
  });
});

describe("countReports", () => {
  it("counts total and each status", () => {
    expect(countReports(reports)).toEqual({ total: 5, completed: 3, processing: 1, failed: 1 });
  });
  it("is all zero for no reports", () => {
    expect(countReports([])).toEqual({ total: 0, completed: 0, processing: 0, failed: 0 });
  });
});
