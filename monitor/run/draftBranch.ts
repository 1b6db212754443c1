/**
 * Incident drafts as pull requests (#47, monitoring.json's job.draftsAs
 * "pull-request"): where the site's content lives in a git repository with a
 * remote (the workflow's checkout), a draft is a branch, incident-draft/<id>,
 * whose one commit adds the incident to content/incidents.json, and a pull
 * request from it that an editor merges (published by the next build) or
 * closes (discarded). The job never merges. Without a token for GitHub's API
 * (GITHUB_TOKEN and GITHUB_REPOSITORY, as a workflow has them), the pull
 * request's title and body are in the job's log, for a person to open it.
 *
 * The working tree is never touched: the commit is made with git's own
 * plumbing on a temporary index, from the remote's base branch (or the
 * draft's branch, to add the end of an incident to it).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { redact } from "../../src/domain/kernel/redact";
import type { IncidentDraft } from "../../src/domain/incidents/drafts";

export type BranchTools = {
  env: NodeJS.ProcessEnv;
  /** the remote the branch is pushed to ("origin") */
  remote?: string;
  fetch?: typeof fetch;
};

/** What was done with one draft: the branch, and the pull request opened (its URL) or the text to open it with. */
export type BranchOutcome =
  { branch: string; pullRequest: string | null; body: string; title: string; unopened: string | null } | { skipped: string };

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

const branchOf = (draft: IncidentDraft) => `incident-draft/${draft.incident.id}`;

/** The pull request's text: what the draft is, the incident as it will be published, and how to publish or discard it. */
function pullRequestText(draft: IncidentDraft, file: string): { title: string; body: string } {
  const { incident } = draft;
  const ended = draft.draft.resolved ? ` (answered again ${draft.draft.resolved})` : "";
  return {
    title: `Incident draft: ${incident.title}${draft.draft.resolved ? " (resolved)" : ""}`,
    body: [
      `The check job drafted this incident: a confirmed fall of ${draft.draft.cause} since ${draft.draft.began}${ended}.`,
      "",
      `Nothing is published until this pull request is merged: then the next build shows it. Change the words or the impact in ${file} on this branch first if you want; close the pull request to discard it. The job does not draft this cause again.`,
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

/** Whether the remote has the branch. */
const remoteHas = (root: string, remote: string, branch: string) => git(root, ["ls-remote", "--heads", remote, branch]) !== "";

/**
 * Writes one draft as a branch (made, or given a new commit: its end) and opens
 * its pull request when the job has a token. `known`: the job wrote this draft
 * before, so a branch that is gone was merged or discarded and is left so.
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
  const branch = branchOf(draft);
  const exists = remoteHas(root, remote, branch);
  if (known && !exists) return { skipped: `its branch ${branch} is gone (the draft was published or discarded)` };
  const base = tools.env.DRAFTS_BASE_BRANCH?.trim() || git(root, ["rev-parse", "--abbrev-ref", "HEAD"]);
  git(root, ["fetch", "--quiet", "--depth=1", remote, exists ? branch : base]);
  const parent = git(root, ["rev-parse", "FETCH_HEAD"]);
  let listed: Array<{ id?: unknown }> = [];
  try {
    const text = git(root, ["show", `${parent}:${file}`]);
    const parsed = JSON.parse(text) as unknown;
    if (Array.isArray(parsed)) listed = parsed as Array<{ id?: unknown }>;
  } catch {
    // no incidents.json yet on that branch: the draft is its first incident
  }
  const incidents = [...listed.filter((i) => i.id !== draft.incident.id), draft.incident];
  const blob = git(root, ["hash-object", "-w", "--stdin"], `${JSON.stringify(incidents, null, 2)}\n`);
  const index = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "draft-index-")), "index");
  try {
    const env = { GIT_INDEX_FILE: index };
    git(root, ["read-tree", parent], undefined, env);
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
      parent,
      "-m",
      draft.draft.resolved ? `${title}: its end` : title,
    ]);
    git(root, ["push", "--quiet", remote, `${commit}:refs/heads/${branch}`]);
    const opened = exists ? { url: null, unopened: null } : await openPullRequest(branch, base, title, body, tools);
    return { branch, pullRequest: opened.url, unopened: opened.unopened, title, body };
  } finally {
    fs.rmSync(path.dirname(index), { recursive: true, force: true });
  }
}

/**
 * Opens the pull request through GitHub's REST API: its URL, or why it was not
 * opened (no token, or GitHub's answer: the log then has its text, to open by hand).
 */
async function openPullRequest(
  branch: string,
  base: string,
  title: string,
  body: string,
  tools: BranchTools,
): Promise<{ url: string | null; unopened: string | null }> {
  const token = tools.env.GITHUB_TOKEN?.trim();
  const repository = tools.env.GITHUB_REPOSITORY?.trim();
  if (!token || !repository) return { url: null, unopened: "no GITHUB_TOKEN and GITHUB_REPOSITORY to open its pull request" };
  const api = (tools.env.GITHUB_API_URL?.trim() || "https://api.github.com").replace(/\/+$/, "");
  const send = tools.fetch ?? fetch;
  try {
    const response = await send(`${api}/repos/${repository}/pulls`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        accept: "application/vnd.github+json",
        "x-github-api-version": "2022-11-28",
        "content-type": "application/json",
      },
      body: JSON.stringify({ title, head: branch, base, body, maintainer_can_modify: true }),
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await response.json().catch(() => ({}))) as { html_url?: string; message?: string };
    if (!response.ok) throw new Error(`GitHub answered HTTP ${response.status}${answer.message ? `: ${answer.message}` : ""}`);
    return { url: answer.html_url ?? `${repository}#${branch}`, unopened: null };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { url: null, unopened: `its pull request could not be opened (${redact(why, [token], "[hidden]", 3)})` };
  }
}
