/**
 * Incident drafts as pull requests (#47, monitoring.json's job.draftsAs
 * "pull-request"), in the web editor's editorial workflow: where the site's
 * content lives in a git repository with a remote (the workflow's checkout),
 * the drafts are commits on the branch where Decap keeps the unpublished
 * changes of incidents.json (cms/content/incidents, editor/fileForms.ts), and
 * one pull request from it, labelled decap-cms/draft, so /admin's Workflow tab
 * lists them as a draft. Every draft goes on that one branch (the file is one
 * entry of the editor's collection): an editor publishes them (merged, built
 * by the next build) or discards them; the job never merges. Without a token
 * for GitHub's API (GITHUB_TOKEN and GITHUB_REPOSITORY, as a workflow has
 * them), the pull request's title and body are in the job's log, for a person
 * to open it.
 *
 * The working tree is never touched: the commit is made with git's own
 * plumbing on a temporary index, from the remote's base branch (or the drafts'
 * branch, to add a draft or the end of one to it).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { redact } from "../../src/domain/kernel/redact";
import { draftOver, type IncidentDraft } from "../../src/domain/incidents/drafts";
import { EDITORIAL_DRAFT_LABEL, editorialBranch } from "../../src/editor/fileForms";

export type BranchTools = {
  env: NodeJS.ProcessEnv;
  /** the remote the branch is pushed to ("origin") */
  remote?: string;
  fetch?: typeof fetch;
};

/**
 * What was done with one draft: the branch; the drafts' pull request (its URL, when the job opened it or found it
 * open); whether the draft joined a branch that held others; and, when no pull request is known, the text to open
 * one with and why the job did not.
 */
export type BranchOutcome =
  | { branch: string; pullRequest: string | null; joined: boolean; body: string; title: string; unopened: string | null; warning?: string }
  | { skipped: string };

/** The longest one git command may take (a fetch or a push to a remote that does not answer): the run ends on time whatever the remote does. */
const GIT_TIMEOUT_MS = 20_000;

const git = (cwd: string, args: readonly string[], input?: string, env?: NodeJS.ProcessEnv): string =>
  execFileSync("git", args, {
    cwd,
    input,
    env: { ...process.env, ...env },
    encoding: "utf8",
    stdio: ["pipe", "pipe", "pipe"],
    timeout: GIT_TIMEOUT_MS,
  }).trim();

/** The repository the content folder is in, and the content's incidents.json's path in it; null outside one. */
function repositoryOf(contentDir: string): { root: string; incidents: string } | null {
  try {
    const root = git(contentDir, ["rev-parse", "--show-toplevel"]);
    return { root, incidents: path.relative(root, path.join(contentDir, "incidents.json")).split(path.sep).join("/") };
  } catch {
    return null;
  }
}

/** The one branch every draft goes on: Decap's for incidents.json. */
const DRAFTS_BRANCH = editorialBranch("incidents.json");

/** The incidents of a commit's incidents.json; none when it has none (or it is not a list: an editor's slip the build will name). */
function incidentsAt(root: string, commit: string, file: string): Array<{ id?: unknown }> {
  try {
    const parsed = JSON.parse(git(root, ["show", `${commit}:${file}`])) as unknown;
    return Array.isArray(parsed) ? (parsed as Array<{ id?: unknown }>) : [];
  } catch {
    return [];
  }
}

/** The tip of a branch of the remote (fetched shallow: only its tree is read). */
const fetchTip = (root: string, remote: string, branch: string) => {
  git(root, ["fetch", "--quiet", "--depth=1", remote, branch]);
  return git(root, ["rev-parse", "FETCH_HEAD"]);
};

/** The pull request's text: what the draft is, the incident as it will be published, and how to publish or discard it. */
function pullRequestText(draft: IncidentDraft, file: string): { title: string; body: string } {
  const { incident } = draft;
  const ended = draft.draft.resolved ? ` (answered again ${draft.draft.resolved})` : "";
  return {
    title: `Incident draft: ${incident.title}${draft.draft.resolved ? " (resolved)" : ""}`,
    body: [
      `The check job drafted this incident: a confirmed fall of ${draft.draft.cause} since ${draft.draft.began}${ended}.`,
      "",
      `Nothing is published until an editor publishes it: in the web editor's Workflow tab (/admin), where it is a draft of Incidents, or by merging this pull request; the next build then shows it. Change its words or impact there (or in ${file} on this branch) first if you want. To discard it, delete the changes in /admin, or close this pull request and delete its branch. The job does not draft this cause again; drafts of other causes that come while this one is open join this branch.`,
      "",
      `What the first failing check saw: ${draft.draft.firstCheck}`,
      ...(draft.draft.places ? [`Places that saw it: ${draft.draft.places.join(", ") || "none named"}`] : []),
      "",
      "```json",
      JSON.stringify(incident, null, 2),
      "```",
    ].join("\n"),
  };
}

