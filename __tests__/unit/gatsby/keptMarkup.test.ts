import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { clearKeptMarkup, keepMarkup, markupKey, readKeptMarkup } from "../../../gatsby/keptMarkup";

/** The build's store of a server page's charts (#45): kept under a hash, read back by the pages' rendering. */
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "kept-"));
  jest.spyOn(process, "cwd").mockReturnValue(dir);
});
afterEach(() => {
  jest.restoreAllMocks();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("kept markup", () => {
  it("gives any markup back by its key, the same key for the same markup and another for another", () => {
    clearKeptMarkup();
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const key = keepMarkup(a);
        expect(key).toMatch(/^[0-9a-f]{16}$/);
        expect(key).toBe(markupKey(a));
        expect(readKeptMarkup(key)).toBe(a);
        if (a !== b) expect(keepMarkup(b)).not.toBe(key);
      }),
    );
  });

  it("a build starts empty: a key of an older build is missing, named, and no path is ever read from a key", () => {
    const key = keepMarkup("<svg></svg>");
    clearKeptMarkup();
    expect(() => readKeptMarkup(key)).toThrow(`Kept markup: ${path.join(dir, ".cache", "kept-markup", `${key}.svg`)} is missing`);
    expect(() => readKeptMarkup("../../etc/passwd")).toThrow('Kept markup: "../../etc/passwd" is not a key');
  });
});
