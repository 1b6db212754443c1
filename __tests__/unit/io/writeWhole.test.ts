/** @jest-environment node */
/**
 * Writes that fail (#44): a full disk, a read-only file system, a refused
 * permission. The error names the file that could not be written and says why
 * in words; every file is left as it was, byte for byte, and no temporary file
 * stays. A full disk is a real one (a 64 KB tmpfs) where this machine lets the
 * test mount one, else the system's error is injected; the injected variants
 * always run too.
 */
import { spawnSync } from "node:child_process";
import childProcess from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeState } from "../../../io/jobFiles";
import { withLock } from "../../../io/jobLock";
import { writeFileAtomically, writeFilesAtomically, WriteError } from "../../../io/writeWhole";
import { emptyHistory, recordRun, type CheckHistory } from "../../../src/domain/checks/history";
import { emptyRollup } from "../../../src/domain/checks/rollups";
import type { CheckState } from "../../../src/domain/checks/run";

afterEach(() => jest.restoreAllMocks());

/** An error as Node's fs gives it for a refused system call. */
const systemError = (code: string, syscall = "write") =>
  Object.assign(new Error(`${code}: refused, ${syscall}`), { code, errno: -1, syscall }) as NodeJS.ErrnoException;

/** Every file under a folder with its bytes. */
function snapshot(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else files.set(path.relative(dir, file), fs.readFileSync(file));
    }
  };
  walk(dir);
  return files;
}

/** A content folder whose job files hold a first run: what a failed write must leave as it was. */
function contentIn(dir: string): string {
  const checks = path.join(dir, "checks");
  fs.mkdirSync(path.join(checks, "servers"), { recursive: true });
  fs.writeFileSync(path.join(checks, "alerts.json"), "[]\n");
  fs.writeFileSync(path.join(checks, "history.json"), '{"version":2,\n"runs":[]}\n');
  fs.writeFileSync(path.join(checks, "servers", "a.json"), "old rollups\n");
  return dir;
}

/** A run's state large enough (about 200 KB of history) to fill a 64 KB disk. */
function bigState(): CheckState {
  let history: CheckHistory = emptyHistory();
  const servers = Array.from({ length: 40 }, (_, i) => `srv-${i}`);
  for (let r = 0; r < 120; r += 1) {
    history = recordRun(
      history,
      new Date(Date.UTC(2026, 10, 22) + r * 300_000),
      servers.map((server, i) => ({ server, status: "online", responseTime: 100 + ((r * i) % 97) })),
    );
  }
  return { history, latest: null, alerts: [], rollups: new Map([["a", emptyRollup("a")]]) };
}

/**
 * A full disk: a 64 KB tmpfs where this process may mount one (root in a
 * sandbox), else a folder where every write of a temporary file of history.json
 * is refused with ENOSPC (injected). Never skipped: one or the other runs.
 */
function fullDisk(): { dir: string; how: "tmpfs" | "injected"; release: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "full-disk-"));
  const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir], { stdio: "ignore" }).status === 0;
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  if (mounted) return { dir, how: "tmpfs", release: () => spawnSync("umount", [dir], { stdio: "ignore" }).status === 0 && remove() };
  return { dir, how: "injected", release: remove };
}

function injectFullDisk() {
  const write = fs.writeFileSync;
  jest.spyOn(fs, "writeFileSync").mockImplementation((file, ...rest) => {
    if (String(file).includes("history.json.") && String(file).endsWith(".tmp")) throw systemError("ENOSPC");
    return write(file, ...rest);
  });
}

