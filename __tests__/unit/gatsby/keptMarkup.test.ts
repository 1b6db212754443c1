import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { keepMarkup, markupKey, pruneKeptMarkup, readKeptMarkup, startKeptMarkup } from "../../../gatsby/keptMarkup";

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
    startKeptMarkup();
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

  it("a build keeps what its pages use: an unchanged drawing is not written again, one no page uses is pruned, named when asked for", () => {
    const store = path.join(dir, ".cache", "kept-markup");
    startKeptMarkup();
    const [old, same] = [keepMarkup("<svg>old</svg>"), keepMarkup("<svg>same</svg>")];
    // a build stopped while writing left half a file
    fs.writeFileSync(path.join(store, `${same}.svg.999.part`), "<svg>sa");
    expect(pruneKeptMarkup()).toBe(1);

    // the next build: one drawing unchanged, one new, the old one no longer used
    const written = jest.spyOn(fs, "writeFileSync");
    startKeptMarkup();
    expect(keepMarkup("<svg>same</svg>")).toBe(same);
    const next = keepMarkup("<svg>next</svg>");
    expect(written.mock.calls.map(([file]) => path.basename(String(file)).split(".")[0])).toEqual([next]);
    expect(pruneKeptMarkup()).toBe(1);
    expect(fs.readdirSync(store).sort()).toEqual([`${next}.svg`, `${same}.svg`].sort());
    expect(readKeptMarkup(same)).toBe("<svg>same</svg>");
    expect(() => readKeptMarkup(old)).toThrow(`Kept markup: ${path.join(store, `${old}.svg`)} is missing`);
    expect(() => readKeptMarkup("../../etc/passwd")).toThrow('Kept markup: "../../etc/passwd" is not a key');
  });

  it("prunes nothing in a process that kept nothing (gatsby develop, or a build that made no server page)", () => {
    fs.mkdirSync(path.join(dir, ".cache", "kept-markup"), { recursive: true });
    fs.writeFileSync(path.join(dir, ".cache", "kept-markup", "00112233445566aa.svg"), "<svg></svg>");
    expect(pruneKeptMarkup()).toBe(0);
    expect(fs.readdirSync(path.join(dir, ".cache", "kept-markup"))).toEqual(["00112233445566aa.svg"]);
  });
});
