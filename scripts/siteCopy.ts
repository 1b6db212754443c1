import fs from "node:fs";
import path from "node:path";

/**
 * What a build of the site reads of the project: a copy of these (node_modules
 * shared through a symlink) builds as the project does. The variant builds of
 * the browser tests and the scale benchmark build from such copies, so their
 * content can differ and the project's own build and cache stay untouched.
 */
const SITE_FILES = [
  "package.json",
  "gatsby-config.ts",
  "gatsby-node.ts",
  "gatsby-browser.tsx",
  "gatsby-ssr.tsx",
  "tsconfig.json",
  // the web editor (/admin) writes JSON as Prettier does, with the project's options
  ".prettierrc.json",
  "src",
  "io",
  "gatsby",
  "static",
  "content",
];

/** Copies what a build reads from `project` into `dir` (which exists), without the generated types (the copy's build writes its own). */
export function copySite(project: string, dir: string): void {
  for (const entry of SITE_FILES) fs.cpSync(path.join(project, entry), path.join(dir, entry), { recursive: true });
  fs.rmSync(path.join(dir, "src", "gatsby-types.d.ts"), { force: true });
  fs.symlinkSync(path.join(project, "node_modules"), path.join(dir, "node_modules"), "dir");
}
