/**
 * The source of src/model/fleet/generated/*.ts: the open data's schemas (a
 * feed's servers, the alerts, the incidents) compiled by Ajv ahead of time into
 * plain functions ("standalone" code), committed, so a page checks what it
 * fetches with the same rules without loading Ajv or compiling anything. A
 * unit test (feedValidators.test.ts) fails while a file is stale.
 */
import standaloneCode from "ajv/dist/standalone";
import { ajvInstance } from "../src/domain/content/schemaIssues";
import { alertsSchema, feedServerSchema, incidentsSchema } from "../src/publish/openDataSchemas";

/** The generated files, by name under src/model/fleet/generated/. */
export const VALIDATOR_FILES = {
  "feedServers.ts": () => ({ type: "array", items: feedServerSchema() }),
  "publishedAlerts.ts": () => alertsSchema(),
  "publishedIncidents.ts": () => incidentsSchema(),
} as const;

/** The module's source: ESM, its runtime helpers imported (Ajv writes require()), exported as `validate`, with the `schema`. */
export function validatorSource(schema: object): string {
  // Not verbose: the errors are read by schemaErrors.ts, which needs no copy of the schema or the data in each.
  const ajv = ajvInstance({ verbose: false, code: { source: true, esm: true, lines: true } });
  const validate = ajv.compile(schema);
  const modules = new Map<string, string>();
  const code = standaloneCode(ajv, validate).replace(/require\("([^"]+)"\)/g, (_, name: string) => {
    if (!modules.has(name)) modules.set(name, `runtime${modules.size}`);
    return modules.get(name)!;
  });
  const imports = [...modules].map(([name, local]) => `import * as ${local} from "${name}";`);
  return [
    "// @ts-nocheck",
    "/* eslint-disable */",
    "// Made by `npm run generate:validators` (scripts/feedValidatorsSource.ts) from src/publish/openDataSchemas.ts. Do not edit.",
    ...imports,
    code.replace(/^"use strict";/, ""),
    "// The schema itself, for turning errors into words (schemaErrors.ts).",
    `export const schema = ${JSON.stringify(schema)};`,
    "",
  ].join("\n");
}
