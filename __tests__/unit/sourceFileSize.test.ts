import fs from "node:fs";
import path from "node:path";

/**
 * The house's size rule (#46): a source file over 400 lines says at its top why it is one piece
 * ("One piece …", or "one piece on purpose"); a generated file says who made it. The files still
 * waiting to be split are named here, and the test fails when one of them no longer needs to be.
 */
const root = path.join(__dirname, "../..");
const LIMIT = 400;
/** Over the limit without a reason, waiting to be split (none since #46 split the editor's two). */
const TO_BE_SPLIT: string[] = [];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(rel);
    return /\.(m?[jt]sx?)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [rel] : [];
  });
}

const lineCount = (file: string) => fs.readFileSync(path.join(root, file), "utf8").split("\n").length;
const saysWhy = (file: string) => {
  const top = fs.readFileSync(path.join(root, file), "utf8").split("\n").slice(0, 45).join("\n");
  return /one piece/i.test(top) || /Made by `npm run generate:/.test(top);
};

it("every source file over 400 lines says at its top why it is one piece (or who generated it)", () => {
  const long = ["src", "gatsby", "io", "monitor", "scripts"].flatMap(sourceFiles).filter((f) => lineCount(f) > LIMIT);
  expect(long.filter((f) => !saysWhy(f) && !TO_BE_SPLIT.includes(f))).toEqual([]);
  // a file split (or given its reason) leaves the list
  for (const file of TO_BE_SPLIT)
    expect({ file, long: lineCount(file) > LIMIT, saysWhy: saysWhy(file) }).toEqual({ file, long: true, saysWhy: false });
});
