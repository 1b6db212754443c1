/**
 * npm run openslo:import -- file.yaml …: objectives from OpenSLO v1 documents
 * (#48; those /api/v1/openslo/ publishes, or any SLO that says the same) into
 * content/objectives.json (CONTENT_DIR for another folder). Each SLO document
 * becomes an objective; one with the id of an objective already there
 * replaces it, the others are added after. The folder is then validated with
 * the build's rules (servers that exist and have a check): nothing is written
 * unless every document reads and the content stays valid, and what is wrong
 * names its file, its document and its field.
 */
import fs from "node:fs";
import path from "node:path";
import { parseAllDocuments } from "yaml";
import { readContentTexts } from "../io/contentFiles";
import { writeFileAtomically } from "../io/writeWhole";
import { formatReport, validateContent } from "../src/domain/content/validate";
import type { Objective } from "../src/domain/objectives/objectiveContent";
import { importOpenSlo } from "../src/publish/openslo";

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("Usage: npm run openslo:import -- slo.yaml [more.yaml …]");
  process.exit(2);
}
const dir = path.resolve(process.env.CONTENT_DIR ?? "content");
const target = path.join(dir, "objectives.json");
const texts = readContentTexts(dir);
const before = JSON.parse(texts["objectives.json"] ?? "[]") as Objective[];

const documents = files.flatMap((file) => {
  const text = fs.readFileSync(file, "utf8");
  return parseAllDocuments(text).map((doc, i) => ({
    where: `${file}, document ${i + 1}`,
    value: doc.errors.length > 0 ? { yamlError: doc.errors.map((e) => e.message).join("; ") } : (doc.toJS() as unknown),
  }));
});
const imported = importOpenSlo(documents, before);
if (imported.errors.length > 0) {
  console.error(`Nothing was imported:\n${imported.errors.map((e) => `  ${e}`).join("\n")}`);
  process.exit(1);
}
const text = `${JSON.stringify(imported.objectives, null, 2)}\n`;
const validation = validateContent({ ...texts, "objectives.json": text });
if (validation.errors.length > 0) {
  console.error(`Nothing was imported: content/objectives.json would not be valid.\n${formatReport(validation)}`);
  process.exit(1);
}
writeFileAtomically(target, text);
for (const line of imported.said) console.log(line);
