/**
 * npm run validate: checks the content alone, in seconds, with the same rules
 * as the build. Exit code 1 when there is an error (warnings alone pass).
 *   npm run validate                 checks content/
 *   npm run validate -- path/to/dir  checks another folder
 */
import path from "node:path";
import { contentFolderFiles, readContentTexts, staticFiles } from "../io/contentFiles";
import { formatReport, validateContent } from "../src/domain/content/validate";

const dir = path.resolve(process.argv[2] ?? process.env.CONTENT_DIR ?? "content");
const result = validateContent(readContentTexts(dir), { staticFiles: staticFiles(), folderFiles: contentFolderFiles(dir) });
const report = formatReport(result);
if (result.errors.length > 0) {
  console.error(report);
  process.exit(1);
}
console.log(report);
