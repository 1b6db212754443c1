import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { readContentFile, readLayout, writeContentFile } from "../../../src/editor/jsonFile";
import { editorFiles, formAt } from "../../../src/editor/fileForms";

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

  it("any JSON written by Prettier comes back as it was (generated files, each record on one line or opened, any numbers and texts)", async () => {
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        fc.string({ unit: "binary" }),
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
        tie("object"),
        tie("array"),
      ),
      object: fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), tie("value"), { maxKeys: 4 }),
      array: fc.array(tie("value"), { maxLength: 4 }),
    }));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(json.object, fc.boolean()), { maxLength: 5 }), async (records) => {
        const raw = `[\n${records.map(([record, inline]) => (inline ? JSON.stringify(record) : JSON.stringify(record, null, 2))).join(",\n")}\n]`;
        const text = await format(raw);
        const back = await writeContentFile(readContentFile(text), {
          shape: "list",
          original: text,
          form: () => ({ order: [], nullWhenEmpty: [] }),
          format,
        });
        expect(back).toBe(text);
      }),
      { numRuns: 80 },
    );
  });

  it("reads how a text is written: each object's line, each value's spelling", () => {
    const layout = readLayout('[\n  { "a": 1.0, "b": { "c": "\\u00e9" } },\n  {\n    "a": { "x": 1 }\n  }\n]');
    expect([...layout.inline].sort()).toEqual([
      ["[0]", true],
      ["[0].b", true],
      ["[1]", false],
      ["[1].a", true],
    ]);
    expect(layout.literals.get("[0].a")).toBe("1.0");
    expect(layout.literals.get("[0].b.c")).toBe('"\\u00e9"');
  });

  it("keeps what it did not touch as it was: spellings, each record's own line, records without ids followed by value", async () => {
    const text = await format(
      '[\n  { "time": "00:00", "uptime": 100.0, "note": "Caf\\u00e9 \\/" },\n  {\n    "time": "01:00",\n    "uptime": 99.9\n  },\n  { "responseTime": 5, "time": "02:00", "uptime": 1e2 }\n]\n',
    );
    const same = await writeContentFile(readContentFile(text), {
      shape: "list",
      original: text,
      form: () => ({ order: [], nullWhenEmpty: [] }),
      format,
    });
    expect(same).toBe(text);
    // the first record removed: the others keep their lines, keys and spellings
    const data = readContentFile(text) as { items: unknown[] };
    data.items.shift();
    const after = await writeContentFile(data, {
      shape: "list",
      original: text,
      form: () => ({ order: ["time", "uptime", "responseTime"], nullWhenEmpty: [] }),
      format,
    });
    expect(after).toBe(`[\n${text.split("\n").slice(2).join("\n")}`);
  });

  it("leaves out what the form emptied (a cleared choice, an emptied sub-form or list) unless the file had it", async () => {
    const text = '[\n  {\n    "id": "a",\n    "note": null,\n    "tags": []\n  }\n]\n';
    const data = { items: [{ id: "a", note: null, tags: [], check: { method: null, headers: {} }, list: [], label: "" }] };
    const written = await writeContentFile(data, { shape: "list", original: text, form: () => ({ order: [], nullWhenEmpty: [] }), format });
    expect(written).toBe(text);
  });
});
