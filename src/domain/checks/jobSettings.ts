/**
 * How long one run of the check job may take, and where its phases end
 * (content/monitoring.json's `job`). A run ends on time whatever the servers
 * do: the next one is due, and runs that pile up would hold the lock in turn.
 *
 * Of the run's deadline (240 s unless told: a 5-minute schedule keeps a
 * minute for keeping the results and building the site), the checks have 60 %;
 * a check not finished by then has no result in this run (no data, neither up
 * nor down). Waiting for another run's lock ends at 80 % (then this run
 * leaves, writing nothing). Notifications are sent until 95 %; what is not sent
 * by then waits, queued, for the next run. The files are written in between,
 * in seconds even for 10,000 servers.
 */

/** monitoring.json's `job`. */
export type JobSettings = {
  /** a run ends within this many seconds (DEFAULT_DEADLINE_SECONDS) */
  deadlineSeconds?: number;
  /** the places the checks run from, when several (each shard's --location) */
  locations?: string[];
  /** a server without a result for this many of the job's intervals is "not checked" (DEFAULT_NOT_CHECKED_AFTER_RUNS) */
  notCheckedAfterRuns?: number;
  /** the name of the variable that holds a URL requested at the end of every run that recorded anything (a dead man's switch) */
  heartbeatUrlEnv?: string;
  /** a confirmed fall this many minutes old is drafted as an incident (domain/incidents/drafts.ts; 0: none) */
  draftAfterMinutes?: number;
  /** where the drafts go: files in content/drafts/ (default), or a branch and a pull request (monitor/run/draftBranch.ts) */
  draftsAs?: "files" | "pull-request";
};

/** A server without a result for this many of the job's usual intervals is shown "not checked", never its last state. */
const DEFAULT_NOT_CHECKED_AFTER_RUNS = 3;

/**
 * How long a server may go without a result before it is "not checked": the
 * runs allowed times the job's usual interval (latest.json's intervalSeconds);
 * null until the job has an interval (two runs), when nothing is called late.
 */
export function notCheckedAfterMs(settings: JobSettings | undefined, intervalSeconds: number | null): number | null {
  if (intervalSeconds === null) return null;
  return (settings?.notCheckedAfterRuns ?? DEFAULT_NOT_CHECKED_AFTER_RUNS) * intervalSeconds * 1000;
}

export const DEFAULT_DEADLINE_SECONDS = 240;
/** How often the workflow runs the job (.github/workflows/monitor.yml's cron, a test holds them together), until it has measured its interval. */
export const JOB_SCHEDULE_MINUTES = 5;
export const CHECKS_SHARE = 0.6;
const LOCK_SHARE = 0.8;
const SENDING_SHARE = 0.95;

export type JobDeadlines = {
  /** the whole run's time, in ms */
  runMs: number;
  /** the time the checks have, in ms */
  checksWithinMs: number;
  /** when (on the clock the run started from) the checks end */
  checksEnd: number;
  /** when waiting for another run's lock ends */
  lockBy: number;
  /** when sending ends */
  sendingEnd: number;
};

/** The phases' ends for a run that started at `start` (milliseconds on a monotonic clock: performance.now()). */
export function jobDeadlines(settings: JobSettings | undefined, start: number): JobDeadlines {
  const runMs = (settings?.deadlineSeconds ?? DEFAULT_DEADLINE_SECONDS) * 1000;
  const checksWithinMs = Math.round(runMs * CHECKS_SHARE);
  return {
    runMs,
    checksWithinMs,
    checksEnd: start + checksWithinMs,
    lockBy: start + runMs * LOCK_SHARE,
    sendingEnd: start + runMs * SENDING_SHARE,
  };
}
