/**
 * Regular expressions the check job runs on what servers send: an editor's
 * `matches` pattern, and JSONPath's match() and search(). They run on RE2's
 * engine (re2js: a pure-JavaScript port of RE2), which never backtracks: its
 * time grows with the text's length, whatever the pattern, so no pattern and
 * no answer can stand the job still (ARCHITECTURE.md says why this one, with
 * figures). JavaScript's own engine backtracks: `^(a+)+$` on thirty a's and a
 * b takes it 30 s, and `\d+x` on a megabyte of digits about nine minutes.
 *
 * Editors write JavaScript's syntax (the u flag's), as before. A pattern is
 * taken only when JavaScript accepts it (so a typo is caught as it always was)
 * and RE2 runs it: lookahead, backreferences and counts over 1000 are refused
 * with words that say so (validation names the file, record and field).
 */
import { RE2JS } from "re2js";

/** A text longer than this (in characters) is not tried (a condition then says so): no status or version is that long. */
export const PATTERN_INPUT_MAX = 64 * 1024;

/** A pattern that cannot be run safely, or an answer it cannot be tried on, in words. */
export class PatternError extends Error {}

export type SafePattern = { test: (text: string) => boolean };

type Options = {
  /** the whole text must match (JSONPath's match()); else a match anywhere (search(), and `matches`) */
  whole: boolean;
  /** a pattern from a JSONPath filter (an I-Regexp, RFC 9485): JavaScript's syntax is not asked of it */
  iRegexp: boolean;
};

/** Why RE2 cannot take a pattern JavaScript accepts, in an editor's words. */
function unsupported(source: string, error: unknown): string {
  const said = (error as { error?: unknown }).error;
  if (/\(\?[=!]|\(\?<[=!]/.test(source)) return "lookahead and lookbehind ((?=…), (?!…), (?<=…), (?<!…)) are not supported";
  if (/\{\s*\d{4,}/.test(source)) return "a count over 1000 ({1001} and more) is not supported";
  return `not supported by the check's engine (RE2): ${typeof said === "string" ? said : error instanceof Error ? error.message : String(error)}`;
}

/**
 * A pattern ready to test texts in time linear in their length. Throws a
 * PatternError saying what is wrong with it.
 */
export function safePattern(source: string, { whole, iRegexp }: Options): SafePattern {
  if (!iRegexp) {
    try {
      new RegExp(source, "u");
    } catch (error) {
      throw new PatternError(error instanceof Error ? error.message : String(error));
    }
    // re2js would read \k<name> as the letters "k<name>" and \1 as an octal: a backreference would quietly mean something else.
    if (/\\k<|\\[1-9]/.test(source)) throw new PatternError("backreferences (\\1, \\k<name>) are not supported");
  }
  let compiled: ReturnType<typeof RE2JS.compile>;
  try {
    compiled = RE2JS.compile(RE2JS.translateRegExp(source));
  } catch (error) {
    throw new PatternError(unsupported(source, error));
  }
  return {
    test: (text) => {
      if (text.length > PATTERN_INPUT_MAX)
        throw new PatternError(`a pattern is tried on at most ${PATTERN_INPUT_MAX.toLocaleString("en")} characters`);
      return whole ? compiled.matches(text) : compiled.matcher(text).find();
    },
  };
}
