/** @jest-environment node */
/**
 * content/objectives.json (#48): its rules beyond its schema, each error naming
 * file, record and field; and /api/v1/objectives.json made of a budget.
 */
import fs from "node:fs";
import path from "node:path";
import { CONTENT_FILES, OPTIONAL_FILES, OPTIONAL_LIST_FILES } from "../../../src/domain/content/files";
import { validateContent, type ContentTexts } from "../../../src/domain/content/validate";
import { NO_BURN, budgetOf, windowSlots } from "../../../src/domain/objectives/budget";
import { windowOf, type Objective } from "../../../src/domain/objectives/objectiveContent";
import { objectivesDocument } from "../../../src/publish/objectivesData";
import { HOUR_MS, MINUTE_MS } from "../../../src/domain/kernel/time";
import type { RollupMap } from "../../../src/domain/checks/rollups";

const ROOT = path.resolve(__dirname, "..", "..", "..");

/** The project's content with a check on US-East-1 and EU-West-1, and the objectives given. */
function texts(objectives: unknown): ContentTexts {
  const t = {} as ContentTexts;
  for (const file of [...CONTENT_FILES, ...OPTIONAL_LIST_FILES, ...OPTIONAL_FILES]) {
    const p = path.join(ROOT, "content", file.name);
    t[file.name] = fs.existsSync(p) ? fs.readFileSync(p, "utf8") : null;
  }
  const servers = JSON.parse(t["servers.json"]!) as Array<{ id: string; check?: unknown }>;
  t["servers.json"] = JSON.stringify(
    servers.map((s) => (["srv-us-east-1", "srv-eu-west-1"].includes(s.id) ? { ...s, check: { url: `https://${s.id}.example.org/` } } : s)),
  );
  t["objectives.json"] = JSON.stringify(objectives);
  return t;
}
const objective = (over: Partial<Objective> = {}): Objective => ({
  id: "web",
  name: "The web servers are up",
  servers: ["srv-us-east-1", "srv-eu-west-1"],
  availability: 99.9,
  window: "30d",
  ...over,
});

describe("content/objectives.json (#48)", () => {
  it("is optional, and right objectives give no issue", () => {
    expect(validateContent({ ...texts([]), "objectives.json": null }).issues).toEqual([]);
    expect(validateContent(texts([objective(), objective({ id: "month", window: "month", availability: 99 })])).issues).toEqual([]);
  });

  it("names an unknown server, a server without a check and a second use of an id, with file, record and field", () => {
    const { errors } = validateContent(
      texts([objective({ servers: ["srv-us-east-1", "srv-nowhere"] }), objective({ servers: ["srv-ap-south-1"] })]),
    );
    expect(errors.map((e) => [e.file, e.field])).toEqual([
      ["content/objectives.json", "servers[1]"],
      ["content/objectives.json", "id"],
      ["content/objectives.json", "servers[0]"],
    ]);
    expect(errors[0].message).toContain('"srv-nowhere"');
    expect(errors[1].message).toContain("record 1 has it");
    expect(errors[2].message).toContain("which has no check");
  });

  it("holds the schema's limits: a target above 100 %, an unknown window, no server", () => {
    const { errors } = validateContent(texts([objective({ availability: 100.5, window: "90d" as Objective["window"], servers: [] })]));
    expect(errors.map((e) => e.field).sort()).toEqual(["availability", "servers", "window"]);
  });
});

describe("/api/v1/objectives.json (#48)", () => {
  const asOf = Date.parse("2028-02-20T00:00:00Z");
  // 30 days of hours, 12 checks an hour, one hour down
  const map: RollupMap = new Map();
  for (let hour = asOf - 30 * 24 * HOUR_MS; hour < asOf; hour += HOUR_MS) {
    const down = hour === Date.parse("2028-02-10T03:00:00Z");
    map.set(hour, { up: down ? 0 : 12, total: 12, answered: down ? 0 : 12, median: null, p95: null });
  }
  const o = objective({ servers: ["srv-us-east-1"] });
  const budget = budgetOf(windowSlots([map], windowOf(o.window), asOf, 5 * MINUTE_MS), 1, 0.999, windowOf(o.window), asOf, 5 * MINUTE_MS);

  it("tells each objective's slots, attained, budget in slots and seconds and what is left", () => {
    const document = objectivesDocument(
      [
        {
          objective: o,
          budget,
          burn: {
            ...NO_BURN,
            "30m": { good: 6, bad: 0 },
            "6h": { good: 71, bad: 1 },
            "3d": { good: 12, bad: 12 },
          },
          why: null,
        },
      ],
      new Date(asOf),
      5 * MINUTE_MS,
      new Date(asOf + 60_000),
    );
    const [published] = document.objectives;
    expect(published).toMatchObject({ id: "web", from: "2028-01-21T01:00:00.000Z", to: "2028-02-20T00:00:00.000Z", why: null });
    // 719 whole hours of 12 slots; one hour of them down
    expect(published.slots).toEqual({ good: 719 * 12 - 12, bad: 12, unknown: 0, maintenance: 0 });
    expect(published.budget!.slots).toBeCloseTo(0.001 * 719 * 12, 5);
    expect(published.budget!.seconds).toBeCloseTo(0.001 * 719 * 12 * 300, 3);
    expect(published.budget!.remainingSeconds).toBeCloseTo((0.001 * 719 * 12 - 12) * 300, 3);
    // 1 of 72 down over 6 hours against 0.1 % allowed: 13.9 times too fast; half of 3 days' checks: 500
    expect(published.burnRates).toEqual({ "5m": null, "30m": 0, "1h": null, "6h": 13.888889, "3d": 500 });
  });

  it("before the job ran (or without its interval), says why, with no figure made up", () => {
    const document = objectivesDocument(
      [{ objective: o, budget: null, burn: null, why: "the check job has not run yet" }],
      null,
      null,
      new Date(asOf),
    );
    expect(document.objectives[0]).toMatchObject({
      attained: null,
      slots: null,
      budget: null,
      burnRates: null,
      why: "the check job has not run yet",
    });
  });
});
