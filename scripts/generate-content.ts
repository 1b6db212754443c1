/**
 * npm run generate:content -- <servers> <folder> [seed]
 *
 * Writes a content folder for a fleet of that many servers (valid, the same for
 * the same seed): servers.json and alerts.json generated, the other files copied
 * from content/. Point a build at it with CONTENT_DIR=<folder>; content/ is never touched.
 */
import fs from "node:fs";
import path from "node:path";
import { readContentTexts, staticFiles } from "../io/contentFiles";
import { formatReport, validateContent } from "../src/domain/content/validate";
import { generateFleet } from "./generatedFleet";

const [countArg, folderArg, seedArg] = process.argv.slice(2);
const count = Number(countArg);
if (!Number.isInteger(count) || count < 1 || !folderArg) {
  console.error("Usage: npm run generate:content -- <servers, e.g. 10000> <folder> [seed]");
  process.exit(2);
}
const folder = path.resolve(folderArg);
const source = path.resolve(__dirname, "..", "content");
if (folder === source) {
  console.error("Write generated content to a folder of its own, not content/.");
  process.exit(2);
}
fs.mkdirSync(folder, { recursive: true });
for (const name of fs.readdirSync(source)) {
  if (name.endsWith(".json")) fs.copyFileSync(path.join(source, name), path.join(folder, name));
}
const { servers, alerts } = generateFleet(count, Number(seedArg ?? 1));
fs.writeFileSync(path.join(folder, "servers.json"), JSON.stringify(servers, null, 2) + "\n");
fs.writeFileSync(path.join(folder, "alerts.json"), JSON.stringify(alerts, null, 2) + "\n");

const result = validateContent(readContentTexts(folder), { staticFiles: staticFiles() });
if (result.errors.length > 0) {
  console.error(formatReport(result));
  process.exit(1);
}
console.log(`${folder}: ${servers.length} servers, ${alerts.length} alerts. Build it with CONTENT_DIR=${folder} npm run build`);
