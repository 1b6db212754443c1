/**
 * Dependencies (#47): which fall is whose (rootCauses), the cycles validation
 * refuses (dependencyCycle), and the editors' mistakes named by file, record
 * and field.
 */
import * as fs from "fs";
import * as path from "path";
import fc from "fast-check";
import { dependencyCycle, namesWithCount, rootCauses, type DependencyGraph } from "../../../src/domain/checks/dependencies";
import type { MeasuredStatus } from "../../../src/domain/checks/outcome";
import { CONTENT_FILES } from "../../../src/domain/content/files";
import { validateContent, type ContentTexts } from "../../../src/domain/content/validate";

const graph = (entries: Record<string, string[]>): DependencyGraph => new Map(Object.entries(entries));
const states = (entries: Record<string, MeasuredStatus>) => new Map(Object.entries(entries));

describe("rootCauses", () => {
  it("names the offline server nothing offline is behind", () => {
    const deps = graph({ app: ["lb"], lb: ["switch"], switch: [] });
    expect(rootCauses(states({ app: "offline", lb: "offline", switch: "offline" }), deps)).toEqual(
      new Map([
        ["app", "switch"],
        ["lb", "switch"],
      ]),
    );
    // The switch answers: the load balancer is the root.
    expect(rootCauses(states({ app: "offline", lb: "offline", switch: "online" }), deps)).toEqual(new Map([["app", "lb"]]));
  });

  it("attributes nothing to a dependency that is up, in warning or of unknown state", () => {
    const deps = graph({ app: ["db", "cache"] });
    expect(rootCauses(states({ app: "offline", db: "online", cache: "warning" }), deps).size).toBe(0);
    expect(rootCauses(states({ app: "offline" }), deps).size).toBe(0);
    // A dependent in warning is reachable: its warning is its own.
    expect(rootCauses(states({ app: "warning", db: "offline" }), deps).size).toBe(0);
  });

  it("follows the editor's order when two dependencies are down", () => {
    const deps = graph({ app: ["db", "cache"] });
    expect(rootCauses(states({ app: "offline", db: "offline", cache: "offline" }), deps).get("app")).toBe("db");
  });

  it("ends at a cycle instead of walking it for ever", () => {
    const deps = graph({ a: ["b"], b: ["a"] });
    const roots = rootCauses(states({ a: "offline", b: "offline" }), deps);
    for (const [server, root] of roots) expect(root).not.toBe(server);
  });

  it("property: a cause is offline, is another server, and is a root (nothing offline behind it)", () => {
    const ids = ["s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7"];
    const arbitrary = fc.record({
      edges: fc.array(fc.tuple(fc.constantFrom(...ids), fc.constantFrom(...ids)), { maxLength: 20 }),
      status: fc.array(fc.constantFrom<MeasuredStatus>("online", "warning", "offline"), { minLength: ids.length, maxLength: ids.length }),
    });
    fc.assert(
      fc.property(arbitrary, ({ edges, status }) => {
        const deps = new Map<string, string[]>(ids.map((id) => [id, []]));
        for (const [from, to] of edges) deps.get(from)!.push(to);
        const seen = new Map(ids.map((id, i) => [id, status[i]]));
        const roots = rootCauses(seen, deps);
        for (const [server, root] of roots) {
          expect(root).not.toBe(server);
          expect(seen.get(server)).toBe("offline");
          expect(seen.get(root)).toBe("offline");
          // Acyclic graphs only: a root's own dependencies are all up (in a cycle the walk stops where it would repeat).
          if (dependencyCycle(deps) === null) expect(deps.get(root)!.every((d) => seen.get(d) !== "offline")).toBe(true);
        }
        // Every offline server with an offline dependency has a cause (a cycle, which validation refuses, leaves one without).
        if (dependencyCycle(deps) !== null) return;
        for (const id of ids) {
          if (seen.get(id) === "offline" && deps.get(id)!.some((d) => d !== id && seen.get(d) === "offline")) {
            expect(roots.has(id)).toBe(true);
          }
        }
      }),
    );
  });
});

