/** @jest-environment node */
/**
 * A path of the job's of the wrong kind (#44): a file where checks/ or
 * checks/servers/ belongs, a folder where history.json or a server's rollups
 * or the lock belong. Each is moved aside (<name>.wrong-kind-<time>), nothing
 * deleted, with a warning that names it, and made again: the run goes on.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { formatRollup, readRollups, readState, writeState } from "../../../io/jobFiles";
import { removeStrayTemporaries, withLock } from "../../../io/jobLock";
import { emptyHistory, recordRun } from "../../../src/domain/checks/history";
import { emptyRollup } from "../../../src/domain/checks/rollups";

const content = () => fs.mkdtempSync(path.join(os.tmpdir(), "wrong-kind-"));
const asideOf = (folder: string, name: string) => fs.readdirSync(folder).filter((f) => f.startsWith(`${name}.wrong-kind-`));
const history = recordRun(emptyHistory(), new Date("2026-11-23T10:00:00Z"), [{ server: "a", status: "online", responseTime: 40 }]);

describe("a path of the wrong kind", () => {
  it("checks/servers a file: moved aside and made again, named in a warning; the run reads and writes on", () => {
    const dir = content();
    const checks = path.join(dir, "checks");
    fs.mkdirSync(checks);
    fs.writeFileSync(path.join(checks, "servers"), "not a folder");
    fs.writeFileSync(path.join(checks, "history.json"), `${JSON.stringify(history)}\n`);
    // the stray temporaries are looked for first, under the lock: a file there holds none
    expect(removeStrayTemporaries(dir)).toBe(0);

    const warnings: string[] = [];
    const state = readState(dir, (w) => warnings.push(w));
    expect(state.history).toEqual(history);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^\S+\/checks\/servers was a file where the job keeps a folder: it was moved to servers\.wrong-kind-\S+ \(nothing was deleted\) and the folder made again\.$/,
      ),
    ]);
    expect(warnings[0].startsWith(path.join(checks, "servers"))).toBe(true);
    expect(fs.statSync(path.join(checks, "servers")).isDirectory()).toBe(true);
    expect(fs.readFileSync(path.join(checks, asideOf(checks, "servers")[0]), "utf8")).toBe("not a folder");

    writeState(dir, { ...state, rollups: new Map([["a", emptyRollup("a")]]) });
    expect(fs.readdirSync(path.join(checks, "servers"))).toEqual(["a.json"]);
  });

  it("checks/history.json a folder: moved aside with what it holds, the history starts afresh (said), and is written again", () => {
    const dir = content();
    const checks = path.join(dir, "checks");
    fs.mkdirSync(path.join(checks, "history.json"), { recursive: true });
    fs.writeFileSync(path.join(checks, "history.json", "inside.txt"), "kept");
    const warnings: string[] = [];
    const state = readState(dir, (w) => warnings.push(w));
    expect(state.history).toEqual(emptyHistory());
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /\/checks\/history\.json was a folder where the job keeps a file: it was moved to history\.json\.wrong-kind-\S+ \(nothing was deleted\) and starts afresh: every server's hours and days/,
    );
    const [aside] = asideOf(checks, "history.json");
    expect(fs.readFileSync(path.join(checks, aside, "inside.txt"), "utf8")).toBe("kept");

    writeState(dir, { ...state, history });
    expect(JSON.parse(fs.readFileSync(path.join(checks, "history.json"), "utf8"))).toEqual(history);
  });

  it("a server's rollup file a folder: that one moved aside, the other servers read", () => {
    const dir = content();
    const folder = path.join(dir, "checks", "servers");
    fs.mkdirSync(path.join(folder, "a.json"), { recursive: true });
    fs.writeFileSync(path.join(folder, "b.json"), formatRollup(emptyRollup("b")));
    const warnings: string[] = [];
    const rollups = readRollups(dir, (w) => warnings.push(w));
    expect([...rollups.keys()]).toEqual(["b"]);
    expect(warnings).toEqual([
      expect.stringMatching(/\/servers\/a\.json was a folder where the job keeps a file: .* starts afresh: a loses/),
    ]);
    expect(asideOf(folder, "a.json")).toHaveLength(1);
  });

  it("checks/ itself a file: the lock moves it aside and makes the folder, so the run goes on", async () => {
    const dir = content();
    fs.writeFileSync(path.join(dir, "checks"), "a file where the folder should be");
    const warnings: string[] = [];
    await expect(withLock(dir, () => fs.statSync(path.join(dir, "checks")).isDirectory(), { warn: (w) => warnings.push(w) })).resolves.toBe(
      true,
    );
    expect(warnings).toEqual([
      expect.stringMatching(/\/checks was a file where the job keeps a folder: it was moved to checks\.wrong-kind-/),
    ]);
    expect(fs.readFileSync(path.join(dir, asideOf(dir, "checks")[0]), "utf8")).toBe("a file where the folder should be");
    // and the lock is gone with the run, the folder stays
    expect(fs.readdirSync(path.join(dir, "checks"))).toEqual([]);
  });

  it("checks/.lock a folder (no run makes one): moved aside, or no run could ever take the lock", async () => {
    const dir = content();
    fs.mkdirSync(path.join(dir, "checks", ".lock"), { recursive: true });
    const warnings: string[] = [];
    await expect(withLock(dir, () => "ran", { waitMs: 300, warn: (w) => warnings.push(w) })).resolves.toBe("ran");
    expect(warnings).toEqual([
      expect.stringMatching(/\/checks\/\.lock was a folder where the job keeps a file: it was moved to \.lock\.wrong-kind-/),
    ]);
  });
});
