/**
 * How the web editor reads and writes a content file: the format (a list file stays a list, the
 * file's layout stays as it was laid out: jsonFile.ts), and the save, refused while the file would
 * stop the build (its own problems, or another file's it would cause) or while the repository holds
 * a file the form could not read.
 */
import { fileValue, readContentFile, writeContentFile, type FileShape } from "./jsonFile";
import { formatJson } from "./prettierJson";
import { problemsElsewhere } from "./validation";
import { CONTENT_FORMAT } from "./config";
import { checkDraft, forgetLastCheck, loadOthers, originalOf, others, parses, readRepositoryFile, saved } from "./drafts";
import { formOf, toJS, type Cms } from "./decap";

/** Registers the content's format and the check before each save with Decap. */
export function registerSaving(CMS: Cms): void {
  /* ---------- the format: lists stay lists, the layout stays ---------- */
  const written = new Map<string, string>();
  CMS.registerCustomFormat(CONTENT_FORMAT, "json", {
    fromFile(text: string) {
      return readContentFile(text);
    },
    toFile(data: unknown) {
      const ready = written.get(JSON.stringify(data));
      if (ready !== undefined) return ready;
      // a draft kept in the browser (not the repository): plain JSON is enough
      const record = data as Record<string, unknown>;
      const shape: FileShape = Object.keys(record).length === 1 && Array.isArray(record.items) ? "list" : "object";
      return `${JSON.stringify(fileValue(record, shape), null, 2)}\n`;
    },
  });

  /* ---------- saving: refused while the file would stop the build ---------- */
  CMS.registerEventListener({
    name: "preSave",
    handler: async ({ entry }) => {
      const path = String(entry.get("path"));
      const name = path.replace(/^content\//, "");
      const { shape, form } = formOf(path);
      // The file as the repository holds it now (not the copy the form was opened from, nor a restored backup):
      // its layout is what is kept, and a file the form could not read is never written over.
      const now = await readRepositoryFile(path);
      const openedFrom = entry.get("raw");
      if (now !== null && now.trim() !== "") {
        const readable = parses(now);
        if (!readable)
          throw new Error(
            `Not saved: ${path} in the repository is not valid JSON now. Mend it there (npm run validate names the place), then reload the editor.`,
          );
        if (typeof openedFrom !== "string" || !parses(openedFrom))
          throw new Error(
            `Not saved: the editor could not read ${path} when it opened it, so the form does not hold its records. Reload the editor.`,
          );
      }
      await loadOthers(path);
      forgetLastCheck();
      const { issues, value } = checkDraft(entry);
      if (issues.length > 0) {
        throw new Error(
          `Not saved: ${issues.length === 1 ? "the file has a problem" : `the file has ${issues.length} problems`}. ${issues.map((i) => i.message).join(" ")}`,
        );
      }
      const elsewhere = problemsElsewhere(name, JSON.stringify(value), now, others);
      if (elsewhere.length > 0) {
        throw new Error(`Not saved: this change would stop the build in another file. ${elsewhere.map((i) => i.message).join(" ")}`);
      }
      const data = toJS(entry.get("data")) as Record<string, unknown>;
      const text = await writeContentFile(data, { shape, original: now ?? originalOf(entry), form, format: formatJson });
      written.set(JSON.stringify(data), text);
      saved(path, text);
      return undefined;
    },
  });
}
