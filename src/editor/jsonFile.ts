/**
 * A content file as the editor reads and writes it. Decap edits an object, so a
 * file that is a list is read as { items: [...] } and written back as the list.
 * Written back, a file keeps its look: the keys of a record in the order they
 * had, the records written on one line still on one line, and Prettier's layout
 * (the project's .prettierrc), so a one-field edit is a one-line diff.
 *
 * Pure: Prettier is passed in (the browser loads its standalone build on /admin
 * only; the tests use the package).
 */

export type FileShape = "list" | "object";

/** What Decap edits: a list file's records under "items"; nothing yet for a file that does not exist yet (an optional file). */
export function readContentFile(text: string): Record<string, unknown> {
  if (text.trim() === "") return {};
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

/**
 * The places of a JSON text whose objects are written on one line (a newline
 * neither after "{" nor before "}"), as normalised paths: "[]" for the records
 * of a list written one per line.
 */
export function inlineObjects(text: string): Set<string> {
  const inline = new Set<string>();
  let i = 0;
  const space = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const string = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
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
        const key = string();
        space();
        i++; // :
        value(path === "" ? key : `${path}.${key}`);
        space();
        if (text[i] === ",") {
          i++;
          continue;
        }
        i++; // }
        break;
      }
      if (!text.slice(open, firstKeyAt).includes("\n")) inline.add(normalised(path));
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
    if (c === '"') {
      string();
      return;
    }
    while (i < text.length && !/[\s,\]}]/.test(text[i])) i++;
  };
  value("");
  return inline;
}

/**
 * The JSON text Prettier is given: each object on one line where the file had
 * objects of that place on one line, else opened with a newline (Prettier keeps
 * an object expanded when a newline follows its "{"); lists on one line, which
 * Prettier breaks as it breaks them in the repository.
 */
function layoutJson(value: unknown, inline: ReadonlySet<string>, path = ""): string {
  if (Array.isArray(value)) return `[${value.map((item, index) => layoutJson(item, inline, `${path}[${index}]`)).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return "{}";
    const body = entries.map(([key, v]) => `${JSON.stringify(key)}: ${layoutJson(v, inline, path === "" ? key : `${path}.${key}`)}`);
    return inline.has(normalised(path)) ? `{ ${body.join(", ")} }` : `{\n${body.join(",\n")}\n}`;
  }
  return JSON.stringify(value);
}

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The value to write: what the form left empty is left out (an optional text
 * emptied is no text, not ""), or null where the schema wants a value or null
 * (a response time: no answer), and each object's keys in the order the file had
 * them (the same record, by id, or at the same place), then the order of the
 * form (the schema's).
 */
export type FormAt = (place: string) => { order: readonly string[]; nullWhenEmpty: readonly string[] };

export function tidyValue(value: Json, original: Json, form: FormAt, path = ""): Json {
  if (Array.isArray(value)) {
    const originals: Json[] = Array.isArray(original) ? original : [];
    const byId = new Map(
      originals.filter(isObject).flatMap((record) => (typeof record.id === "string" ? [[record.id, record] as const] : [])),
    );
    return value.map((item, index) => {
      const before: Json = isObject(item) && typeof item.id === "string" && byId.has(item.id) ? byId.get(item.id) : originals[index];
      return tidyValue(item, before, form, `${path}[]`);
    });
  }
  if (isObject(value)) {
    const { order: formOrder, nullWhenEmpty } = form(path);
    const filled = { ...value };
    for (const key of nullWhenEmpty) if (filled[key] === undefined || filled[key] === "") filled[key] = null;
    const kept = Object.entries(filled).filter(([key, v]) => v !== undefined && (v !== "" || (isObject(original) && original[key] === "")));
    const had = isObject(original) ? Object.keys(original) : [];
    const order = [...had, ...formOrder.filter((key) => !had.includes(key))];
    const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
    kept.sort(([a], [b]) => rank(a) - rank(b));
    return Object.fromEntries(
      kept.map(([key, v]) => [
        key,
        tidyValue(v, isObject(original) ? original[key] : undefined, form, path === "" ? key : `${path}.${key}`),
      ]),
    );
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
  try {
    originalValue = options.original === null ? undefined : (JSON.parse(options.original) as Json);
  } catch {
    originalValue = undefined;
  }
  const value = tidyValue(fileValue(data, options.shape), originalValue, options.form);
  const inline = options.original === null ? new Set<string>() : safeInline(options.original);
  return options.format(layoutJson(value, inline));
}

function safeInline(text: string): Set<string> {
  try {
    return inlineObjects(text);
  } catch {
    return new Set();
  }
}
