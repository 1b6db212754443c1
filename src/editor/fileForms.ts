/**
 * Each content file as the web editor offers it: a list file's records under "items", an object
 * file's fields (schemaFields.ts), the fields that name servers made pick lists of servers.json's
 * records, and the form's order of a place in a file (jsonFile.ts writes a record's fields in it).
 */
import { CONTENT_FILES, OPTIONAL_FILES, OPTIONAL_LIST_FILES } from "../domain/content/files";
import type { FormAt } from "./jsonFile";
import { CHECKED_WIDGETS, hintOf, objectFields, singular, summaryOf, types, type EditorField, type Schema } from "./schemaFields";

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
export const CONTENT_COLLECTION = "content";

/** A file's entry in the collection ("incidents.json" → "incidents"). */
const entryName = (fileName: string) => fileName.replace(/\.json$/, "");

/**
 * The branch where Decap's editorial workflow keeps a file's unpublished changes
 * (decap-cms-lib-util: "cms/" + collection + "/" + entry), with the label its
 * pull request carries in each state: what the check job's incident drafts use,
 * so /admin's Workflow tab lists them (monitor/run/draftBranch.ts).
 */
export const editorialBranch = (fileName: string) => `cms/${CONTENT_COLLECTION}/${entryName(fileName)}`;
export const EDITORIAL_DRAFT_LABEL = "decap-cms/draft";

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
  "objectives.json": "Objectives",
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
  const base = { name: entryName(file.name), label: FILE_LABELS[file.name] ?? file.name, file: file.path };
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
