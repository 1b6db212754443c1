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
 * One piece (about 390 lines): the run's phases share one deadline, one lock
 * and one log, in the order the files must be written; each phase's work is
 * elsewhere (queue.ts checks, io/ writes, ../notify/ tells).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { readContentTexts } from "../../io/contentFiles";
import type { CheckOutcome } from "../../src/domain/checks/alerts";
import { aheadOfClock, applyRun, type RunServer } from "../../src/domain/checks/run";
import {
  CHECK_CONCURRENCY,
  CHECK_START_SPACING_MS,
  checkTarget,
  quorumSetting,
  RETRY_PAUSE_MS,
  type CheckConfig,
  type CheckDefaults,
  type CheckTarget,
} from "../../src/domain/checks/definition";
import { type ProbeOutcome } from "../../src/domain/checks/outcome";
import { DAY_MS, formatDuration, formatSeconds } from "../../src/domain/kernel/time";
import { formatReport, validateContent, type ContentTexts } from "../../src/domain/content/validate";
import { jobDeadlines, type JobSettings } from "../../src/domain/checks/jobSettings";
import { maintenanceLookup, type MaintenanceOccurrence, type MaintenanceWindow } from "../../src/domain/incidents/maintenance";
import type { NotificationsConfig } from "../../src/domain/notify/notifications";
import { readObservationFiles, readSecurityUpdate, readState, writeSecurityState, writeState } from "../../io/jobFiles";
import { judgeSecurity, type RuleOutcome } from "../../src/domain/security/rules";
import { emptySecurityState, newFindingNotices, type Acknowledgement } from "../../src/domain/security/findings";
import { writeFileAtomically } from "../../io/writeWhole";
import { inShard, mergeShards, vetObservations, type Observations, type Shard } from "../../src/domain/checks/shards";
import { removeStrayTemporaries, withLock, type LockOptions } from "../../io/jobLock";
import { checkAll, concurrencyWithin, openFileLimit, openFilesFor } from "./queue";
import { nothingSent, queueNotifications, sendOutbox, summaryLine, type NotifySummary, type NotifyTools } from "../notify/outbox";
import { headerValues, probe as realProbe, warmUp } from "../probe/probe";
import { pingHeartbeat } from "../notify/heartbeat";
import { StallWatch } from "./stallWatch";
import { userAgentAt } from "../userAgent";

/** The content does not validate: nothing was checked. */
export class ContentError extends Error {}

export type RunOptions = {
  contentDir: string;
  log: (line: string) => void;
  warn: (line: string) => void;
  probe?: (target: CheckTarget) => Promise<ProbeOutcome>;
  /** probes in flight at most (CHECK_CONCURRENCY, within the open-file limit); a retry's pause holds no place */
  concurrency?: number;
  /** the pause before a failed check is tried again (RETRY_PAUSE_MS) */
  retryPauseMs?: number;
  /** the least time between two checks' starts (CHECK_START_SPACING_MS) */
  startSpacingMs?: number;
  /** called under the lock, before the files are written (tests use it to play a run that finishes late) */
  beforeWrite?: () => Promise<void> | void;
  /** called under the lock after the run's files are written, before the notices are queued (tests: a crash there) */
  afterWrite?: () => void;
  /** called under the lock after the notices are queued, before they are sent (tests: a crash there) */
  afterQueue?: () => void;
  /** how notifications are sent (content/notifications.json says to whom); without it, notices are queued and not sent */
  notify?: NotifyTools;
  /** the run's clock (tests move it forward, to see reminders fall due) */
  now?: () => Date;
  /** where headers' variables are read, when each check is sent (process.env, with the project's .env loaded by check.ts) */
  env?: NodeJS.ProcessEnv;
  /** the lock's timing (tests shorten it; the job uses 2 minutes) */
  lock?: Pick<LockOptions, "deadlineMs">;
  /** check only this shard's servers (the others have no data this run) */
  shard?: Shard;
  /** where the checks are made from (named in an observations file) */
  location?: string;
  /** write what was seen to this file and nothing else (no lock, no content/checks/): a shard for a later merge */
  out?: string;
  /** check nothing: apply the shards' observations files as one run */
  merge?: readonly string[];
};

