import fs from "node:fs";
import path from "node:path";
import { CHECK_FILES, CONTENT_FILES, isSourcedContentFile, OPTIONAL_FILES, OPTIONAL_LIST_FILES } from "../src/domain/content/files";
import type { ContentTexts } from "../src/domain/content/validate";

/** Reads every content file of a folder, and the check job's files; a missing file reads as null. */
export function readContentTexts(contentDir: string): ContentTexts {
  const texts = {} as ContentTexts;
  for (const file of [...CONTENT_FILES, ...OPTIONAL_LIST_FILES, ...CHECK_FILES, ...OPTIONAL_FILES]) {
    const full = path.join(contentDir, file.name);
    texts[file.name] = fs.existsSync(full) ? fs.readFileSync(full, "utf8") : null;
  }
  return texts;
}

export function contentDirectory(): string {
  return path.resolve(process.cwd(), process.env.CONTENT_DIR ?? "content");
}

/**
 * gatsby-source-filesystem's ignore for a content folder: only the content files
 * (each has a schema, and was checked before sourcing) become nodes; the folder's
 * other files (schemas, the check job's, anything else) are never sourced, so a
 * stray JSON file cannot reach the GraphQL schema (the build names it in a warning).
 */
export function notSourced(contentDir: string): (file: string) => boolean {
  return (file) => {
    const relative = path.relative(contentDir, file);
    return relative !== "" && !isSourcedContentFile(relative.split(path.sep).join("/"));
  };
}

/** Every file under a content folder, as paths relative to it with "/" (servers.json, checks/latest.json). */
export function contentFolderFiles(contentDir: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, prefix: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
      else found.push(`${prefix}${entry.name}`);
    }
  };
  walk(contentDir, "");
  return found;
}

/** The files under static/ as the URL paths the site serves them at (/reports/x.csv). */
export function staticFiles(root = path.resolve(process.cwd(), "static")): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}/${entry.name}`);
      else found.add(`${prefix}/${entry.name}`);
    }
  };
  walk(root, "");
  return found;
}