describe("a full disk", () => {
  const expectLeftAsItWas = (dir: string, before: Map<string, Buffer>, how: "tmpfs" | "injected", run: () => void) => {
    let thrown: unknown;
    try {
      run();
    } catch (error) {
      thrown = error;
    }
    // a real disk's refusal when it is one (errno -28), the injected one's otherwise
    if (how === "tmpfs") expect(((thrown as Error).cause as NodeJS.ErrnoException).errno).toBe(-28);
    expect((thrown as Error | undefined)?.message).toBe(
      `${path.join(dir, "checks", "history.json")} could not be written: the disk is full (ENOSPC); every file of this run was left as it was`,
    );
    const after = snapshot(dir);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [file, bytes] of before) expect(after.get(file)!.equals(bytes)).toBe(true);
  };

  it("(a real one where a tmpfs can be mounted, else injected): the error names history.json, every file is left as it was", () => {
    const disk = fullDisk();
    try {
      const dir = contentIn(disk.dir);
      const before = snapshot(dir);
      if (disk.how === "injected") injectFullDisk();
      expectLeftAsItWas(dir, before, disk.how, () => writeState(dir, bigState()));
      // and the next run, with room again, writes them all
      jest.restoreAllMocks();
      if (disk.how === "tmpfs") spawnSync("mount", ["-o", "remount,size=1m", disk.dir], { stdio: "ignore" });
      writeState(dir, bigState());
      expect(JSON.parse(fs.readFileSync(path.join(dir, "checks", "history.json"), "utf8"))).toEqual(bigState().history);
    } finally {
      disk.release();
    }
  });

  it("(injected, always): the same words, the same files left as they were", () => {
    const dir = contentIn(fs.mkdtempSync(path.join(os.tmpdir(), "full-disk-")));
    const before = snapshot(dir);
    injectFullDisk();
    expectLeftAsItWas(dir, before, "injected", () => writeState(dir, bigState()));
  });
});

describe("writeFilesAtomically", () => {
  const folder = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "write-whole-"));
    for (const name of ["a.json", "b.json", "c.json"]) fs.writeFileSync(path.join(dir, name), `old ${name}\n`);
    return dir;
  };
  const files = (dir: string) => ["a.json", "b.json", "c.json"].map((name) => [path.join(dir, name), `new ${name}\n`] as const);

  /** What the write did, in order: each temporary written, the flush, each rename. */
  function record(syncWorks: boolean) {
    const events: string[] = [];
    const write = fs.writeFileSync;
    const rename = fs.renameSync;
    const fsync = fs.fsyncSync;
    const spawn = childProcess.spawnSync;
    jest.spyOn(fs, "writeFileSync").mockImplementation((file, ...rest) => {
      events.push(`write ${path.basename(String(file)).slice(0, 6)}`);
      return write(file, ...rest);
    });
    jest.spyOn(fs, "renameSync").mockImplementation((from, to) => {
      events.push(`rename ${path.basename(String(to))}`);
      return rename(from, to);
    });
    jest.spyOn(fs, "fsyncSync").mockImplementation((fd) => {
      events.push("fsync");
      return fsync(fd);
    });
    jest.spyOn(childProcess, "spawnSync").mockImplementation(((command: string, args: readonly string[], options: object) => {
      events.push(`${command} ${args[0]}`);
      return syncWorks ? spawn(command, args, options) : { status: 1, pid: 0, output: [], stdout: "", stderr: "", signal: null };
    }) as typeof childProcess.spawnSync);
    return events;
  }

  it.each([
    ["with sync -f (syncfs)", true],
    ["each file fsynced where sync -f is not there", false],
  ])("writes and flushes every temporary before it renames any (%s)", (_label, syncWorks) => {
    const dir = folder();
    const events = record(syncWorks);
    writeFilesAtomically(files(dir));
    const flush = syncWorks ? ["sync -f"] : ["sync -f", "fsync", "fsync", "fsync"];
    expect(events.slice(0, 3 + flush.length)).toEqual(["write a.json", "write b.json", "write c.json", ...flush]);
    expect(events.slice(3 + flush.length, 6 + flush.length)).toEqual(["rename a.json", "rename b.json", "rename c.json"]);
    for (const [file, text] of files(dir)) expect(fs.readFileSync(file, "utf8")).toBe(text);
  });

  it.each([
    ["EACCES", "permission was refused (EACCES)"],
    ["EROFS", "the file system is read-only (EROFS)"],
    ["EDQUOT", "the disk quota is used up (EDQUOT)"],
    ["EWHATEVER", "EWHATEVER: refused, write"],
  ])("a write refused (%s) before any rename: named and said, nothing renamed, every file as it was, no temporary left", (code, words) => {
    const dir = folder();
    const write = fs.writeFileSync;
    jest.spyOn(fs, "writeFileSync").mockImplementation((file, ...rest) => {
      if (String(file).includes("c.json.")) throw systemError(code);
      return write(file, ...rest);
    });
    const rename = jest.spyOn(fs, "renameSync");
    let thrown: unknown;
    try {
      writeFilesAtomically(files(dir));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(WriteError);
    expect((thrown as Error).message).toBe(
      `${path.join(dir, "c.json")} could not be written: ${words}; every file of this run was left as it was`,
    );
    expect((thrown as WriteError).file).toBe(path.join(dir, "c.json"));
    expect(((thrown as Error).cause as NodeJS.ErrnoException).code).toBe(code);
    expect(rename).not.toHaveBeenCalled();
    expect(fs.readdirSync(dir).sort()).toEqual(["a.json", "b.json", "c.json"]);
    for (const name of ["a.json", "b.json", "c.json"]) expect(fs.readFileSync(path.join(dir, name), "utf8")).toBe(`old ${name}\n`);
  });

  it("a flush that fails (EIO) is a failure before any rename too: the file named, nothing renamed", () => {
    const dir = folder();
    const events = record(false);
    let fsyncs = 0;
    (fs.fsyncSync as jest.Mock).mockImplementation(() => {
      fsyncs += 1;
      if (fsyncs === 2) throw systemError("EIO", "fsync");
    });
    expect(() => writeFilesAtomically(files(dir))).toThrow(
      `${path.join(dir, "b.json")} could not be written: the disk failed (an input/output error) (EIO); every file of this run was left as it was`,
    );
    expect(events.filter((e) => e.startsWith("rename"))).toEqual([]);
    expect(fs.readdirSync(dir).sort()).toEqual(["a.json", "b.json", "c.json"]);
  });

  it("a rename refused after others: says which were written and which were left, and leaves no temporary", () => {
    const dir = folder();
    const rename = fs.renameSync;
    jest.spyOn(fs, "renameSync").mockImplementation((from, to) => {
      if (String(to).endsWith("b.json")) throw systemError("EACCES", "rename");
      return rename(from, to);
    });
    expect(() => writeFilesAtomically(files(dir))).toThrow(
      `${path.join(dir, "b.json")} could not be written: permission was refused (EACCES); the 1 file(s) before it in this run's order were written; it and the 1 after it were left as they were`,
    );
    expect(fs.readdirSync(dir).sort()).toEqual(["a.json", "b.json", "c.json"]);
    expect(["a.json", "b.json", "c.json"].map((name) => fs.readFileSync(path.join(dir, name), "utf8"))).toEqual([
      "new a.json\n",
      "old b.json\n",
      "old c.json\n",
    ]);
  });

  it("what a callback throws (the lock lost) is passed on as it is, and the temporaries go", () => {
    const dir = folder();
    const lost = new Error("another check run took the lock");
    expect(() =>
      writeFilesAtomically(files(dir), undefined, () => {
        throw lost;
      }),
    ).toThrow(lost);
    expect(fs.readdirSync(dir).sort()).toEqual(["a.json", "b.json", "c.json"]);
  });
});

