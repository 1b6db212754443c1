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
 *
 * One piece (about 340 lines): the conditions, the quoting of what a server
 * sent and the JSONPath functions share the guards (depth, size, patterns on
 * RE2) that keep a hostile body from the job's stack and time.
 */
import { JSONPathEnvironment, JSONPathError, JSONPathRecursionLimitError, type JSONPathQuery } from "json-p3";
import type { HttpExpect, JsonCondition } from "./definition";
import type { ReadBody } from "./outcome";
import { PatternError, safePattern, PATTERN_INPUT_MAX, type SafePattern } from "./patterns";
import { plainText } from "../kernel/plainText";

/**
 * JSON nested deeper than this is not judged: no health answer needs it, and
 * every tool that walks a document (JSONPath's descendant segment, a deep
 * comparison, a quote) would need as many frames of the job's stack.
 */
export const MAX_JSON_DEPTH = 128;

/**
 * Why an answer could not be judged, in an operator's words, when the answer
 * is what stopped it (nesting beyond a walker's reach, a pattern that could not
 * run on it, a structure too complex for the stack); null when the error says
 * nothing of the answer (the job's own fault, not the server's).
 */
export function whyNotJudged(error: unknown): string | null {
  if (error instanceof JSONPathRecursionLimitError) return `the answer nests too deeply to judge (more than ${MAX_JSON_DEPTH} levels)`;
  if (error instanceof PatternError) return error.message;
  if (error instanceof RangeError && /call stack/i.test(error.message))
    return "the answer is too complex to judge (the check job's stack ran out)";
  return null;
}

/**
 * How deeply a JSON text nests, counted up to `limit` + 1 (then it stops):
 * one pass over the text, strings skipped, before anything is parsed.
 */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === 0x5d || c === 0x7d) {
      depth -= 1;
    }
  }
  return deepest;
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

/**
 * RFC 9535's match() and search() on an engine without backtracking: a
 * filter's pattern (the editors', or even a value of the answer: `match(@.a,
 * @.b)`) can no more stall the job than a condition's `matches` can. As the
 * RFC says, a pattern that is not a valid I-Regexp, or a value that is not a
 * string, selects nothing.
 */
class SafeRegexFunction {
  readonly argTypes;
  readonly returnType;
  private readonly cache = new Map<string, SafePattern | null>();
  constructor(
    template: { argTypes: unknown; returnType: unknown },
    private readonly whole: boolean,
  ) {
    this.argTypes = template.argTypes;
    this.returnType = template.returnType;
  }
  call(value: unknown, pattern: unknown): boolean {
    // A text too long to try selects nothing, as a value that is not a string does: the filter is false, not an error.
    if (typeof value !== "string" || typeof pattern !== "string" || value.length > PATTERN_INPUT_MAX) return false;
    let compiled = this.cache.get(pattern);
    if (compiled === undefined) {
      try {
        compiled = safePattern(pattern, { whole: this.whole, iRegexp: true });
      } catch {
        compiled = null;
      }
      // A value-chosen pattern could be different each time: the cache stays small.
      if (this.cache.size > 100) this.cache.clear();
      this.cache.set(pattern, compiled);
    }
    return compiled !== null && compiled.test(value);
  }
}

/** The job's JSONPath: the descendant segment reaches as deep as any answer it judges, and the regex functions cannot stall. */
const jsonpath = (() => {
  const environment = new JSONPathEnvironment({ maxRecursionDepth: MAX_JSON_DEPTH + 2 });
  const functions = environment.functionRegister as Map<string, { argTypes: unknown; returnType: unknown }>;
  functions.set("match", new SafeRegexFunction(functions.get("match")!, true));
  functions.set("search", new SafeRegexFunction(functions.get("search")!, false));
  return environment;
})();

