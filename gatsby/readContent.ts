import fs from "node:fs";
import path from "node:path";
import { CHECK_FILES, CONTENT_FILES, MONITORING_FILE } from "../src/model/contentFiles";
import type { ContentTexts } from "../src/model/validate";

/** Reads every content file of a folder, and the check job's files; a missing file reads as null. */
export function readContentTexts(contentDir: string): ContentTexts {
  const texts = {} as ContentTexts;
  for (const file of [...CONTENT_FILES, ...CHECK_FILES, MONITORING_FILE]) {
    const full = path.join(contentDir, file.name);
    texts[file.name] = fs.existsSync(full) ? fs.readFileSync(full, "utf8") : null;
  }
  return texts;
}

export function contentDirectory(): string {
  return path.resolve(process.cwd(), process.env.CONTENT_DIR ?? "content");
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