export type RunReport = {
  checked: number;
  online: number;
  warning: number;
  offline: number;
  seconds: number;
  newAlerts: number;
  /** the server's response times of this run (ms), for the benchmark */
  responseTimes: number[];
  /** what the notifications did; null without content/notifications.json */
  notifications: NotifySummary | null;
  /** servers whose check did not finish within the run's deadline (no result this run) */
  unfinished: string[];
  /** why nothing was written (the clock is behind what the job kept, or the files given to merge do not belong together) */
  refused: string | null;
};

type ServerEntry = { id: string; name: string; ip: string; location: string; check?: CheckConfig };

/**
 * When each server's newest result was taken, from latest.json as it is (read
 * without the lock, only to order this run's checks: a file that cannot be
 * read orders nothing, and is dealt with under the lock).
 */
function lastCheckTimes(contentDir: string): Map<string, number> {
  const times = new Map<string, number>();
  try {
    const latest = JSON.parse(fs.readFileSync(path.join(contentDir, "checks", "latest.json"), "utf8")) as {
      results?: Array<{ server?: unknown; checkedAt?: unknown }>;
    };
    for (const result of latest.results ?? []) {
      const at = typeof result.checkedAt === "string" ? Date.parse(result.checkedAt) : Number.NaN;
      if (typeof result.server === "string" && !Number.isNaN(at)) times.set(result.server, at);
    }
  } catch {
    // none yet, or damaged: every server is as new
  }
  return times;
}

/** When the newest run kept began (latest.json's startedAt, read without the lock, as lastCheckTimes reads it); null without one. */
function lastRunStart(contentDir: string): number | null {
  try {
    const at = Date.parse(
      (JSON.parse(fs.readFileSync(path.join(contentDir, "checks", "latest.json"), "utf8")) as { startedAt?: string }).startedAt ?? "",
    );
    return Number.isNaN(at) ? null : at;
  } catch {
    return null;
  }
}

/** The checks' indices, oldest result first (stable: servers.json's order among equals). */
function checkOrder(ids: readonly string[], last: ReadonlyMap<string, number>): number[] {
  const at = (i: number) => last.get(ids[i]) ?? Number.NEGATIVE_INFINITY;
  return ids.map((_, i) => i).sort((a, b) => at(a) - at(b) || a - b);
}

/** Why a server's news is held back while windows are in force, or null. */
const inMaintenance = (windows: readonly MaintenanceOccurrence[]): string | null =>
  windows.length === 0 ? null : `in maintenance: ${windows.map((o) => o.window.title).join(", ")}`;

/** The content a run's checks follow from (servers.json, monitoring.json, maintenance.json): a merge takes shards of the same only. */
function contentDigest(texts: ContentTexts): string {
  const hash = createHash("sha256");
  for (const name of ["servers.json", "monitoring.json", "maintenance.json"] as const) hash.update(`${name}\n${texts[name] ?? ""}\n`);
  return hash.digest("hex");
}

/** What a run saw, from its own checks or from the shards' files, ready to apply. */
type Observed = {
  measured: CheckOutcome[];
  /** the checked servers with no result this run (neither up nor down) */
  unfinished: string[];
  /** of those, the ones whose places were too few for their quorum, and why (a merge) */
  held?: ReadonlyMap<string, string>;
  /** why each of the others had no result, in words (a check cut by the deadline, the job's own error) */
  why?: ReadonlyMap<string, string>;
  startedAt: Date;
  finishedAt: Date;
  /** seconds spent checking (none for a merge) */
  checking: number;
  measuredAgain: number;
  /** the maintenance windows in force for a server at a time */
  maintenanceAt: (server: string, at: Date) => readonly MaintenanceOccurrence[];
};

