/**
 * The JSON Schemas of content/schema, run with Ajv, and their errors turned
 * into ContentIssues. A schema's "x-expected" annotation is the phrase the
 * editor reads after 'expected'.
 */
import Ajv, { type ErrorObject } from "ajv";
import addFormats from "ajv-formats";
import { CONTENT_FILES, type ContentFileName } from "./contentFiles";
import { describeFound, makeIssue, recordOf, type ContentIssue } from "./contentIssue";

export type JsonSchema = {
  "x-expected"?: string;
  type?: string;
  items?: JsonSchema | JsonSchema[];
  properties?: Record<string, JsonSchema>;
  maxLength?: number;
  minLength?: number;
};

function ajvInstance(): Ajv {
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: true, strictTuples: false });
  addFormats(ajv, ["ipv4", "ipv6", "date", "date-time"]);
  // Our own annotation: the phrase an editor reads after 'expected'.
  ajv.addKeyword({ keyword: "x-expected", schemaType: "string" });
  return ajv;
}

let compiled: Map<ContentFileName, ReturnType<Ajv["compile"]>> | null = null;
/** The compiled validators, made once. */
export function validators(): Map<ContentFileName, ReturnType<Ajv["compile"]>> {
  if (compiled === null) {
    const ajv = ajvInstance();
    compiled = new Map(CONTENT_FILES.map((f) => [f.name, ajv.compile(f.schema)]));
  }
  return compiled;
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
  const [lon, lat] = coordinates as unknown[];
  if (typeof lon !== "number" || typeof lat !== "number") return undefined;
  if (Math.abs(lat) > 90 && Math.abs(lat) <= 180 && Math.abs(lon) <= 90) {
    return `The pair looks swapped: write [longitude, latitude], that is [${lat}, ${lon}].`;
  }
  return undefined;
}

/** One issue per problem value; missing fields and unknown fields are named one by one. */
export function schemaIssues(file: string, schema: JsonSchema, records: unknown, errors: ErrorObject[]): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const path = error.instancePath
      .split("/")
      .slice(1)
      .map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
    if (path.length === 0) {
      if (seen.has("")) continue;
      seen.add("");
      issues.push(
        makeIssue({
          level: "error",
          file,
          expected: "a list of records in square brackets [ … ] (write [] for none)",
          found: describeFound(records),
        }),
      );
      continue;
    }
    const index = Number(path[0]);
    const record = recordOf(records, index);
    const inRecord = path.slice(1);
    if (error.keyword === "required") {
      const missing = String((error.params as { missingProperty: string }).missingProperty);
      const expected = schemaAt(schema, [...path, missing])?.["x-expected"] ?? "a value";
      issues.push(
        makeIssue({ level: "error", file, record, field: fieldPath([...inRecord, missing]), expected, found: describeFound(undefined) }),
      );
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
