/**
 * The check job's files in content/checks/: read (a damaged file is set aside,
 * never lost, and the job starts that file afresh), written whole (a temporary
 * file renamed over the old one, so a reader never sees half a file), and
 * changed by one run at a time (a lock file).
 */
import fs from "node:fs";
import path from "node:path";
import { emptyHistory, type CheckHistory } from "../src/model/checkHistory";
import type { CheckState, LatestChecks } from "../src/model/checkRun";
import { CHECK_FILES, CHECK_HISTORY_FILE } from "../src/model/contentFiles";
import { validators } from "../src/model/schemaIssues";
import type { Alert } from "../src/model/types";

const LOCK = ".lock";
/** How long a run may hold the lock: past this, its lock is left over from a run that died or hung. */
const LOCK_DEADLINE_MS = 2 * 60_000;

export const checksDirectory = (contentDir: string) => path.join(contentDir, "checks");

/** Writes a file whole: a temporary file beside it, then a rename (atomic on one file system). */
export function writeFileAtomically(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    fs.writeFileSync(temporary, text);
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

type Warn = (message: string) => void;

/** Why a file's value is not what the job expects, or null: a schema's check, or the job's own. */
type Checker = (value: unknown) => string | null;

const schemaChecker =
  (name: string): Checker =>
  (value) => {
    const validate = validators().get(name)!;
    return validate(value)
      ? null
      : `it does not match its schema (${validate.errors?.[0]?.instancePath || "/"} ${validate.errors?.[0]?.message ?? ""})`;
  };

/** A file of the job, checked; a missing file is `fallback`, a damaged one is set aside with a warning. */
export function readJobFile<T>(file: string, check: string | Checker, fallback: T, warn: Warn): T {
  if (!fs.existsSync(file)) return fallback;
  let value: unknown;
  let problem: string | null = null;
  try {
    value = JSON.parse(fs.readFileSync(file, "utf8"));
    problem = (typeof check === "string" ? schemaChecker(check) : check)(value);
  } catch (error) {
    problem = `it is not valid JSON (${error instanceof Error ? error.message : String(error)})`;
  }
  if (problem === null) return value as T;
  const aside = `${file}.damaged-${new Date().toISOString().replace(/[:.]/g, "-")}`;
  fs.renameSync(file, aside);
  warn(`${path.basename(file)} could not be read: ${problem}. It was moved to ${path.basename(aside)} and starts afresh.`);
  return fallback;
}

const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * history.json with one run, and one day, per line: compact (4 MB pretty-printed
 * becomes 1.6 MB at 100 servers), and a run changes a few lines, so a repository
 * that keeps the file (as the GitHub workflow does) stores small differences.
 */
export function formatHistory(history: CheckHistory): string {
  const lines = (entries: string[]) => (entries.length === 0 ? "" : `\n${entries.join(",\n")}\n`);
  const runs = lines(history.runs.map((run) => JSON.stringify(run)));
  const days = lines(Object.entries(history.days).map(([date, tallies]) => `${JSON.stringify(date)}:${JSON.stringify(tallies)}`));
  return `{"version":${history.version},\n"runs":[${runs}],\n"days":{${days}}}\n`;
}

/** What the job kept from its earlier runs. */
export function readState(contentDir: string, warn: Warn): CheckState {
  const dir = checksDirectory(contentDir);
  const [latest, alerts] = CHECK_FILES;
  return {
    history: readJobFile<CheckHistory>(path.join(dir, "history.json"), CHECK_HISTORY_FILE.name, emptyHistory(), warn),
    latest: readJobFile<LatestChecks | null>(path.join(dir, "latest.json"), latest.name, null, warn),
    alerts: readJobFile<Alert[]>(path.join(dir, "alerts.json"), alerts.name, [], warn),
  };
}

/**
 * Writes the state. alerts.json first: a run that stops after it is recognised
 * by the next (its alert is newer than the history's last run) and not alerted
 * twice. latest.json last, so a build never sees results the history does not hold.
 */
export function writeState(contentDir: string, state: CheckState): void {
  const dir = checksDirectory(contentDir);
  writeFileAtomically(path.join(dir, "alerts.json"), pretty(state.alerts));
  writeFileAtomically(path.join(dir, "history.json"), formatHistory(state.history));
  writeFileAtomically(path.join(dir, "latest.json"), pretty(state.latest));
}

type LockHolder = { pid: number; at: number; until: number };

/**
 * Whether a lock's holder is gone: its process no longer runs, or it held the
 * lock past its deadline. A lock that cannot be read (an older version's,
 * caught mid-write) is stale only once it is older than any run's deadline.
 */
export function lockIsStale(text: string, writtenAt: number, now = Date.now()): boolean {
  let holder: LockHolder;
  try {
    holder = JSON.parse(text) as LockHolder;
  } catch {
    return now - writtenAt > LOCK_DEADLINE_MS;
  }
  // An older version's lock says when it was taken, not until when.
  const until = typeof holder.until === "number" ? holder.until : Number(holder.at) + LOCK_DEADLINE_MS;
  if (!(now <= until)) return true;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    // No such process (ESRCH); EPERM means it runs under another user.
    return (error as { code?: string }).code !== "EPERM";
  }
}

/** Takes the lock, whole: its JSON is written to a file of our own, then linked into place (fails if it exists). */
function tryLock(lockFile: string): boolean {
  const mine = `${lockFile}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const now = Date.now();
  fs.writeFileSync(mine, JSON.stringify({ pid: process.pid, at: now, until: now + LOCK_DEADLINE_MS } satisfies LockHolder));
  try {
    fs.linkSync(mine, lockFile);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code !== "EEXIST") throw error;
    return false;
  } finally {
    fs.rmSync(mine, { force: true });
  }
}

/**
 * Removes a stale lock without ever removing a live one: the lock is moved
 * aside (atomic), and put back if what was moved is not the stale lock that was
 * read (another run took the lock meanwhile).
 */
function breakStaleLock(lockFile: string, staleText: string): void {
  const aside = `${lockFile}.stale-${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    fs.renameSync(lockFile, aside);
  } catch {
    return; // gone already
  }
  if (fs.readFileSync(aside, "utf8") !== staleText) {
    try {
      fs.linkSync(aside, lockFile);
    } catch {
      // A third run has the lock now; the one moved aside keeps its own deadline in vain, and nothing is written twice.
    }
  }
  fs.rmSync(aside, { force: true });
}

/** Runs `fn` holding content/checks/.lock; waits up to `waitMs` for another run to finish. */
export async function withLock<T>(contentDir: string, fn: () => T | Promise<T>, waitMs = LOCK_DEADLINE_MS): Promise<T> {
  const dir = checksDirectory(contentDir);
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, LOCK);
  const deadline = Date.now() + waitMs;
  while (!tryLock(lockFile)) {
    let text: string;
    let writtenAt: number;
    try {
      text = fs.readFileSync(lockFile, "utf8");
      writtenAt = fs.statSync(lockFile).mtimeMs;
    } catch {
      continue; // released meanwhile
    }
    if (lockIsStale(text, writtenAt)) {
      breakStaleLock(lockFile, text);
      continue;
    }
    if (Date.now() > deadline) throw new Error(`another check run holds ${lockFile}; it did not finish within ${waitMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lockFile, { force: true });
  }
}
