/**
 * One problem found in the content, and the sentence an editor reads: file,
 * record, field, what was expected and what was found.
 */
import type { CheckFileName, ContentFileName, OptionalFileName, OptionalListName } from "../content/files";

export type ContentIssue = {
  level: "error" | "warning";
  /** path as the editor sees it, e.g. content/servers.json */
  file: string;
  /** 0-based index, with the record's id and name when it has them */
  record?: { index: number; id?: string; name?: string };
  /** field path inside the record, e.g. ip or coordinates[1] */
  field?: string;
  expected?: string;
  found?: string;
  /** a plain-language sentence with everything above in it */
  message: string;
};

/** The raw text of each content file, and of the check job's files when there are any; null when a file does not exist. */
export type ContentTexts = Record<ContentFileName, string | null> &
  Partial<Record<CheckFileName | OptionalFileName | OptionalListName, string | null>>;

/** Found values are quoted up to this length, then summarised. */
const MAX_FOUND = 60;

/** A short description of a found value, never the whole of a long text. */
export function describeFound(value: unknown): string {
  if (value === undefined) return "nothing (the field is missing)";
  if (value === null) return "null";
  if (typeof value === "string") {
    if (value.length > MAX_FOUND) return `a text of ${value.length} characters ("${value.slice(0, 24)}…")`;
    return JSON.stringify(value);
  }
  if (typeof value === "number" || typeof value === "boolean") return `${typeof value} ${String(value)}`;
  if (Array.isArray(value)) {
    const json = JSON.stringify(value);
    return json.length > MAX_FOUND ? `a list of ${value.length} items` : `a list ${json}`;
  }
  const json = JSON.stringify(value);
  if (json.length <= MAX_FOUND) return `an object ${json}`;
  const keys = Object.keys(value);
  const named = keys.slice(0, 8).join(", ") + (keys.length > 8 ? ", …" : "");
  return keys.length > 0 ? `an object with ${named}` : "an object";
}

/** 1-based line and column of a character offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split("\n");
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

/** The record at `index`, with its id and name when it has them. */
export function recordOf(records: unknown, index: number): ContentIssue["record"] {
  const value: unknown = Array.isArray(records) ? records[index] : undefined;
  const record: NonNullable<ContentIssue["record"]> = { index };
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const { id, name } = value as Record<string, unknown>;
    if (typeof id === "string" && id !== "") record.id = id;
    if (typeof name === "string" && name !== "") record.name = name.length > MAX_FOUND ? `${name.slice(0, 24)}…` : name;
  }
  return record;
}

function recordLabel(record: NonNullable<ContentIssue["record"]>): string {
  const parts = [
    record.id !== undefined ? `id ${JSON.stringify(record.id)}` : null,
    record.name !== undefined ? `name ${JSON.stringify(record.name)}` : null,
  ].filter(Boolean);
  return `record ${record.index + 1}${parts.length > 0 ? ` (${parts.join(", ")})` : ""}`;
}

/** Builds the sentence from the parts, so every message reads the same way. */
export function makeIssue(parts: Omit<ContentIssue, "message">, hint?: string): ContentIssue {
  const where = [parts.file, parts.record ? recordLabel(parts.record) : null, parts.field ? `field "${parts.field}"` : null]
    .filter(Boolean)
    .join(", ");
  const what =
    parts.expected !== undefined && parts.found !== undefined
      ? `expected ${parts.expected}, found ${parts.found}.`
      : (parts.expected ?? parts.found ?? "");
  const sentence = hint && what !== "" && !/[.!?]$/.test(what) ? `${what}.` : what;
  return { ...parts, message: `${where}: ${sentence}${hint ? ` ${hint}` : ""}` };
}
