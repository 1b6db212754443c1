import fs from "node:fs";
import path from "node:path";
import { quorumSetting } from "../../src/domain/checks/definition";
import { DAY_MS, formatDuration } from "../../src/domain/kernel/time";
import { maintenanceLookup } from "../../src/domain/incidents/maintenance";
import type { JobDeadlines } from "../../src/domain/checks/jobSettings";
import { mergeShards, vetObservations, type Observations, type Shard } from "../../src/domain/checks/shards";
import { readObservationFiles } from "../../io/jobFiles";
import { writeFileAtomically } from "../../io/writeWhole";
import { lastRunStart } from "./checkOrder";
import type { Checked } from "./checkPhase";
import type { Observed, RunContent, RunContext, RunReport, ServerCheck } from "./runTypes";
import { plural, tally } from "./words";

/**
 * The observe phase: what a run saw, made ready to apply. From its own checks (every checked
 * server without a result this run says why), or from the shards' files of a merge (read, vetted,
 * and refused whole when they do not belong together); or, for a shard's run, written to its file
 * for a later merge and nothing else.
 */

/** A shard's run (`--out`): what it saw, written to its file for the merge; no lock, nothing of content/checks/ touched. */
export function writeShardObservations(
  checked: Checked,
  mine: readonly ServerCheck[],
  content: RunContent,
  context: RunContext,
  where: { out: string; shard?: Shard; location?: string },
): RunReport {
  const observations: Observations = {
    version: 1,
    location: where.location ?? null,
    shard: where.shard ?? { index: 1, count: 1 },
    content: content.digest,
    startedAt: checked.startedAt.toISOString(),
    finishedAt: checked.finishedAt.toISOString(),
    servers: mine.map((c) => c.server.id),
    outcomes: checked.measured,
    unfinished: checked.unfinished,
  };
  fs.mkdirSync(path.dirname(path.resolve(where.out)), { recursive: true });
  writeFileAtomically(where.out, `${JSON.stringify(observations)}\n`);
  const counts = tally(checked.measured);
  context.log(
    `Checked ${plural(mine.length, "server")}${where.shard ? ` (shard ${where.shard.index}/${where.shard.count})` : ""}${where.location ? ` from ${where.location}` : ""}: ${counts.online} online, ${counts.warning} warning, ${counts.offline} offline (as seen, before confirmation). Wrote ${where.out}; npm run check -- --merge applies it.`,
  );
  return {
    checked: mine.length,
    ...counts,
    seconds: (Date.now() - context.started) / 1000,
    newAlerts: 0,
    responseTimes: checked.measured.flatMap((o) => (o.responseTime === null ? [] : [o.responseTime])),
    notifications: null,
    unfinished: checked.unfinished,
    refused: null,
  };
}

/** A run's own checks as observed: servers of other shards have no data in this run (their last results stay), as a check that did not finish. */
export function observedOfChecks(checked: Checked, checkedIds: readonly string[], deadlines: JobDeadlines): Observed {
  const seen = new Set(checked.measured.map((o) => o.server));
  const unfinished = checkedIds.filter((id) => !seen.has(id));
  const why = new Map<string, string>(unfinished.map((id) => [id, "it is another shard's, and this run checked one shard"]));
  for (const id of checked.timedOut)
    why.set(id, `its check did not finish within the run's deadline (${formatDuration(deadlines.checksWithinMs)} for checks)`);
  for (const [id, error] of checked.jobErrors) why.set(id, error);
  const { measured, startedAt, finishedAt, checking, measuredAgain, maintenanceAt } = checked;
  return { measured, unfinished, why, startedAt, finishedAt, checking, measuredAgain, maintenanceAt };
}

/**
 * Why merged files cannot be applied although they belong together: their run
 * is one already kept (the same files merged again: a job run again). (A file
 * stamped ahead of this machine's clock never gets here: vetObservations.)
 */
function mergedTooLate(contentDir: string, merged: { startedAt: Date; finishedAt: Date }): { problem: string } | null {
  const keptStart = lastRunStart(contentDir);
  if (keptStart !== null && merged.startedAt.getTime() <= keptStart) {
    return {
      problem: `these files hold a run that started at ${merged.startedAt.toISOString()}, not after the newest run kept (${new Date(keptStart).toISOString()}): they were merged already`,
    };
  }
  return null;
}

/** The shards' files (`--merge`), read and checked, as one run; files that do not belong together are refused (and nothing is written). */
export function observedOfMerge(files: readonly string[], content: RunContent, context: RunContext): Observed | { refused: string } {
  const { warn, log, now } = context;
  const checkedIds = content.checks.map((c) => c.server.id);
  const given = readObservationFiles(files);
  // Each file vetted like a server's answer (#44): one stamped ahead of this clock is left out, named, and never kept.
  const vetted =
    "problem" in given
      ? given
      : {
          files: given.files.flatMap(({ name, observations }) => {
            const checked = vetObservations(observations, now());
            if ("problem" in checked) {
              warn(`${name} was left out of the merge: ${checked.problem}. Its servers have no data from it this run.`);
              return [];
            }
            return [{ name, observations: checked }];
          }),
        };
  const read = "files" in vetted && vetted.files.length === 0 ? { problem: "no file given could be used (each is named above)" } : vetted;
  const quorums = new Map(content.checks.map(({ server }) => [server.id, quorumSetting(server.check ?? {}, content.defaults)] as const));
  const shards =
    "problem" in read
      ? read
      : mergeShards(read.files, checkedIds, content.digest, (id) => quorums.get(id) ?? null, content.job?.locations ?? null);
  const merged = "problem" in shards ? shards : (mergedTooLate(context.contentDir, shards) ?? shards);
  if ("problem" in merged) {
    const said = `The merge wrote nothing: ${merged.problem}.`;
    warn(said);
    return { refused: said };
  }
  for (const line of merged.warnings) warn(line);
  log(
    `Merging ${plural("files" in read ? read.files.length : 0, "observations file")}: ${plural(merged.outcomes.length, "result")} for ${plural(checkedIds.length, "checked server")}.`,
  );
  const maintenanceAt = maintenanceLookup(content.windows, merged.startedAt, merged.startedAt.getTime() + DAY_MS);
  return { ...merged, measured: merged.outcomes, checking: 0, measuredAgain: 0, maintenanceAt };
}
