/**
 * The web editor's configuration (Decap CMS at /admin), made from the content's
 * JSON Schemas: every field an editor may write has a form field, with its
 * label, its hint (the schema's description), whether it is required, its
 * choices and its bounds. One source of truth: a field added to a schema
 * appears in the editor at the next build (__tests__/unit/editor/config.test.ts
 * fails when one has no form field).
 *
 * Pure: it reads the schemas; gatsby/files/editor.ts writes the result as
 * /admin/config.yml (JSON is YAML) and src/editor/cms.ts registers the widgets
 * it names.
 */
import { CONTENT_FILES, OPTIONAL_FILES, OPTIONAL_LIST_FILES } from "../domain/content/files";
import type { FormAt } from "./jsonFile";

/** A JSON Schema as the content's schemas write them (the keywords the editor reads). */
type Schema = {
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

/** One content file as the editor offers it. */
export type EditorFile = {
  name: string;
  label: string;
  file: string;
  /** list: the file is a list of records, edited as the list "items" (src/editor/jsonFile.ts wraps and unwraps it) */
  shape: "list" | "object";
  fields: EditorField[];
};

/** The collection the editor shows: one, "Content", with every file. */
const CONTENT_COLLECTION = "content";

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

const types = (schema: Schema): string[] => (schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type]);

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

function hintOf(schema: Schema): string | undefined {
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
function objectFields(schema: Schema, path: string, present = true): EditorField[] {
  const required = new Set(present ? (schema.required ?? []) : []);
  return recordProperties(schema)
    .filter(([name]) => name !== "$schema")
    .map(([name, property]) => fieldFor(name, property, required.has(name), path));
}

function singular(name: string): string {
  if (name.endsWith("ies")) return `${name.slice(0, -3)}y`;
  if (name.endsWith("s")) return name.slice(0, -1);
  return name;
}

/** What a collapsed record shows: its name, title or id, whichever it has. */
function summaryOf(schema: Schema): string {
  const names = Object.keys(schema.properties ?? {});
  const first = ["name", "title", "id", "time", "message"].filter((field) => names.includes(field));
  return first.length === 0
    ? ""
    : first
        .slice(0, 2)
        .map((field) => `{{fields.${field}}}`)
        .join(" · ");
}

const FILE_LABELS: Record<string, string> = {
  "servers.json": "Servers",
  "alerts.json": "Alerts",
  "performance.json": "Performance (24-hour sample)",
  "security-alerts.json": "Security alerts",
  "reports.json": "Reports",
  "analytics-cards.json": "Analytics cards",
  "security-cards.json": "Security cards",
  "incidents.json": "Incidents",
  "maintenance.json": "Maintenance windows",
  "monitoring.json": "Monitoring defaults",
  "notifications.json": "Notifications",
  "security-acknowledgements.json": "Security acknowledgements",
};

/**
 * The fields that name servers of servers.json (the validation holds them to it):
 * a pick list of the servers, never a text to type. By file and place.
 */
const SERVER_REFERENCES: Record<string, "id" | "name"> = {
  "incidents.json [].affected": "id",
  "maintenance.json [].affected": "id",
  "notifications.json routes[].servers": "id",
  "security-acknowledgements.json [].server": "id",
  "alerts.json [].server": "name",
};

/** The file's fields, those that name servers made pick lists of the servers (Decap's relation widget over servers.json's records). */
function withServerPickers(fileName: string, fields: EditorField[]): EditorField[] {
  return fields.map((field) => {
    const by = SERVER_REFERENCES[`${fileName} ${field.content_path}`];
    if (by !== undefined) {
      const { field: _one, label_singular: _singular, ...base } = field;
      return {
        ...base,
        widget: CHECKED_WIDGETS.relation,
        collection: CONTENT_COLLECTION,
        file: "servers",
        value_field: `items.*.${by}`,
        search_fields: ["items.*.name", "items.*.id", "items.*.location"],
        display_fields: ["items.*.name"],
        options_length: 50,
        multiple: field.widget === CHECKED_WIDGETS.list,
      };
    }
    return {
      ...field,
      ...(field.fields ? { fields: withServerPickers(fileName, field.fields) } : {}),
    };
  });
}

/** One file's form: a list file's records under "items" (one record's name on its Add button), an object file's fields. */
function fileForm(file: { name: string; path: string; schema: object }): EditorFile {
  const schema = file.schema as Schema;
  const base = { name: file.name.replace(/\.json$/, ""), label: FILE_LABELS[file.name] ?? file.name, file: file.path };
  if (!types(schema).includes("array")) return { ...base, shape: "object", fields: withServerPickers(file.name, objectFields(schema, "")) };
  const item = schema.items as Schema;
  return {
    ...base,
    shape: "list",
    fields: [
      {
        name: "items",
        label: base.label,
        widget: CHECKED_WIDGETS.list,
        required: false,
        content_path: "",
        collapsed: true,
        // servers → server, security-alerts → alert, security-acknowledgements → acknowledgement
        label_singular: singular(base.name.replace(/^.*-/, "")),
        summary: summaryOf(item),
        fields: withServerPickers(file.name, objectFields(item, "[]")),
        ...(hintOf(schema) ? { hint: hintOf(schema) } : {}),
      },
    ],
  };
}

/** The content files the editor edits, in the order its menu lists them: every file an editor writes, none the check job writes. */
export function editorFiles(): EditorFile[] {
  return [...CONTENT_FILES, ...OPTIONAL_LIST_FILES, ...OPTIONAL_FILES].map(fileForm);
}

/** The form's fields at a place of a file ("", "[]", "[].check", "channels[]"), in the form's order, and those written null when left empty. */
export function formAt(file: EditorFile | undefined): FormAt {
  const top = file === undefined ? [] : file.shape === "list" ? (file.fields[0].fields ?? []) : file.fields;
  return (place) => {
    let current = top;
    for (const part of place.split(".").filter((p) => p !== "" && p !== "[]"))
      current = current.find((f) => f.name === part.replace(/\[\]$/, ""))?.fields ?? [];
    return { order: current.map((f) => f.name), nullWhenEmpty: current.filter((f) => f.null_when_empty).map((f) => f.name) };
  };
}

/** Where the editor commits: the local git repository (npm run edit) or GitHub. */
export type EditorBackend =
  | { name: "local" }
  | {
      name: "github";
      repo: string;
      branch: string;
      /** the OAuth client's address (an authenticator the team hosts); without it, GitHub's own with Netlify's */
      baseUrl?: string;
      authEndpoint?: string;
      /** Netlify's authenticator, for a site hosted elsewhere: the Netlify site that holds the OAuth App (name.netlify.app) */
      authSite?: string;
    };

/** The backend a build's environment names: CMS_GITHUB_REPO (owner/name) for GitHub, else the local repository through decap-server. */
export function editorBackend(env: Record<string, string | undefined>): EditorBackend {
  const repo = env.CMS_GITHUB_REPO?.trim();
  if (!repo) return { name: "local" };
  if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(repo))
    throw new Error(`CMS_GITHUB_REPO is "${repo}": write it as owner/name, e.g. acme/status.`);
  return {
    name: "github",
    repo,
    branch: env.CMS_BRANCH?.trim() || "main",
    ...(env.CMS_AUTH_URL?.trim() ? { baseUrl: env.CMS_AUTH_URL.trim() } : {}),
    ...(env.CMS_AUTH_ENDPOINT?.trim() ? { authEndpoint: env.CMS_AUTH_ENDPOINT.trim() } : {}),
    ...(env.CMS_AUTH_SITE?.trim() ? { authSite: env.CMS_AUTH_SITE.trim() } : {}),
  };
}

