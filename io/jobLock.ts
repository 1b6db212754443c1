/**
 * One run at a time changes the job's files: content/checks/.lock, taken whole
 * (linked into place), renewed while its run lives, confirmed before each
 * write, and removed only by its holder; a lock whose holder died or hung
 * past two leases is broken without ever breaking a live one.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { checksDirectory, ensureKind, rollupsDirectory } from "./jobFiles";
import { TEMPORARY, temporaryOf, writeFailure } from "./writeWhole";

const LOCK = ".lock";
/** How long a lock holds without being renewed: past this, it is left over from a run that died or hung. */
const LOCK_DEADLINE_MS = 2 * 60_000;

type Warn = (message: string) => void;

/**
 * Temporary files a crashed run left in the job's folders (checks/ and
 * checks/servers/), removed under the lock (no other run is writing). A lock's
 * own temporaries are another run's taking of the lock: left to their owners.
 */
export function removeStrayTemporaries(contentDir: string, warn?: Warn): number {
  let removed = 0;
  for (const dir of [checksDirectory(contentDir), rollupsDirectory(contentDir)]) {
    // A file where the folder belongs holds no temporaries: readState moves it aside.
    if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) continue;
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
  try {
    fs.writeFileSync(mine, lockText(token, deadlineMs));
    fs.linkSync(mine, lockFile);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === "EEXIST") return false;
    throw writeFailure(lockFile, error, "the run wrote nothing", "taken");
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
  /** what is said when a path of the wrong kind is moved aside (checks/ a file); on the console as the job says warnings, by default */
  warn?: Warn;
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
  const { waitMs = LOCK_DEADLINE_MS, deadlineMs = LOCK_DEADLINE_MS, warn = (line: string) => console.warn(`warning: ${line}`) } = options;
  const dir = checksDirectory(contentDir);
  // checks/ a file (or anything but a folder): moved aside, nothing deleted, and the folder made, so the run goes on.
  ensureKind(dir, "folder", warn);
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw writeFailure(dir, error, "the run wrote nothing", "made");
  }
  const lockFile = path.join(dir, LOCK);
  // No run makes a folder of the lock's name, so one there is no run's lock: moved aside, or no run could ever take it.
  ensureKind(lockFile, "file", warn, ": a run takes the lock again");
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
    try {
      fs.writeFileSync(renewed, lockText(token, deadlineMs));
      fs.renameSync(renewed, lockFile);
    } catch (error) {
      fs.rmSync(renewed, { force: true });
      throw writeFailure(lockFile, error, "the run writes nothing more", "renewed");
    }
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
