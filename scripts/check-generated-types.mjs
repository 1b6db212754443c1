#!/usr/bin/env node
/**
 * src/gatsby-types.d.ts is written by every build (Gatsby's typegen) and kept in
 * git, so `npm run typecheck` and the type-aware lint work on a fresh clone
 * without a build. After a build it must be unchanged: a query or content type
 * that changed without its types being committed fails here, with what to do.
 */
import { execFileSync } from "node:child_process";

const FILE = "src/gatsby-types.d.ts";
try {
  execFileSync("git", ["rev-parse", "--is-inside-work-tree"], { stdio: "ignore" });
} catch {
  console.log(`Not a git checkout: ${FILE} is not compared.`);
  process.exit(0);
}
try {
  execFileSync("git", ["diff", "--quiet", "--", FILE], { stdio: "inherit" });
  console.log(`${FILE} matches the build.`);
} catch {
  console.error(
    `${FILE} changed in this build: a query or a content type changed. Commit the file the build wrote:\n\n    git add ${FILE}\n`,
  );
  execFileSync("git", ["diff", "--stat", "--", FILE], { stdio: "inherit" });
  process.exit(1);
}
