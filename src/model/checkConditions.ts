/**
 * The conditions an HTTP check puts on an answer's body (issue #23): texts it
 * must contain or lack, and conditions on a JSON body, each on the values a
 * JSONPath (RFC 9535) selects. Judged here, in the model, on what the probe
 * read: never more than the check's bodyLimit, so a condition that what was
 * read cannot decide says so and fails.
 *
 * What a server sent is quoted in a few words of plain text (no line breaks, no
 * control characters): the detail goes to pages, the API, alerts and
 * notifications. JSONPath is json-p3's (ARCHITECTURE.md says why), loaded by the
 * check job and the validation only, never by a page.
 */
import { compile, JSONPathError, type JSONPathQuery } from "json-p3";
import type { HttpExpect, JsonCondition, ReadBody } from "./checks";

/** A server's text in a detail: at most this many characters. */
const QUOTE_MAX = 60;

/** Text, one line, no control characters, at most `max` characters (an ellipsis says when cut). */
export function plainText(text: string, max = QUOTE_MAX): string {
  // Control characters are what is removed (a terminal's escapes, a NUL, line breaks).
  // eslint-disable-next-line no-control-regex
  const controls = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
  const flat = text.replace(controls, " ").replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/** A JSON value in a detail: as JSON, short. */
const quoteJson = (value: unknown): string => plainText(JSON.stringify(value) ?? "null");

/** 16384 -> '16 KB', 1048576 -> '1 MB', 19 -> '19 bytes' */
function size(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} byte${bytes === 1 ? "" : "s"}`;
}

/** Where a cut body ended, in words: 'the first 16 KB, where the body was cut'. */
function readSoFar(body: ReadBody): string {
  if (body.cut === "limit") return `the first ${size(body.bytes)}, where the body was cut (bodyLimit reads up to 1 MB)`;
  if (body.cut === "time") return `the ${size(body.bytes)} read before the timeout`;
  return `the ${size(body.bytes)} read before the server closed the connection`;
}

const queries = new Map<string, JSONPathQuery>();
/** A compiled JSONPath, kept: a run checks the same paths on every server that has them. */
function compiled(path: string): JSONPathQuery {
  let query = queries.get(path);
  if (!query) {
    query = compile(path);
    queries.set(path, query);
  }
  return query;
}

/** What is wrong with a JSONPath, in the library's words; null for a good one. */
export function jsonPathProblem(path: string): string | null {
  try {
    compiled(path);
    return null;
  } catch (error) {
    return error instanceof JSONPathError ? error.message : String(error);
  }
}

/** What is wrong with a regular expression for `matches`; null for a good one. */
export function patternProblem(pattern: string): string | null {
  try {
    new RegExp(pattern, "u");
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/** The test of a condition, in the words the editors wrote: 'equals "ok"', 'lessThan 100', 'exists false'. */
function testWords(condition: JsonCondition): string {
  if (condition.equals !== undefined) return `equals ${quoteJson(condition.equals)}`;
  if (condition.notEquals !== undefined) return `notEquals ${quoteJson(condition.notEquals)}`;
  if (condition.lessThan !== undefined) return `lessThan ${condition.lessThan}`;
  if (condition.greaterThan !== undefined) return `greaterThan ${condition.greaterThan}`;
  if (condition.matches !== undefined) return `matches /${plainText(condition.matches)}/`;
  return condition.exists === false ? "exists false" : "exists";
}

/** Why one value fails the test, or null when it passes. */
function valueFailure(condition: JsonCondition, value: unknown): string | null {
  if (condition.equals !== undefined) return sameJson(value, condition.equals) ? null : quoteJson(value);
  if (condition.notEquals !== undefined) return sameJson(value, condition.notEquals) ? quoteJson(value) : null;
  if (condition.lessThan !== undefined || condition.greaterThan !== undefined) {
    if (typeof value !== "number") return `${quoteJson(value)}, not a number`;
    if (condition.lessThan !== undefined) return value < condition.lessThan ? null : String(value);
    return value > condition.greaterThan! ? null : String(value);
  }
  if (condition.matches !== undefined) {
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return `${quoteJson(value)}, not a text`;
    return new RegExp(condition.matches, "u").test(String(value)) ? null : quoteJson(value);
  }
  return null;
}

/** One JSON condition on a parsed body: null when it holds, else what was found. */
function jsonFailure(condition: JsonCondition, document: unknown): string | null {
  const nodes = compiled(condition.path).query(document as never).nodes;
  const named = `json ${condition.path} ${testWords(condition)}`;
  if (condition.exists !== undefined && condition.equals === undefined && condition.notEquals === undefined) {
    if (condition.lessThan === undefined && condition.greaterThan === undefined && condition.matches === undefined) {
      if (condition.exists === nodes.length > 0) return null;
      return `${named}: found ${nodes.length === 0 ? "nothing" : `${nodes.length} value${nodes.length === 1 ? "" : "s"}`}`;
    }
  }
  if (nodes.length === 0) return `${named}: found nothing`;
  for (const node of nodes) {
    const found = valueFailure(condition, node.value);
    if (found !== null) return `${named}: found ${found}${nodes.length > 1 ? ` at ${plainText(node.path)}` : ""}`;
  }
  return null;
}

/**
 * The conditions on the body that failed, each in words with what was found
 * (empty: all hold). A body that was not read (a HEAD, or an answer without
 * one) is an empty body.
 */
export function bodyFailures(expect: HttpExpect, body: ReadBody | undefined): string[] {
  const read: ReadBody = body ?? { text: "", bytes: 0, cut: null };
  const failures: string[] = [];
  for (const text of expect.bodyContains) {
    if (read.text.includes(text)) continue;
    const where = read.cut === null ? `not in the body (${size(read.bytes)})` : `not in ${readSoFar(read)}`;
    failures.push(`bodyContains ${quoteJson(text)}: ${where}`);
  }
  for (const text of expect.bodyLacks) {
    const at = read.text.indexOf(text);
    if (at >= 0) {
      // The text with a little of what stands around it, so a reader sees what the page said.
      const start = Math.max(0, at - 20);
      const excerpt = read.text.slice(start, at + text.length + 20);
      failures.push(`bodyLacks ${quoteJson(text)}: found in "${plainText(excerpt).replace(/"/g, "'")}"`);
    } else if (read.cut !== null) {
      failures.push(`bodyLacks ${quoteJson(text)}: undecided, not in ${readSoFar(read)}`);
    }
  }
  if (expect.json.length > 0) {
    const paths = expect.json.map((c) => c.path).join(", ");
    if (read.cut !== null) {
      const why =
        read.cut === "limit"
          ? "(bodyLimit reads up to 1 MB)"
          : read.cut === "time"
            ? "by the timeout"
            : "when the server closed the connection";
      failures.push(`json ${paths}: undecided, the body was cut at ${size(read.bytes)} ${why}`);
      return failures;
    }
    let document: unknown;
    try {
      document = JSON.parse(read.text);
    } catch {
      failures.push(
        `json ${paths}: the body is not JSON (${read.bytes === 0 ? "it is empty" : `it begins "${plainText(read.text, 40).replace(/"/g, "'")}"`})`,
      );
      return failures;
    }
    for (const condition of expect.json) {
      const failure = jsonFailure(condition, document);
      if (failure !== null) failures.push(failure);
    }
  }
  return failures;
}
