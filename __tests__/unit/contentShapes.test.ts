/** @jest-environment node */
/**
 * The shape of each kind of record is written once, in its JSON Schema
 * (content/schema). The GraphQL types are derived from it at build time
 * (gatsby/schema/fromJsonSchema.ts); what cannot be derived is held to it here:
 * the model's TypeScript types, the page fragments and the export's columns.
 */
import fs from "node:fs";
import path from "node:path";
import { Kind, parse, type FieldNode, type FragmentDefinitionNode } from "graphql";
import { CONTENT_FILES, OPTIONAL_LIST_FILES, type ContentFileName, type OptionalListName } from "../../src/domain/content/files";
import { IMPACTS, INCIDENT_STATUSES, type Incident, type IncidentUpdate } from "../../src/domain/incidents/incidents";
import { WEEKDAYS, type OneOffWindow, type RecurringWindow } from "../../src/domain/incidents/maintenance";
import type { Alert, ChartPoint, Report, SecurityAlert, Server } from "../../src/domain/kernel/types";
import { SERVER_COLUMN_FIELDS } from "../../src/model/export/workbook";
import type { ContentCard } from "../../src/model/fleet/figureCards";

// Each list must name exactly the keys of its type: `satisfies` fails the type check on a missing or extra key.
const MODEL_KEYS: Record<ContentFileName, string[]> = {
  "servers.json": Object.keys({
    id: 1,
    name: 1,
    ip: 1,
    location: 1,
    status: 1,
    uptime: 1,
    uptimeChecks: 1,
    responseTime: 1,
    lastChecked: 1,
    coordinates: 1,
    source: 1,
    detail: 1,
    certificateExpires: 1,
    placeTimes: 1,
    unreachableBecause: 1,
  } satisfies Record<keyof Server, 1>),
  "alerts.json": Object.keys({ id: 1, server: 1, type: 1, message: 1, ip: 1, location: 1, timestamp: 1 } satisfies Record<keyof Alert, 1>),
  "performance.json": Object.keys({ time: 1, responseTime: 1, uptime: 1 } satisfies Record<keyof ChartPoint, 1>),
  "security-alerts.json": Object.keys({ id: 1, type: 1, message: 1, time: 1, status: 1 } satisfies Record<keyof SecurityAlert, 1>),
  "reports.json": Object.keys({ id: 1, name: 1, type: 1, date: 1, status: 1, size: 1, file: 1 } satisfies Record<keyof Report, 1>),
  "analytics-cards.json": Object.keys({ id: 1, title: 1, value: 1, note: 1, measure: 1 } satisfies Record<keyof ContentCard, 1>),
  "security-cards.json": Object.keys({ id: 1, title: 1, value: 1, note: 1, measure: 1 } satisfies Record<keyof ContentCard, 1>),
};

// The enumerations of the model's union types, held against the schemas' enums.
const MODEL_ENUMS: Array<{ file: ContentFileName; field: string; values: string[] }> = [
  { file: "alerts.json", field: "type", values: Object.keys({ error: 1, warning: 1, info: 1 } satisfies Record<Alert["type"], 1>) },
  {
    file: "security-alerts.json",
    field: "type",
    values: Object.keys({ high: 1, medium: 1, low: 1 } satisfies Record<SecurityAlert["type"], 1>),
  },
  {
    file: "security-alerts.json",
    field: "status",
    values: Object.keys({ active: 1, acknowledged: 1, resolved: 1 } satisfies Record<SecurityAlert["status"], 1>),
  },
  {
    file: "reports.json",
    field: "type",
    values: Object.keys({ Performance: 1, Security: 1, Analytics: 1, Uptime: 1, Resources: 1 } satisfies Record<Report["type"], 1>),
  },
  {
    file: "reports.json",
    field: "status",
    values: Object.keys({ completed: 1, processing: 1, failed: 1 } satisfies Record<Report["status"], 1>),
  },
];