/** The commit the remote's branch is at, or null when it has no such branch. */
const remoteTip = (root: string, remote: string, branch: string): string | null =>
  git(root, ["ls-remote", remote, `refs/heads/${branch}`]).split(/\s/)[0] || null;

/**
 * Writes one draft onto the drafts' branch (made from the base branch, or given
 * one more commit: another draft, or the end of one) and opens the branch's pull
 * request when the job has a token and none is open. `known`: the job wrote this
 * draft before, so a draft no longer on the branch was published or discarded
 * and is left so.
 */
export async function writeDraftBranch(
  contentDir: string,
  draft: IncidentDraft,
  known: boolean,
  tools: BranchTools,
): Promise<BranchOutcome> {
  const repository = repositoryOf(contentDir);
  if (repository === null) return { skipped: "the content folder is not in a git repository" };
  const { root, incidents: file } = repository;
  const remote = tools.remote ?? "origin";
  const branch = DRAFTS_BRANCH;
  const id = draft.incident.id;
  // The branch the editor publishes to: the job's own setting, else the web editor's (CMS_BRANCH), else the checkout's.
  const base = tools.env.DRAFTS_BASE_BRANCH?.trim() || tools.env.CMS_BRANCH?.trim() || git(root, ["rev-parse", "--abbrev-ref", "HEAD"]);
  const baseTip = fetchTip(root, remote, base);
  const published = incidentsAt(root, baseTip, file);
  if (published.some((i) => i.id === id)) return { skipped: `it is published (${file} on ${base} has it)` };
  const github = githubOf(tools);
  const seen = remoteTip(root, remote, branch);
  const pulls = seen !== null && github ? await pullRequestsOf(branch, github) : null;
  const open = pulls?.find((p) => p.state === "open") ?? null;
  // A branch whose pull request was closed (or merged) without the branch being deleted, and that nobody changed since,
  // holds drafts an editor discarded (or published): it is begun afresh. A branch with no pull request ever (one that
  // could not be opened, or an editor's save in /admin whose pull request is on its way) is never thrown away.
  const leftOver = open === null && (pulls ?? []).some((p) => p.state === "closed" && p.headSha === seen);
  const exists = seen !== null && !leftOver;
  const tip = exists ? fetchTip(root, remote, branch) : baseTip;
  const listed = exists ? incidentsAt(root, tip, file) : published;
  const at = listed.findIndex((i) => i.id === id);
  if (known && at < 0) return { skipped: `it is no longer on ${branch} (an editor published or discarded it)` };
  const incidents = at < 0 ? [...listed, draft.incident] : listed.map((i, n) => (n === at ? draftOver(i, draft.incident) : i));
  const blob = git(root, ["hash-object", "-w", "--stdin"], `${JSON.stringify(incidents, null, 2)}\n`);
  const index = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "draft-index-")), "index");
  try {
    const env = { GIT_INDEX_FILE: index };
    git(root, ["read-tree", tip], undefined, env);
    git(root, ["update-index", "--add", "--cacheinfo", `100644,${blob},${file}`], undefined, env);
    const tree = git(root, ["write-tree"], undefined, env);
    const { title, body } = pullRequestText(draft, file);
    const commit = git(root, [
      "-c",
      "user.name=monitor",
      "-c",
      "user.email=monitor@users.noreply.github.com",
      "commit-tree",
      tree,
      "-p",
      tip,
      "-m",
      draft.draft.resolved ? `${title}: its end` : title,
    ]);
    // Forced only over a branch left by a closed pull request, and only if it is still where it was seen.
    const lease = leftOver ? [`--force-with-lease=refs/heads/${branch}:${seen}`] : [];
    git(root, ["push", "--quiet", ...lease, remote, `${commit}:refs/heads/${branch}`]);
    if (exists && (open !== null || !github)) return { branch, pullRequest: open?.url ?? null, joined: true, unopened: null, title, body };
    if (!github)
      return {
        branch,
        pullRequest: null,
        joined: false,
        unopened: "no GITHUB_TOKEN and GITHUB_REPOSITORY to open its pull request",
        title,
        body,
      };
    const opened = await openPullRequest(branch, base, title, body, github);
    return {
      branch,
      pullRequest: opened.url,
      joined: false,
      unopened: opened.unopened,
      title,
      body,
      ...(opened.warning ? { warning: opened.warning } : {}),
    };
  } finally {
    fs.rmSync(path.dirname(index), { recursive: true, force: true });
  }
}

