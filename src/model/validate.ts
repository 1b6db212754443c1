/**
 * Content validation: the one place that decides whether the editors' JSON is fit
 * to publish. The JSON Schemas in content/schema are the rules (editors' code
 * editors read the same files); this module runs them with Ajv, adds the checks a
 * schema cannot express (unique keys, references between files, N/A sizes,
 * swapped coordinates), and turns every problem into a sentence that names the
 * file, the record, the field, what was expected and what was found.
 *
 * Pure: it takes file texts and returns issues. Reading the folder is the
 * caller's job (gatsby/validateContent.ts, scripts/validate-content.ts).
 */
import Ajv, { type ErrorObject } from "ajv";
import addFormats from "ajv-formats";
import { CONTENT_FILES, type ContentFileName } from "./contentFiles";
import { jsonErrorOffset } from "./jsonErrorOffset";
import { KNOWN_STATUSES } from "./types";

export type ContentIssue = {
  level: "error" | "warning";
  /** path as the editor sees it, e.g. content/servers.json */
  file: string;
  /** 0-based index, with the record's id and name when it has them */
  record?: { index: number; id?: string; name?: string };
  /** field path inside the record, e.g. ip or coordinates[1] */
  field?: string;
  expected?: string;
  found?: string;
  /** a plain-language sentence with everything above in it */
  message: string;
};

/** The raw text of each content file; null when the file does not exist. */
export type ContentTexts = Record<ContentFileName, string | null>;

export type ValidationResult = {
  issues: ContentIssue[];
  errors: ContentIssue[];
  warnings: ContentIssue[];
  /** the parsed records of every file that parsed, valid or not */
  data: Partial<Record<ContentFileName, unknown[]>>;
};

type JsonSchema = {
  "x-expected"?: string;
  type?: string;
  items?: JsonSchema | JsonSchema[];
  properties?: Record<string, JsonSchema>;
  maxLength?: number;
  minLength?: number;
};

const MAX_FOUND = 60;

function ajvInstance(): Ajv {
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: true, strictTuples: false });
  addFormats(ajv, ["ipv4", "ipv6", "date"]);
  // Our own annotation: the phrase an editor reads after 'expected'.
  ajv.addKeyword({ keyword: "x-expected", schemaType: "string" });
  return ajv;
}

let compiled: Map<ContentFileName, ReturnType<Ajv["compile"]>> | null = null;
function validators(): Map<ContentFileName, ReturnType<Ajv["compile"]>> {
  if (compiled === null) {
    const ajv = ajvInstance();
    compiled = new Map(CONTENT_FILES.map((f) => [f.name, ajv.compile(f.schema)]));
  }
  return compiled;
}

/** A short description of a found value, never the whole of a long text. */
export function describeFound(value: unknown): string {
  if (value === undefined) return "nothing (the field is missing)";
  if (value === null) return "null";
  if (typeof value === "string") {
    if (value.length > MAX_FOUND) return `a text of ${value.length} characters ("${value.slice(0, 24)}…")`;
    return JSON.stringify(value);
  }
  if (typeof value === "number" || typeof value === "boolean") return `${typeof value} ${String(value)}`;
  if (Array.isArray(value)) {
    const json = JSON.stringify(value);
    return json.length > MAX_FOUND ? `a list of ${value.length} items` : `a list ${json}`;
  }
  const json = JSON.stringify(value);
  return json.length > MAX_FOUND ? "an object" : `an object ${json}`;
}

