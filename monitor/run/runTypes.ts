import type { BranchTools } from "./draftBranch";
import type { CheckOutcome } from "../../src/domain/checks/alerts";
import type { CheckConfig, CheckDefaults, CheckTarget } from "../../src/domain/checks/definition";
import type { ProbeOutcome } from "../../src/domain/checks/outcome";
import type { JobDeadlines, JobSettings } from "../../src/domain/checks/jobSettings";
import type { MaintenanceOccurrence, MaintenanceWindow } from "../../src/domain/incidents/maintenance";
import type { NotificationsConfig } from "../../src/domain/notify/notifications";
import type { Acknowledgement } from "../../src/domain/security/findings";
import type { Objective } from "../../src/domain/objectives/objectiveContent";
import type { Shard } from "../../src/domain/checks/shards";
import type { LockOptions } from "../../io/jobLock";
import type { NotifySummary, NotifyTools } from "../notify/outbox";

/** What the phases of a run (runChecks.ts) hand each other: the run's options, its context, its content, what it saw. */

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
  /** incident drafts as pull requests: the environment (GITHUB_TOKEN, GITHUB_REPOSITORY, GITHUB_API_URL) and a fetch (tests) */
  draftBranch?: BranchTools;
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

/** What every phase is given: where the files are, how to speak, the run's clocks and its deadlines. */
export type RunContext = {
  contentDir: string;
  log: (line: string) => void;
  warn: (line: string) => void;
  /** the run's wall clock (tests move it) */
  now: () => Date;
  /** where headers' and the heartbeat's variables are read */
  env: NodeJS.ProcessEnv;
  /** every phase's end, on the monotonic clock (a wall clock set back mid-run moves none of them) */
  deadlines: JobDeadlines;
  /** when the run began: Date.now() (for the seconds it reports) and performance.now() (the deadlines' clock) */
  started: number;
  startedClock: number;
};

export type ServerEntry = { id: string; name: string; ip: string; location: string; check?: CheckConfig; dependsOn?: string[] };

/** A server that has a check, with its check as the job runs it. */
export type ServerCheck = { server: ServerEntry; target: CheckTarget };

/** What the editors' files say a run is to do (read and validated: runContent.ts). */
export type RunContent = {
  /** the servers that have a check, in servers.json's order */
  checks: ServerCheck[];
  defaults: CheckDefaults;
  notifications: NotificationsConfig | undefined;
  windows: MaintenanceWindow[];
  /** content/objectives.json (#48): their burn-rate alerts are notices */
  objectives: Objective[];
  acknowledgements: Acknowledgement[];
  job: JobSettings | undefined;
  /** a digest of what the checks follow from (a merge takes shards of the same content only) */
  digest: string;
};

/** What a run saw, from its own checks or from the shards' files, ready to apply. */
export type Observed = {
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
