/**
 * The sample site's content files as validateContent reads them (an optional
 * file absent is null), for tests of the content's rules; and the same with
 * one server's check replaced.
 */
import fs from "node:fs";
import path from "node:path";
import { CONTENT_FILES, OPTIONAL_FILES, OPTIONAL_LIST_FILES } from "../../src/domain/content/files";
import type { ContentTexts } from "../../src/domain/kernel/contentIssue";

const CONTENT = path.join(__dirname, "..", "..", "content");

export function sampleTexts(): ContentTexts {
  const texts = {} as ContentTexts;
  for (const file of [...CONTENT_FILES, ...OPTIONAL_LIST_FILES, ...OPTIONAL_FILES]) {
    const at = path.join(CONTENT, file.name);
    texts[file.name] = fs.existsSync(at) ? fs.readFileSync(at, "utf8") : null;
  }
  return texts;
}

/** The sample's texts with the server at `index` (0-based) checked by `check`. */
export function withCheckOn(index: number, check: Record<string, unknown>): ContentTexts {
  const texts = sampleTexts();
  const servers = JSON.parse(texts["servers.json"]!) as Array<Record<string, unknown>>;
  servers[index].check = check;
  texts["servers.json"] = JSON.stringify(servers);
  return texts;
}
