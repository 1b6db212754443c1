/**
 * The web editor's form fields, made by walking the content's JSON Schemas: every property an
 * editor may write becomes a field of the widget its type asks for (src/editor/cms.ts registers
 * the widgets, CHECKED_WIDGETS), with its label, its hint (the schema's description), whether it
 * is required, its choices and its bounds. Pure: it reads a schema. fileForms.ts makes a file's
 * form of them; config.ts, Decap's configuration.
 */

/** A JSON Schema as the content's schemas write them (the keywords the editor reads). */
export type Schema = {
  type?: string | string[];
  title?: string;
  description?: string;
  "x-expected"?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema | Schema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  additionalProperties?: boolean | Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  if?: Schema;
  then?: Schema;
  else?: Schema;
  format?: string;
};

/** A form field, as Decap reads it; content_path is ours: where its value sits in the file ("[]" for any record). */
export type EditorField = {
  name: string;
  label: string;
  widget: string;
  required: boolean;
  hint?: string;
  content_path: string;
  options?: string[];
  multiple?: boolean;
  value_type?: "int" | "float";
  min?: number;
  max?: number;
  step?: number | "any";
  fields?: EditorField[];
  field?: EditorField;
  collapsed?: boolean;
  summary?: string;
  label_singular?: string;
  /** tuple: the labels of its places */
  item_labels?: string[];
  /** relation: a server picked from servers.json (by id, or by name where the file names servers by name) */
  collection?: string;
  file?: string;
  value_field?: string;
  search_fields?: string[];
  display_fields?: string[];
  options_length?: number;
  /** a value the schema wants, null allowed (a response time: no answer): the form may leave it empty, and null is written */
  null_when_empty?: boolean;
};

/** The widgets src/editor/cms.ts registers: each wraps Decap's own and adds the content's validation. */
export const CHECKED_WIDGETS = {
  string: "content-string",
  text: "content-text",
  number: "content-number",
  boolean: "content-boolean",
  select: "content-select",
  tuple: "content-tuple",
  json: "content-json",
  datetime: "content-datetime",
  relation: "content-relation",
  list: "content-list",
  object: "content-object",
} as const;

/** Fields whose texts run to sentences: a text area rather than a line. */
const LONG_TEXTS = new Set(["description", "message", "body", "details", "detail", "note", "summary", "text", "reason", "impact"]);

export const types = (schema: Schema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/** responseTime → Response time; warnAboveMs → Warn above ms. */
export function fieldLabel(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .toLowerCase();
  const named = words
    .split(" ")
    .map((word) => ACRONYMS[word] ?? word)
    .join(" ");
  return named.charAt(0).toUpperCase() + named.slice(1);
}

const ACRONYMS: Record<string, string> = {
  id: "ID",
  ip: "IP address",
  url: "URL",
  tcp: "TCP",
  tls: "TLS",
  dns: "DNS",
  json: "JSON",
  http: "HTTP",
  https: "HTTPS",
  ms: "(ms)",
  smtp: "SMTP",
};

/**
 * The properties a record may have: its own, and those its conditional rules
 * (oneOf, anyOf, allOf, if/then/else) add, each once, in the order the schema
 * names them first.
 */
function recordProperties(schema: Schema): Array<[string, Schema]> {
  const found = new Map<string, Schema>();
  const visit = (s: Schema | undefined) => {
    if (!s) return;
    for (const [name, property] of Object.entries(s.properties ?? {})) {
      const known = found.get(name);
      // a branch's property that only narrows (const, required) keeps the full definition
      if (!known || (known.type === undefined && known.enum === undefined && property.type !== undefined)) found.set(name, property);
    }
    for (const branch of [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])]) visit(branch);
    visit(s.then);
    visit(s.else);
  };
  visit(schema);
  return [...found];
}

export function hintOf(schema: Schema): string | undefined {
  return schema.description ?? schema["x-expected"];
}

const childPath = (parent: string, name: string) => (parent === "" ? name : `${parent}.${name}`);

