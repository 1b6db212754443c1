import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { inlineObjects, readContentFile, writeContentFile } from "../../../src/editor/jsonFile";
import { editorFiles, formAt } from "../../../src/editor/config";

import { formatJson as format } from "../../../src/editor/prettierJson";

const form = (fileName: string) => formAt(editorFiles().find((f) => f.file === `content/${fileName}`));

const shapeOf = (text: string) => (Array.isArray(JSON.parse(text)) ? "list" : "object");

const contentFiles = [
  ...fs
    .readdirSync("content")
    .filter((f) => f.endsWith(".json"))
    .map((f) => path.join("content", f)),
  ...fs
    .readdirSync("__tests__/fixtures")
    .filter((f) => f.endsWith(".json"))
    .map((f) => path.join("__tests__/fixtures", f)),
];

const write = (data: Record<string, unknown>, text: string, name: string) =>
  writeContentFile(data, { shape: shapeOf(text), original: text, form: form(name), format });

describe("a content file written back by the editor", () => {
  it.each(contentFiles)("%s comes back byte for byte when nothing changed", async (file) => {
    const text = fs.readFileSync(file, "utf8");
    expect(await write(readContentFile(text), text, path.basename(file))).toBe(text);
  });

  it("a one-field edit is a one-line diff, records written on one line included", async () => {
    for (const file of ["content/servers.json", "content/analytics-cards.json", "content/performance.json"]) {
      const text = fs.readFileSync(file, "utf8");
      const data = readContentFile(text) as { items: Array<Record<string, unknown>> };
      const key = Object.keys(data.items[1]).find((k) => typeof data.items[1][k] === "string" || typeof data.items[1][k] === "number")!;
      data.items[1] = { ...data.items[1], [key]: typeof data.items[1][key] === "number" ? 42 : "Edited" };
      const after = (await write(data, text, path.basename(file))).split("\n");
      const before = text.split("\n");
      expect(after).toHaveLength(before.length);
      expect(after.filter((line, i) => line !== before[i])).toHaveLength(1);
    }
  });

  it("a new record takes the form's order of keys and the file's layout; what the form left empty is left out, or null where the schema wants it", async () => {
    const text = fs.readFileSync("content/servers.json", "utf8");
    const data = readContentFile(text) as { items: Array<Record<string, unknown>> };
    data.items.push({ coordinates: [1.5, 2], name: "New", id: "srv-new", ip: "192.0.2.99", location: "Oslo, Norway", description: "" });
    const written = await write(data, text, "servers.json");
    expect(written.startsWith(text.slice(0, text.lastIndexOf("}") + 1))).toBe(true);
    const last = (JSON.parse(written) as Array<Record<string, unknown>>).at(-1)!;
    // a response time left empty is no answer: null, as the schema wants
    expect(Object.keys(last)).toEqual(["id", "name", "ip", "location", "responseTime", "coordinates"]);
    expect(last.responseTime).toBeNull();
    expect(written).toContain('    "coordinates": [1.5, 2]\n  }\n]\n');
  });

  it("any JSON written by Prettier comes back as it was (generated files)", async () => {
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: "small" }, fc.string(), fc.integer(), fc.boolean(), fc.constant(null), tie("object"), tie("array")),
      object: fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), tie("value"), { maxKeys: 4 }),
      array: fc.array(tie("value"), { maxLength: 4 }),
    }));
    await fc.assert(
      fc.asyncProperty(fc.array(json.object, { maxLength: 5 }), fc.boolean(), async (records, inline) => {
        const text = await format(inline ? JSON.stringify(records) : JSON.stringify(records, null, 2));
        const back = await writeContentFile(readContentFile(text), {
          shape: "list",
          original: text,
          form: () => ({ order: [], nullWhenEmpty: [] }),
          format,
        });
        expect(back).toBe(text);
      }),
      { numRuns: 60 },
    );
  });

  it("finds the objects written on one line", () => {
    expect([...inlineObjects('[\n  { "a": 1, "b": { "c": 2 } },\n  {\n    "a": { "x": 1 }\n  }\n]')].sort()).toEqual([
      "[]",
      "[].a",
      "[].b",
    ]);
  });
});
