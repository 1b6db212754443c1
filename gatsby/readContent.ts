import fs from "node:fs";
import path from "node:path";
import { CONTENT_FILES } from "../src/model/contentFiles";
import type { ContentTexts } from "../src/model/validate";

/** Reads every content file of a folder; a missing file reads as null. */
export function readContentTexts(contentDir: string): ContentTexts {
  const texts = {} as ContentTexts;
  for (const file of CONTENT_FILES) {
    const full = path.join(contentDir, file.name);
    texts[file.name] = fs.existsSync(full) ? fs.readFileSync(full, "utf8") : null;
  }
  return texts;
}

export function contentDirectory(): string {
  return path.resolve(process.cwd(), process.env.CONTENT_DIR ?? "content");
}