/** The form field for one property of a record (or of an object file). */
function fieldFor(name: string, schema: Schema, required: boolean, parentPath: string): EditorField {
  const path = childPath(parentPath, name);
  const base = { name, label: fieldLabel(name), required, content_path: path, ...(hintOf(schema) ? { hint: hintOf(schema) } : {}) };
  const t = types(schema);
  const nullable = t.includes("null");
  const main = t.filter((type) => type !== "null");
  if (schema.enum && schema.enum.every((value) => typeof value === "string")) {
    return { ...base, widget: CHECKED_WIDGETS.select, options: schema.enum };
  }
  if (main.length === 1 && main[0] === "string" && schema.format === "date-time") {
    // a date and time picker, in UTC, written as the content writes times: 2026-11-23T10:42:00Z
    return { ...base, widget: CHECKED_WIDGETS.datetime };
  }
  if (main.length === 1 && main[0] === "string") {
    return { ...base, widget: LONG_TEXTS.has(name) ? CHECKED_WIDGETS.text : CHECKED_WIDGETS.string };
  }
  if (main.length === 1 && (main[0] === "integer" || main[0] === "number")) {
    return {
      ...base,
      widget: CHECKED_WIDGETS.number,
      value_type: main[0] === "integer" ? "int" : "float",
      ...(schema.minimum !== undefined ? { min: schema.minimum } : {}),
      ...(schema.maximum !== undefined ? { max: schema.maximum } : {}),
      step: main[0] === "integer" ? 1 : "any",
      ...(nullable ? { required: false, null_when_empty: required } : {}),
    };
  }
  if (main.length === 1 && main[0] === "boolean") return { ...base, widget: CHECKED_WIDGETS.boolean };
  if (main.length === 1 && main[0] === "array" && Array.isArray(schema.items)) {
    const places = schema.items;
    if (places.every((item) => types(item).some((type) => type === "number" || type === "integer"))) {
      return {
        ...base,
        widget: CHECKED_WIDGETS.tuple,
        item_labels: places.map((item, index) => (item.description ?? `Value ${index + 1}`).replace(/,.*$/, "").replace(/\.$/, "")),
      };
    }
  }
  if (main.length === 1 && main[0] === "array" && schema.items && !Array.isArray(schema.items)) {
    const item = schema.items;
    if (types(item).includes("object") && item.properties) {
      return {
        ...base,
        widget: CHECKED_WIDGETS.list,
        collapsed: true,
        label_singular: singular(name),
        fields: objectFields(item, `${path}[]`),
        summary: summaryOf(item),
      };
    }
    if (types(item).length === 1 && types(item)[0] === "string") {
      // an item is at the list's place with its index (routes[0].channels[1]), not under a name of its own
      const inner = { ...fieldFor(singular(name), item, true, `${path}[]`), content_path: `${path}[]` };
      return {
        ...base,
        widget: CHECKED_WIDGETS.list,
        field: { ...inner, label: fieldLabel(singular(name)) },
        label_singular: singular(name),
      };
    }
  }
  if (main.length === 1 && main[0] === "object" && schema.properties && schema.additionalProperties === false) {
    return { ...base, widget: CHECKED_WIDGETS.object, collapsed: true, fields: objectFields(schema, path, required) };
  }
  // A map of names to values (headers), a choice of shapes (flapping): written as JSON, checked as the build checks it.
  return { ...base, widget: CHECKED_WIDGETS.json };
}

/**
 * The fields of an object (a record, or an object inside one). Inside an
 * optional object (a server's check) nothing is required by the form: the
 * object may be absent; once present, the validation names what it lacks.
 */
export function objectFields(schema: Schema, path: string, present = true): EditorField[] {
  const required = new Set(present ? (schema.required ?? []) : []);
  return recordProperties(schema)
    .filter(([name]) => name !== "$schema")
    .map(([name, property]) => fieldFor(name, property, required.has(name), path));
}

export function singular(name: string): string {
  if (name.endsWith("ies")) return `${name.slice(0, -3)}y`;
  if (name.endsWith("s")) return name.slice(0, -1);
  return name;
}

/** What a collapsed record shows: its name, title or id, whichever it has. */
export function summaryOf(schema: Schema): string {
  const names = Object.keys(schema.properties ?? {});
  const first = ["name", "title", "id", "time", "message"].filter((field) => names.includes(field));
  return first.length === 0
    ? ""
    : first
        .slice(0, 2)
        .map((field) => `{{fields.${field}}}`)
        .join(" · ");
}
