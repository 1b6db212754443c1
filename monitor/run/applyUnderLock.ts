import type { CheckOutcome } from "../../src/domain/checks/alerts";
import { aheadOfClock, applyRun, type AppliedRun, type RunServer } from "../../src/domain/checks/run";
import { judgeSecurity, type RuleOutcome } from "../../src/domain/security/rules";
import { emptySecurityState, newFindingNotices } from "../../src/domain/security/findings";
import { readSecurityUpdate, readState } from "../../io/jobFiles";
import { removeStrayTemporaries, withLock } from "../../io/jobLock";
import type { NotifySummary } from "../notify/outbox";
import { queueAndSend } from "./queueAndSend";
import type { Observed, RunContent, RunContext, RunOptions } from "./runTypes";
import { writeRun, type Timed } from "./writeRun";
import { writeDrafts } from "./draftPhase";
import { redact } from "../../src/domain/kernel/redact";

/** Where a run's time went: the checks, then the kept files read, worked out and written under the lock (seconds). */
type PhaseTimes = { checking: number; reading: number; working: number; writing: number };

/** What the lock's phases did. */
export type UnderLock = {
  /** the run as applied to what was kept; null when it could not be (`behind` says why) */
  applied: AppliedRun | null;
  behind: string | null;
  notified: NotifySummary | null;
  phases: PhaseTimes;
};

/** Each HTTPS-checked server's rules judged on what its check saw (domain/security/rules.ts), at the run's time. */
function securityJudged(measured: readonly CheckOutcome[], at: Date): Map<string, RuleOutcome[]> {
  return new Map(measured.flatMap((o) => (o.security ? [[o.server, judgeSecurity(o.security, at)] as const] : [])));
}

/** Each checked server as the run's confirmation and alerts see it. */
const runServersOf = (content: RunContent): Map<string, RunServer> =>
  new Map(
    content.checks.map(({ server, target }) => [
      server.id,
      {
        id: server.id,
        name: server.name,
        ip: server.ip,
        location: server.location,
        warnAboveMs: target.warnAboveMs,
        confirmRuns: target.confirmRuns,
        flapping: target.flapping,
        ...(server.dependsOn ? { dependsOn: server.dependsOn } : {}),
      },
    ]),
  );

type LockHooks = Pick<RunOptions, "beforeWrite" | "afterWrite" | "afterQueue" | "notify" | "lock" | "draftBranch">;

/**
 * The apply phase and the ones after it, under the job's lock (another run may hold it: this one
 * waits while its deadline allows, then leaves): the kept files read, the run applied to them
 * (domain/checks/run.ts; a run older than the newest kept is added to the history only, and a clock
 * behind what was kept applies nothing), the security rules judged on what the HTTPS answers showed,
 * then written (writeRun.ts), then the notices queued and sent (queueAndSend.ts).
 */
export async function applyUnderLock(observed: Observed, content: RunContent, context: RunContext, hooks: LockHooks): Promise<UnderLock> {
  const { contentDir, warn, now, deadlines } = context;
  const { measured, unfinished, startedAt, finishedAt } = observed;
  const phases: PhaseTimes = { checking: observed.checking, reading: 0, working: 0, writing: 0 };
  const timed: Timed = (phase, work) => {
    const began = performance.now();
    try {
      return work();
    } finally {
      phases[phase] += (performance.now() - began) / 1000;
    }
  };
  // The servers the security scan keeps: those checked over HTTPS (a finding of one no longer scanned would stay open forever).
  const knownServers = new Set(
    content.checks.flatMap(({ server, target }) => (target.kind === "http" && target.url.protocol === "https:" ? [server.id] : [])),
  );
  const servers = runServersOf(content);
  let notified: NotifySummary | null = null;
  const lockWaitMs = Math.max(0, deadlines.lockBy - performance.now());
  const after = await withLock(
    contentDir,
    async (lock) => {
      await hooks.beforeWrite?.();
      removeStrayTemporaries(contentDir, warn);
      const kept = timed("reading", () => readState(contentDir, warn));
      const behind = aheadOfClock(kept, now());
      const applied =
        behind === null
          ? timed("working", () =>
              applyRun(kept, measured, servers, startedAt, finishedAt, now(), unfinished, observed.held, {
                afterRuns: content.job?.notCheckedAfterRuns,
                why: observed.why,
              }),
            )
          : null;
      // What the HTTPS answers showed, judged by the security rules (#34): worked out before the notices (a new finding is
      // news), kept after the run's files; a run older than the newest kept changes none of it.
      const security =
        applied !== null && !applied.superseded
          ? timed("working", () => readSecurityUpdate(contentDir, securityJudged(measured, finishedAt), knownServers, finishedAt, warn))
          : null;
      const newFindings = newFindingNotices(
        security?.before ?? emptySecurityState(),
        security?.fresh ?? [],
        content.acknowledgements,
        now(),
      );
      // The servers the job saw for the first time, down (as their checks ask to confirm): their fall is news for the notices too.
      const firstSeenDown = new Set((applied?.transitions ?? []).filter((t) => t.firstSeen).map((t) => t.outcome.server));
      // One order for every write: the run's files, the security scan's, then the notifications' memory and outbox. A run
      // that stops before the last leaves notify-state.json as it was: what is owed is worked out again from the confirmed
      // states the next run reads (domain/notify/plan.ts compares them with what was told), so nothing is told that the
      // files do not hold.
      writeRun(contentDir, applied, security, lock, context.log, timed);
      hooks.afterWrite?.();
      notified = await queueAndSend(
        {
          applied,
          servers,
          firstSeenDown,
          newFindings,
          maintenanceAt: observed.maintenanceAt,
          windows: content.windows,
          objectives: content.objectives,
        },
        content.notifications,
        hooks.notify,
        lock,
        context,
        hooks.afterQueue,
      );
      // Incident drafts (#47) last: a failure here costs no notice and no result, and says why.
      try {
        const drafted = await writeDrafts({
          contentDir,
          applied,
          servers,
          afterMinutes: content.job?.draftAfterMinutes,
          as: content.job?.draftsAs,
          branchTools: hooks.draftBranch ?? { env: context.env },
          now: now(),
          warn,
          lock,
        });
        for (const file of drafted?.written ?? []) context.log(`Incident drafted for an editor to publish or discard: content/${file}`);
        for (const file of drafted?.ended ?? []) context.log(`Incident draft given its end (its cause answers again): content/${file}`);
        // The incident itself, ready to paste into incidents.json: where the job's folder is thrown away after a run (a
        // workflow's runner), its log is where an editor finds it.
        for (const line of drafted?.lines ?? []) context.log(line);
        for (const incident of drafted?.incidents ?? [])
          context.log(`The draft's incident, for content/incidents.json:\n${JSON.stringify(incident, null, 2)}`);
      } catch (error) {
        const tokens = [process.env.GITHUB_TOKEN ?? "", hooks.draftBranch?.env.GITHUB_TOKEN ?? ""];
        const why = redact(error instanceof Error ? error.message : String(error), tokens, "[hidden]", 8);
        warn(`the incident drafts could not be written (${why}): the next run tries again.`);
      }
      return { applied, behind };
    },
    { waitMs: lockWaitMs, deadlineMs: hooks.lock?.deadlineMs, warn },
  );
  return { ...after, notified, phases };
}
