#!/usr/bin/env node
/** npm run lint:docs: the docs' links and the code's references to their sections (scripts/docLinks.mjs); fails on a dead one. */
import path from "node:path";
import { checkDocLinks, docFiles } from "./docLinks.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const problems = checkDocLinks(root);
for (const p of problems) console.error(p);
if (problems.length > 0) {
  console.error(`${problems.length} dead link${problems.length === 1 ? "" : "s"} in the docs or references to them.`);
  process.exit(1);
}
console.log(`The docs' links and the references to their sections: ${docFiles(root).length} docs, no dead link.`);