describe("writeFileAtomically", () => {
  it("a full disk: the file named, left as it was, no temporary", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "write-one-"));
    const file = path.join(dir, "notify-state.json");
    fs.writeFileSync(file, "old\n");
    const write = fs.writeFileSync;
    jest.spyOn(fs, "writeFileSync").mockImplementation((target, ...rest) => {
      if (typeof target === "number") throw systemError("ENOSPC");
      return write(target, ...rest);
    });
    expect(() => writeFileAtomically(file, "new\n")).toThrow(
      `${file} could not be written: the disk is full (ENOSPC); it was left as it was`,
    );
    expect(fs.readdirSync(dir)).toEqual(["notify-state.json"]);
    expect(fs.readFileSync(file, "utf8")).toBe("old\n");
  });
});

describe("the lock on a full disk", () => {
  it("a renewal that cannot be written names the lock and stops the run's writes", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-full-"));
    const lockFile = path.join(dir, "checks", ".lock");
    await expect(
      withLock(dir, (lock) => {
        const write = fs.writeFileSync;
        jest.spyOn(fs, "writeFileSync").mockImplementation((file, ...rest) => {
          if (String(file).includes(".lock.renew")) throw systemError("ENOSPC");
          return write(file, ...rest);
        });
        lock.confirm();
      }),
    ).rejects.toThrow(`${lockFile} could not be renewed: the disk is full (ENOSPC); the run writes nothing more`);
    jest.restoreAllMocks();
    expect(fs.readdirSync(path.join(dir, "checks"))).toEqual([]);
  });
});