const queries = new Map<string, JSONPathQuery>();
/** A compiled JSONPath, kept: a run checks the same paths on every server that has them. */
function compiled(path: string): JSONPathQuery {
  let query = queries.get(path);
  if (!query) {
    query = jsonpath.compile(path);
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

const patterns = new Map<string, SafePattern>();
/** A condition's pattern, compiled once for the run. */
function pattern(source: string): SafePattern {
  let compiledPattern = patterns.get(source);
  if (!compiledPattern) {
    compiledPattern = safePattern(source, { whole: false, iRegexp: false });
    patterns.set(source, compiledPattern);
  }
  return compiledPattern;
}

/** What is wrong with a regular expression for `matches`; null for a good one. */
export function patternProblem(source: string): string | null {
  try {
    pattern(source);
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
    const text = String(value);
    // A pattern reads at most this much: past it, what would be decided is not (and a value that long is no status).
    if (text.length > PATTERN_INPUT_MAX) {
      return `a text of ${text.length.toLocaleString("en")} characters, longer than the ${PATTERN_INPUT_MAX.toLocaleString("en")} a pattern is tried on`;
    }
    return pattern(condition.matches).test(text) ? null : quoteJson(value);
  }
  return null;
}

/** One JSON condition on a parsed body: null when it holds, else what was found. */
function jsonFailure(condition: JsonCondition, document: unknown): string | null {
  // Lazily, node by node: a path that selects a hundred thousand values (an answer's $..*) is walked, never spread into a list.
  const nodes = compiled(condition.path).lazyQuery(document as never);
  const named = `json ${condition.path} ${testWords(condition)}`;
  if (condition.exists !== undefined && condition.equals === undefined && condition.notEquals === undefined) {
    if (condition.lessThan === undefined && condition.greaterThan === undefined && condition.matches === undefined) {
      let count = 0;
      for (const _node of nodes) {
        count += 1;
        // Whether any exists is decided by the first; how many is said only when none should.
        if (condition.exists) return null;
      }
      if (condition.exists === count > 0) return null;
      return `${named}: found ${count === 0 ? "nothing" : `${count} value${count === 1 ? "" : "s"}`}`;
    }
  }
  let first: { value: unknown; path: string } | null = null;
  let many = false;
  for (const node of nodes) {
    if (first === null) first = node;
    else many = true;
    const found = valueFailure(condition, node.value);
    if (found !== null) {
      // Whether it was one of several decides if its place is said: one more node is looked at to know.
      if (!many) many = !nodes.next().done;
      return `${named}: found ${found}${many ? ` at ${plainText(node.path)}` : ""}`;
    }
  }
  return first === null ? `${named}: found nothing` : null;
}

/**
 * The conditions on the body that failed, each in words with what was found
 * (empty: all hold). A body that was not read (a HEAD, or an answer without
 * one) is an empty body.
 */
export function bodyFailures(expect: HttpExpect, body: ReadBody | undefined): string[] {
  const read: ReadBody = body ?? { text: "", bytes: 0, cut: null };
  if (read.unreadable !== undefined) {
    // Nothing could be read as text (an encoding the check cannot decode): no condition can be decided.
    return readsAny(expect) ? [`the body could not be read: ${read.unreadable}`] : [];
  }
  const failures = failuresOn(expect, read);
  // Why the text may not be the page's (an unknown charset, damaged compressed data), said once after what failed.
  return failures.length > 0 && read.problem !== undefined ? [...failures, `the body: ${read.problem}`] : failures;
}

/** Whether a JSONPath selects at most one value (RFC 9535's singular query: names and indexes only), as a time must be. */
export function jsonPathSingular(path: string): boolean {
  try {
    return compiled(path).singularQuery();
  } catch {
    return false;
  }
}

/**
 * The value a (singular) JSONPath selects in a body, for a heartbeat's time;
 * or why there is none, in words: a body cut, unreadable, nested too deeply,
 * not JSON, or without the value.
 */
export function jsonValueAt(path: string, body: ReadBody | undefined): { value: unknown } | { problem: string } {
  const read: ReadBody = body ?? { text: "", bytes: 0, cut: null };
  if (read.unreadable !== undefined) return { problem: `the body could not be read: ${read.unreadable}` };
  if (read.cut !== null) return { problem: `the body was cut at ${size(read.bytes)}, before ${path} could be read` };
  if (jsonDepth(read.text) > MAX_JSON_DEPTH) return { problem: `the answer nests too deeply to read (more than ${MAX_JSON_DEPTH} levels)` };
  let document: unknown;
  try {
    document = JSON.parse(read.text);
  } catch {
    return {
      problem: `the body is not JSON (${read.bytes === 0 ? "it is empty" : `it begins "${plainText(read.text, 40).replace(/"/g, "'")}"`})`,
    };
  }
  for (const node of compiled(path).lazyQuery(document as never)) return { value: node.value };
  return { problem: `nothing at ${plainText(path)}` };
}

/** The most values a heartbeat's listing is read for (a listing of objects is a page of 1,000 at most). */
const LISTED_MAX = 10_000;

/**
 * The values a JSONPath selects in a body (at most LISTED_MAX), for the newest
 * time of a listing; or why there are none, in words.
 */
export function jsonValuesAt(path: string, body: ReadBody | undefined): { values: unknown[] } | { problem: string } {
  const one = jsonValueAt("$", body);
  if ("problem" in one) return one;
  const values: unknown[] = [];
  for (const node of compiled(path).lazyQuery(one.value as never)) {
    values.push(node.value);
    if (values.length >= LISTED_MAX) break;
  }
  return values.length === 0 ? { problem: `nothing at ${plainText(path)}` } : { values };
}

const readsAny = (expect: HttpExpect) => expect.bodyContains.length + expect.bodyLacks.length + expect.json.length > 0;

function failuresOn(expect: HttpExpect, read: ReadBody): string[] {
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
    const depth = jsonDepth(read.text);
    if (depth > MAX_JSON_DEPTH) {
      failures.push(`json ${paths}: the answer nests too deeply to judge (more than ${MAX_JSON_DEPTH} levels)`);
      return failures;
    }
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
