/**
 * A content file as the editor reads and writes it. Decap edits an object, so a
 * file that is a list is read as { items: [...] } and written back as the list.
 * Written back, a file keeps its look: each record keeps the order of its keys,
 * each object its line (on one line or opened), each value its spelling (1.0,
 * \u00e9), and the text is laid out by Prettier with the project's options, so a
 * one-field edit is a one-line diff. A record is followed by its id, else by its
 * exact value, else by its place.
 *
 * Pure: Prettier is passed in (prettierJson.ts, the standalone printer the
 * browser loads on /admin only, and the tests too).
 */

export type FileShape = "list" | "object";

/** What Decap edits: a list file's records under "items"; nothing yet for a file that does not exist yet (an optional file). */
export function readContentFile(text: string | null | undefined): Record<string, unknown> {
  if (text === null || text === undefined || text.trim() === "") return {};
  const value: unknown = JSON.parse(text);
  if (Array.isArray(value)) return { items: value };
  if (value !== null && typeof value === "object") return value as Record<string, unknown>;
  throw new Error("A content file holds a list or an object.");
}

/** What the file holds: the list again for a list file. */
export function fileValue(data: Record<string, unknown>, shape: FileShape): unknown {
  return shape === "list" ? (Array.isArray(data.items) ? data.items : []) : data;
}

/** A path with any index written [] (records[3].check → [].check): the places of a file that look alike. */
const normalised = (path: string) => path.replace(/\[\d+\]/g, "[]");

const childPath = (path: string, key: string) => (path === "" ? key : `${path}.${key}`);

/** How a JSON text is written: which objects sit on one line, and each value's own spelling, by exact path ("[3].check"). */
type Layout = {
  /** each object of the text: on one line or not */
  inline: Map<string, boolean>;
  /** each place's objects (normalised path): how many on one line, how many opened; new objects follow the most */
  byPlace: Map<string, { inline: number; opened: number }>;
  /** each string, number, boolean and null as written */
  literals: Map<string, string>;
};

/** Reads how a JSON text is written (it must be JSON). */
export function readLayout(text: string): Layout {
  const layout: Layout = { inline: new Map(), byPlace: new Map(), literals: new Map() };
  let i = 0;
  const space = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const string = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return text.slice(start, i);
  };
  const value = (path: string): void => {
    space();
    const c = text[i];
    if (c === "{") {
      const open = i;
      i++;
      space();
      if (text[i] === "}") {
        i++;
        return;
      }
      const firstKeyAt = i;
      for (;;) {
        space();
        const key = JSON.parse(string()) as string;
        space();
        i++; // :
        value(childPath(path, key));
        space();
        if (text[i] === ",") {
          i++;
          continue;
        }
        i++; // }
        break;
      }
      const inline = !text.slice(open, firstKeyAt).includes("\n");
      layout.inline.set(path, inline);
      const place = layout.byPlace.get(normalised(path)) ?? { inline: 0, opened: 0 };
      if (inline) place.inline++;
      else place.opened++;
      layout.byPlace.set(normalised(path), place);
      return;
    }
    if (c === "[") {
      i++;
      space();
      if (text[i] === "]") {
        i++;
        return;
      }
      let index = 0;
      for (;;) {
        value(`${path}[${index++}]`);
        space();
        if (text[i] === ",") {
          i++;
          continue;
        }
        i++; // ]
        break;
      }
      return;
    }
    const start = i;
    if (c === '"') string();
    else while (i < text.length && !/[\s,\]}]/.test(text[i])) i++;
    layout.literals.set(path, text.slice(start, i));
  };
  value("");
  return layout;
}

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> => value !== null && typeof value === "object" && !Array.isArray(value);
const isEmptyCollection = (value: Json) => (Array.isArray(value) ? value.length === 0 : isObject(value) && Object.keys(value).length === 0);

/** The record of the file an item was: the one with its id, else the one with its exact value, else the one at its place. */
function originalIndex(item: Json, index: number, originals: readonly Json[]): number | null {
  if (isObject(item) && typeof item.id === "string") {
    const byId = originals.findIndex((o) => isObject(o) && o.id === item.id);
    if (byId >= 0) return byId;
  }
  const json = JSON.stringify(item);
  const same = originals.findIndex((o) => JSON.stringify(o) === json);
  if (same >= 0) return same;
  return index < originals.length ? index : null;
}