/** 1-based line and column of a character offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split("\n");
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

function parseJson(file: string, text: string): { ok: true; value: unknown } | { ok: false; issue: ContentIssue } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const offset = jsonErrorOffset(text);
    const where = lineAndColumn(text, offset ?? text.length);
    const cleaned = reason.replace(/\s*in JSON at position \d+.*$/s, "").replace(/\s*\(line \d+ column \d+\)/, "");
    return {
      ok: false,
      issue: {
        level: "error",
        file,
        expected: "valid JSON",
        found: cleaned,
        message: `${file}, line ${where.line}, column ${where.column}: this is not valid JSON (${cleaned}). Look for a missing comma, quote or bracket just before this point.`,
      },
    };
  }
}

function recordOf(records: unknown, index: number): ContentIssue["record"] {
  const value = Array.isArray(records) ? records[index] : undefined;
  const record: NonNullable<ContentIssue["record"]> = { index };
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const { id, name } = value as Record<string, unknown>;
    if (typeof id === "string" && id !== "") record.id = id;
    if (typeof name === "string" && name !== "") record.name = name.length > MAX_FOUND ? `${name.slice(0, 24)}…` : name;
  }
  return record;
}

function recordLabel(record: NonNullable<ContentIssue["record"]>): string {
  const parts = [record.id !== undefined ? `id ${JSON.stringify(record.id)}` : null, record.name !== undefined ? `name ${JSON.stringify(record.name)}` : null].filter(Boolean);
  return `record ${record.index + 1}${parts.length > 0 ? ` (${parts.join(", ")})` : ""}`;
}

/** Builds the sentence from the parts, so every message reads the same way. */
export function makeIssue(parts: Omit<ContentIssue, "message">, hint?: string): ContentIssue {
  const where = [parts.file, parts.record ? recordLabel(parts.record) : null, parts.field ? `field "${parts.field}"` : null]
    .filter(Boolean)
    .join(", ");
  const what =
    parts.expected !== undefined && parts.found !== undefined
      ? `expected ${parts.expected}, found ${parts.found}.`
      : (parts.expected ?? parts.found ?? "");
  return { ...parts, message: `${where}: ${what}${hint ? ` ${hint}` : ""}` };
}

/** Walks the schema along a JSON path (['2', 'coordinates', '1']). */
function schemaAt(root: JsonSchema, path: string[]): JsonSchema | undefined {
  let schema: JsonSchema | undefined = root;
  for (const key of path) {
    if (schema === undefined) return undefined;
    if (schema.type === "array") {
      schema = Array.isArray(schema.items) ? schema.items[Number(key)] : schema.items;
    } else {
      schema = schema.properties?.[key];
    }
  }
  return schema;
}

function fieldPath(path: string[]): string {
  return path.map((key, i) => (/^\d+$/.test(key) ? `[${key}]` : i === 0 ? key : `.${key}`)).join("");
}

function valueAt(root: unknown, path: string[]): unknown {
  let value: unknown = root;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function swappedHint(record: unknown): string | undefined {
  const coordinates = (record as { coordinates?: unknown } | null)?.coordinates;
  if (!Array.isArray(coordinates) || coordinates.length !== 2) return undefined;
  const [lon, lat] = coordinates;
  if (typeof lon !== "number" || typeof lat !== "number") return undefined;
  if (Math.abs(lat) > 90 && Math.abs(lat) <= 180 && Math.abs(lon) <= 90) {
    return `The pair looks swapped: write [longitude, latitude], that is [${lat}, ${lon}].`;
  }
  return undefined;
}

function schemaIssues(file: string, schema: JsonSchema, records: unknown, errors: ErrorObject[]): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const path = error.instancePath.split("/").slice(1).map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
    if (path.length === 0) {
      if (seen.has("")) continue;
      seen.add("");
      issues.push(
        makeIssue(
          { level: "error", file, expected: "a list of records in square brackets [ … ] (write [] for none)", found: describeFound(records) },
        ),
      );
      continue;
    }
    const index = Number(path[0]);
    const record = recordOf(records, index);
    const inRecord = path.slice(1);
    if (error.keyword === "required") {
      const missing = String((error.params as { missingProperty: string }).missingProperty);
      const expected = schemaAt(schema, [...path, missing])?.["x-expected"] ?? "a value";
      issues.push(makeIssue({ level: "error", file, record, field: fieldPath([...inRecord, missing]), expected, found: describeFound(undefined) }));
      continue;
    }
    if (error.keyword === "additionalProperties") {
      const extra = String((error.params as { additionalProperty: string }).additionalProperty);
      const known = Object.keys(schemaAt(schema, path)?.properties ?? {});
      issues.push(
        makeIssue(
          { level: "warning", file, record, field: fieldPath([...inRecord, extra]), found: `an unknown field "${extra}"` },
          `It is ignored. Is it a typo? The known fields are: ${known.join(", ")}.`,
        ),
      );
      continue;
    }
    // One message per value: anyOf/format and type errors of the same field say one thing.
    const key = error.instancePath;
    if (seen.has(key)) continue;
    seen.add(key);
    const fieldSchema = schemaAt(schema, path);
    const value = valueAt(records, path);
    if (inRecord.length === 0) {
      issues.push(makeIssue({ level: "error", file, record, expected: "a record in curly braces { … }", found: describeFound(value) }));
      continue;
    }
    let expected = fieldSchema?.["x-expected"] ?? error.message ?? "another value";
    let found = describeFound(value);
    if (error.keyword === "maxLength" && typeof value === "string") {
      expected = `a text of at most ${fieldSchema?.maxLength ?? (error.params as { limit: number }).limit} characters`;
      found = `a text of ${value.length} characters`;
    }
    const hint = inRecord[0] === "coordinates" ? swappedHint(Array.isArray(records) ? records[index] : undefined) : undefined;
    issues.push(makeIssue({ level: "error", file, record, field: fieldPath(inRecord), expected, found }, hint));
  }
  return issues;
}

