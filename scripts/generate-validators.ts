/**
 * npm run generate:validators: writes src/model/fleet/generated/*.ts from the open
 * data's schemas (scripts/feedValidatorsSource.ts). Run it after changing a
 * content or open-data schema; a unit test fails while a file is out of date.
 */
import fs from "node:fs";
import path from "node:path";
import { VALIDATOR_FILES, validatorSource } from "./feedValidatorsSource";

const folder = path.resolve(__dirname, "..", "src", "model", "fleet", "generated");
fs.mkdirSync(folder, { recursive: true });
for (const [file, schema] of Object.entries(VALIDATOR_FILES)) {
  fs.writeFileSync(path.join(folder, file), validatorSource(schema()));
  console.log(`wrote src/model/fleet/generated/${file}`);
}
