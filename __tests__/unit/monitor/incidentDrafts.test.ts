/** @jest-environment node */
/**
 * Incident drafts (#47), through the check job against a real server on
 * 127.0.0.1: a switch and the servers behind it fall; once the fall is
 * job.draftAfterMinutes old, one draft (content/drafts/<id>.json) names the
 * cause and its dependents, valid against its schema, its incident ready for
 * incidents.json; the switch's return adds its end; a deleted draft is never
 * written again; the build never reads the folder.
 */
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import path from "node:path";
import { notSourced } from "../../../io/contentFiles";
import { runChecks } from "../../../monitor/run/runChecks";
import { INCIDENT_DRAFT_FILE, unknownContentFiles } from "../../../src/domain/content/files";
import { validators } from "../../../src/domain/content/schemaIssues";
import { validateContent, type ContentTexts } from "../../../src/domain/content/validate";
import type { IncidentDraft } from "../../../src/domain/incidents/drafts";
import { jobContent, removeJobContents } from "./jobContent";

const ROOT = path.resolve(__dirname, "..", "..", "..");
let target: http.Server;
let base: string;
const down = new Set<string>();

beforeAll(async () => {
  target = http.createServer((request, response) => {
    if (down.has(request.url ?? "")) return void request.socket.destroy();
    response.end("ok");
  });
  await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(target.address() as net.AddressInfo).port}`;
});
afterAll(() => {
  target.closeAllConnections();
  target.close();
  removeJobContents();
});

const T0 = Date.now();
function run(dir: string, minutes: number, logs: string[] = []) {
  return runChecks({
    contentDir: dir,
    log: (line) => logs.push(line),
    warn: (line) => logs.push(`warning: ${line}`),
    retryPauseMs: 0,
    now: () => new Date(T0 + minutes * 60_000),
  });
}
const draftsIn = (dir: string) => {
  const folder = path.join(dir, "drafts");
  return fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => f.endsWith(".json")) : [];
};
const readDraft = (dir: string, file: string) => JSON.parse(fs.readFileSync(path.join(dir, "drafts", file), "utf8")) as IncidentDraft;

it("drafts one incident per cause once its fall is old enough, adds its end, never rewrites a deleted one, and is never built", async () => {
  const check = (name: string) => ({ url: `${base}/${name}`, timeoutMs: 500, confirmRuns: { offline: 1 } });
  const dir = jobContent(
    [
      { id: "core-switch-1", check: check("core") },
      { id: "app-1", check: check("app-1"), dependsOn: ["core-switch-1"] },
      { id: "app-2", check: check("app-2"), dependsOn: ["core-switch-1"] },
      { id: "lone", check: check("lone") },
    ],
    { prefix: "drafts-job-", monitoring: { job: { draftAfterMinutes: 10 } } },
  );
  await run(dir, 0);
  for (const p of ["/core", "/app-1", "/app-2"]) down.add(p);
  await run(dir, 5);
  // Five minutes down: not yet.
  expect(draftsIn(dir)).toEqual([]);
  const logs: string[] = [];
  await run(dir, 15, logs);
  const files = draftsIn(dir);
  expect(files).toHaveLength(1);
  expect(logs.join("\n")).toContain(`Incident drafted for an editor to publish or discard: content/drafts/${files[0]}`);
  expect(logs.join("\n")).toContain(`"id": "${files[0].replace(/\.json$/, "")}"`);
  const draft = readDraft(dir, files[0]);
  expect(validators().get(INCIDENT_DRAFT_FILE.name)!(draft)).toBe(true);
  expect(draft.draft).toMatchObject({ cause: "core-switch-1", resolved: null, places: null });
  expect(draft.draft.firstCheck).toMatch(/^network error|connection/);
  expect(draft.incident).toMatchObject({
    title: "Server 0 is down, and 2 servers behind it",
    impact: "major",
    affected: ["core-switch-1", "app-1", "app-2"],
    updates: [{ status: "investigating" }],
  });
  expect(draft.incident.updates[0].message).toContain("2 servers that depend on it are unreachable: Server 1 and Server 2");

  // Its incident is what incidents.json takes: appended there, the content validates.
  const texts = Object.fromEntries(
    [
      "servers.json",
      "alerts.json",
      "performance.json",
      "security-alerts.json",
      "reports.json",
      "analytics-cards.json",
      "security-cards.json",
    ].map((f) => [f, fs.readFileSync(path.join(dir, f), "utf8")]),
  ) as ContentTexts;
  texts["incidents.json"] = JSON.stringify([draft.incident]);
  expect(validateContent(texts).errors).toEqual([]);

  // Still down: nothing new. Back: the draft gets its end.
  await run(dir, 20);
  expect(readDraft(dir, files[0]).draft.resolved).toBeNull();
  down.clear();
  await run(dir, 25);
  const ended = readDraft(dir, files[0]);
  expect(ended.draft.resolved).not.toBeNull();
  expect(ended.incident.updates.map((u) => u.status)).toEqual(["investigating", "resolved"]);
  expect(ended.incident.updates[1].message).toMatch(/^Server 0 answers again since .* UTC, after 2\d min\.$/);

  // Another fall of the lone server; an editor deletes its draft; it is never written again, even at its end.
  down.add("/lone");
  await run(dir, 30);
  await run(dir, 41);
  const lone = draftsIn(dir).find((f) => f.includes("lone"))!;
  expect(lone).toBeDefined();
  fs.rmSync(path.join(dir, "drafts", lone));
  await run(dir, 46);
  down.clear();
  await run(dir, 51);
  expect(draftsIn(dir)).toEqual(files);

  // The build reads none of it: not sourced, not a stray file worth a warning.
  const isIgnored = notSourced(dir);
  expect(isIgnored(path.join(dir, "drafts", files[0]))).toBe(true);
  expect(unknownContentFiles([`drafts/${files[0]}`, "checks/drafts.json"])).toEqual([]);
  expect(fs.existsSync(path.join(ROOT, "content", "drafts"))).toBe(false);
}, 60_000);

it("draftAfterMinutes 0 drafts nothing", async () => {
  const dir = jobContent([{ id: "solo", check: { url: `${base}/solo`, timeoutMs: 500 } }], {
    prefix: "drafts-off-",
    monitoring: { job: { draftAfterMinutes: 0 } },
  });
  await run(dir, 0);
  down.add("/solo");
  await run(dir, 5);
  await run(dir, 60);
  down.clear();
  expect(draftsIn(dir)).toEqual([]);
  expect(fs.existsSync(path.join(dir, "checks", "drafts.json"))).toBe(false);
});
