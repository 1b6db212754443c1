/**
 * The content folder as the build, the job and the scripts read it: every file
 * read once for each version of it (a test counts the reads of one build),
 * what the build sources from it, and the files under it and under static/.
 */
import fs from "node:fs";
import path from "node:path";
import { CHECK_FILES, CONTENT_FILES, isSourcedContentFile, OPTIONAL_FILES, OPTIONAL_LIST_FILES } from "../src/domain/content/files";
import type { ContentTexts } from "../src/domain/content/validate";

/**
 * Every file this process has read from a content folder, with the identity of
 * the version read (device, inode, size, change and modification times in
 * nanoseconds): a build asks for the content from several hooks (validation,
 * sourcing, pages, open data) and reads each file once; a file changed since
 * (an edit under `gatsby develop`, the job's own writes) is read again.
 */
const readTexts = new Map<string, { version: string; text: string }>();

/** A file's text, or null when it is missing: read once for each version of it. */
export function readContentFile(file: string): string | null {
  let stat: fs.BigIntStats | undefined;
  try {
    stat = fs.statSync(file, { bigint: true, throwIfNoEntry: false });
  } catch (error) {
    // A folder on its path is a file (checks/ made a file by mistake): there is no such file; the job mends the folder (#44).
    if ((error as NodeJS.ErrnoException).code !== "ENOTDIR") throw error;
  }
  if (!stat?.isFile()) {
    readTexts.delete(file);
    return null;
  }
  const version = `${stat.dev}:${stat.ino}:${stat.size}:${stat.ctimeNs}:${stat.mtimeNs}`;
  const known = readTexts.get(file);
  if (known?.version === version) return known.text;
  const text = fs.readFileSync(file, "utf8");
  readTexts.set(file, { version, text });
  return text;
}

/** Reads every content file of a folder, and the check job's files; a missing file reads as null. */
export function readContentTexts(contentDir: string): ContentTexts {
  const texts = {} as ContentTexts;
  for (const file of [...CONTENT_FILES, ...OPTIONAL_LIST_FILES, ...CHECK_FILES, ...OPTIONAL_FILES]) {
    texts[file.name] = readContentFile(path.join(path.resolve(contentDir), file.name));
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

/** The files under static/ as the URL paths the site serves them at (/reports/x.csv), with their size in bytes. */
export function staticFiles(root = path.resolve(process.cwd(), "static")): Map<string, number> {
  const found = new Map<string, number>();
  const walk = (dir: string, prefix: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}/${entry.name}`);
      else found.set(`${prefix}/${entry.name}`, fs.statSync(path.join(dir, entry.name)).size);
    }
  };
  walk(root, "");
  return found;
}
