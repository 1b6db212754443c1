/**
 * The one way a benchmark writes its table into the docs: between the markers
 * `<!-- name:start -->` and `<!-- name:end -->` of whichever doc holds them
 * (README.md or docs/*.md, so a section can move without its script knowing), then
 * the house format (Prettier: aligned columns), so npm run lint stays green.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** The doc (relative to root) that holds the marker, or null. */
export function docWithMarker(root, marker) {
  const docs = [
    "README.md",
    ...(fs.existsSync(path.join(root, "docs")) ? fs.readdirSync(path.join(root, "docs")).map((f) => `docs/${f}`) : []),
  ];
  return (
    docs.find((doc) => doc.endsWith(".md") && fs.readFileSync(path.join(root, doc), "utf8").includes(`<!-- ${marker}:start -->`)) ?? null
  );
}

/** Writes `content` between the marker's lines, in place of what was there; says which doc, or null when no doc has the marker. */
export function writeDocTable(root, marker, content) {
  const doc = docWithMarker(root, marker);
  if (doc === null) return null;
  const file = path.join(root, doc);
  const text = fs.readFileSync(file, "utf8");
  const [start, end] = [`<!-- ${marker}:start -->`, `<!-- ${marker}:end -->`];
  const from = text.indexOf(start);
  const to = text.indexOf(end, from);
  if (to < 0) throw new Error(`${doc}: ${start} has no ${end} after it`);
  fs.writeFileSync(file, `${text.slice(0, from)}${start}\n\n${content}\n\n${text.slice(to)}`);
  spawnSync(process.execPath, [path.join(root, "node_modules", "prettier", "bin", "prettier.cjs"), "--write", file], { stdio: "ignore" });
  return doc;
}