/** A progress line every this many checks done, and one at the end. */
const PROGRESS_EVERY = 500;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const tally = (outcomes: ReadonlyArray<{ status: string }>) => ({
  online: outcomes.filter((o) => o.status === "online").length,
  warning: outcomes.filter((o) => o.status === "warning").length,
  offline: outcomes.filter((o) => o.status === "offline").length,
});

/** Each HTTPS-checked server's rules judged on what its check saw (domain/security/rules.ts), at the run's time. */
function securityJudged(measured: readonly CheckOutcome[], at: Date): Map<string, RuleOutcome[]> {
  return new Map(measured.flatMap((o) => (o.security ? [[o.server, judgeSecurity(o.security, at)] as const] : [])));
}

export async function runChecks(options: RunOptions): Promise<RunReport> {
  const { contentDir, log, warn, retryPauseMs = RETRY_PAUSE_MS, now = () => new Date(), env = process.env } = options;
  const started = Date.now();
  const startedClock = performance.now();
  // The editors' files must be valid; the job's own files are read (and mended) by readState.
  const texts = readContentTexts(contentDir);
  delete texts["checks/latest.json"];
  delete texts["checks/alerts.json"];
  const validation = validateContent(texts);
  if (validation.errors.length > 0) throw new ContentError(formatReport(validation));
  for (const issue of validation.warnings) warn(issue.message);

  const servers = (validation.data["servers.json"] ?? []) as ServerEntry[];
  const defaults = (validation.data["monitoring.json"] as { checkDefaults?: CheckDefaults } | undefined)?.checkDefaults ?? {};
  const notifications = validation.data["notifications.json"] as NotificationsConfig | undefined;
  const windows = (validation.data["maintenance.json"] ?? []) as MaintenanceWindow[];
  const acknowledgements = (validation.data["security-acknowledgements.json"] ?? []) as Acknowledgement[];
  const job = (validation.data["monitoring.json"] as { job?: JobSettings } | undefined)?.job;
  // Every phase's end, on the monotonic clock (a wall clock set back mid-run moves none of them).
  const deadlines = jobDeadlines(job, startedClock);
  const checks = servers.flatMap((server) => {
    const target = server.check ? checkTarget(server.check, defaults) : null;
    return target ? [{ server, target }] : [];
  });
  if (checks.length === 0) {
    log(`No server in ${contentDir}/servers.json has a check: nothing to measure. CONTENT.md says how to add one.`);
    return {
      checked: 0,
      online: 0,
      warning: 0,
      offline: 0,
      seconds: 0,
      newAlerts: 0,
      responseTimes: [],
      notifications: null,
      unfinished: [],
      refused: null,
    };
  }

  // What the checks were made from: a merge takes only shards of the same content.
  const content = contentDigest(texts);
  const checkedIds = checks.map((c) => c.server.id);
  if (options.merge) return applyMerge(options.merge);
  const { shard } = options;
  const mine = shard ? checks.filter((c) => inShard(c.server.id, shard)) : checks;
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
        retryPauseMs,
        deadline: deadlines.checksEnd,
        // The servers whose results are oldest start first (one never checked, first of all): a run cut short by its
        // deadline leaves others out the next time, never the same ones run after run.
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
  const unfinishedHere = mine.filter((_, i) => outcomes[i] === undefined).map((c) => c.server.id);
  for (const [server, error] of jobErrors) {
    warn(`${server}: ${error}; no data for it this run (the job's fault, not the server's), its last result stays.`);
  }
  const timedOut = unfinishedHere.filter((id) => !jobErrors.has(id));
  if (timedOut.length > 0) {
    warn(
      `${plural(timedOut.length, "server")} had no result within the run's ${formatDuration(deadlines.checksWithinMs)} for checks (${timedOut.slice(0, 10).join(", ")}${timedOut.length > 10 ? " …" : ""}): no data this run, neither up nor down; their last results stay, and they are checked first next run. monitoring.json's job.deadlineSeconds sets the run's time.`,
    );
  }
  if (options.out) {
    const observations: Observations = {
      version: 1,
      location: options.location ?? null,
      shard: shard ?? { index: 1, count: 1 },
      content,
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      servers: mine.map((c) => c.server.id),
      outcomes: measured,
      unfinished: unfinishedHere,
    };
    fs.mkdirSync(path.dirname(path.resolve(options.out)), { recursive: true });
    writeFileAtomically(options.out, `${JSON.stringify(observations)}\n`);
    const counts = tally(measured);
    log(
      `Checked ${plural(mine.length, "server")}${shard ? ` (shard ${shard.index}/${shard.count})` : ""}${options.location ? ` from ${options.location}` : ""}: ${counts.online} online, ${counts.warning} warning, ${counts.offline} offline (as seen, before confirmation). Wrote ${options.out}; npm run check -- --merge applies it.`,
    );
    return {
      checked: mine.length,
      ...counts,
      seconds: (Date.now() - started) / 1000,
      newAlerts: 0,
      responseTimes: measured.flatMap((o) => (o.responseTime === null ? [] : [o.responseTime])),
      notifications: null,
      unfinished: unfinishedHere,
      refused: null,
    };
  }
  // Servers of other shards have no data in this run (their last results stay), as a check that did not finish.
  const seen = new Set(measured.map((o) => o.server));
  const unfinished = checkedIds.filter((id) => !seen.has(id));
  const why = new Map<string, string>(unfinished.map((id) => [id, "it is another shard's, and this run checked one shard"]));
  for (const id of timedOut)
    why.set(id, `its check did not finish within the run's deadline (${formatDuration(deadlines.checksWithinMs)} for checks)`);
  for (const [id, error] of jobErrors) why.set(id, error);
  return applyObserved({
    measured,
    unfinished,
    why,
    startedAt,
    finishedAt,
    checking: (Date.now() - checksStarted) / 1000,
    measuredAgain,
    maintenanceAt,
  });

  async function applyObserved(observed: Observed): Promise<RunReport> {
    const { measured, unfinished, startedAt, finishedAt, measuredAgain, maintenanceAt } = observed;
    // Where a run's time goes, said at its end: the checks, then the kept files read, worked out and written under the lock.
    const phases = { checking: observed.checking, reading: 0, working: 0, writing: 0 };
    const timed = <T>(phase: keyof typeof phases, work: () => T): T => {
      const began = performance.now();
      try {
        return work();
      } finally {
        phases[phase] += (performance.now() - began) / 1000;
      }
    };

    // The servers the security scan keeps: those checked over HTTPS (a finding of one no longer scanned would stay open forever).
    const knownServers = new Set(
      checks.flatMap(({ server, target }) => (target.kind === "http" && target.url.protocol === "https:" ? [server.id] : [])),
    );
    const runServers = new Map<string, RunServer>(
      checks.map(({ server, target }) => [
        server.id,
        {
          id: server.id,
          name: server.name,
          ip: server.ip,
          location: server.location,
          warnAboveMs: target.warnAboveMs,
          confirmRuns: target.confirmRuns,
          flapping: target.flapping,
        },
      ]),
    );
    let notified: NotifySummary | null = null;
    // Another run may hold the lock (one writing, or sending): this one waits while its deadline allows, then leaves.
    const lockWaitMs = Math.max(0, deadlines.lockBy - performance.now());
    const after = await withLock(
      contentDir,
      async (lock) => {
        await options.beforeWrite?.();
        removeStrayTemporaries(contentDir, warn);
        const kept = timed("reading", () => readState(contentDir, warn));
        const behind = aheadOfClock(kept, now());
        const applied =
          behind === null
            ? timed("working", () =>
                applyRun(kept, measured, runServers, startedAt, finishedAt, now(), unfinished, observed.held, {
                  afterRuns: job?.notCheckedAfterRuns,
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
        const newFindings = newFindingNotices(security?.before ?? emptySecurityState(), security?.fresh ?? [], acknowledgements, now());
        // The servers the job saw for the first time, down (as their checks ask to confirm): their fall is news for the notices too.
        const firstSeenDown = new Set((applied?.transitions ?? []).filter((t) => t.firstSeen).map((t) => t.outcome.server));
        // One order for every write: the run's files (alerts, history, rollups, latest.json: io/jobFiles.ts writeState), the
        // security scan's, then the notifications' memory and outbox. A run that stops (or a disk that fills) before the last
        // leaves notify-state.json as it was: what is owed is worked out again from the confirmed states the next run reads
        // (domain/notify/plan.ts compares them with what was told), so nothing is told that the files do not hold.
        if (applied !== null) timed("writing", () => writeState(contentDir, applied, lock));
        if (security !== null) {
          timed("writing", () => writeSecurityState(contentDir, security.state, lock));
          const fresh = security.fresh;
          const named = fresh.slice(0, 10).map((f) => `${f.server}: ${f.rule}`);
          if (fresh.length > 0)
            log(`Security: ${plural(fresh.length, "new finding")} (${named.join(", ")}${fresh.length > 10 ? " …" : ""}).`);
        }
        options.afterWrite?.();
        const queued = notifications
          ? queueNotifications({
              contentDir,
              config: notifications,
              results:
                applied === null || applied.superseded
                  ? null
                  : applied.latest!.results.map((r) => ({
                      ...r,
                      server: runServers.get(r.server)!,
                      firstSeenDown: firstSeenDown.has(r.server),
                      ...(newFindings.has(r.server) ? { newFindings: newFindings.get(r.server) } : {}),
                    })),
              now: now(),
              siteUrl: options.notify?.siteUrl ?? null,
              // A reminder due in a window waits for its end (a change cannot happen in one: the state is held).
              suppress: (server, _event, at) => inMaintenance(maintenanceAt(server, at)),
              warn,
              lock,
            })
          : null;
        options.afterQueue?.();
        if (queued && notifications) {
          const sendStarted = process.hrtime.bigint();
          const sent = options.notify
            ? await sendOutbox({
                contentDir,
                config: notifications,
                state: queued.state,
                tools: options.notify,
                now,
                // Past this, what is not sent waits, queued, for the next run (a send under way ends within its own timeout).
                deadline: deadlines.sendingEnd,
                lock,
              })
            : nothingSent(queued.state.outbox.length);
          notified = {
            ...sent,
            suppressed: queued.suppressed,
            overflow: queued.overflow,
            seconds: Number(process.hrtime.bigint() - sendStarted) / 1e9,
          };
        }
        return { applied, behind };
      },
      { waitMs: lockWaitMs, deadlineMs: options.lock?.deadlineMs, warn },
    );
    if (after.applied === null) {
      const said = `The run checked ${plural(measured.length, "server")} but wrote nothing: ${after.behind!}`;
      warn(said);
      if (notified) log(summaryLine(notified));
      return {
        ...tally(measured),
        checked: checks.length,
        seconds: (Date.now() - started) / 1000,
        newAlerts: 0,
        responseTimes: [],
        notifications: notified,
        unfinished,
        refused: said,
      };
    }
    const applied = after.applied;
    for (const line of applied.warnings) warn(line);

    // The summary counts the confirmed states, as the pages will show them.
    const counts = tally(applied.superseded ? measured : applied.latest!.results);
    const seconds = (Date.now() - started) / 1000;
    const newAlerts = applied.fresh.length;
    log(
      applied.superseded
        ? `Added this run to ${contentDir}/checks/history.json; a newer run's latest.json and alerts stay.`
        : `Wrote ${contentDir}/checks/latest.json, history.json, servers/ and alerts.json (${plural(newAlerts, "new alert")}).`,
    );
    log(
      `Checked ${plural(checks.length, "server")} in ${formatDuration(Math.round(seconds * 1000))}: ${counts.online} online, ${counts.warning} warning, ${counts.offline} offline.`,
    );
    log(
      `Time: ${formatSeconds(phases.checking)} checking, ${formatSeconds(phases.reading)} reading the kept history, ${formatSeconds(phases.working)} working out history and rollups, ${formatSeconds(phases.writing)} writing them.`,
    );
    const heldBack = measured.filter((o) => o.maintenance).length;
    if (heldBack > 0) {
      log(
        `${plural(heldBack, "server")} checked in maintenance: recorded, left out of uptime, and held at the state before the window (no alert, no notice).`,
      );
    }
    if (measuredAgain > 0) {
      log(
        `Measured ${plural(measuredAgain, "answer")} again: the job stood still while it came (its machine was busy), so its time was not the server's.`,
      );
    }
    if (notified) log(summaryLine(notified));
    else log(`No ${contentDir}/notifications.json: nobody is notified of changes (CONTENT.md, "Notifications", says how).`);
    await heartbeat();
    const responseTimes = measured.flatMap((o) => (o.responseTime === null ? [] : [o.responseTime]));
    return { checked: checks.length, ...counts, seconds, newAlerts, responseTimes, notifications: notified, unfinished, refused: null };
  }

  /**
   * The monitor of the monitor: a run that recorded something requests the URL in job.heartbeatUrlEnv's variable
   * (monitor/notify/heartbeat.ts), within the run's deadline; its failure is a warning, never the run's.
   */
  async function heartbeat(): Promise<void> {
    const variable = job?.heartbeatUrlEnv;
    if (!variable) return;
    const url = env[variable]?.trim() ?? "";
    if (url === "") {
      warn(`Heartbeat: ${variable} is not set, so nobody is told that this run happened (monitoring.json's job.heartbeatUrlEnv names it).`);
      return;
    }
    const left = Math.floor(deadlines.runMs - (performance.now() - startedClock));
    if (left < 1000) {
      warn(`Heartbeat: not sent, the run's time was up; the service that watches it will say the job is late if this goes on.`);
      return;
    }
    const result = await pingHeartbeat(url, Math.min(10_000, left));
    if (result.ok) log(`Heartbeat: the URL in ${variable} answered HTTP ${result.status}.`);
    else
      warn(`Heartbeat: the URL in ${variable} could not be reached (${result.reason}); the service that watches the job may call it late.`);
  }

  /** The shards' files, read and checked, applied as one run; files that do not belong together are refused, nothing written. */
  /**
   * Why merged files cannot be applied although they belong together: their run
   * is one already kept (the same files merged again: a job run again). (A file
   * stamped ahead of this machine's clock never gets here: vetObservations.)
   */
  function mergedTooLate(merged: { startedAt: Date; finishedAt: Date }): { problem: string } | null {
    const keptStart = lastRunStart(contentDir);
    if (keptStart !== null && merged.startedAt.getTime() <= keptStart) {
      return {
        problem: `these files hold a run that started at ${merged.startedAt.toISOString()}, not after the newest run kept (${new Date(keptStart).toISOString()}): they were merged already`,
      };
    }
    return null;
  }

  async function applyMerge(files: readonly string[]): Promise<RunReport> {
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
    const quorums = new Map(checks.map(({ server }) => [server.id, quorumSetting(server.check ?? {}, defaults)] as const));
    const shards =
      "problem" in read ? read : mergeShards(read.files, checkedIds, content, (id) => quorums.get(id) ?? null, job?.locations ?? null);
    const merged = "problem" in shards ? shards : (mergedTooLate(shards) ?? shards);
    if ("problem" in merged) {
      const said = `The merge wrote nothing: ${merged.problem}.`;
      warn(said);
      return {
        checked: 0,
        online: 0,
        warning: 0,
        offline: 0,
        seconds: (Date.now() - started) / 1000,
        newAlerts: 0,
        responseTimes: [],
        notifications: null,
        unfinished: [],
        refused: said,
      };
    }
    for (const line of merged.warnings) warn(line);
    log(
      `Merging ${plural("files" in read ? read.files.length : 0, "observations file")}: ${plural(merged.outcomes.length, "result")} for ${plural(checkedIds.length, "checked server")}.`,
    );
    const maintenanceAt = maintenanceLookup(windows, merged.startedAt, merged.startedAt.getTime() + DAY_MS);
    return applyObserved({ ...merged, measured: merged.outcomes, checking: 0, measuredAgain: 0, maintenanceAt });
  }
}
