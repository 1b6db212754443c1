/** @jest-environment node */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { formatHistory, withLock } from "../../../monitor/checkFiles";
import { emptyHistory, recordRun } from "../../../src/model/checkHistory";

describe("formatHistory", () => {
  const history = [0, 1, 2].reduce(
    (h, i) =>
      recordRun(h, new Date(Date.UTC(2026, 10, 22, 10 + 12 * i)), [
        { server: "a", status: "online", responseTime: 40 + i },
        { server: "b", status: "offline", responseTime: 0 },
      ]),
    emptyHistory(),
  );

  it("reads back as the same history", () => {
    expect(JSON.parse(formatHistory(history))).toEqual(history);
    expect(JSON.parse(formatHistory(emptyHistory()))).toEqual(emptyHistory());
  });

  it("keeps one run, and one day, per line, so a run changes few lines", () => {
    const lines = formatHistory(history).trimEnd().split("\n");
    expect(lines.filter((l) => l.startsWith('{"at":'))).toHaveLength(3);
    expect(lines.filter((l) => /^"\d{4}-\d{2}-\d{2}":/.test(l))).toHaveLength(2);
    // and five lines of frame: the version, the two openings, the two closings
    expect(lines).toHaveLength(3 + 2 + 5);
  });
});

describe("withLock", () => {
  const dir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), "lock-"));
    fs.mkdirSync(path.join(d, "checks"));
    return d;
  };

  it("takes over a lock left by a run that died", async () => {
    const content = dir();
    // A process id that is not running.
    fs.writeFileSync(path.join(content, "checks", ".lock"), JSON.stringify({ pid: 2 ** 22 + 7, at: Date.now() }));
    await expect(withLock(content, () => "ran", 1000)).resolves.toBe("ran");
    expect(fs.existsSync(path.join(content, "checks", ".lock"))).toBe(false);
  });

  it("waits for a live holder, and gives up after the wait with a message that names the lock", async () => {
    const content = dir();
    fs.writeFileSync(path.join(content, "checks", ".lock"), JSON.stringify({ pid: process.pid, at: Date.now() }));
    await expect(withLock(content, () => "ran", 300)).rejects.toThrow(/another check run holds .*\.lock; it did not finish within 0\.3 s/);
  });

  it("releases the lock when the work throws", async () => {
    const content = dir();
    await expect(
      withLock(content, () => {
        throw new Error("disk full");
      }),
    ).rejects.toThrow("disk full");
    expect(fs.existsSync(path.join(content, "checks", ".lock"))).toBe(false);
  });
});
