/**
 * The JSON Schemas of content/schema, run with Ajv (their errors in words:
 * schemaErrors.ts).
 */
import Ajv, { type Options } from "ajv";
import addFormats from "ajv-formats";
import {
  CHECK_FILES,
  CHECK_HISTORY_FILE,
  CHECK_NOTIFY_STATE_FILE,
  CHECK_SECURITY_FILE,
  CHECK_DRAFTS_FILE,
  INCIDENT_DRAFT_FILE,
  CHECK_OBSERVATIONS_FILE,
  CHECK_ROLLUP_FILE,
  CONTENT_FILES,
  OPTIONAL_FILES,
  OPTIONAL_LIST_FILES,
} from "./files";

/** The one Ajv setup of the project: its options, formats and our annotations; `extra` adds options (standalone code, for the generator). */
export function ajvInstance(extra: Options = {}): Ajv {
  // strictRequired is off: a oneOf branch may require a field its parent defines (a check has url or tcp), which it cannot see.
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: true, strictTuples: false, strictRequired: false, ...extra });
  addFormats(ajv, ["ipv4", "ipv6", "date", "date-time", "uri", "email"]);
  // Our own annotation: the phrase an editor reads after 'expected'.
  ajv.addKeyword({ keyword: "x-expected", schemaType: "string" });
  // Our own annotation: the GraphQL type of a field whose JSON type has none of its own (a weekday or a day of the month).
  ajv.addKeyword({ keyword: "x-graphql", schemaType: "string" });
  return ajv;
}

type Validator = ReturnType<Ajv["compile"]>;
let shared: Ajv | null = null;

/** A validator for a schema of our own (a feed's records), with the same formats and words as the content's. */
export function compileSchema(schema: object): Validator {
  shared ??= ajvInstance();
  const id = (schema as { $id?: unknown }).$id;
  // A schema with an $id is compiled once: Ajv keeps it by that id.
  return (typeof id === "string" ? shared.getSchema(id) : undefined) ?? shared.compile(schema);
}

let compiled: Map<string, Validator> | null = null;
/** The compiled validators of every file, by name (servers.json, checks/latest.json …), made once. */
export function validators(): Map<string, Validator> {
  if (compiled === null) {
    const ajv = ajvInstance();
    compiled = new Map(
      [
        ...CONTENT_FILES,
        ...OPTIONAL_LIST_FILES,
        ...CHECK_FILES,
        CHECK_HISTORY_FILE,
        CHECK_ROLLUP_FILE,
        CHECK_NOTIFY_STATE_FILE,
        CHECK_SECURITY_FILE,
        CHECK_DRAFTS_FILE,
        INCIDENT_DRAFT_FILE,
        CHECK_OBSERVATIONS_FILE,
        ...OPTIONAL_FILES,
      ].map((f) => [f.name, ajv.compile(f.schema)]),
    );
  }
  return compiled;
}
