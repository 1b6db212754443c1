/**
 * A draft and its problems, as the web editor checks it while an editor types: the other content
 * files as the repository holds them (the rules across files read them), the file as it would be
 * written, the build's issues about it, and which of them belong to the field being drawn. Holds
 * the session's memory of them (which backend, what was last checked and saved).
 */
import { fileValue, tidyValue, type FileShape } from "./jsonFile";
import { fileIssues, issuesAtPath, issuesOfField } from "./validation";
import type { ContentIssue } from "../domain/content/validate";
import { FILES, formOf, toJS, type Immutable, type Props } from "./decap";

/* ---------- the other files, as the repository holds them (the rules across files read servers.json) ---------- */

export type Backend = { name: string; repo?: string; branch?: string; proxy_url?: string };
let backend: Backend = { name: "proxy" };
/** Where the repository is read from: the backend Decap's configuration names. */
export const readRepositoryFrom = (configured: Backend) => {
  backend = configured;
};
export const others: Record<string, string> = {};
const originals = new Map<string, string>();

export async function readRepositoryFile(path: string): Promise<string | null> {
  try {
    if (backend.name === "proxy" && backend.proxy_url) {
      const response = await fetch(backend.proxy_url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ action: "getEntry", params: { branch: backend.branch ?? "main", path } }),
      });
      if (!response.ok) return null;
      const entry = (await response.json()) as { data?: string | null };
      return typeof entry.data === "string" ? entry.data : null;
    }
    if (backend.name === "github" && backend.repo) {
      const user = JSON.parse(localStorage.getItem("decap-cms-user") ?? "{}") as { token?: string };
      const response = await fetch(
        `https://api.github.com/repos/${backend.repo}/contents/${path}?ref=${encodeURIComponent(backend.branch ?? "main")}`,
        { headers: { Accept: "application/vnd.github.raw", ...(user.token ? { Authorization: `token ${user.token}` } : {}) } },
      );
      return response.ok ? await response.text() : null;
    }
  } catch {
    // unreadable: the rules that read it wait for the build
  }
  return null;
}

/** Every other content file as the repository holds it now: the rules across files read them. */
export async function loadOthers(except: string): Promise<void> {
  await Promise.all(
    FILES.filter((file) => file.file !== except).map(async (file) => {
      const name = file.file.replace(/^content\//, "");
      const text = await readRepositoryFile(file.file);
      if (text !== null && text.trim() !== "") others[name] = text;
      else delete others[name];
    }),
  );
}

/* ---------- the file as it would be written, and its problems ---------- */

/** How many times servers.json was saved in this session: the pick lists of servers search again after each. */
let serversSaves = 0;
export const serversSaved = (): number => serversSaves;

/** A file was saved as `text`: it is what the repository holds now, for the rules across files too. */
export function saved(path: string, text: string): void {
  const name = path.replace(/^content\//, "");
  originals.set(path, text);
  others[name] = text;
  if (name === "servers.json") serversSaves++;
}

let lastChecked: { data: unknown; issues: ContentIssue[]; value: unknown } | null = null;
/** The other files changed (read again before a save): the next check works the draft out afresh. */
export const forgetLastCheck = () => {
  lastChecked = null;
};

export function checkDraft(entry: Immutable): { issues: ContentIssue[]; value: unknown; shape: FileShape } {
  const path = String(entry.get("path"));
  const { shape, form } = formOf(path);
  const data = entry.get("data");
  const known = lastChecked;
  if (known !== null && known.data === data) return { issues: known.issues, value: known.value, shape };
  const original = originalOf(entry);
  let originalValue: unknown;
  try {
    originalValue = original === null ? undefined : JSON.parse(original);
  } catch {
    originalValue = undefined;
  }
  const value = tidyValue(fileValue(toJS(data) as Record<string, unknown>, shape), originalValue, form);
  const { [path.replace(/^content\//, "")]: _self, ...rest } = others;
  const issues = fileIssues(path.replace(/^content\//, ""), JSON.stringify(value), rest).filter((issue) => issue.level === "error");
  lastChecked = { data, issues, value };
  return { issues, value, shape };
}

export function originalOf(entry: Immutable): string | null {
  const raw = entry.get("raw");
  if (typeof raw === "string" && raw.trim() !== "") return raw;
  return originals.get(String(entry.get("path"))) ?? null;
}

export const parses = (text: string): boolean => {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object";
  } catch {
    return false;
  }
};

export const isEmpty = (value: unknown) => value === undefined || value === null || value === "";

/**
 * The draft as it is now. A field is drawn again only when its own value
 * changes, so the draft it was given may be older than the one saved; the one
 * drawn last is the newest (each change draws the field that changed).
 */
let newestEntry: Immutable | null = null;
export const seeEntry = (entry: Immutable) => {
  newestEntry = entry;
};
const draftOf = (entry: Immutable): Immutable =>
  newestEntry !== null && newestEntry.get("path") === entry.get("path") ? newestEntry : entry;

/** The lists drawn now (Decap's list control, by its field's id): each knows the key of each of its items, in order. */
export const lists = new Map<string, { inner?: unknown }>();

/**
 * The exact place of a field in the file ("[6].ip"): Decap gives a field the ids
 * of what holds it (each list's id, then the key of the item), and each list
 * knows its items' keys in order. Null when it cannot be told.
 */
function exactPath(contentPath: string, parentIds: readonly string[] | undefined): string | null {
  const ids = parentIds ?? [];
  const indices: number[] = [];
  for (let i = 0; i < ids.length - 1; i++) {
    const keys = (lists.get(ids[i])?.inner as { state?: { keys?: string[] } } | undefined)?.state?.keys;
    if (keys === undefined) continue;
    const at = keys.indexOf(ids[i + 1]);
    if (at < 0) return null;
    indices.push(at);
  }
  if (contentPath.split("[]").length - 1 !== indices.length) return null;
  let n = 0;
  return contentPath.replace(/\[\]/g, () => `[${indices[n++]}]`);
}

/** The messages a field shows: the build's sentences about the value it holds, in its record. */
export function messagesOf(props: Props, whole: boolean): string[] {
  const contentPath = props.field.get("content_path");
  if (typeof contentPath !== "string") return [];
  const value = toJS(props.value);
  if (isEmpty(value) && props.field.get("required") !== false) return []; // Decap says "required" itself
  const draft = checkDraft(draftOf(props.entry));
  const exact = exactPath(contentPath, props.parentIds);
  const found =
    exact !== null
      ? issuesAtPath(draft.issues, draft.shape, exact, whole)
      : issuesOfField(draft.issues, draft.shape, draft.value, contentPath, isEmpty(value) ? undefined : value, whole);
  return found.map((issue) => issue.message);
}

/* ---------- the widgets ---------- */
