/** @jest-environment node */
import { buildSchema, type GraphQLObjectType } from "graphql";
import { objectTypeDefs, recordTypeDefs } from "../../../gatsby/schema/fromJsonSchema";
import { checkTypeDefs, contentTypeDefs } from "../../../gatsby/schema/customization";
import { CONTENT_FILES, OPTIONAL_LIST_FILES } from "../../../src/domain/content/files";

describe("objectTypeDefs", () => {
  it("maps scalars, lists and tuples, with required fields non-null", () => {
    const sdl = objectTypeDefs("Thing", {
      type: "object",
      required: ["name", "tags"],
      properties: {
        name: { type: "string" },
        count: { type: "integer" },
        ratio: { type: "number" },
        on: { type: "boolean" },
        tags: { type: "array", items: { type: "string" } },
        pair: { type: "array", items: [{ type: "number" }, { type: "number" }] },
        maybe: { type: ["string", "null"] },
      },
    });
    expect(sdl).toBe(
      [
        "type Thing {",
        "  name: String!",
        "  count: Int",
        "  ratio: Float",
        "  on: Boolean",
        "  tags: [String!]!",
        "  pair: [Float!]",
        "  maybe: String",
        "}",
      ].join("\n"),
    );
  });

  it("a required field that may be null is nullable in GraphQL (an offline server's response time)", () => {
    const sdl = objectTypeDefs("Thing", {
      type: "object",
      required: ["ms", "name"],
      properties: { ms: { type: ["number", "null"] }, name: { type: "string" } },
    });
    expect(sdl).toBe(["type Thing {", "  ms: Float", "  name: String!", "}"].join("\n"));
  });

  it("gives a nested object a type of its own and merges the fields of alternatives, all optional", () => {
    const sdl = objectTypeDefs(
      "ServersJson",
      {
        type: "object",
        properties: {
          check: {
            type: "object",
            properties: { timeoutMs: { type: "integer" } },
            oneOf: [
              { required: ["url"], properties: { url: { type: "string" } } },
              { required: ["tcp"], properties: { tcp: { type: "string" } } },
            ],
          },
        },
      },
      { suffix: "implements Node @dontInfer", extraFields: ["measured: CheckResult"] },
    );
    expect(sdl).toBe(
      [
        "type ServersJsonCheck {",
        "  timeoutMs: Int",
        "  url: String",
        "  tcp: String",
        "}",
        "type ServersJson implements Node @dontInfer {",
        "  check: ServersJsonCheck",
        "  measured: CheckResult",
        "}",
      ].join("\n"),
    );
  });

  it("takes the type a schema names in x-graphql for values of several JSON types", () => {
    const sdl = objectTypeDefs("T", { properties: { on: { "x-graphql": "String" } } });
    expect(sdl).toBe("type T {\n  on: String\n}");
  });

  it("refuses what has no GraphQL type, naming the field", () => {
    expect(() => objectTypeDefs("T", { properties: { x: {} } })).toThrow("T.x has no type");
    expect(() => objectTypeDefs("T", { properties: { x: { type: ["string", "number"] } } })).toThrow("several types");
    expect(() => objectTypeDefs("T", { properties: { x: { type: "array", items: [{ type: "string" }, { type: "number" }] } } })).toThrow(
      "T.x is a list of mixed",
    );
    expect(() => recordTypeDefs("T", { type: "object" })).toThrow("not a list of records");
  });
});

describe("contentTypeDefs", () => {
  const sdl = `${contentTypeDefs()}\n${checkTypeDefs()}`;
  // Gatsby adds the Node interface, its directives and the JSON scalar (a check's headers and expect); stand-ins let graphql-js check the rest.
  const schema = buildSchema(
    `directive @dontInfer on OBJECT\ndirective @link(by: String, from: String) on FIELD_DEFINITION\nscalar JSON\n${sdl.replace(/ implements Node/g, "")}`,
  );

  it("is valid GraphQL with a record type per content file, the optional lists' too", () => {
    for (const file of [...CONTENT_FILES, ...OPTIONAL_LIST_FILES]) expect(schema.getType(file.typeName)).toBeDefined();
    expect(OPTIONAL_LIST_FILES.map((f) => f.typeName)).toEqual(["IncidentsJson", "MaintenanceJson"]);
  });

  it("gives an incident its updates, and a window both kinds' fields (all optional but the common ones), on as text", () => {
    const incident = (schema.getType("IncidentsJson") as GraphQLObjectType).getFields();
    expect(String(incident.updates.type)).toBe("[IncidentsJsonUpdates0!]!");
    const update = (schema.getType("IncidentsJsonUpdates0") as GraphQLObjectType).getFields();
    expect(Object.fromEntries(Object.entries(update).map(([k, f]) => [k, String(f.type)]))).toEqual({
      at: "String!",
      status: "String!",
      message: "String!",
    });
    const window = (schema.getType("MaintenanceJson") as GraphQLObjectType).getFields();
    expect(Object.fromEntries(Object.entries(window).map(([k, f]) => [k, String(f.type)]))).toEqual({
      jsonId: "String!",
      title: "String!",
      affected: "[String!]!",
      message: "String",
      start: "String",
      end: "String",
      every: "String",
      on: "String",
      at: "String",
      durationMinutes: "Int",
      timeZone: "String",
    });
  });

  it("has every field of every schema, id as jsonId, required fields non-null unless they may be null", () => {
    for (const file of [...CONTENT_FILES, ...OPTIONAL_LIST_FILES]) {
      const items = (file.schema as { items: { properties: Record<string, { type?: unknown }>; required: string[] } }).items;
      const type = schema.getType(file.typeName) as GraphQLObjectType;
      const fields = type.getFields();
      for (const name of Object.keys(items.properties)) {
        const field = fields[name === "id" ? "jsonId" : name];
        expect(field).toBeDefined();
        const mayBeNull = Array.isArray(items.properties[name].type) && (items.properties[name].type as string[]).includes("null");
        expect(String(field.type).endsWith("!")).toBe(items.required.includes(name) && !mayBeNull);
      }
      const links = file.name === "servers.json" ? ["measured"] : [];
      expect(Object.keys(fields)).toHaveLength(Object.keys(items.properties).length + links.length);
    }
  });

  it("links a server to its check's newest result, whose type follows the job's schema", () => {
    const servers = schema.getType("ServersJson") as GraphQLObjectType;
    expect(String(servers.getFields().measured.type)).toBe("CheckResult");
    expect(sdl).toContain('measured: CheckResult @link(by: "server", from: "jsonId")');
    const result = schema.getType("CheckResult") as GraphQLObjectType;
    expect(Object.keys(result.getFields()).sort()).toEqual(
      [
        "certificateExpires",
        "checkedAt",
        "detail",
        "maintenance",
        "responseTime",
        "server",
        "status",
        "uptimeSince",
        "uptimeTotal",
        "uptimeUp",
        "warningCause",
        "certificateWarned",
        "flapping",
        "places",
        "held",
        "notChecked",
        "cause",
        "heartbeat",
      ].sort(),
    );
    expect(String(servers.getFields().check.type)).toBe("ServersJsonCheck");
  });
});
