/**
 * npm run check: runs every server's check once and writes the results into
 * content/checks/ (latest.json, history.json, alerts.json). Run it on a
 * schedule, then build (README.md, "Real monitoring").
 *
 *   npm run check                      checks the servers of content/
 *   npm run check -- --content DIR     another content folder (or CONTENT_DIR=DIR)
 *
 * Exit code 0 when it ran, whatever the servers' states; 1 when it could not
 * run (content that does not validate, a file it cannot write).
 */
import path from "node:path";
import { ContentError, runChecks } from "./runChecks";

function contentDirectory(argv: readonly string[]): string {
  const flag = argv.indexOf("--content");
  const dir = flag >= 0 ? argv[flag + 1] : process.env.CONTENT_DIR;
  // Said as the operator would type it: relative inside the project, absolute outside it.
  const absolute = path.resolve(dir ?? "content");
  const relative = path.relative(process.cwd(), absolute);
  return relative === "" ? "." : relative.startsWith("..") ? absolute : relative;
}

async function main(): Promise<number> {
  const contentDir = contentDirectory(process.argv.slice(2));
  try {
    await runChecks({ contentDir, log: (line) => console.log(line), warn: (line) => console.warn(`warning: ${line}`) });
    return 0;
  } catch (error) {
    if (error instanceof ContentError) {
      console.error(`The checks did not run: the content is not valid.\n${error.message}`);
    } else {
      console.error(`The checks could not run: ${error instanceof Error ? error.message : String(error)}`);
    }
    return 1;
  }
}

void main().then((code) => process.exit(code));
