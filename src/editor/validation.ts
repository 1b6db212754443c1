/**
 * The editor checks a file as the build does: the same validation
 * (domain/content/validate.ts) over the file as it would be written, with the
 * other files as the repository holds them, and each problem shown beside the
 * form field it is about. A problem no field shows (a rule across records, a
 * file the editor does not show) stops the save with its message.
 *
 * Pure: the texts are passed in.
 */
import { validateContent, type ContentIssue, type ContentTexts } from "../domain/content/validate";
import { CONTENT_FILES } from "../domain/content/files";
import type { FileShape } from "./jsonFile";

/** The errors (and warnings) of one file, the other files as given (a file not given is not judged, nor are the rules that read it). */
export function fileIssues(fileName: string, text: string, others: Readonly<Record<string, string>>): ContentIssue[] {
  const texts = Object.fromEntries(CONTENT_FILES.map((file) => [file.name, null])) as unknown as ContentTexts;
  Object.assign(texts, others, { [fileName]: text });
  return validateContent(texts).issues.filter((issue) => issue.file === `content/${fileName}`);
}

/** Where an issue sits in the file: "[3].check.url" in a list file, "channels[0].id" in an object file; null when it is about the whole file. */
function issuePath(issue: ContentIssue, shape: FileShape): string | null {
  if (shape === "list") {
    if (issue.record === undefined) return null;
    return issue.field === undefined
      ? `[${issue.record.index}]`
      : `[${issue.record.index}]${issue.field.startsWith("[") ? "" : "."}${issue.field}`;
  }
  return issue.field ?? null;
}

type Step = string | number;

function steps(path: string): Step[] {
  const out: Step[] = [];
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d*)\]/g))
    out.push(match[2] !== undefined ? (match[2] === "" ? -1 : Number(match[2])) : match[1]);
  return out;
}

/** The value at a path of the file's value, or undefined. */
function at(value: unknown, path: Step[]): unknown {
  let current = value;
  for (const step of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}

/** Two values the same, as JSON sees them. */
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The issues a form field shows: those at its place of the file (fieldPath, with
 * [] for any record, as src/editor/config.ts names it: "[].ip", "channels[].id") whose record holds the
 * value this field holds. A field that holds a whole value (a pair, a JSON
 * value) shows the issues inside it too.
 */
export function issuesOfField(
  issues: readonly ContentIssue[],
  shape: FileShape,
  fileValue: unknown,
  fieldPath: string,
  value: unknown,
  whole = false,
): ContentIssue[] {
  const wanted = steps(fieldPath);
  const holders = placesHolding(fileValue, wanted, value);
  // A field knows its value, not its record: when two records hold the same value there, neither shows the
  // issue (the save says it, with its record), so no record's field shows another's problem.
  if (holders > 1) return [];
  return issues.filter((issue) => {
    const place = issuePath(issue, shape);
    if (place === null) return false;
    const found = steps(place);
    if (whole ? found.length < wanted.length : found.length !== wanted.length) return false;
    const own = found.slice(0, wanted.length);
    if (!own.every((step, i) => (wanted[i] === -1 ? typeof step === "number" : step === wanted[i]))) return false;
    return same(at(fileValue, own), value);
  });
}

/**
 * The issues at one exact place of the file ("[6].ip", "[0].updates[2].message"),
 * where the form knows which record a field belongs to; a field that holds a
 * whole value shows the issues inside it too.
 */
export function issuesAtPath(issues: readonly ContentIssue[], shape: FileShape, exactPath: string, whole = false): ContentIssue[] {
  const wanted = steps(exactPath);
  return issues.filter((issue) => {
    const place = issuePath(issue, shape);
    if (place === null) return false;
    const found = steps(place);
    if (whole ? found.length < wanted.length : found.length !== wanted.length) return false;
    return wanted.every((step, i) => found[i] === step);
  });
}

/** How many places matching a field's path ([] for any index) hold this value. */
function placesHolding(value: unknown, path: Step[], wanted: unknown): number {
  if (path.length === 0) return same(value, wanted) ? 1 : 0;
  const [step, ...rest] = path;
  if (step === -1) return Array.isArray(value) ? value.reduce((n: number, item) => n + placesHolding(item, rest, wanted), 0) : 0;
  if (value === null || typeof value !== "object") return rest.length === 0 && wanted === undefined ? 1 : 0;
  return placesHolding((value as Record<string | number, unknown>)[step], rest, wanted);
}

/**
 * The problems a new text of one file makes in the other files (a server renamed
 * that alerts still name, one removed that an incident lists): those the
 * validation finds with the new text and did not find with the old one.
 */
export function problemsElsewhere(
  fileName: string,
  newText: string,
  oldText: string | null,
  others: Readonly<Record<string, string>>,
): ContentIssue[] {
  const judge = (text: string | null) => {
    const texts = Object.fromEntries(CONTENT_FILES.map((file) => [file.name, null])) as unknown as ContentTexts;
    Object.assign(texts, others, { [fileName]: text });
    return validateContent(texts).errors.filter(
      (issue) => issue.file !== `content/${fileName}` && others[issue.file.replace(/^content\//, "")] !== undefined,
    );
  };
  const before = new Set(judge(oldText).map((issue) => issue.message));
  return judge(newText).filter((issue) => !before.has(issue.message));
}