/** GitHub's API as the job may use it: a token and the repository, from the environment (a workflow has both). */
type GitHub = { token: string; repository: string; api: string; send: typeof fetch };

function githubOf(tools: BranchTools): GitHub | null {
  const token = tools.env.GITHUB_TOKEN?.trim();
  const repository = tools.env.GITHUB_REPOSITORY?.trim();
  if (!token || !repository) return null;
  return {
    token,
    repository,
    api: (tools.env.GITHUB_API_URL?.trim() || "https://api.github.com").replace(/\/+$/, ""),
    send: tools.fetch ?? fetch,
  };
}

/** One call to GitHub's REST API: its JSON, or an error saying GitHub's answer (never the token). */
async function callGitHub(github: GitHub, method: "GET" | "POST", route: string, body?: unknown): Promise<unknown> {
  const response = await github.send(`${github.api}/repos/${github.repository}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${github.token}`,
      accept: "application/vnd.github+json",
      "x-github-api-version": "2022-11-28",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  });
  const answer = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) throw new Error(`GitHub answered HTTP ${response.status}${answer.message ? `: ${answer.message}` : ""}`);
  return answer;
}

const withoutToken = (error: unknown, github: GitHub) =>
  redact(error instanceof Error ? error.message : String(error), [github.token], "[hidden]", 3);

type PullRequest = { state: "open" | "closed"; url: string; headSha: string | null };

/** The pull requests from the branch (into any base, open or closed, newest first); null when GitHub could not say. */
async function pullRequestsOf(branch: string, github: GitHub): Promise<PullRequest[] | null> {
  const owner = github.repository.split("/")[0];
  try {
    const query = new URLSearchParams({ head: `${owner}:${branch}`, state: "all", sort: "created", direction: "desc" });
    const pulls = (await callGitHub(github, "GET", `/pulls?${query.toString()}`)) as Array<{
      state?: string;
      html_url?: string;
      head?: { sha?: string };
    }>;
    if (!Array.isArray(pulls)) return null;
    return pulls.map((p) => ({
      state: p.state === "open" ? "open" : "closed",
      url: p.html_url ?? `${github.repository}#${branch}`,
      headSha: p.head?.sha ?? null,
    }));
  } catch {
    return null;
  }
}

/**
 * Opens the drafts' pull request and gives it the editorial workflow's label
 * (without it /admin does not list it): its URL, or why it was not opened
 * (GitHub's answer: the log then has its text, to open by hand).
 */
async function openPullRequest(
  branch: string,
  base: string,
  title: string,
  body: string,
  github: GitHub,
): Promise<{ url: string | null; unopened: string | null; warning?: string }> {
  let pull: { html_url?: string; number?: number };
  try {
    pull = (await callGitHub(github, "POST", "/pulls", { title, head: branch, base, body, maintainer_can_modify: true })) as typeof pull;
  } catch (error) {
    return { url: null, unopened: `its pull request could not be opened (${withoutToken(error, github)})` };
  }
  const url = pull.html_url ?? `${github.repository}#${branch}`;
  try {
    if (typeof pull.number !== "number") throw new Error("GitHub gave no number for it");
    await callGitHub(github, "POST", `/issues/${pull.number}/labels`, { labels: [EDITORIAL_DRAFT_LABEL] });
    return { url, unopened: null };
  } catch (error) {
    return {
      url,
      unopened: null,
      warning: `its label ${EDITORIAL_DRAFT_LABEL} could not be set (${withoutToken(error, github)}): /admin's Workflow tab lists it once the pull request has it`,
    };
  }
}
