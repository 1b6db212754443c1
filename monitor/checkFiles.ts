/**
 * The check job's files in content/checks/ (latest.json, alerts.json,
 * history.json, and servers/<id>.json: each server's rollups): read (a damaged
 * file is set aside, never lost, and the job starts that file afresh), written
 * whole (a temporary file, flushed to the disk, renamed over the old one, so
 * neither a reader nor a crash ever sees half a file), and changed by one run
 * at a time (a lock file, renewed while its run lives and removed only by it).
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { emptyHistory, type CheckHistory, type CheckHistoryV1 } from "../src/domain/checks/history";
import { rollupColumnsProblem, upgradeHistory, withMissingDays, type RollupSeries, type ServerRollup } from "../src/domain/checks/rollups";
import type { CheckState, LatestChecks } from "../src/domain/checks/run";
import { CHECK_FILES, CHECK_HISTORY_FILE, CHECK_ROLLUP_FILE, rollupFileName, serverOfRollupFile } from "../src/domain/content/files";
import { validators } from "../src/domain/content/schemaIssues";
import type { Alert } from "../src/domain/kernel/types";

const LOCK = ".lock";
/** How long a lock holds without being renewed: past this, it is left over from a run that died or hung. */
const LOCK_DEADLINE_MS = 2 * 60_000;
/** A temporary file's name ends so: one found under the lock is a crashed run's, and goes. */
const TEMPORARY = /\.tmp$/;

export const checksDirectory = (contentDir: string) => path.join(contentDir, "checks");
/** Where each server's rollups are kept: content/checks/servers/<id>.json. */
const rollupsDirectory = (contentDir: string) => path.join(contentDir, "checks", "servers");