/** The local backend's address: decap-server, started by npm run edit. */
const LOCAL_BACKEND_URL = "http://localhost:8081/api/v1";

/** The name of the custom format src/editor/cms.ts registers: JSON files kept as they are on disk. */
export const CONTENT_FORMAT = "content-json";

/** Decap's configuration. */
export function editorConfig(backend: EditorBackend, siteUrl: string): Record<string, unknown> {
  const files = editorFiles();
  return {
    backend:
      backend.name === "github"
        ? {
            name: "github",
            repo: backend.repo,
            branch: backend.branch,
            ...(backend.baseUrl ? { base_url: backend.baseUrl } : {}),
            ...(backend.authEndpoint ? { auth_endpoint: backend.authEndpoint } : {}),
            ...(backend.authSite ? { site_domain: backend.authSite } : {}),
            commit_messages: { update: "Content: {{slug}} edited in the web editor by {{author-login}}" },
          }
        : { name: "proxy", proxy_url: LOCAL_BACKEND_URL, branch: "main" },
    ...(backend.name === "github" ? { publish_mode: "editorial_workflow" } : {}),
    load_config_file: false,
    site_url: siteUrl,
    display_url: siteUrl,
    media_folder: "static/uploads",
    public_folder: "/uploads",
    collections: [
      {
        name: CONTENT_COLLECTION,
        label: "Content",
        description: "The files the site is built from. Saving checks a file as the build does; the next build publishes it.",
        format: CONTENT_FORMAT,
        extension: "json",
        editor: { preview: true },
        files: files.map(({ shape: _shape, ...file }) => file),
      },
    ],
  };
}
