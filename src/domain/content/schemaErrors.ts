/**
 * A JSON Schema's errors (Ajv's, from a validator compiled now or ahead of time)
 * turned into ContentIssues. A schema's "x-expected" annotation is the phrase the
 * editor reads after 'expected'. No Ajv here, only its error type: the pages
 * translate errors from validators compiled ahead of time (model/fleet/feedValidators.ts)
 * without loading Ajv itself.
 */
import type { ErrorObject } from "ajv";
import { describeFound, makeIssue, recordOf, type ContentIssue } from "../kernel/contentIssue";

export type JsonSchema = {
  "x-expected"?: string;
  type?: string;
  items?: JsonSchema | JsonSchema[];
  properties?: Record<string, JsonSchema>;
  maxLength?: number;
  minLength?: number;
};

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

/** The schema a schema path names ("#/items/then/properties/value"). */
function schemaAtPointer(root: JsonSchema, pointer: string): JsonSchema | undefined {
  let node: unknown = root;
  for (const key of pointer.replace(/^#\/?/, "").split("/").filter(Boolean)) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[key.replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  return node !== null && typeof node === "object" ? node : undefined;
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
export function schemaIssues(file: string, schema: JsonSchema, root: unknown, errors: ErrorObject[]): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const seen = new Set<string>();
  const rootIsList = schema.type === "array";
  for (const error of errors) {
    // What one alternative of a oneOf/anyOf says is repeated by the oneOf/anyOf error itself, with the field's own words.
    if (/\/(oneOf|anyOf)\/\d+\//.test(error.schemaPath)) continue;
    // An if/then says its part through the then's own errors (a missing field).
    if (error.keyword === "if") continue;
    const path = error.instancePath
      .split("/")
      .slice(1)
      .map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
    // In a file that is a list, the first step is the record; in a file that is an object, the path is the field.
    const inList = rootIsList && path.length > 0;
    const index = inList ? Number(path[0]) : -1;
    const record = inList ? recordOf(root, index) : undefined;
    const inRecord = inList ? path.slice(1) : path;
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
    const value = valueAt(root, path);
    if (path.length === 0) {
      const expected = rootIsList ? "a list of records in square brackets [ … ] (write [] for none)" : "an object in curly braces { … }";
      issues.push(makeIssue({ level: "error", file, expected, found: describeFound(root) }));
      continue;
    }
    if (inList && inRecord.length === 0) {
      issues.push(makeIssue({ level: "error", file, record, expected: "a record in curly braces { … }", found: describeFound(value) }));
      continue;
    }
    const fieldSchema = schemaAt(schema, path);
    // A field a branch forbids (then: { field: { not: {} } }) says why in the branch's own words.
    const branch = error.keyword === "not" ? schemaAtPointer(schema, error.schemaPath.replace(/\/not$/, "")) : undefined;
    let expected = branch?.["x-expected"] ?? fieldSchema?.["x-expected"] ?? error.message ?? "another value";
    let found = describeFound(value);
    if (error.keyword === "maxLength" && typeof value === "string") {
      expected = `a text of at most ${fieldSchema?.maxLength ?? (error.params as { limit: number }).limit} characters`;
      found = `a text of ${value.length} characters`;
    }
    const hint = inList && inRecord[0] === "coordinates" ? swappedHint(Array.isArray(root) ? root[index] : undefined) : undefined;
    issues.push(makeIssue({ level: "error", file, record, field: fieldPath(inRecord), expected, found }, hint));
  }
  return issues;
}
