/**
 * What the build sources from content/ (gatsby-config.ts's ignore) and which
 * files of the folder it sees (the warning about files it does not know).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { contentFolderFiles, notSourced } from "../../../io/contentFiles";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-"));
  for (const file of ["servers.json", "alerts.json", "notes.json", "schema/servers.schema.json", "checks/latest.json", "checks/.lock"]) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), "[]");
  }
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("only the content files are sourced (notSourced)", () => {
  it("keeps the folder and the files with a schema, leaves out everything else", () => {
    const ignored = notSourced(dir);
    expect(ignored(dir)).toBe(false);
    expect(ignored(path.join(dir, "servers.json"))).toBe(false);
    expect(ignored(path.join(dir, "alerts.json"))).toBe(false);
    // The optional lists, when they are there.
    expect(ignored(path.join(dir, "incidents.json"))).toBe(false);
    expect(ignored(path.join(dir, "maintenance.json"))).toBe(false);
    // A stray JSON file (an object in it once crashed the build), the schemas, the check job's folder.
    expect(ignored(path.join(dir, "notes.json"))).toBe(true);
    expect(ignored(path.join(dir, "schema"))).toBe(true);
    expect(ignored(path.join(dir, "checks"))).toBe(true);
    expect(ignored(path.join(dir, "checks", "latest.json"))).toBe(true);
    expect(ignored(path.join(dir, "drafts", "servers.json"))).toBe(true);
  });
});

describe("contentFolderFiles", () => {
  it("lists every file under the folder, relative, with /", () => {
    expect(contentFolderFiles(dir).sort()).toEqual([
      "alerts.json",
      "checks/.lock",
      "checks/latest.json",
      "notes.json",
      "schema/servers.schema.json",
      "servers.json",
    ]);
  });

  it("is empty for a folder that does not exist", () => {
    expect(contentFolderFiles(path.join(dir, "nowhere"))).toEqual([]);
  });
});
