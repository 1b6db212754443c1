/**
 * One run of the check job: read and validate the servers, check every server
 * that has a check (paced and bounded by queue.ts, each within its
 * timeout), and write what was measured into content/checks/. The run fails
 * only when it cannot run (bad content, files it cannot write, a clock behind
 * what it kept); servers that are down are what it is there to report.
 *
 * Nothing one server does stops it, and it ends within its deadline
 * (monitoring.json's job.deadlineSeconds, domain/checks/jobSettings.ts): checks end by
 * 60 % of it (one not finished then has no result in this run), the files are
 * written, and notifications are sent until 95 % of it (the rest wait, queued,
 * for the next run). Should anything unforeseen break the checking, what was
 * measured until then is written all the same.
 *
 * A run is its phases, each in a file of its own with its input and output types
 * (runTypes.ts), given the run's context (its log, clocks and deadlines):
 *   read and validate (runContent.ts) → order and check (checkOrder.ts, checkPhase.ts)
 *   → observe (observe.ts: a shard's file, a merge's files, or this run's checks)
 *   → apply under the lock (applyUnderLock.ts) → write (writeRun.ts) → queue and send (queueAndSend.ts)
 *   → tell (tellRun.ts) → heartbeat (runHeartbeat.ts).
 */
import { jobDeadlines } from "../../src/domain/checks/jobSettings";
import { inShard } from "../../src/domain/checks/shards";
import { applyUnderLock } from "./applyUnderLock";
import { checkServers } from "./checkPhase";
import { observedOfChecks, observedOfMerge, writeShardObservations } from "./observe";
import { readRunContent } from "./runContent";
import { runHeartbeat } from "./runHeartbeat";
import type { Observed, RunContent, RunContext, RunOptions, RunReport } from "./runTypes";
import { tellRun } from "./tellRun";
import { nothingDone } from "./words";

export { ContentError } from "./runContent";
export type { RunOptions, RunReport } from "./runTypes";

export async function runChecks(options: RunOptions): Promise<RunReport> {
  const started = Date.now();
  const startedClock = performance.now();
  const { contentDir, log, warn } = options;
  const content = readRunContent(contentDir, warn);
  const context: RunContext = {
    contentDir,
    log,
    warn,
    now: options.now ?? (() => new Date()),
    env: options.env ?? process.env,
    // Every phase's end, on the monotonic clock (a wall clock set back mid-run moves none of them).
    deadlines: jobDeadlines(content.job, startedClock),
    started,
    startedClock,
  };
  if (content.checks.length === 0) {
    log(`No server in ${contentDir}/servers.json has a check: nothing to measure. CONTENT.md says how to add one.`);
    return nothingDone(0, null);
  }
  if (options.merge) {
    const merged = observedOfMerge(options.merge, content, context);
    return "refused" in merged
      ? nothingDone((Date.now() - started) / 1000, merged.refused)
      : applyAndTell(merged, content, context, options);
  }
  const { shard } = options;
  const mine = shard ? content.checks.filter((c) => inShard(c.server.id, shard)) : content.checks;
  const checked = await checkServers(mine, content.windows, context, options);
  if (options.out) return writeShardObservations(checked, mine, content, context, { out: options.out, shard, location: options.location });
  const checkedIds = content.checks.map((c) => c.server.id);
  return applyAndTell(observedOfChecks(checked, checkedIds, context.deadlines), content, context, options);
}

/** What was observed, applied under the lock, written, queued and sent; then told, and the heartbeat of a run that wrote. */
async function applyAndTell(observed: Observed, content: RunContent, context: RunContext, options: RunOptions): Promise<RunReport> {
  const done = await applyUnderLock(observed, content, context, options);
  const report = tellRun(observed, done, content.checks.length, context);
  if (report.refused === null) await runHeartbeat(content.job, context);
  return report;
}
