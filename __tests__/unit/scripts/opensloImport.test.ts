/** @jest-environment node */
/**
 * npm run openslo:import (#48), the command an operator runs: OpenSLO
 * documents into content/objectives.json, validated as the build validates
 * it; a document that cannot be an objective, or one naming a server without a
 * check, changes nothing and says which file, document and field.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stringify } from "yaml";
import { openSloDocument } from "../../../src/publish/openslo";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "openslo-import-"));
  for (const file of fs.readdirSync(path.join(ROOT, "content")).filter((f) => f.endsWith(".json"))) {
    fs.copyFileSync(path.join(ROOT, "content", file), path.join(dir, file));
  }
  const servers = JSON.parse(fs.readFileSync(path.join(dir, "servers.json"), "utf8")) as Array<Record<string, unknown>>;
  servers[0].check = { url: "https://example.org/health" };
  fs.writeFileSync(path.join(dir, "servers.json"), JSON.stringify(servers, null, 2));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const importing = (...files: string[]) =>
  spawnSync(TSX, ["scripts/openslo-import.ts", ...files], {
    cwd: ROOT,
    env: { ...process.env, CONTENT_DIR: dir, NO_COLOR: "1" },
    encoding: "utf8",
  });

it("imports an SLO the site wrote into objectives.json, and refuses one of a server without a check, writing nothing", () => {
  const servers = JSON.parse(fs.readFileSync(path.join(dir, "servers.json"), "utf8")) as Array<{ id: string; check?: unknown }>;
  const [checked, unchecked] = [servers[0].id, servers[1].id];
  const objective = { id: "first-up", name: "The first is up", servers: [checked], availability: 99.9, window: "28d" as const };
  const good = path.join(dir, "good.yaml");
  // two documents in one file: the SLO, and a Service passed over
  fs.writeFileSync(
    good,
    `${stringify(openSloDocument(objective, 300_000, "site"))}---\napiVersion: openslo/v1\nkind: Service\nmetadata: { name: site }\n`,
  );
  const done = importing(good);
  expect(done.stderr).toBe("");
  expect(done.status).toBe(0);
  expect(done.stdout).toContain(`${good}, document 1: objective "first-up" added`);
  expect(JSON.parse(fs.readFileSync(path.join(dir, "objectives.json"), "utf8"))).toEqual([objective]);

  const bad = path.join(dir, "bad.yaml");
  fs.writeFileSync(bad, stringify(openSloDocument({ ...objective, id: "second", servers: [unchecked] }, 300_000, "site")));
  const refused = importing(bad);
  expect(refused.status).toBe(1);
  expect(refused.stderr).toContain("Nothing was imported");
  expect(refused.stderr).toMatch(/content\/objectives\.json.*servers\[0\]/);
  expect(JSON.parse(fs.readFileSync(path.join(dir, "objectives.json"), "utf8"))).toEqual([objective]);

  fs.writeFileSync(bad, "apiVersion: openslo/v1\nkind: SLO\nmetadata: { name: Bad_Name }\n");
  const unread = importing(bad);
  expect(unread.status).toBe(1);
  expect(unread.stderr).toContain(`${bad}, document 1: field "metadata.name": expected a DNS label (the objective's id), found "Bad_Name"`);
});