describe("dependencyCycle", () => {
  it("finds a cycle and says it from its first server back to it", () => {
    expect(dependencyCycle(graph({ a: ["b"], b: ["c"], c: ["a"] }))).toEqual(["a", "b", "c", "a"]);
    expect(dependencyCycle(graph({ x: ["a"], a: ["b"], b: ["a"] }))).toEqual(["a", "b", "a"]);
  });

  it("finds none in a diamond or a long chain", () => {
    expect(dependencyCycle(graph({ app: ["lb1", "lb2"], lb1: ["sw"], lb2: ["sw"], sw: [] }))).toBeNull();
    const chain = new Map(Array.from({ length: 20000 }, (_, i) => [`s${i}`, i === 0 ? [] : [`s${i - 1}`]]));
    expect(dependencyCycle(chain)).toBeNull();
  });

  it("property: reports a cycle exactly when a topological order does not exist", () => {
    const ids = ["a", "b", "c", "d", "e"];
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...ids), fc.constantFrom(...ids)), { maxLength: 12 }), (edges) => {
        const deps = new Map<string, string[]>(ids.map((id) => [id, []]));
        for (const [from, to] of edges) deps.get(from)!.push(to);
        // Kahn's algorithm, as an independent judge.
        const pending = new Map(ids.map((id) => [id, new Set(deps.get(id))]));
        let removed = true;
        while (removed) {
          removed = false;
          for (const [id, left] of pending) {
            if (left.size > 0) continue;
            pending.delete(id);
            for (const other of pending.values()) other.delete(id);
            removed = true;
          }
        }
        const cycle = dependencyCycle(deps);
        expect(cycle !== null).toBe(pending.size > 0);
        if (cycle) {
          expect(cycle[0]).toBe(cycle[cycle.length - 1]);
          for (let i = 0; i + 1 < cycle.length; i += 1) expect(deps.get(cycle[i])).toContain(cycle[i + 1]);
        }
      }),
    );
  });
});

describe("namesWithCount", () => {
  it("lists up to ten names, then counts the rest", () => {
    expect(namesWithCount(["a"])).toBe("a");
    expect(namesWithCount(["a", "b", "c"])).toBe("a, b and c");
    const many = Array.from({ length: 49 }, (_, i) => `s${i}`);
    expect(namesWithCount(many)).toBe("s0, s1, s2, s3, s4, s5, s6, s7, s8, s9 and 39 more");
    // Names kept bounded (a notice keeps ten), the count whole.
    expect(namesWithCount(["a", "b"], 5)).toBe("a, b and 3 more");
  });
});

describe("servers.json's dependsOn, validated", () => {
  const CONTENT = path.join(__dirname, "..", "..", "..", "content");
  const FILES = CONTENT_FILES.map((f) => f.name);
  type Rec = Record<string, unknown>;
  /** The sample content, its first three servers checked, changed by `change`. */
  const withServers = (change: (servers: Rec[]) => void): ContentTexts => {
    const texts = Object.fromEntries(FILES.map((f) => [f, fs.readFileSync(path.join(CONTENT, f), "utf8")])) as ContentTexts;
    const servers = JSON.parse(texts["servers.json"]!) as Rec[];
    servers.slice(0, 3).forEach((s, i) => (s.check = { url: `https://192.0.2.${i + 1}/health` }));
    change(servers);
    texts["servers.json"] = JSON.stringify(servers, null, 2);
    return texts;
  };

  it("takes dependencies on checked servers, a diamond included", () => {
    const result = validateContent(
      withServers((s) => {
        s[0].dependsOn = ["srv-eu-west-1", "srv-ap-south-1"];
        s[1].dependsOn = ["srv-ap-south-1"];
      }),
    );
    expect(result.errors).toEqual([]);
  });

  it.each([
    ["an unknown id", (s: Rec[]) => (s[0].dependsOn = ["srv-nowhere"]), "dependsOn[0]", "which no server has"],
    ["itself", (s: Rec[]) => (s[0].dependsOn = ["srv-us-east-1"]), "dependsOn[0]", '"srv-us-east-1"'],
    ["a server without a check", (s: Rec[]) => (s[0].dependsOn = ["srv-eu-west-1", "srv-us-west-2"]), "dependsOn[1]", "which has no check"],
  ])("refuses %s, naming file, record and field", (_name, change, field, found) => {
    const result = validateContent(withServers(change));
    expect(result.errors).toHaveLength(1);
    const [issue] = result.errors;
    expect(issue).toMatchObject({ file: "content/servers.json", field, record: { index: 0, id: "srv-us-east-1" } });
    expect(issue.found).toContain(found);
    expect(issue.message).toContain(`"${field}"`);
  });

  it("refuses a cycle, saying it", () => {
    const result = validateContent(
      withServers((s) => {
        s[0].dependsOn = ["srv-eu-west-1"];
        s[1].dependsOn = ["srv-ap-south-1"];
        s[2].dependsOn = ["srv-us-east-1"];
      }),
    );
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ field: "dependsOn", record: { index: 0 } });
    expect(result.errors[0].found).toBe("a cycle: srv-us-east-1 → srv-eu-west-1 → srv-ap-south-1 → srv-us-east-1");
  });

  it("refuses the list's form by the schema (empty, repeated, not text)", () => {
    for (const bad of [[], ["srv-eu-west-1", "srv-eu-west-1"], [7], "srv-eu-west-1"]) {
      const result = validateContent(withServers((s) => (s[0].dependsOn = bad)));
      expect(result.errors.length).toBeGreaterThan(0);
      expect(result.errors.every((e) => e.file === "content/servers.json" && e.field?.startsWith("dependsOn"))).toBe(true);
    }
  });

  it("warns, without stopping, when a server without a check names dependencies", () => {
    const result = validateContent(withServers((s) => (s[4].dependsOn = ["srv-us-east-1"])));
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([expect.objectContaining({ field: "dependsOn", record: expect.objectContaining({ index: 4 }) })]);
  });
});
