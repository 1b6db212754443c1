/**
 * Files written whole: a temporary file beside each, flushed to the disk, then
 * renamed over the old one (atomic on one file system), so neither a reader nor
 * a crash ever sees half a file. A write that fails says which file and why in
 * words (a full disk, a read-only file system), and what it left as it was.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** A temporary file's name ends so: one found under the lock is a crashed run's, and goes. */
export const TEMPORARY = /\.tmp$/;

export const temporaryOf = (file: string) => `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;

/** Why the system refused a write, in words, by its error code. */
const REASONS: Record<string, string> = {
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is used up",
  EACCES: "permission was refused",
  EPERM: "the operation was not permitted",
  EROFS: "the file system is read-only",
  EIO: "the disk failed (an input/output error)",
  EFBIG: "the file would be larger than the file system allows",
  EISDIR: "a folder has its name",
  ENOTDIR: "a part of its path is not a folder",
  ENOENT: "its folder does not exist",
  EEXIST: "something else has its name",
  EMFILE: "this process has too many files open",
  ENFILE: "the system has too many files open",
  ENAMETOOLONG: "its name is too long",
  EBUSY: "it is in use",
};

const codeOf = (error: unknown): string | null => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : null;
};

/** A write the system refused: the file it was for, the system's code, and the error it gave (as `cause`). */
export class WriteError extends Error {
  constructor(
    readonly file: string,
    readonly code: string,
    message: string,
    cause: unknown,
  ) {
    super(message, { cause });
    this.name = "WriteError";
  }
}

/**
 * The system's refusal to write `file` as a WriteError that names the file and
 * says why in words, then what was left as it was (`left`); an error that is
 * not the system's (no code: the lock lost, say) or is a WriteError already is
 * returned as it is.
 */
export function writeFailure(file: string, error: unknown, left: string, verb = "written"): unknown {
  const code = codeOf(error);
  if (code === null || error instanceof WriteError) return error;
  const why = REASONS[code] ? `${REASONS[code]} (${code})` : error instanceof Error ? error.message : code;
  return new WriteError(file, code, `${file} could not be ${verb}: ${why}; ${left}`, error);
}

/** Removes a temporary file, saying nothing: one left over (a read-only disk) goes with the next run under the lock. */
function removeTemporary(temporary: string): void {
  try {
    fs.rmSync(temporary, { force: true });
  } catch {
    // left for removeStrayTemporaries (io/jobLock.ts)
  }
}

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
    removeTemporary(temporary);
    throw writeFailure(file, error, "it was left as it was");
  }
  flushFolder(path.dirname(file));
}

/**
 * Several files written whole, in order: each to a temporary file, all flushed
 * at once (one syncfs of the file system where the system has it: a thousand
 * fsyncs would cost a 1,000-server run a third of a second), then renamed in
 * the order given. A crash leaves every file either old or new, never torn.
 *
 * Nothing is renamed before every temporary file is written and flushed, so a
 * write that fails (a full disk, a read-only file system) leaves every file as
 * it was: its temporaries are removed and the error names the file that could
 * not be written. Only a rename can fail after some files were renamed (the
 * system refusing a rename in a folder it let us write in): the error then
 * says which were written.
 */
export function writeFilesAtomically(
  files: ReadonlyArray<readonly [string, string]>,
  beforeEach?: () => void,
  beforeRenames?: () => void,
): void {
  const staged: Array<[string, string]> = [];
  // The file being written, flushed or renamed when something fails, and how many were renamed before it.
  let current = "";
  let renamed = 0;
  try {
    for (const [file, text] of files) {
      // What the callbacks throw (the lock lost, or not renewed) is theirs, not a file's.
      current = "";
      beforeEach?.();
      current = file;
      const temporary = temporaryOf(file);
      staged.push([temporary, file]);
      fs.writeFileSync(temporary, text);
    }
    const folders = [...new Set(files.map(([file]) => path.dirname(file)))];
    // GNU sync -f: syncfs(2) on the folder's file system. Elsewhere (or when it reports an error), each file is flushed on its own.
    const flushed = folders.length > 0 && spawnSync("sync", ["-f", ...folders], { stdio: "ignore" }).status === 0;
    if (!flushed) {
      for (const [temporary, file] of staged) {
        current = file;
        const fd = fs.openSync(temporary, "r+");
        try {
          fs.fsyncSync(fd);
        } finally {
          fs.closeSync(fd);
        }
      }
    }
    current = "";
    beforeRenames?.();
    for (const [temporary, file] of staged) {
      current = file;
      fs.renameSync(temporary, file);
      renamed += 1;
    }
    for (const folder of folders) flushFolder(folder);
  } catch (error) {
    for (const [temporary] of staged.slice(renamed)) removeTemporary(temporary);
    if (current === "") throw error;
    const after = files.length - renamed - 1;
    throw writeFailure(
      current,
      error,
      renamed === 0
        ? "every file of this run was left as it was"
        : `the ${renamed} file(s) before it in this run's order were written; it and the ${after} after it were left as they were`,
    );
  }
}
