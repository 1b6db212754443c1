/**
 * The drafts phase (#47), under the lock, after the run's files are written:
 * the incidents that falls old enough owe are drafted (domain/incidents/drafts.ts)
 * as content/drafts/<id>.json, for an editor to publish or discard, and the
 * job remembers them (content/checks/drafts.json) so that each cause is
 * drafted once and its end added. A draft an editor deleted is not written
 * again; one whose cause answers again is rewritten with its end only while
 * its file is there (deleted: discarded, or published by hand).
 */
import fs from "node:fs";
import path from "node:path";
import { readJobFile } from "../../io/jobFiles";
import type { HeldLock } from "../../io/jobLock";
import { writeFileAtomically } from "../../io/writeWhole";
import { readOutages } from "../../src/domain/checks/outages";
import type { AppliedRun } from "../../src/domain/checks/run";
import { CHECK_DRAFTS_FILE } from "../../src/domain/content/files";
import {
  DEFAULT_DRAFT_AFTER_MINUTES,
  emptyDraftMemory,
  planDrafts,
  type DraftMemory,
  type IncidentDraft,
} from "../../src/domain/incidents/drafts";
import type { RunServer } from "../../src/domain/checks/run";
import { writeDraftBranch, type BranchTools } from "./draftBranch";
import { EDITORIAL_DRAFT_LABEL } from "../../src/editor/fileForms";

/** What the phase did, for the run's report. */
export type DraftSummary = { written: string[]; ended: string[]; incidents: IncidentDraft["incident"][]; lines: string[] };

/** The folder the drafts are written to (never sourced by the build: io/contentFiles.ts notSourced). */
const draftsDirectory = (contentDir: string) => path.join(contentDir, "drafts");

export async function writeDrafts(options: {
  contentDir: string;
  applied: AppliedRun | null;
  servers: ReadonlyMap<string, RunServer>;
  afterMinutes: number | undefined;
  /** files in content/drafts/ (default), or a branch and a pull request each */
  as?: "files" | "pull-request";
  branchTools?: BranchTools;
  now: Date;
  warn: (line: string) => void;
  lock?: HeldLock;
}): Promise<DraftSummary | null> {
  const { contentDir, applied, servers, now, warn, lock } = options;
  const afterMinutes = options.afterMinutes ?? DEFAULT_DRAFT_AFTER_MINUTES;
  // Unset: pull requests where the job runs in GitHub Actions (its folder is thrown away after each run), files elsewhere.
  const as = options.as ?? (options.branchTools?.env.GITHUB_ACTIONS === "true" ? "pull-request" : "files");
  if (applied === null || applied.superseded || applied.latest === null || afterMinutes <= 0) return null;
  const memoryFile = path.join(contentDir, CHECK_DRAFTS_FILE.name);
  const memory = readJobFile<DraftMemory>(
    memoryFile,
    CHECK_DRAFTS_FILE.name,
    emptyDraftMemory(),
    warn,
    ": drafts already written may be written again",
  );
  const openSince = new Map<string, string>();
  for (const [server, rollup] of applied.rollups) {
    const open = readOutages(rollup.outages).find((o) => o.to === null);
    if (open) openSince.set(server, new Date(open.from).toISOString());
  }
  const plan = planDrafts({
    memory,
    results: applied.latest.results.map((r) => ({ ...r, server: { id: r.server, name: servers.get(r.server)?.name ?? r.server } })),
    openSince,
    now,
    afterMinutes,
  });
  if (plan.write.length === 0 && JSON.stringify(plan.memory) === JSON.stringify(memory))
    return { written: [], ended: [], incidents: [], lines: [] };
  const dir = draftsDirectory(contentDir);
  const summary: DraftSummary = { written: [], ended: [], incidents: [], lines: [] };
  const before = new Set(Object.values(memory.drafts).map((d) => d.id));
  for (const draft of plan.write) {
    if (as === "pull-request") {
      const outcome = await writeDraftBranch(contentDir, draft, before.has(draft.incident.id), options.branchTools ?? { env: process.env });
      if ("skipped" in outcome) {
        summary.lines.push(`Incident draft ${draft.incident.id} not written: ${outcome.skipped}.`);
        continue;
      }
      const what = draft.draft.resolved ? `Incident draft ${draft.incident.id} given its end` : `Incident draft ${draft.incident.id}`;
      summary.lines.push(
        outcome.pullRequest
          ? `${what} ${outcome.joined || draft.draft.resolved ? "is" : "opened"} in the web editor's Workflow tab for an editor to publish or discard: ${outcome.pullRequest} (branch ${outcome.branch})`
          : outcome.joined || draft.draft.resolved
            ? `${what} is on branch ${outcome.branch}, with the drafts there.`
            : `${what} pushed as branch ${outcome.branch}; ${outcome.unopened ?? "no pull request opened"}: open one from it into the branch the editor publishes to, labelled ${EDITORIAL_DRAFT_LABEL}, with this text.\nTitle: ${outcome.title}\n${outcome.body}`,
      );
      if (outcome.warning) summary.lines.push(`Incident draft ${draft.incident.id}: ${outcome.warning}.`);
      continue;
    }
    const file = path.join(dir, `${draft.incident.id}.json`);
    // Remembered and gone: an editor published or discarded it. Nothing is written back.
    if (before.has(draft.incident.id) && !fs.existsSync(file)) continue;
    lock?.confirm();
    fs.mkdirSync(dir, { recursive: true });
    writeFileAtomically(file, `${JSON.stringify(draft, null, 2)}\n`);
    (draft.draft.resolved === null ? summary.written : summary.ended).push(path.relative(contentDir, file));
    summary.incidents.push(draft.incident);
  }
  lock?.confirm();
  writeFileAtomically(memoryFile, `${JSON.stringify(plan.memory, null, 1)}\n`);
  return summary;
}