/**
 * Where a type rightly differs from its schema. A server in the model is the
 * editors' record joined to its check's newest result: it adds where its figures
 * come from, what the check saw, what its uptime counts, when a judged certificate expires and each place's time (from several places), and leaves out the check itself (its address
 * is the operators' business, not the readers'); the page's fragment asks for
 * whether there is a check (monitored) and the result (measured) instead.
 */
const MODEL_ONLY: Partial<Record<ContentFileName, string[]>> = {
  "servers.json": ["source", "detail", "uptimeChecks", "certificateExpires", "placeTimes", "unreachableBecause"],
};
/** The job's: a server's check, and what it depends on (published as what it means now, unreachableBecause and the detail's words). */
const NOT_PUBLISHED: Partial<Record<ContentFileName, string[]>> = { "servers.json": ["check", "dependsOn"] };
const JOINED: Partial<Record<ContentFileName, string[]>> = { "servers.json": ["measured", "monitored"] };

type ItemSchema = { properties: Record<string, { enum?: string[] }> };
const schemaOf = (file: ContentFileName) => (CONTENT_FILES.find((f) => f.name === file)!.schema as { items: ItemSchema }).items;
const schemaFields = (file: ContentFileName) => Object.keys(schemaOf(file).properties).sort();

/** The fragments of src/state/contentFragments.ts, read as the build reads them. */
function fragments(): FragmentDefinitionNode[] {
  const source = fs.readFileSync(path.join(__dirname, "..", "..", "src", "state", "contentFragments.ts"), "utf8");
  const texts = [...source.matchAll(/graphql`([^`]*)`/g)].map((m) => m[1]);
  return texts.flatMap((text) => parse(text).definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION));
}

describe.each(CONTENT_FILES.map((f) => [f.name, f] as const))("%s", (name, file) => {
  it("the model's type has the schema's fields", () => {
    const modelOnly = MODEL_ONLY[name] ?? [];
    const notPublished = NOT_PUBLISHED[name] ?? [];
    expect(MODEL_KEYS[name].filter((k) => !modelOnly.includes(k)).sort()).toEqual(
      schemaFields(name).filter((f) => !notPublished.includes(f)),
    );
  });

  it("one fragment asks for every field of the schema (id as jsonId)", () => {
    const onType = fragments().filter((f) => f.typeCondition.name.value === file.typeName);
    expect(onType).toHaveLength(1);
    const fields = onType[0].selectionSet.selections.filter((s): s is FieldNode => s.kind === Kind.FIELD);
    const published = schemaFields(name).filter((f) => !(NOT_PUBLISHED[name] ?? []).includes(f));
    expect(fields.map((f) => f.alias?.value ?? f.name.value).sort()).toEqual([...published, ...(JOINED[name] ?? [])].sort());
    for (const field of fields)
      expect(field.name.value).toBe(field.alias?.value === "id" ? "jsonId" : (field.alias?.value ?? field.name.value));
  });
});

describe("the alerts the build merges (FleetAlert)", () => {
  it("its fragment asks for every field of an alert", () => {
    const [fragment] = fragments().filter((f) => f.typeCondition.name.value === "FleetAlert");
    const fields = fragment.selectionSet.selections.filter((s): s is FieldNode => s.kind === Kind.FIELD).map((f) => f.name.value);
    expect(fields.sort()).toEqual(schemaFields("alerts.json"));
  });
});

describe("enumerations", () => {
  it.each(MODEL_ENUMS.map((e) => [`${e.file} ${e.field}`, e] as const))("%s: the model's union is the schema's enum", (_title, e) => {
    expect([...e.values].sort()).toEqual([...(schemaOf(e.file).properties[e.field].enum ?? [])].sort());
  });
});

describe("the export's Server Status columns", () => {
  it("show every field of a server but its id, coordinates, check and dependencies, and where the figures come from, each once", () => {
    const shown = [...schemaFields("servers.json").filter((f) => !["id", "coordinates", "check", "dependsOn"].includes(f)), "source"];
    expect([...SERVER_COLUMN_FIELDS].sort()).toEqual(shown.sort());
  });
});

describe.each(OPTIONAL_LIST_FILES.map((f) => [f.name, f] as const))("%s (optional)", (name, file) => {
  type Item = {
    properties: Record<string, { enum?: Array<string | number>; items?: { properties: Record<string, { enum?: string[] }> } }>;
  };
  const items = (file.schema as { items: Item }).items;
  const fields = Object.keys(items.properties).sort();
  // Each list must name exactly the keys of its type: `satisfies` fails the type check on a missing or extra key.
  const modelKeys: Record<OptionalListName, string[]> = {
    "incidents.json": Object.keys({ id: 1, title: 1, impact: 1, affected: 1, updates: 1 } satisfies Record<keyof Incident, 1>),
    "maintenance.json": [
      ...new Set([
        ...Object.keys({ id: 1, title: 1, affected: 1, message: 1, start: 1, end: 1 } satisfies Record<keyof OneOffWindow, 1>),
        ...Object.keys({
          id: 1,
          title: 1,
          affected: 1,
          message: 1,
          every: 1,
          on: 1,
          at: 1,
          durationMinutes: 1,
          timeZone: 1,
        } satisfies Record<keyof RecurringWindow, 1>),
      ]),
    ],
  };

  it("the model's type has the schema's fields", () => {
    expect([...modelKeys[name]].sort()).toEqual(fields);
  });

  it("one fragment asks for every field of the schema (id as jsonId)", () => {
    const onType = fragments().filter((f) => f.typeCondition.name.value === file.typeName);
    expect(onType).toHaveLength(1);
    const selected = onType[0].selectionSet.selections.filter((s): s is FieldNode => s.kind === Kind.FIELD);
    expect(selected.map((f) => f.alias?.value ?? f.name.value).sort()).toEqual(fields);
    for (const field of selected)
      expect(field.name.value).toBe(field.alias?.value === "id" ? "jsonId" : (field.alias?.value ?? field.name.value));
    const updates = selected.find((f) => f.name.value === "updates");
    if (name === "incidents.json") {
      const asked = updates?.selectionSet?.selections.filter((s): s is FieldNode => s.kind === Kind.FIELD).map((f) => f.name.value);
      expect(asked?.sort()).toEqual(Object.keys(items.properties.updates.items!.properties).sort());
      expect(Object.keys({ at: 1, status: 1, message: 1 } satisfies Record<keyof IncidentUpdate, 1>).sort()).toEqual(asked?.sort());
    }
  });
});

describe("the optional lists' enumerations", () => {
  const items = (name: OptionalListName) =>
    (
      OPTIONAL_LIST_FILES.find((f) => f.name === name)!.schema as {
        items: { properties: Record<string, { enum?: unknown[]; items?: { properties: Record<string, { enum?: unknown[] }> } }> };
      }
    ).items.properties;

  it("impact, in order of severity, and an update's status are the schema's", () => {
    expect([...IMPACTS]).toEqual(items("incidents.json").impact.enum);
    expect([...INCIDENT_STATUSES]).toEqual(items("incidents.json").updates.items!.properties.status.enum);
    expect(Object.keys({ none: 1, minor: 1, major: 1, critical: 1 } satisfies Record<Incident["impact"], 1>)).toEqual([...IMPACTS]);
  });

  it("every and on are the schema's", () => {
    expect(Object.keys({ day: 1, week: 1, month: 1 } satisfies Record<RecurringWindow["every"], 1>)).toEqual(
      items("maintenance.json").every.enum,
    );
    const days = Array.from({ length: 31 }, (_, i) => i + 1);
    expect([...WEEKDAYS, ...days]).toEqual(items("maintenance.json").on.enum);
  });
});
