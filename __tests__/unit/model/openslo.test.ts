/** @jest-environment node */
/**
 * Objectives as OpenSLO v1 documents (#48): every document the site writes
 * holds to the OpenSLO v1 schema written from the specification, and reads
 * back (through YAML) as the objective it was written from; the schema and
 * the reader refuse what OpenSLO or objectives.json cannot hold, naming the
 * field; an SLO written by hand in block YAML is read too.
 */
import Ajv from "ajv";
import fc from "fast-check";
import { parse, stringify } from "yaml";
import type { Objective } from "../../../src/domain/objectives/objectiveContent";
import {
  OPENSLO_YAML,
  durationOf,
  importOpenSlo,
  objectiveFromOpenSlo,
  openSloDocument,
  openSloIndex,
  serviceName,
} from "../../../src/publish/openslo";
import { openSloSchema } from "../../../src/publish/opensloSchema";

const ajv = new Ajv({ strict: false, allErrors: true });
const valid = ajv.compile(openSloSchema());
const errorsOf = (document: unknown) => (valid(document) ? [] : (valid.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));

const anyObjective: fc.Arbitrary<Objective> = fc.record(
  {
    id: fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/),
    name: fc.string({ minLength: 1, maxLength: 200 }),
    servers: fc.uniqueArray(fc.string({ minLength: 1, maxLength: 40 }), { minLength: 1, maxLength: 8 }),
    // a target as editors write one: up to three decimals, below 100
    availability: fc.integer({ min: 1, max: 99_999 }).map((n) => n / 1000),
    window: fc.constantFrom("7d" as const, "28d" as const, "30d" as const, "month" as const),
    maintenance: fc.constantFrom("excluded" as const, "counted" as const),
    latency: fc.record({
      percent: fc.integer({ min: 1, max: 99_999 }).map((n) => n / 1000),
      underMs: fc.integer({ min: 1, max: 600_000 }),
    }),
  },
  { requiredKeys: ["id", "name", "servers", "availability", "window"] },
);

const checkout: Objective = { id: "checkout-up", name: "Checkout is up", servers: ["web-1", "web-2"], availability: 99.9, window: "30d" };

