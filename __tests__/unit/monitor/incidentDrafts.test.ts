/** @jest-environment node */
/**
 * Incident drafts (#47), through the check job against a real server on
 * 127.0.0.1: a switch and the servers behind it fall; once the fall is
 * job.draftAfterMinutes old, one draft (content/drafts/<id>.json) names the
 * cause and its dependents, valid against its schema, its incident ready for
 * incidents.json; the switch's return adds its end; a deleted draft is never
 * written again; the build never reads the folder.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import http from "node:http";
import type net from "node:net";
import path from "node:path";
import { notSourced } from "../../../io/contentFiles";
import { runChecks } from "../../../monitor/run/runChecks";
import type { BranchTools } from "../../../monitor/run/draftBranch";
import { CONTENT_FILES, INCIDENT_DRAFT_FILE, unknownContentFiles } from "../../../src/domain/content/files";
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
function run(dir: string, minutes: number, logs: string[] = [], draftBranch?: BranchTools) {
  return runChecks({
    contentDir: dir,
    log: (line) => logs.push(line),
    warn: (line) => logs.push(`warning: ${line}`),
    retryPauseMs: 0,
    now: () => new Date(T0 + minutes * 60_000),
    ...(draftBranch ? { draftBranch } : {}),
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
  const texts = Object.fromEntries(CONTENT_FILES.map((f) => [f.name, fs.readFileSync(path.join(dir, f.name), "utf8")])) as ContentTexts;
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

describe("as pull requests (job.draftsAs)", () => {
  const sh = (cwd: string, args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8" }).trim();
  /** A bare repository as the remote, and a clone of it whose content/ the job runs on, as a workflow's checkout. */
  function repository(servers: Parameters<typeof jobContent>[0], monitoring: unknown) {
    const content = jobContent(servers, { prefix: "drafts-pr-", monitoring });
    const top = fs.mkdtempSync(path.join(os.tmpdir(), "drafts-repo-"));
    const remote = path.join(top, "remote.git");
    const work = path.join(top, "work");
    sh(top, ["init", "--quiet", "--bare", "-b", "main", remote]);
    sh(top, ["clone", "--quiet", remote, work]);
    fs.cpSync(content, path.join(work, "content"), { recursive: true });
    fs.writeFileSync(path.join(work, "content", "incidents.json"), "[]\n");
    sh(work, ["add", "content"]);
    sh(work, ["-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "--quiet", "-m", "content"]);
    sh(work, ["push", "--quiet", "origin", "main"]);
    return { top, remote, work, contentDir: path.join(work, "content") };
  }

  it("pushes a branch that adds the incident to incidents.json, opens its pull request with a token, and never touches the working tree", async () => {
    const repo = repository([{ id: "gateway", check: { url: `${base}/gateway`, timeoutMs: 500 } }], {
      job: { draftAfterMinutes: 10, draftsAs: "pull-request" },
    });
    const TOKEN = "ghs_0123456789abcdefTOKENvalue";
    const api: Array<{ url: string; auth: string | null; body: Record<string, unknown> }> = [];
    const fakeFetch: typeof fetch = async (url, init) => {
      api.push({
        url: url instanceof Request ? url.url : url.toString(),
        auth: new Headers(init?.headers).get("authorization"),
        body: JSON.parse(typeof init?.body === "string" ? init.body : "{}") as Record<string, unknown>,
      });
      return new Response(JSON.stringify({ html_url: "https://github.example/o/r/pull/7" }), { status: 201 });
    };
    const logs: string[] = [];
    const runPr = (minutes: number) =>
      run(repo.contentDir, minutes, logs, {
        env: { GITHUB_TOKEN: TOKEN, GITHUB_REPOSITORY: "o/r", GITHUB_API_URL: "https://api.github.example" },
        fetch: fakeFetch,
      });
    try {
      await runPr(0);
      down.add("/gateway");
      await runPr(5);
      await runPr(16);
      const branches = sh(repo.remote, ["branch", "--list", "incident-draft/*"])
        .split("\n")
        .map((b) => b.trim());
      expect(branches).toHaveLength(1);
      const branch = branches[0];
      const published = JSON.parse(sh(repo.remote, ["show", `${branch}:content/incidents.json`])) as Array<{
        id: string;
        affected: string[];
      }>;
      expect(published).toEqual([expect.objectContaining({ affected: ["gateway"], title: "Server 0 is down" })]);
      expect(`incident-draft/${published[0].id}`).toBe(branch);
      // The main branch and the checkout's working tree are as they were; no file in content/drafts/.
      expect(JSON.parse(sh(repo.remote, ["show", "main:content/incidents.json"]))).toEqual([]);
      expect(fs.readFileSync(path.join(repo.contentDir, "incidents.json"), "utf8")).toBe("[]\n");
      expect(fs.existsSync(path.join(repo.contentDir, "drafts"))).toBe(false);
      expect(api).toEqual([
        {
          url: "https://api.github.example/repos/o/r/pulls",
          auth: `Bearer ${TOKEN}`,
          body: expect.objectContaining({ head: branch, base: "main", title: "Incident draft: Server 0 is down" }),
        },
      ]);
      expect(String(api[0].body.body)).toContain('"status": "investigating"');
      expect(logs.join("\n")).toContain(
        `Incident draft opened for an editor to merge or close: https://github.example/o/r/pull/7 (branch ${branch})`,
      );

      // Its end is a second commit on the branch; no second pull request.
      down.clear();
      await runPr(21);
      const ended = JSON.parse(sh(repo.remote, ["show", `${branch}:content/incidents.json`])) as Array<{
        updates: Array<{ status: string }>;
      }>;
      expect(ended[0].updates.map((u) => u.status)).toEqual(["investigating", "resolved"]);
      expect(sh(repo.remote, ["rev-list", "--count", branch])).toBe("3");
      expect(api).toHaveLength(1);
      expect(logs.join("\n")).not.toContain(TOKEN);
    } finally {
      down.clear();
      fs.rmSync(repo.top, { recursive: true, force: true });
    }
  });

  it("without a token, the branch is pushed and the pull request's text is in the log; a branch closed and deleted is not made again", async () => {
    const repo = repository([{ id: "vault", check: { url: `${base}/vault`, timeoutMs: 500 } }], {
      job: { draftAfterMinutes: 10, draftsAs: "pull-request" },
    });
    const logs: string[] = [];
    const runPr = (minutes: number) => run(repo.contentDir, minutes, logs, { env: {} });
    try {
      await runPr(0);
      down.add("/vault");
      await runPr(5);
      await runPr(16);
      const said = logs.join("\n");
      expect(said).toMatch(
        /Incident draft pushed as branch incident-draft\/draft-vault-\d{8}T\d{6}Z; no GITHUB_TOKEN and GITHUB_REPOSITORY/,
      );
      expect(said).toContain("Title: Incident draft: Server 0 is down");
      expect(said).toContain("Nothing is published until this pull request is merged");
      const [branch] = sh(repo.remote, ["branch", "--list", "incident-draft/*"])
        .split("\n")
        .map((b) => b.trim());
      // An editor closes the pull request and deletes the branch: discarded. Its end comes: nothing is pushed again.
      sh(repo.remote, ["branch", "-D", branch]);
      down.clear();
      await runPr(21);
      expect(sh(repo.remote, ["branch", "--list", "incident-draft/*"])).toBe("");
      expect(logs.join("\n")).toContain(`is gone (the draft was published or discarded)`);
    } finally {
      down.clear();
      fs.rmSync(repo.top, { recursive: true, force: true });
    }
  });
});