type Rec = Record<string, unknown>;
const asRecords = (value: unknown): Rec[] =>
  Array.isArray(value) ? value.filter((v): v is Rec => v !== null && typeof v === "object" && !Array.isArray(v)) : [];

function duplicateIssues(file: string, records: unknown, field: string): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const first = new Map<string, number>();
  if (!Array.isArray(records)) return issues;
  records.forEach((rec, index) => {
    const value = (rec as Rec | null)?.[field];
    if (typeof value !== "string") return;
    const key = value.trim().toLowerCase();
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, index);
      return;
    }
    issues.push(
      makeIssue({
        level: "error",
        file,
        record: recordOf(records, index),
        field,
        expected: `${/^[aeiou]/.test(field) ? "an" : "a"} ${field} that no other record uses`,
        found: `${JSON.stringify(value)}, already used by record ${earlier + 1}`,
      }),
    );
  });
  return issues;
}

function semanticIssues(data: ValidationResult["data"], options: ValidateOptions): ContentIssue[] {
  const issues: ContentIssue[] = [];
  for (const file of CONTENT_FILES) {
    const records = data[file.name];
    if (records === undefined) continue;
    if (file.uniqueFields.length > 0) {
      for (const field of file.uniqueFields) issues.push(...duplicateIssues(file.path, records, field));
    }
  }

  const servers = data["servers.json"];
  if (servers !== undefined) {
    servers.forEach((rec, index) => {
      const status = (rec as Rec | null)?.status;
      if (typeof status === "string" && status !== "" && !(KNOWN_STATUSES as readonly string[]).includes(status)) {
        issues.push(
          makeIssue(
            { level: "warning", file: "content/servers.json", record: recordOf(servers, index), field: "status", expected: KNOWN_STATUSES.join(", "), found: JSON.stringify(status) },
            "The site shows it in a neutral colour; check for a typo.",
          ),
        );
      }
    });
  }

  const alerts = data["alerts.json"];
  if (alerts !== undefined && servers !== undefined) {
    const byName = new Map(asRecords(servers).flatMap((s) => (typeof s.name === "string" ? [[s.name, s] as const] : [])));
    alerts.forEach((rec, index) => {
      const alert = rec as Rec | null;
      if (alert === null || typeof alert !== "object" || typeof alert.server !== "string") return;
      const server = byName.get(alert.server);
      const record = recordOf(alerts, index);
      if (server === undefined) {
        const names = [...byName.keys()];
        issues.push(
          makeIssue({
            level: "error",
            file: "content/alerts.json",
            record,
            field: "server",
            expected: names.length > 0 ? `the name of a server in servers.json (${names.join(", ")})` : "the name of a server in servers.json (it has none)",
            found: JSON.stringify(alert.server),
          }),
        );
        return;
      }
      for (const field of ["ip", "location"] as const) {
        if (typeof alert[field] === "string" && typeof server[field] === "string" && alert[field] !== server[field]) {
          issues.push(
            makeIssue(
              { level: "warning", file: "content/alerts.json", record, field, expected: `${JSON.stringify(server[field])} as in servers.json`, found: JSON.stringify(alert[field]) },
              "The alert and its server disagree.",
            ),
          );
        }
      }
    });
  }

  const reports = data["reports.json"];
  if (reports !== undefined) {
    reports.forEach((rec, index) => {
      const report = rec as Rec | null;
      if (report === null || typeof report !== "object" || typeof report.size !== "string" || typeof report.status !== "string") return;
      const record = recordOf(reports, index);
      const file = typeof report.file === "string" ? report.file : undefined;
      if (report.status === "completed" && file === undefined) {
        issues.push(makeIssue({ level: "error", file: "content/reports.json", record, field: "file", expected: "a path /reports/<file name> for a completed report (readers download it)", found: describeFound(report.file) }));
      }
      if (file !== undefined && options.staticFiles && !options.staticFiles.has(file)) {
        issues.push(
          makeIssue(
            { level: "error", file: "content/reports.json", record, field: "file", expected: `a file that exists in static${file}`, found: "no such file" },
            "Put the report file in static/reports/ or correct the name.",
          ),
        );
      }
      const isNA = report.size.trim().toUpperCase() === "N/A";
      if (report.status === "failed" && report.size !== "N/A") {
        issues.push(makeIssue({ level: "error", file: "content/reports.json", record: recordOf(reports, index), field: "size", expected: '"N/A" for a failed report', found: JSON.stringify(report.size) }));
      } else if (report.status !== "failed" && isNA) {
        issues.push(
          makeIssue({ level: "error", file: "content/reports.json", record: recordOf(reports, index), field: "size", expected: `a size such as 2.4 MB for a ${report.status} report (N/A is only for failed ones)`, found: JSON.stringify(report.size) }),
        );
      }
    });
  }
  return issues;
}