describe("objectives as OpenSLO v1 documents", () => {
  it("a document: the objective's id and name, its target as a share, its window, 5-minute time slices, its servers as the source", () => {
    const document = openSloDocument(checkout, 300_000, serviceName("Location Tracker"))!;
    expect(errorsOf(document)).toEqual([]);
    expect(document).toMatchObject({
      apiVersion: "openslo/v1",
      kind: "SLO",
      metadata: { name: "checkout-up", displayName: "Checkout is up" },
      spec: {
        service: "location-tracker",
        budgetingMethod: "Timeslices",
        timeWindow: [{ duration: "30d", isRolling: true }],
        objectives: [{ target: 0.999, timeSliceTarget: 1, timeSliceWindow: "5m" }],
      },
    });
    expect(document.spec.indicator!.spec.ratioMetric.good.metricSource.spec.servers).toEqual(["web-1", "web-2"]);
    const month = openSloDocument({ ...checkout, window: "month" }, null, "x")!;
    expect(month.spec.timeWindow).toEqual([
      { duration: "1M", isRolling: false, calendar: { startTime: "2020-01-01 00:00:00", timeZone: "UTC" } },
    ]);
    expect(errorsOf(month)).toEqual([]);
    expect([durationOf(60_000), durationOf(300_000), durationOf(3_600_000), durationOf(10)]).toEqual(["1m", "5m", "1h", "1m"]);
  });

  it("property: every document holds to the schema, and read back through YAML is the objective it was written from", () => {
    fc.assert(
      fc.property(
        anyObjective,
        fc.option(
          fc.integer({ min: 1, max: 24 * 60 }).map((m) => m * 60_000),
          { nil: null },
        ),
        (objective, interval) => {
          const document = openSloDocument(objective, interval, "site");
          expect(document).not.toBeNull();
          expect(errorsOf(document)).toEqual([]);
          const text = stringify(document, OPENSLO_YAML);
          expect(objectiveFromOpenSlo(parse(text))).toEqual({ objective });
          // every string quoted: a YAML 1.1 reader takes no id for a boolean
          expect(parse(text, { version: "1.1" })).toEqual(document);
        },
      ),
    );
  });

  it("a latency target makes a composite SLO: the availability and the answers under the time, each with its indicator", () => {
    const document = openSloDocument({ ...checkout, latency: { percent: 95, underMs: 300 } }, 300_000, "x")!;
    expect(errorsOf(document)).toEqual([]);
    expect(document.spec.indicator).toBeUndefined();
    expect(document.spec.objectives.map((o) => [o.displayName, o.target, o.indicator?.spec.ratioMetric.good.metricSource.spec])).toEqual([
      ["Checkout is up", 0.999, { servers: ["web-1", "web-2"], checks: "up" }],
      ["Checkout is up: answered under 300 ms", 0.95, { servers: ["web-1", "web-2"], checks: "under", underMs: 300 }],
    ]);
    const broken = structuredClone(document);
    delete broken.spec.objectives[1].indicator!.spec.ratioMetric.good.metricSource.spec.underMs;
    expect(objectiveFromOpenSlo(broken)).toEqual({
      errors: [
        'field "spec.objectives[1].indicator.spec.ratioMetric.good.metricSource.spec": expected { checks: "under", underMs: <whole milliseconds> }, found {"servers":["web-1","web-2"],"checks":"under"}',
      ],
    });
  });

  it("an id of 63 characters still makes indicators named within 63, and an id that YAML 1.1 reads as a boolean stays a string", () => {
    const long = { ...checkout, id: `a${"-b".repeat(31)}`, latency: { percent: 95, underMs: 300 } };
    const document = openSloDocument(long, 300_000, "x")!;
    expect(errorsOf(document)).toEqual([]);
    expect(document.spec.objectives.map((o) => o.indicator!.metadata.name.length).every((n) => n <= 63)).toBe(true);
    const on = openSloDocument({ ...checkout, id: "on" }, 300_000, "x")!;
    expect(stringify(on, OPENSLO_YAML)).toContain('name: "on"');
  });

  it("a target of 100 % has no document (OpenSLO's target is below 1), and the index says why", () => {
    expect(openSloDocument({ ...checkout, availability: 100 }, 300_000, "x")).toBeNull();
    expect(openSloIndex([checkout, { ...checkout, id: "all", availability: 100 }]).documents).toEqual([
      { id: "checkout-up", file: "/api/v1/openslo/checkout-up.yaml", why: null },
      { id: "all", file: null, why: "a target of 100 %: OpenSLO's target is below 1" },
    ]);
  });

  it("the schema refuses what OpenSLO does not allow: a target of 1, time slices without their target, a name that is no DNS label, two windows", () => {
    const document = openSloDocument(checkout, 300_000, "x")!;
    type Loose = {
      metadata: { name: string };
      spec: { objectives: Array<Record<string, unknown>>; timeWindow: unknown[]; indicator?: unknown };
    };
    const broken = (change: (d: Loose) => void) => {
      const copy = structuredClone(document) as unknown as Loose;
      change(copy);
      return errorsOf(copy);
    };
    expect(broken((d) => (d.spec.objectives[0].target = 1))).not.toEqual([]);
    expect(broken((d) => delete d.spec.objectives[0].timeSliceTarget)).not.toEqual([]);
    expect(broken((d) => (d.metadata.name = "Checkout_Up"))).not.toEqual([]);
    expect(broken((d) => d.spec.timeWindow.push({ duration: "7d", isRolling: true }))).not.toEqual([]);
    expect(broken((d) => delete d.spec.indicator)).not.toEqual([]);
    expect(broken((d) => (d.spec.objectives[0].targetPercent = 99.9))).not.toEqual([]);
  });

  it("an SLO written by hand in block YAML reads, with targetPercent and comments; what cannot be an objective names its field", () => {
    const text = [
      "apiVersion: openslo/v1",
      "kind: SLO",
      "metadata:",
      "  name: api-month",
      "  displayName: The API this month # shown on /objectives",
      "spec:",
      "  service: shop",
      "  indicator:",
      "    metadata: { name: api-checks }",
      "    spec:",
      "      ratioMetric:",
      "        counter: true",
      "        good: { metricSource: { type: ServerMonitor, spec: { servers: [api-1], checks: up } } }",
      "        total: { metricSource: { type: ServerMonitor, spec: { servers: [api-1], checks: all } } }",
      "  timeWindow:",
      "    - duration: 1M",
      "      calendar: { startTime: '2024-01-01 00:00:00', timeZone: UTC }",
      "  budgetingMethod: Timeslices",
      "  objectives:",
      "    - targetPercent: 99.5",
      "      timeSliceTarget: 1",
      "      timeSliceWindow: 5m",
    ].join("\n");
    const document = parse(text) as unknown;
    expect(errorsOf(document)).toEqual([]);
    expect(objectiveFromOpenSlo(document)).toEqual({
      objective: { id: "api-month", name: "The API this month", servers: ["api-1"], availability: 99.5, window: "month" },
    });
    const other = parse(text.replace("1M", "2w").replace("budgetingMethod: Timeslices", "budgetingMethod: Occurrences")) as unknown;
    expect(objectiveFromOpenSlo(other)).toEqual({
      errors: [
        'field "spec.budgetingMethod": expected "Timeslices", found "Occurrences"',
        'field "spec.timeWindow[0]": expected 7d, 28d or 30d rolling, or 1M calendar in UTC, found {"duration":"2w","calendar":{"startTime":"2024-01-01 00:00:00","timeZone":"UTC"}}',
      ],
    });
    expect(objectiveFromOpenSlo({ apiVersion: "openslo/v1alpha" })).toEqual({
      errors: ['field "apiVersion": expected "openslo/v1", found "openslo/v1alpha"'],
    });
  });

  it("an import replaces an objective of the same id and adds the others, passes over other kinds, and refuses an id twice", () => {
    const doc = (objective: Objective) => ({ where: objective.id, value: openSloDocument(objective, 300_000, "x") });
    const changed = { ...checkout, availability: 99.5 };
    const db: Objective = { id: "db", name: "DB", servers: ["db-1"], availability: 99, window: "7d" };
    const result = importOpenSlo(
      [doc(changed), { where: "svc", value: { apiVersion: "openslo/v1", kind: "Service" } }, doc(db)],
      [checkout],
    );
    expect(result.errors).toEqual([]);
    expect(result.objectives).toEqual([changed, db]);
    expect(result.said).toEqual([
      'checkout-up: objective "checkout-up" replaced',
      'svc: a "Service", passed over (only SLOs become objectives)',
      'db: objective "db" added',
    ]);
    expect(importOpenSlo([doc(db), { ...doc(db), where: "again" }], []).errors).toEqual([
      'again: field "metadata.name": expected an id no other document has, found "db" again',
    ]);
  });
});
