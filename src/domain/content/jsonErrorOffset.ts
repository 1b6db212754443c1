/**
 * Where a JSON text first goes wrong, as a character offset, or null when it is
 * valid JSON. JSON.parse says *that* a text is invalid; on Node 20 its message
 * often has no position (single quotes, trailing commas, comments), and editors
 * need the line and column. This is a small strict JSON scanner (RFC 8259).
 */
/** Thrown inside the scanner to unwind to the offset where the text goes wrong. */
class SyntaxAt extends Error {
  constructor(readonly offset: number) {
    super(`invalid JSON at ${offset}`);
  }
}

export function jsonErrorOffset(text: string): number | null {
  let i = 0;
  const ws = () => {
    while (i < text.length && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")) i += 1;
  };
  const fail = (): never => {
    throw new SyntaxAt(i);
  };
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[i] !== ch) fail();
      i += 1;
    }
  };
  const string = () => {
    if (text[i] !== '"') fail();
    i += 1;
    while (i < text.length && text[i] !== '"') {
      const code = text.charCodeAt(i);
      if (code < 0x20) fail();
      if (text[i] === "\\") {
        i += 1;
        if (text[i] === "u") {
          for (let k = 1; k <= 4; k += 1) {
            if (!/[0-9a-fA-F]/.test(text[i + k] ?? "")) {
              i += k;
              fail();
            }
          }
          i += 5;
          continue;
        }
        if (!'"\\/bfnrt'.includes(text[i] ?? "x")) fail();
      }
      i += 1;
    }
    if (i >= text.length) fail();
    i += 1;
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match || match[0] === "" || match[0] === "-") fail();
    i += match![0].length;
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === "{") {
      i += 1;
      ws();
      if (text[i] === "}") {
        i += 1;
        return;
      }
      for (;;) {
        ws();
        string();
        ws();
        if (text[i] !== ":") fail();
        i += 1;
        value();
        ws();
        if (text[i] === ",") {
          i += 1;
          continue;
        }
        if (text[i] === "}") {
          i += 1;
          return;
        }
        fail();
      }
    }
    if (ch === "[") {
      i += 1;
      ws();
      if (text[i] === "]") {
        i += 1;
        return;
      }
      for (;;) {
        value();
        ws();
        if (text[i] === ",") {
          i += 1;
          continue;
        }
        if (text[i] === "]") {
          i += 1;
          return;
        }
        fail();
      }
    }
    if (ch === '"') return string();
    if (ch === "t") return literal("true");
    if (ch === "f") return literal("false");
    if (ch === "n") return literal("null");
    return number();
  };
  try {
    value();
    ws();
    if (i < text.length) fail();
    return null;
  } catch (error) {
    if (error instanceof SyntaxAt) return error.offset;
    throw error;
  }
}