const temporaryOf = (file: string) => `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;

/** A file's bytes written and flushed to the disk (a rename after it can never leave an empty or torn file). */
function writeFlushed(file: string, text: string): void {
  const fd = fs.openSync(file, "w");
  try {
    fs.writeFileSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** The folder's entries made durable too (a rename is an entry of its folder); where folders cannot be opened, nothing. */
function flushFolder(dir: string): void {
  try {
    const fd = fs.openSync(dir, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Not on this system (Windows): the rename is still atomic, only its durability waits for the system.
  }
}

/** Writes a file whole: a temporary file beside it, flushed, then a rename (atomic on one file system). */
export function writeFileAtomically(file: string, text: string): void {
  const temporary = temporaryOf(file);
  try {
    writeFlushed(temporary, text);
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
  flushFolder(path.dirname(file));
}

/**
 * Several files written whole, in order: each to a temporary file, all flushed
 * at once (one syncfs of the file system where the system has it: a thousand
 * fsyncs would cost a 1,000-server run a third of a second), then renamed in
 * the order given. A crash leaves every file either old or new, never torn.
 */
function writeFilesAtomically(files: ReadonlyArray<readonly [string, string]>, beforeEach?: () => void, beforeRenames?: () => void): void {
  const staged: Array<[string, string]> = [];
  try {
    for (const [file, text] of files) {
      beforeEach?.();
      const temporary = temporaryOf(file);
      staged.push([temporary, file]);
      fs.writeFileSync(temporary, text);
    }
    const folders = [...new Set(files.map(([file]) => path.dirname(file)))];
    // GNU sync -f: syncfs(2) on the folder's file system. Elsewhere, each file is flushed on its own.
    const flushed = folders.length > 0 && spawnSync("sync", ["-f", ...folders], { stdio: "ignore" }).status === 0;
    if (!flushed) {
      for (const [temporary] of staged) {
        const fd = fs.openSync(temporary, "r+");
        try {
          fs.fsyncSync(fd);
        } finally {
          fs.closeSync(fd);
        }
      }
    }
    beforeRenames?.();
    for (const [temporary, file] of staged) fs.renameSync(temporary, file);
    for (const folder of folders) flushFolder(folder);
  } catch (error) {
    for (const [temporary] of staged) fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Temporary files a crashed run left in the job's folders (checks/ and
 * checks/servers/), removed under the lock (no other run is writing). A lock's
 * own temporaries are another run's taking of the lock: left to their owners.
 */
export function removeStrayTemporaries(contentDir: string, warn?: Warn): number {
  let removed = 0;
  for (const dir of [checksDirectory(contentDir), rollupsDirectory(contentDir)]) {
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir)) {
      if (!TEMPORARY.test(name)) continue;
      const file = path.join(dir, name);
      // A lock's temporary may be another run taking the lock right now: only an old one is a crashed run's.
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (!stat || (name.startsWith(`${LOCK}.`) && Date.now() - stat.mtimeMs < 60_000)) continue;
      fs.rmSync(file, { force: true });
      removed += 1;
    }
  }
  if (removed > 0) warn?.(`removed ${removed} temporary file(s) a run that stopped while writing left in ${checksDirectory(contentDir)}.`);
  return removed;
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

/**
 * A file of the job, checked; a missing file is `fallback`, a damaged one is
 * set aside with a warning (which says what starting afresh costs, when given).
 */
export function readJobFile<T>(file: string, check: string | Checker, fallback: T, warn: Warn, cost = ""): T {
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
  warn(`${path.basename(file)} could not be read: ${problem}. It was moved to ${path.basename(aside)} and starts afresh${cost}.`);
  return fallback;
}

const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * history.json with one run per line: compact (pretty-printed it would be 2.5
 * times larger), and a run changes a few lines, so a repository that keeps the
 * file (as the GitHub workflow does) stores small differences.
 */
export function formatHistory(history: CheckHistory): string {
  const runs = history.runs.length === 0 ? "" : `\n${history.runs.map((run) => JSON.stringify(run)).join(",\n")}\n`;
  return `{"version":${history.version},\n"runs":[${runs}]}\n`;
}

/**
 * A server's rollups with one column per line: a run changes the ends of ten
 * lines, so a repository that keeps the folder stores small differences.
 */
export function formatRollup(rollup: ServerRollup): string {
  const series = (s: RollupSeries) =>
    `{"from":${JSON.stringify(s.from)},\n${(["up", "total", "answered", "median", "p95"] as const).map((k) => `"${k}":${JSON.stringify(s[k])}`).join(",\n")}}`;
  return `{"version":${rollup.version},"server":${JSON.stringify(rollup.server)},\n"hourly":${series(rollup.hourly)},\n"daily":${series(rollup.daily)}}\n`;
}

const rollupChecker: Checker = (value) => schemaChecker(CHECK_ROLLUP_FILE.name)(value) ?? rollupColumnsProblem(value as ServerRollup);

/** Every server's rollups in content/checks/servers/, by the id its file is named after (a damaged file is set aside: that server's older rollups start afresh). */
export function readRollups(contentDir: string, warn: Warn): Map<string, ServerRollup> {
  const dir = rollupsDirectory(contentDir);
  const rollups = new Map<string, ServerRollup>();
  if (!fs.existsSync(dir)) return rollups;
  for (const name of fs.readdirSync(dir).sort()) {
    const server = serverOfRollupFile(name);
    if (server === null) continue;
    const cost = `: ${server} loses its rollups older than the raw runs (48 hours), no other server loses anything`;
    const rollup = readJobFile<ServerRollup | null>(path.join(dir, name), rollupChecker, null, warn, cost);
    // The file's name says whose it is (a file renamed after its server keeps its history).
    if (rollup) rollups.set(server, { ...rollup, server });
  }
  return rollups;
}

/** What the job kept from its earlier runs; a history.json of version 1 is converted (its day tallies become daily rollups). */
export function readState(contentDir: string, warn: Warn): CheckState {
  const dir = checksDirectory(contentDir);
  const [latest, alerts] = CHECK_FILES;
  const read = readJobFile<CheckHistory | CheckHistoryV1>(
    path.join(dir, "history.json"),
    CHECK_HISTORY_FILE.name,
    emptyHistory(),
    warn,
    // The rollups of the raw window are worked out again from the raw runs at every run (domain/checks/rollups.ts).
    ": every server's hours and days of the last 48 hours now hold only the runs from here on (older ones are kept)",
  );
  const rollups = readRollups(contentDir, warn);
  let history: CheckHistory;
  if (read.version === 1) {
    const upgraded = upgradeHistory(read);
    history = upgraded.history;
    for (const [server, days] of upgraded.rollups) {
      const stored = rollups.get(server);
      rollups.set(server, stored ? withMissingDays(stored, days) : days);
    }
    warn(
      `history.json was of version 1: its day tallies (${Object.keys(read.days).length} days) become daily rollups in servers/<id>.json, its runs stay; it is written as version 2.`,
    );
  } else {
    history = read;
  }
  return {
    history,
    latest: readJobFile<LatestChecks | null>(path.join(dir, "latest.json"), latest.name, null, warn),
    alerts: readJobFile<Alert[]>(path.join(dir, "alerts.json"), alerts.name, [], warn),
    rollups,
  };
}

/**
 * Writes the state. alerts.json first: a run that stops after it is recognised
 * by the next (its alert is newer than the history's last run) and not alerted
 * twice. Then history.json, then each server's rollups: a run that stops before
 * its rollups loses nothing, since the next run works out every hour and day of
 * the raw window again from history.json. latest.json last, so a build never
 * sees results the history and rollups do not hold.
 */
export function writeState(contentDir: string, state: CheckState, lock?: HeldLock): void {
  const dir = checksDirectory(contentDir);
  if (state.rollups.size > 0) fs.mkdirSync(rollupsDirectory(contentDir), { recursive: true });
  const files: Array<readonly [string, string]> = [
    [path.join(dir, "alerts.json"), pretty(state.alerts)],
    [path.join(dir, "history.json"), formatHistory(state.history)],
    ...[...state.rollups].map(
      ([server, rollup]) => [path.join(rollupsDirectory(contentDir), rollupFileName(server)), formatRollup(rollup)] as const,
    ),
  ];
  // latest.json is never written empty: a run that has no results of its own (one that came late) leaves the newer one.
  if (state.latest !== null) files.push([path.join(dir, "latest.json"), pretty(state.latest)]);
  // Writing 10,000 files stands the event loop still: the lock is renewed (and checked still ours) as it goes.
  let written = 0;
  lock?.confirm();
  writeFilesAtomically(files, lock ? () => (++written % 500 === 0 ? lock.confirm() : undefined) : undefined, lock?.confirm);
  lock?.confirm();
}

/** What a lock file says: who holds it (process, machine, and a token of its own), since when and until when. */
type LockHolder = { pid: number; host?: string; token?: string; at: number; until: number };

/**
 * Whether a lock's holder is gone: it held the lock past its deadline without
 * renewing it, or its process no longer runs on this machine. A lock that
 * cannot be read (an older version's, caught mid-write) is stale only once it
 * is older than any run's deadline.
 */
export function lockIsStale(text: string, writtenAt: number, now = Date.now()): boolean {
  let holder: LockHolder;
  try {
    holder = JSON.parse(text) as LockHolder;
  } catch {
    return now - writtenAt > LOCK_DEADLINE_MS;
  }
  // An older version's lock says when it was taken, not until when. A lock is stale only when a second lease has passed
  // unrenewed too: a run the machine stood still for a moment keeps it.
  const until = typeof holder.until === "number" ? holder.until : Number(holder.at) + LOCK_DEADLINE_MS;
  const lease = typeof holder.until === "number" ? holder.until - Number(holder.at) : LOCK_DEADLINE_MS;
  if (!(now <= until + (Number.isFinite(lease) && lease > 0 ? lease : LOCK_DEADLINE_MS))) return true;
  // A process id means something only on the machine that wrote it (a folder shared between machines).
  if (holder.host !== undefined && holder.host !== os.hostname()) return false;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    // No such process (ESRCH); EPERM means it runs under another user.
    return (error as { code?: string }).code !== "EPERM";
  }
}

const lockText = (token: string, deadlineMs: number) => {
  const now = Date.now();
  return JSON.stringify({ pid: process.pid, host: os.hostname(), token, at: now, until: now + deadlineMs } satisfies LockHolder);
};

/** Takes the lock, whole: its JSON is written to a file of our own, then linked into place (fails if it exists). */
function tryLock(lockFile: string, token: string, deadlineMs: number): boolean {
  const mine = `${lockFile}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  fs.writeFileSync(mine, lockText(token, deadlineMs));
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

