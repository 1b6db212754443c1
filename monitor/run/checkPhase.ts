import type { CheckOutcome } from "../../src/domain/checks/alerts";
import { CHECK_CONCURRENCY, CHECK_START_SPACING_MS, RETRY_PAUSE_MS } from "../../src/domain/checks/definition";
import { DAY_MS, formatDuration } from "../../src/domain/kernel/time";
import { maintenanceLookup, type MaintenanceOccurrence, type MaintenanceWindow } from "../../src/domain/incidents/maintenance";
import { checkAll, concurrencyWithin, openFileLimit, openFilesFor } from "./queue";
import { headerValues, probe as realProbe, warmUp } from "../probe/probe";
import { StallWatch } from "./stallWatch";
import { userAgentAt } from "../userAgent";
import { checkOrder, lastCheckTimes } from "./checkOrder";
import type { RunContext, RunOptions, ServerCheck } from "./runTypes";
import { plural } from "./words";

/** What the check phase saw of this run's servers (this shard's, or all). */
export type Checked = {
  /** the results, in no particular order */
  measured: CheckOutcome[];
  /** the servers checked here without a result: cut by the deadline, or the job's own error */
  unfinished: string[];
  /** of those, the ones cut by the deadline */
  timedOut: string[];
  /** the others: the job's own error on their check, in words */
  jobErrors: ReadonlyMap<string, string>;
  startedAt: Date;
  finishedAt: Date;
  /** seconds spent checking */
  checking: number;
  /** answers measured again because the job stood still while they came */
  measuredAgain: number;
  /** the windows in force for a server at a time (worked out once; a run never lasts a day) */
  maintenanceAt: (server: string, at: Date) => readonly MaintenanceOccurrence[];
};

/** A progress line every this many checks done, and one at the end. */
const PROGRESS_EVERY = 500;

type CheckPhaseOptions = Pick<RunOptions, "probe" | "concurrency" | "retryPauseMs" | "startSpacingMs" | "location">;

/**
 * The check phase: every given server checked (paced and bounded by queue.ts, each within its
 * timeout), the servers whose results are oldest first (checkOrder.ts), until the checks'
 * deadline. Nothing one server does stops it; should anything unforeseen break the checking,
 * what was measured until then is kept, and said.
 */
export async function checkServers(
  mine: readonly ServerCheck[],
  windows: readonly MaintenanceWindow[],
  context: RunContext,
  options: CheckPhaseOptions,
): Promise<Checked> {
  const { contentDir, log, warn, now, env, deadlines } = context;
  // A header whose variable is not set: the check is not sent (offline, its detail says why); the operator is told once, by name.
  for (const { server, target } of mine) {
    if (target.kind !== "http") continue;
    const unset = headerValues(target.headers, env);
    if ("missing" in unset)
      warn(
        `${server.id}: the variable ${unset.missing} is not set, so its check is not sent and reads offline. Set it where the job runs (or in .env).`,
      );
  }
  // The job's own first-time costs come before the first server's clock starts (a probe given by a test needs none).
  if (!options.probe && mine.length > 0) await warmUp();
  const startedAt = now();
  const checksStarted = Date.now();
  // The windows in force during the run (worked out once; a run never lasts a day): a check made in one is recorded as maintenance.
  const maintenanceAt = maintenanceLookup(windows, startedAt, startedAt.getTime() + DAY_MS);
  // Each check holds a socket while it waits: the bound keeps them within the open-file limit.
  const fileLimit = options.concurrency === undefined ? openFileLimit() : null;
  const concurrency = options.concurrency ?? concurrencyWithin(CHECK_CONCURRENCY, fileLimit);
  // A limit that binds is named with the one that would not: at 10,000 servers, 256 makes a run about 220 s, 1,024 about 65 s.
  const bySetting =
    fileLimit !== null && concurrency < CHECK_CONCURRENCY
      ? ` (the open-file limit, ulimit -n, is ${fileLimit}; at ${openFilesFor(CHECK_CONCURRENCY)} or more, ${CHECK_CONCURRENCY})`
      : "";
  log(`Checking ${plural(mine.length, "server")}, at most ${Math.min(concurrency, mine.length)} at once${bySetting}…`);
  const outcomes = Array.from<CheckOutcome | undefined>({ length: mine.length });
  let broken: unknown = null;
  const jobErrors = new Map<string, string>();
  let done = 0;
  const progress = { online: 0, warning: 0, offline: 0 };
  // An answer that came while the job stood still is measured again (monitor/run/stallWatch.ts).
  const stallWatch = options.probe ? null : new StallWatch();
  let measuredAgain = 0;
  try {
    await checkAll(
      mine.map((c) => c.target),
      {
        probe: options.probe ?? ((target) => realProbe(target, stallWatch ?? undefined, env, { userAgent: userAgentAt(options.location) })),
        concurrency,
        spacingMs: options.startSpacingMs ?? CHECK_START_SPACING_MS,
        retryPauseMs: options.retryPauseMs ?? RETRY_PAUSE_MS,
        deadline: deadlines.checksEnd,
        order: checkOrder(
          mine.map((c) => c.server.id),
          lastCheckTimes(contentDir),
        ),
        now,
        onMeasuredAgain: () => (measuredAgain += 1),
        // The job's own failure on one check: no result for it this run (never a server called down for the job's fault).
        onJobError: (index, error) => jobErrors.set(mine[index].server.id, error),
        onDone: (index, judgement) => {
          const server = mine[index].server.id;
          const checkedAt = now();
          const maintenance = maintenanceAt(server, checkedAt).length > 0;
          outcomes[index] = { server, checkedAt: checkedAt.toISOString(), ...judgement, ...(maintenance ? { maintenance } : {}) };
          done += 1;
          progress[judgement.status] += 1;
          if (done % PROGRESS_EVERY === 0 || done === mine.length) {
            log(`  checked ${done}/${mine.length}: ${progress.online} online, ${progress.warning} warning, ${progress.offline} offline`);
          }
        },
      },
    );
  } catch (error) {
    // The last resort: the queue never throws, but should something unforeseen break the checking, what was measured stays.
    broken = error;
  } finally {
    stallWatch?.stop();
  }
  if (broken !== null) {
    warn(
      `the checking stopped on an error of the job's own (${broken instanceof Error ? broken.message : JSON.stringify(broken)}); what was measured before it is written.`,
    );
  }
  const finishedAt = now();
  const measured = outcomes.filter((o): o is CheckOutcome => o !== undefined);
  const unfinished = mine.filter((_, i) => outcomes[i] === undefined).map((c) => c.server.id);
  for (const [server, error] of jobErrors) {
    warn(`${server}: ${error}; no data for it this run (the job's fault, not the server's), its last result stays.`);
  }
  const timedOut = unfinished.filter((id) => !jobErrors.has(id));
  if (timedOut.length > 0) {
    warn(
      `${plural(timedOut.length, "server")} had no result within the run's ${formatDuration(deadlines.checksWithinMs)} for checks (${timedOut.slice(0, 10).join(", ")}${timedOut.length > 10 ? " …" : ""}): no data this run, neither up nor down; their last results stay, and they are checked first next run. monitoring.json's job.deadlineSeconds sets the run's time.`,
    );
  }
  return {
    measured,
    unfinished,
    timedOut,
    jobErrors,
    startedAt,
    finishedAt,
    checking: (Date.now() - checksStarted) / 1000,
    measuredAgain,
    maintenanceAt,
  };
}