export type ValidateOptions = {
  /** files the site publishes from static/, as URL paths (/reports/x.csv); when given, report files must be among them */
  staticFiles?: ReadonlySet<string>;
};

/** Checks every content file and returns every problem at once. */
export function validateContent(texts: ContentTexts, options: ValidateOptions = {}): ValidationResult {
  const issues: ContentIssue[] = [];
  const data: ValidationResult["data"] = {};
  const compiledValidators = validators();
  for (const file of CONTENT_FILES) {
    const text = texts[file.name];
    if (text === null || text === undefined) {
      issues.push(makeIssue({ level: "error", file: file.path, expected: `the file ${file.path} (write [] in it for an empty list)`, found: "no such file" }));
      continue;
    }
    if (text.trim() === "") {
      issues.push(makeIssue({ level: "error", file: file.path, expected: "a list of records in square brackets (write [] for none)", found: "an empty file" }));
      continue;
    }
    const parsed = parseJson(file.path, text);
    if (!parsed.ok) {
      issues.push(parsed.issue);
      continue;
    }
    const validate = compiledValidators.get(file.name)!;
    if (!validate(parsed.value)) {
      issues.push(...schemaIssues(file.path, file.schema as JsonSchema, parsed.value, validate.errors ?? []));
    }
    if (Array.isArray(parsed.value)) data[file.name] = parsed.value;
  }
  issues.push(...semanticIssues(data, options));
  return {
    issues,
    errors: issues.filter((i) => i.level === "error"),
    warnings: issues.filter((i) => i.level === "warning"),
    data,
  };
}

/** The report printed by the build and by npm run validate. */
export function formatReport(result: ValidationResult): string {
  const { errors, warnings } = result;
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const lines: string[] = [];
  if (errors.length > 0) {
    lines.push(`The content has ${count(errors.length, "error")}${warnings.length ? ` and ${count(warnings.length, "warning")}` : ""}; fix the errors and build again:`);
  } else if (warnings.length > 0) {
    lines.push(`The content is valid, with ${count(warnings.length, "warning")}:`);
  } else {
    lines.push("The content is valid.");
  }
  for (const issue of [...errors, ...warnings]) lines.push(`  ${issue.level === "error" ? "✖ error" : "⚠ warning"}  ${issue.message}`);
  if (errors.length + warnings.length > 0) lines.push("CONTENT.md explains each field and each message.");
  return lines.join("\n");
}
