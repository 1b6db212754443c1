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
import { editorConfig } from "../../../src/editor/config";
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

describe("as pull requests in the web editor's editorial workflow (job.draftsAs)", () => {
  const sh = (cwd: string, args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8" }).trim();
  const BRANCH = "cms/content/incidents";
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
  type Incident = { id: string; title: string; affected: string[]; updates: Array<{ status: string }> };
  const incidentsOn = (remote: string, branch: string) =>
    JSON.parse(sh(remote, ["show", `${branch}:content/incidents.json`])) as Incident[];
  /** An editor's commit on a branch of the remote (as the web editor saves one): `change` rewrites incidents.json. */
  function editOn(top: string, remote: string, branch: string, change: (incidents: Incident[]) => Incident[]) {
    const editor = fs.mkdtempSync(path.join(top, "editor-"));
    sh(top, ["clone", "--quiet", "--branch", branch, remote, editor]);
    const file = path.join(editor, "content", "incidents.json");
    fs.writeFileSync(file, `${JSON.stringify(change(JSON.parse(fs.readFileSync(file, "utf8")) as Incident[]), null, 2)}\n`);
    sh(editor, ["-c", "user.name=e", "-c", "user.email=e@example.org", "commit", "--quiet", "-am", "edited in /admin"]);
    sh(editor, ["push", "--quiet", "origin", branch]);
  }

  /**
   * GitHub's pull requests as its REST API answers them (the calls the job makes), held in memory; and the branches
   * Decap's GitHub backend would list in /admin's Workflow tab: open pull requests from a cms/ branch carrying a
   * decap-cms/ label (decap-cms-backend-github, listUnpublishedBranches).
   */
  function fakeGitHub(token: string, remote: string) {
    type Pull = {
      number: number;
      head: string;
      base: string;
      title: string;
      body: string;
      state: "open" | "closed";
      labels: string[];
      /** a closed pull request's head, as it was when it closed (an open one's follows its branch) */
      closedAt?: string;
    };
    const tipOf = (branch: string) => sh(remote, ["rev-parse", `refs/heads/${branch}`]);
    const pulls: Pull[] = [];
    const calls: string[] = [];
    const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
    const send: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : input.toString());
      calls.push(`${init?.method ?? "GET"} ${url.pathname}${url.search}`);
      if (new Headers(init?.headers).get("authorization") !== `Bearer ${token}`) return answer(401, { message: "Bad credentials" });
      const body = JSON.parse(typeof init?.body === "string" ? init.body : "{}") as Record<string, unknown>;
      const html = (n: number) => `https://github.example/o/r/pull/${n}`;
      if (init?.method === "POST" && url.pathname === "/repos/o/r/pulls") {
        if (pulls.some((p) => p.state === "open" && p.head === body.head)) return answer(422, { message: "A pull request already exists" });
        const pull: Pull = {
          number: pulls.length + 1,
          head: String(body.head),
          base: String(body.base),
          title: String(body.title),
          body: String(body.body),
          state: "open",
          labels: [],
        };
        pulls.push(pull);
        return answer(201, { number: pull.number, html_url: html(pull.number) });
      }
      const labels = /^\/repos\/o\/r\/issues\/(\d+)\/labels$/.exec(url.pathname);
      if (init?.method === "POST" && labels) {
        const pull = pulls.find((p) => p.number === Number(labels[1]));
        if (!pull) return answer(404, { message: "Not Found" });
        pull.labels.push(...(body.labels as string[]));
        return answer(
          200,
          pull.labels.map((name) => ({ name })),
        );
      }
      if (url.pathname === "/repos/o/r/pulls") {
        const head = url.searchParams.get("head");
        const state = url.searchParams.get("state") ?? "open";
        const base = url.searchParams.get("base");
        const found = pulls.filter(
          (p) => `o:${p.head}` === head && (base === null || p.base === base) && (state === "all" || p.state === state),
        );
        return answer(
          200,
          [...found].reverse().map((p) => ({
            number: p.number,
            state: p.state,
            html_url: html(p.number),
            head: { ref: p.head, sha: p.closedAt ?? tipOf(p.head) },
          })),
        );
      }
      return answer(404, { message: "Not Found" });
    };
    const workflow = () =>
      pulls
        .filter((p) => p.state === "open" && p.head.startsWith("cms/") && p.labels.some((l) => l.startsWith("decap-cms/")))
        .map((p) => p.head);
    /** An editor closes a pull request (its head stays where the branch was). */
    const close = (number: number) => {
      const pull = pulls.find((p) => p.number === number)!;
      pull.state = "closed";
      pull.closedAt = tipOf(pull.head);
    };
    return { send, pulls, calls, workflow, close };
  }

  const TOKEN = "ghs_0123456789abcdefTOKENvalue";
  /** A gateway and a vault, each falling in its own time; drafts as pull requests. */
  const twoServers = () =>
    repository(
      [
        { id: "gateway", check: { url: `${base}/gateway`, timeoutMs: 500 } },
        { id: "vault", check: { url: `${base}/vault`, timeoutMs: 500 } },
      ],
      { job: { draftAfterMinutes: 10, draftsAs: "pull-request" } },
    );

  it("the web editor's own branch for incidents.json is where the drafts go, and its config has that entry", () => {
    const content = (
      editorConfig({ name: "github", repo: "o/r", branch: "main" }, "https://status.example") as {
        collections: Array<{ name: string; files: Array<{ name: string; file: string }> }>;
      }
    ).collections;
    const [collection, slug] = BRANCH.slice("cms/".length).split("/");
    const entry = content.find((c) => c.name === collection)?.files.find((f) => f.name === slug);
    expect(entry?.file).toBe("content/incidents.json");
  });

  it("pushes the drafts' branch, opens its pull request labelled as a draft for /admin's Workflow tab, and never touches the working tree", async () => {
    const repo = twoServers();
    const github = fakeGitHub(TOKEN, repo.remote);
    const logs: string[] = [];
    const runPr = (minutes: number) =>
      run(repo.contentDir, minutes, logs, {
        env: { GITHUB_TOKEN: TOKEN, GITHUB_REPOSITORY: "o/r", GITHUB_API_URL: "https://api.github.example" },
        fetch: github.send,
      });
    try {
      await runPr(0);
      down.add("/gateway");
      await runPr(5);
      await runPr(16);
      expect(sh(repo.remote, ["branch", "--list", "cms/*"])).toBe(BRANCH);
      const drafted = incidentsOn(repo.remote, BRANCH);
      expect(drafted).toEqual([expect.objectContaining({ affected: ["gateway"], title: "Server 0 is down" })]);
      // The main branch and the checkout's working tree are as they were; no file in content/drafts/.
      expect(incidentsOn(repo.remote, "main")).toEqual([]);
      expect(fs.readFileSync(path.join(repo.contentDir, "incidents.json"), "utf8")).toBe("[]\n");
      expect(fs.existsSync(path.join(repo.contentDir, "drafts"))).toBe(false);
      expect(github.pulls).toEqual([
        expect.objectContaining({
          number: 1,
          head: BRANCH,
          base: "main",
          title: "Incident draft: Server 0 is down",
          labels: ["decap-cms/draft"],
        }),
      ]);
      expect(github.pulls[0].body).toContain('"status": "investigating"');
      expect(github.workflow()).toEqual([BRANCH]);
      expect(logs.join("\n")).toContain(
        `Incident draft ${drafted[0].id} opened in the web editor's Workflow tab for an editor to publish or discard: https://github.example/o/r/pull/1 (branch ${BRANCH})`,
      );

      // An editor rewords it in /admin (a commit on the branch); a second cause falls meanwhile: it joins the branch.
      editOn(repo.top, repo.remote, BRANCH, (list) => list.map((i) => ({ ...i, title: "Payments gateway unreachable" })));
      down.add("/vault");
      await runPr(21);
      await runPr(32);
      const both = incidentsOn(repo.remote, BRANCH);
      expect(both.map((i) => [i.title, i.affected])).toEqual([
        ["Payments gateway unreachable", ["gateway"]],
        ["Server 1 is down", ["vault"]],
      ]);
      expect(github.pulls).toHaveLength(1);

      // The gateway answers again: its end is added to the editor's words, not over them; still one pull request.
      down.delete("/gateway");
      await runPr(37);
      const ended = incidentsOn(repo.remote, BRANCH);
      expect(ended[0]).toMatchObject({ title: "Payments gateway unreachable" });
      expect(ended[0].updates.map((u) => u.status)).toEqual(["investigating", "resolved"]);
      expect(ended[1].updates.map((u) => u.status)).toEqual(["investigating"]);
      expect(github.pulls).toHaveLength(1);
      expect(github.calls.filter((c) => c.startsWith("POST"))).toEqual(["POST /repos/o/r/pulls", "POST /repos/o/r/issues/1/labels"]);
      expect(logs.join("\n")).not.toContain(TOKEN);

      // An editor closes the pull request without deleting the branch (discarded both): the next draft begins afresh from main.
      github.close(1);
      down.clear();
      await runPr(42);
      down.add("/gateway");
      await runPr(47);
      await runPr(58);
      const fresh = incidentsOn(repo.remote, BRANCH);
      expect(fresh.map((i) => i.affected)).toEqual([["gateway"]]);
      expect(fresh[0].id).not.toBe(drafted[0].id);
      expect(github.workflow()).toEqual([BRANCH]);
      expect(github.pulls.map((p) => [p.number, p.state, p.labels])).toEqual([
        [1, "closed", ["decap-cms/draft"]],
        [2, "open", ["decap-cms/draft"]],
      ]);
    } finally {
      down.clear();
      fs.rmSync(repo.top, { recursive: true, force: true });
    }
  });

  it("a branch whose pull request could not be opened is never thrown away: the next draft joins it, and its pull request is opened then", async () => {
    const repo = twoServers();
    const github = fakeGitHub(TOKEN, repo.remote);
    let refuse = true;
    // The repository does not yet let GitHub Actions open pull requests: GitHub answers 403 to the first.
    const send: typeof fetch = (input, init) =>
      refuse && init?.method === "POST"
        ? ((refuse = false),
          Promise.resolve(
            new Response(JSON.stringify({ message: "GitHub Actions is not permitted to create pull requests." }), { status: 403 }),
          ))
        : github.send(input, init);
    const logs: string[] = [];
    const runPr = (minutes: number) =>
      run(repo.contentDir, minutes, logs, {
        env: { GITHUB_TOKEN: TOKEN, GITHUB_REPOSITORY: "o/r", GITHUB_API_URL: "https://api.github.example" },
        fetch: send,
      });
    try {
      await runPr(0);
      down.add("/gateway");
      await runPr(5);
      await runPr(16);
      expect(logs.join("\n")).toContain("its pull request could not be opened (GitHub answered HTTP 403");
      // An editor rewords it on the branch, as the log tells them they may; then a second cause falls.
      editOn(repo.top, repo.remote, BRANCH, (list) => list.map((i) => ({ ...i, title: "Payments gateway unreachable" })));
      down.add("/vault");
      await runPr(21);
      await runPr(32);
      expect(incidentsOn(repo.remote, BRANCH).map((i) => [i.title, i.affected])).toEqual([
        ["Payments gateway unreachable", ["gateway"]],
        ["Server 1 is down", ["vault"]],
      ]);
      expect(github.pulls.map((p) => [p.state, p.labels])).toEqual([["open", ["decap-cms/draft"]]]);
    } finally {
      down.clear();
      fs.rmSync(repo.top, { recursive: true, force: true });
    }
  });

  it("without a token, the branch is pushed and the pull request's text is in the log; a draft an editor published or discarded is not written again", async () => {
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
        /Incident draft draft-vault-\d{8}T\d{6}Z pushed as branch cms\/content\/incidents; no GITHUB_TOKEN and GITHUB_REPOSITORY to open its pull request: open one from it into the branch the editor publishes to, labelled decap-cms\/draft/,
      );
      expect(said).toContain("Title: Incident draft: Server 0 is down");
      expect(said).toContain("Nothing is published until an editor publishes it: in the web editor's Workflow tab (/admin)");
      // An editor deletes the changes in /admin (Decap deletes the branch): discarded. Its end comes: nothing is pushed again.
      sh(repo.remote, ["branch", "-D", BRANCH]);
      down.clear();
      await runPr(21);
      expect(sh(repo.remote, ["branch", "--list", "cms/*"])).toBe("");
      expect(logs.join("\n")).toMatch(
        /Incident draft draft-vault-\S+ not written: it is no longer on cms\/content\/incidents \(an editor published or discarded it\)/,
      );
    } finally {
      down.clear();
      fs.rmSync(repo.top, { recursive: true, force: true });
    }
  });
});
