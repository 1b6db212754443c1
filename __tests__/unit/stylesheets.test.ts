/**
 * The stylesheets and the code agree. The styles are plain CSS (styles/global.css,
 * styles/shell.css and one CSS Module beside each component), so nothing checks
 * a class name or a colour while building: a typo would leave an element
 * unstyled without a word. These tests read the files.
 */
import fs from "node:fs";
import path from "node:path";
import { mobileQuery } from "../../src/styles/media";

const SRC = path.join(__dirname, "../../src");

function filesUnder(dir: string, test: (name: string) => boolean): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full, test);
    return test(entry.name) ? [full] : [];
  });
}

const read = (file: string) => fs.readFileSync(file, "utf8");
/** Where `styles.name` is used: the code without its import lines (whose paths end in `.module.css`). */
const usesOf = (source: string, name: string) =>
  [...source.replace(/^import .*$/gm, "").matchAll(new RegExp(`\\b${name}\\.(\\w+)`, "g"))].map((m) => m[1]);
const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, "");
const rel = (file: string) => path.relative(SRC, file);

const stylesheets = filesUnder(SRC, (name) => name.endsWith(".css"));
const modules = stylesheets.filter((file) => file.endsWith(".module.css"));
const code = filesUnder(SRC, (name) => /\.tsx?$/.test(name) && !name.endsWith(".d.ts"));

/** The classes a stylesheet defines: `.name` in its selectors. */
function classesOf(css: string): Set<string> {
  const selectors = withoutComments(css)
    .replace(/\{[^{}]*\}/g, "{}")
    .split(/[{}]/)
    .filter((part) => !part.trim().startsWith("@"));
  return new Set(selectors.flatMap((selector) => [...selector.matchAll(/\.([a-zA-Z][\w-]*)/g)].map((m) => m[1])));
}

/** Which CSS Modules a file imports, under which name: `import * as styles from "./X.module.css"`. */
function moduleImports(source: string, file: string): { name: string; css: string }[] {
  return [...source.matchAll(/import \* as (\w+) from "([^"]+\.module\.css)";/g)].map((m) => ({
    name: m[1],
    css: path.resolve(path.dirname(file), m[2]),
  }));
}

describe("the stylesheets", () => {
  it("are found (the tests below have something to check)", () => {
    expect(modules.length).toBeGreaterThan(30);
    expect(stylesheets.map(rel)).toEqual(expect.arrayContaining(["styles/global.css", "styles/shell.css"]));
  });

  it("define every class the code takes from a CSS Module", () => {
    const missing: string[] = [];
    for (const file of code) {
      const source = read(file);
      for (const { name, css } of moduleImports(source, file)) {
        const defined = classesOf(read(css));
        for (const className of usesOf(source, name)) {
          if (!defined.has(className)) missing.push(`${rel(file)}: ${name}.${className} (not in ${rel(css)})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("have no class that no code uses", () => {
    const used = new Map<string, Set<string>>();
    for (const file of code) {
      const source = read(file);
      for (const { name, css } of moduleImports(source, file)) {
        const names = used.get(css) ?? new Set<string>();
        for (const className of usesOf(source, name)) names.add(className);
        used.set(css, names);
      }
    }
    const unused = modules.flatMap((css) => {
      const names = used.get(css);
      if (!names) return [`${rel(css)}: imported by no code`];
      return [...classesOf(read(css))].filter((c) => !names.has(c)).map((c) => `${rel(css)}: .${c}`);
    });
    expect(unused).toEqual([]);
  });

  it("use only colours that both palettes declare", () => {
    const global = withoutComments(read(path.join(SRC, "styles/global.css")));
    const block = (selector: string) => {
      const start = global.indexOf(`${selector} {`);
      return global.slice(start, global.indexOf("}", start));
    };
    const declared = (css: string) => new Set([...css.matchAll(/(--c-[\w-]+):/g)].map((m) => m[1]));
    const light = declared(block(":root"));
    const dark = declared(block(':root[data-theme="dark"]'));
    expect(light.size).toBeGreaterThan(20);
    expect([...light].sort()).toEqual([...dark].sort());

    const undeclared = [...stylesheets, ...code].flatMap((file) =>
      [...read(file).matchAll(/var\((--c-[\w-]+)\)/g)].filter((m) => !light.has(m[1])).map((m) => `${rel(file)}: ${m[1]}`),
    );
    expect(undeclared).toEqual([]);
  });

  it("use only custom properties that global.css declares (radii, fonts)", () => {
    const global = withoutComments(read(path.join(SRC, "styles/global.css")));
    const declared = new Set([...global.matchAll(/(--[\w-]+):/g)].map((m) => m[1]));
    expect(declared).toContain("--font-mono");
    const undeclared = [...stylesheets, ...code].flatMap((file) =>
      [...read(file).matchAll(/var\((--[\w-]+)\)/g)].filter((m) => !declared.has(m[1])).map((m) => `${rel(file)}: ${m[1]}`),
    );
    expect(undeclared).toEqual([]);
  });

  it("break for phones where the code does (styles/media.ts)", () => {
    const query = mobileQuery.replace(/\s/g, "");
    const stray = stylesheets.flatMap((file) =>
      [...withoutComments(read(file)).matchAll(/@media\s*([^{]*max-width[^{]*)\{/g)]
        .map((m) => m[1].replace(/\s/g, ""))
        .filter((media) => media !== query)
        .map((media) => `${rel(file)}: @media ${media}`),
    );
    expect(stray).toEqual([]);
  });

  it("take shared keyframes from global.css, where they are defined, always through global()", () => {
    const global = read(path.join(SRC, "styles/global.css"));
    const globalKeyframes = new Set([...global.matchAll(/@keyframes ([\w-]+)/g)].map((m) => m[1]));
    expect(globalKeyframes.size).toBeGreaterThan(0);
    const unknown = modules.flatMap((file) =>
      [...read(file).matchAll(/global\(([\w-]+)\)/g)].filter((m) => !globalKeyframes.has(m[1])).map((m) => `${rel(file)}: ${m[1]}`),
    );
    expect(unknown).toEqual([]);
    // Without global() a module's `animation: spin …` would name a keyframe of its own (scoped), which does not exist.
    const unwrapped = modules.flatMap((file) =>
      [...withoutComments(read(file)).matchAll(/animation(?:-name)?\s*:([^;}]*)/g)].flatMap((m) =>
        [...globalKeyframes].filter((name) => new RegExp(`(^|[\\s,])${name}([\\s,]|$)`).test(m[1])).map((name) => `${rel(file)}: ${name}`),
      ),
    );
    expect(unwrapped).toEqual([]);
  });
});