/** The token of the lock's holder as the file says it now; null when there is none or it cannot be read. */
function holderToken(lockFile: string): string | null {
  try {
    return (JSON.parse(fs.readFileSync(lockFile, "utf8")) as LockHolder).token ?? null;
  } catch {
    return null;
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

/** The lock lost: another run took it (this one stood still past its deadline). Whatever was not written yet is not. */
class LockLostError extends Error {}

/** The lock as its holder sees it: renewed on a timer, and checked (and renewed) before each write. */
export type HeldLock = {
  /** renews the lock now; throws LockLostError when the file is no longer ours */
  confirm: () => void;
};

export type LockOptions = {
  /** how long to wait for another run's lock (2 minutes) */
  waitMs?: number;
  /** how long the lock holds unrenewed (2 minutes); it is renewed every quarter of it */
  deadlineMs?: number;
};

/**
 * Runs `fn` holding content/checks/.lock; waits up to `waitMs` for another run
 * to finish, then gives up (another run is working: this one writes nothing).
 * While `fn` runs the lock is renewed every quarter of its deadline, so a long
 * run is never taken for a dead one; `fn` is given the lock to confirm before
 * each write, which fails if another run has taken it. The lock is removed at
 * the end only if it is still this run's.
 */
export async function withLock<T>(contentDir: string, fn: (lock: HeldLock) => T | Promise<T>, options: LockOptions = {}): Promise<T> {
  const { waitMs = LOCK_DEADLINE_MS, deadlineMs = LOCK_DEADLINE_MS } = options;
  const dir = checksDirectory(contentDir);
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, LOCK);
  const token = randomUUID();
  const deadline = Date.now() + waitMs;
  while (!tryLock(lockFile, token, deadlineMs)) {
    let text: string;
    let writtenAt: number;
    if (Date.now() > deadline) throw new Error(`another check run holds ${lockFile}; it did not finish within ${waitMs / 1000} s`);
    try {
      text = fs.readFileSync(lockFile, "utf8");
      writtenAt = fs.statSync(lockFile).mtimeMs;
    } catch (error) {
      // Released meanwhile (taken again at once); anything else (a lock that cannot be read) is waited out like a held one.
      if ((error as { code?: string }).code === "ENOENT") continue;
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    if (lockIsStale(text, writtenAt)) {
      breakStaleLock(lockFile, text);
      continue;
    }
    if (Date.now() > deadline) throw new Error(`another check run holds ${lockFile}; it did not finish within ${waitMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  let lost = false;
  /** The lock's holder now; a lock moved aside for a moment by a run that checks it for staleness is waited for. */
  const holderNow = () => {
    for (let tries = 0; tries < 20; tries += 1) {
      const holder = holderToken(lockFile);
      if (holder !== null) return holder;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
    return null;
  };
  const confirm = () => {
    if (lost || holderNow() !== token) {
      lost = true;
      throw new LockLostError(`another check run took ${lockFile} while this one stood still past the lock's deadline`);
    }
    // Replaced whole (a rename), so a reader never sees half a lock.
    const renewed = temporaryOf(`${lockFile}.renew`);
    fs.writeFileSync(renewed, lockText(token, deadlineMs));
    fs.renameSync(renewed, lockFile);
  };
  const renewal = setInterval(() => {
    try {
      confirm();
    } catch {
      // Lost: the next confirm() before a write says so.
    }
  }, deadlineMs / 4);
  try {
    return await fn({ confirm });
  } finally {
    clearInterval(renewal);
    // Only our own lock is removed: one another run took over is that run's.
    if (!lost && holderToken(lockFile) === token) fs.rmSync(lockFile, { force: true });
  }
}
