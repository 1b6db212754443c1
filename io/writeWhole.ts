/**
 * Files written whole: a temporary file beside each, flushed to the disk, then
 * renamed over the old one (atomic on one file system), so neither a reader nor
 * a crash ever sees half a file.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** A temporary file's name ends so: one found under the lock is a crashed run's, and goes. */
export const TEMPORARY = /\.tmp$/;

export const temporaryOf = (file: string) => `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;

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
export function writeFilesAtomically(
  files: ReadonlyArray<readonly [string, string]>,
  beforeEach?: () => void,
  beforeRenames?: () => void,
): void {
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
