#!/usr/bin/env node
/**
 * The house rules that a type checker cannot see (see README.md, Layout):
 * - content is never rendered as HTML: no dangerouslySetInnerHTML, no setHTML;
 * - mapbox-gl and xlsx load with import() when used, never with a static import;
 * - a feature folder never imports another feature folder;
 * - src/model imports nothing from React, Gatsby, styled-components or the DOM;
 * - no focused or skipped tests.
 * Prints every violation with file and line; exit code 1 when there is one.
 */
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const problems = [];

function files(dir, test) {
  const out = [];
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...files(full, test));
    else if (test(full)) out.push(full);
  }
  return out;
}

const code = (f) => /\.(ts|tsx|js|mjs)$/.test(f) && !f.endsWith("gatsby-types.d.ts");
const report = (file, line, message) => problems.push(`${path.relative(root, file)}:${line}: ${message}`);

function eachLine(file, check) {
  fs.readFileSync(file, "utf8")
    .split("\n")
    .forEach((text, i) => check(text, i + 1));
}

const sources = [...files(path.join(root, "src"), code), ...["gatsby-browser.tsx", "gatsby-ssr.tsx"].map((f) => path.join(root, f))];
for (const file of sources) {
  const rel = path.relative(root, file).split(path.sep).join("/");
  const feature = /^src\/features\/([^/]+)\//.exec(rel)?.[1];
  const isModel = rel.startsWith("src/model/");
  // Imports may span lines: look at each whole import statement of the file.
  const whole = fs.readFileSync(file, "utf8");
  for (const match of whole.matchAll(/^\s*import\s+(?!type\b)([^;]*?)\s*from\s+["']((?:mapbox-gl|xlsx)(?:\/[^"']*)?)["']/gms)) {
    if (/^type\s/.test(match[1])) continue;
    report(
      file,
      whole.slice(0, match.index).split("\n").length,
      "static import of a heavy library: load it with import() when the user asks for it",
    );
  }
  eachLine(file, (text, line) => {
    if (/dangerouslySetInnerHTML/.test(text)) report(file, line, "dangerouslySetInnerHTML: render content as text");
    if (/\.setHTML\s*\(/.test(text)) report(file, line, "setHTML: use setText or setDOMContent");
    if (/^\s*import\s+["'](mapbox-gl|xlsx)/.test(text))
      report(file, line, "side-effect import of a heavy library: load it when it is needed");
    for (const [, from] of text.matchAll(/(?:from\s+|import\s*\(\s*)["']([^"']+)["']/g)) {
      if (feature && from.startsWith(".")) {
        const target = path
          .relative(root, path.resolve(path.dirname(file), from))
          .split(path.sep)
          .join("/");
        const other = /^src\/features\/([^/]+)/.exec(target)?.[1];
        if (other && other !== feature)
          report(file, line, `feature ${feature} imports feature ${other}: move what they share to components/ui or model`);
      }
      if (isModel && /^(react|react-dom|gatsby|styled-components|@radix-ui|lucide-react|mapbox-gl|xlsx)(\/|$)/.test(from)) {
        report(file, line, `src/model imports ${from}: keep the model free of React, Gatsby and the DOM`);
      }
    }
    if (isModel && /\b(document|window)\./.test(text)) report(file, line, "src/model touches the DOM");
  });
}

for (const file of files(path.join(root, "__tests__"), code)) {
  eachLine(file, (text, line) => {
    if (/\b(test|it|describe)\.(only|skip)\b|\b(xit|xdescribe|fit|fdescribe)\s*\(/.test(text))
      report(file, line, "focused or skipped test");
  });
}

if (problems.length > 0) {
  console.error(`House rules: ${problems.length} problem${problems.length === 1 ? "" : "s"}\n${problems.join("\n")}`);
  process.exit(1);
}
console.log(`House rules: ${sources.length} source files checked, no problem.`);
