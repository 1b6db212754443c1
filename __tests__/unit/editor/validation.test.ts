import fs from "node:fs";
import { fileIssues, issuesAtPath, issuesOfField, problemsElsewhere } from "../../../src/editor/validation";

const servers = JSON.parse(fs.readFileSync("content/servers.json", "utf8")) as Array<Record<string, unknown>>;

describe("the editor's checks, the build's rules", () => {
  it("finds what the build finds in the file being saved, in the build's words", () => {
    const edited = [...servers, { ...servers[0], id: "srv-new", name: "New", ip: "999.1.1.1" }];
    const issues = fileIssues("servers.json", JSON.stringify(edited), {});
    expect(issues.map((i) => i.message)).toEqual([
      'content/servers.json, record 7 (id "srv-new", name "New"), field "ip": expected an IPv4 or IPv6 address such as 192.0.2.10, found "999.1.1.1".',
    ]);
  });

  it("judges the rules across files only with the other file as the repository holds it", () => {
    const alerts = JSON.stringify([
      {
        id: "a1",
        server: "Nowhere-1",
        type: "error",
        message: "down",
        ip: "192.0.2.1",
        location: "Oslo, Norway",
        timestamp: "2026-11-23 10:37 UTC",
      },
    ]);
    expect(fileIssues("alerts.json", alerts, {}).filter((i) => i.level === "error")).toEqual([]);
    const known = fileIssues("alerts.json", alerts, { "servers.json": JSON.stringify(servers) }).filter((i) => i.level === "error");
    expect(known.map((i) => i.field)).toContain("server");
  });

  it("shows an issue beside the field that holds the value, in the record it is about", () => {
    const value = [
      { id: "a", ip: "999.1.1.1", coordinates: [200, 0] },
      { id: "b", ip: "192.0.2.1", coordinates: [1, 2] },
    ];
    const issues = fileIssues("servers.json", JSON.stringify(value), {});
    const ip = issues.find((i) => i.field === "ip")!;
    expect(issuesOfField(issues, "list", value, "[].ip", "999.1.1.1")).toContain(ip);
    // the same place in another record holds another value: not its issue
    expect(issuesOfField(issues, "list", value, "[].ip", "192.0.2.1")).toEqual([]);
    // a field that holds a whole value shows the issues inside it
    const pair = issuesOfField(issues, "list", value, "[].coordinates", [200, 0], true);
    expect(pair.map((i) => i.field)).toEqual(["coordinates[0]"]);
    expect(issuesOfField(issues, "list", value, "[].coordinates", [200, 0], false)).toEqual([]);
  });
});

describe("what a field shows, and what only the save says", () => {
  it("a value two records share shows no record's issue beside either field: the save names the record", () => {
    const value = [
      { id: "a", check: { url: "https://a.example.org", method: "GET" } },
      { id: "b", check: { tcp: "b.example.org:5432", method: "GET" } },
    ];
    const issues = fileIssues("servers.json", JSON.stringify(value), {});
    expect(issues.some((i) => i.field === "check.method" || i.field === "check")).toBe(true);
    expect(issuesOfField(issues, "list", value, "[].check.method", "GET")).toEqual([]);
  });

  it("a server renamed that an alert still names is a problem of alerts.json, found before the save", () => {
    const text = fs.readFileSync("content/servers.json", "utf8");
    const renamed = JSON.stringify(servers.map((s) => (s.name === "AP-East-1" ? { ...s, name: "AP-East-9" } : s)));
    const others = { "alerts.json": fs.readFileSync("content/alerts.json", "utf8") };
    const problems = problemsElsewhere("servers.json", renamed, text, others);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => p.file === "content/alerts.json" && p.field === "server")).toBe(true);
    expect(problemsElsewhere("servers.json", text, text, others)).toEqual([]);
  });
});

describe("a field whose record the form knows", () => {
  it("shows the issues at its exact place, whatever other records hold", () => {
    const value = [
      { id: "a", name: "Same" },
      { id: "b", name: "Same" },
    ];
    const issues = fileIssues("servers.json", JSON.stringify(value), {});
    const twin = issues.filter((i) => i.field === "name" && i.record?.index === 1);
    expect(twin).toHaveLength(1);
    expect(issuesAtPath(issues, "list", "[1].name")).toEqual(twin);
    expect(issuesAtPath(issues, "list", "[0].name")).toEqual([]);
    // a whole value's field takes the issues inside it
    expect(issuesAtPath(issues, "list", "[1]", true).length).toBeGreaterThan(twin.length);
  });
});