/**
 * The JSON text Prettier is given: each object on one line where the file had
 * it on one line (a new one as most of its place), else opened with a newline
 * (Prettier keeps an object open when a newline follows its "{"); each value
 * as the file spelled it, when it is the same value; lists on one line, which
 * Prettier breaks as it breaks them in the repository.
 */
function layoutJson(value: Json, original: Json, layout: Layout, path: string, originalPath: string | null): string {
  if (Array.isArray(value)) {
    const originals = Array.isArray(original) ? original : [];
    const items = value.map((item, index) => {
      const at = originalPath === null ? null : originalIndex(item, index, originals);
      return layoutJson(
        item,
        at === null ? undefined : originals[at],
        layout,
        `${path}[${index}]`,
        at === null ? null : `${originalPath}[${at}]`,
      );
    });
    return `[${items.join(", ")}]`;
  }
  if (isObject(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return "{}";
    const body = entries.map(([key, v]) => {
      const had = isObject(original) && key in original;
      const inner = layoutJson(
        v,
        had ? original[key] : undefined,
        layout,
        childPath(path, key),
        had && originalPath !== null ? childPath(originalPath, key) : null,
      );
      return `${JSON.stringify(key)}: ${inner}`;
    });
    const known = originalPath === null ? undefined : layout.inline.get(originalPath);
    const place = layout.byPlace.get(normalised(path));
    const inline = known ?? (place !== undefined && place.inline > place.opened);
    return inline ? `{ ${body.join(", ")} }` : `{\n${body.join(",\n")}\n}`;
  }
  const spelled = originalPath === null ? undefined : layout.literals.get(originalPath);
  if (spelled !== undefined && Object.is(JSON.parse(spelled), value)) return spelled;
  return JSON.stringify(value);
}

export type FormAt = (place: string) => { order: readonly string[]; nullWhenEmpty: readonly string[] };

/**
 * The value to write. What the form left empty is left out: an optional text
 * emptied, a choice cleared (null), a sub-form emptied ({}), a list emptied,
 * unless the file had that very value there; a value the schema wants, null
 * allowed (a response time: no answer), is written null. Each object's keys
 * keep the order the file had them in, then the form's (the schema's).
 */
export function tidyValue(value: Json, original: Json, form: FormAt, path = ""): Json {
  if (Array.isArray(value)) {
    const originals: Json[] = Array.isArray(original) ? original : [];
    return value.map((item, index) => {
      const at = originalIndex(item, index, originals);
      return tidyValue(item, at === null ? undefined : originals[at], form, `${path}[]`);
    });
  }
  if (isObject(value)) {
    const { order: formOrder, nullWhenEmpty } = form(path);
    const before = isObject(original) ? original : {};
    const filled: Record<string, Json> = { ...value };
    for (const key of nullWhenEmpty) if (filled[key] === undefined || filled[key] === "") filled[key] = null;
    const tidied = Object.entries(filled).flatMap(([key, v]): Array<[string, Json]> => {
      if (v === undefined) return [];
      const inner = tidyValue(v, before[key], form, childPath(path, key));
      const hadSame = key in before && JSON.stringify(before[key]) === JSON.stringify(inner);
      const empty = inner === "" || (inner === null && !nullWhenEmpty.includes(key)) || isEmptyCollection(inner);
      return empty && !hadSame ? [] : [[key, inner]];
    });
    const had = Object.keys(before);
    const order = [...had, ...formOrder.filter((key) => !had.includes(key))];
    const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
    tidied.sort(([a], [b]) => rank(a) - rank(b));
    return Object.fromEntries(tidied);
  }
  return value;
}

/** Formats JSON as the repository does (Prettier, parser json, the project's options). */
export type JsonFormatter = (text: string) => Promise<string>;

/** The file's new text, laid out as its old text was. */
export async function writeContentFile(
  data: Record<string, unknown>,
  options: { shape: FileShape; original: string | null; form: FormAt; format: JsonFormatter },
): Promise<string> {
  let originalValue: Json;
  let layout: Layout = { inline: new Map(), byPlace: new Map(), literals: new Map() };
  try {
    originalValue = options.original === null ? undefined : (JSON.parse(options.original) as Json);
    if (options.original !== null) layout = readLayout(options.original);
  } catch {
    originalValue = undefined;
  }
  const value = tidyValue(fileValue(data, options.shape), originalValue, options.form);
  return options.format(layoutJson(value, originalValue, layout, "", originalValue === undefined ? null : ""));
}
