/**
 * npm run bench:repo [-- <servers, default 100>] [--days N, default 7]
 *
 * How much a repository grows with the check job's files (#32): a simulated
 * stretch of 5-minute runs of the real job (its run, history, rollups, alerts
 * and files, in this process with a clock that moves five minutes a run and
 * answers made up per server: mostly up, now and then slow or down), each run's
 * content/checks/ kept in git two ways:
 *  - on the main branch, one commit a run (the workflow before #32);
 *  - on a data branch as one commit without a parent, force-pushed each run
 *    (the workflow now): the commits left behind are unreachable.
 * Each repository's size is measured as git stores it (the objects, loose and
 * packed) after the runs, and after `git gc --prune=now` (what a host keeps once
 * it collects garbage); a year is extrapolated from the stretch, linearly.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runChecks } from "../monitor/run/runChecks";
import type { CheckTarget } from "../src/domain/checks/definition";
import type { ProbeOutcome } from "../src/domain/checks/outcome";
import { generateFleet } from "./generatedFleet";
import { seededRandom } from "./seededRandom";
import { writeDocTable } from "./docTable.mjs";

const root = path.resolve(__dirname, "..");
const args = process.argv.slice(2);
const count = Number(args.find((a, i) => /^\d+$/.test(a) && !args[i - 1]?.startsWith("--")) ?? 100);
const daysAt = args.indexOf("--days");
const days = daysAt >= 0 ? Number(args[daysAt + 1]) : 7;
const RUN_MS = 5 * 60_000;

function git(cwd: string, gitArgs: string[], env: NodeJS.ProcessEnv = {}): string {
  const result = spawnSync("git", gitArgs, { cwd, env: { ...process.env, ...env }, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`git ${gitArgs.join(" ")} failed: ${result.stderr}`);
  return result.stdout.trim();
}

/** The bytes git stores for a repository: its objects folder, loose and packed. */
function objectBytes(gitDir: string): number {
  let total = 0;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else total += fs.statSync(full).size;
    }
  };
  walk(path.join(gitDir, "objects"));
  return total;
}

const mb = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.round(bytes / 1024)} KB`
    : bytes < 1024 ** 3
      ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
      : `${(bytes / 1024 ** 3).toFixed(1)} GB`;

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-repo-"));
  // The job's folder on a memory file system where there is one: its writes wait for the disk (fsync) and change no
  // byte; the repositories stay on disk (they grow to gigabytes).
  const content = fs.mkdtempSync(path.join(fs.existsSync("/dev/shm") ? "/dev/shm" : work, "bench-repo-content-"));
  for (const name of fs.readdirSync(path.join(root, "content")).filter((f) => f.endsWith(".json"))) {
    fs.copyFileSync(path.join(root, "content", name), path.join(content, name));
  }
  const { servers } = generateFleet(count, 11);
  fs.writeFileSync(
    path.join(content, "servers.json"),
    JSON.stringify(servers.map((s) => ({ ...s, check: { url: `https://${s.id}.example.org/health` } }))),
  );
  fs.writeFileSync(path.join(content, "alerts.json"), "[]");
  const checks = path.join(content, "checks");

  // The old way: a repository whose branch gets a commit of content/checks every run.
  const old = path.join(work, "main-commits");
  fs.mkdirSync(old);
  git(old, ["init", "--quiet", "-b", "main"]);
  // The new way: a work repository that makes a parentless commit of the folder and force-pushes it to a bare one.
  const bare = path.join(work, "data.git");
  git(work, ["init", "--quiet", "--bare", bare]);
  const maker = path.join(work, "maker");
  fs.mkdirSync(maker);
  git(maker, ["init", "--quiet", "-b", "main"]);
  git(maker, ["remote", "add", "origin", bare]);
  // Git's automatic gc would run in the background mid-stretch (and make the sizes depend on when): off, and one gc at the end.
  for (const repo of [old, maker]) git(repo, ["config", "gc.auto", "0"]);
  git(bare, ["config", "gc.auto", "0"]);
  git(bare, ["config", "receive.autogc", "false"]);
  const who = {
    GIT_AUTHOR_NAME: "monitor",
    GIT_AUTHOR_EMAIL: "m@example.org",
    GIT_COMMITTER_NAME: "monitor",
    GIT_COMMITTER_EMAIL: "m@example.org",
  };

  const random = seededRandom(5);
  // Each server's answers: mostly up in 20-200 ms; a few servers have bad spells (slow or down for a while).
  const troubled = new Set(servers.filter(() => random() < 0.05).map((s) => s.id));
  const runs = Math.round((days * 24 * 60 * 60_000) / RUN_MS);
  const start = Date.UTC(2026, 10, 1);
  const started = process.hrtime.bigint();
  for (let run = 0; run < runs; run += 1) {
    const at = start + run * RUN_MS;
    const spell = Math.floor(run / 36) % 7 === 3;
    const probe = (target: CheckTarget): Promise<ProbeOutcome> => {
      const id = target.kind === "http" ? target.url.hostname.split(".")[0] : "";
      if (troubled.has(id) && spell) {
        return Promise.resolve(
          random() < 0.5 ? { kind: "failed", reason: "timeout" } : { kind: "answered", ms: 400 + random() * 400, httpStatus: 200 },
        );
      }
      return Promise.resolve({ kind: "answered", ms: 20 + random() * 180, httpStatus: 200 });
    };
    // No spacing between starts and no pause before a retry: they take time, and change no byte of the files.
    await runChecks({
      contentDir: content,
      probe,
      now: () => new Date(at),
      log: () => undefined,
      warn: () => undefined,
      startSpacingMs: 0,
      retryPauseMs: 0,
    });
    const env = { ...who, GIT_AUTHOR_DATE: new Date(at).toISOString(), GIT_COMMITTER_DATE: new Date(at).toISOString() };
    git(old, ["--work-tree", checks, "add", "--all", "--", ".", ":!.lock*", ":!*.tmp", ":!*.damaged-*"], env);
    git(old, ["--work-tree", checks, "commit", "--quiet", "-m", `Check results ${new Date(at).toISOString()}`], env);
    const index = { ...env, GIT_INDEX_FILE: path.join(work, "data.index") };
    fs.rmSync(index.GIT_INDEX_FILE, { force: true });
    git(maker, ["--work-tree", checks, "add", "--all", "--", ".", ":!.lock*", ":!*.tmp", ":!*.damaged-*"], index);
    const tree = git(maker, ["write-tree"], index);
    const commit = git(maker, ["commit-tree", tree, "-m", `The check job's files, ${new Date(at).toISOString()}`], env);
    git(maker, ["push", "--force", "--quiet", "origin", `${commit}:refs/heads/monitor-data`]);
    if ((run + 1) % 288 === 0) console.log(`  day ${(run + 1) / 288}: ${run + 1} runs`);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const before = { old: objectBytes(path.join(old, ".git")), bare: objectBytes(bare) };
  git(old, ["gc", "--quiet", "--prune=now"]);
  // What the host keeps once it collects garbage: the unreachable commits go (their reflog too).
  git(bare, ["reflog", "expire", "--expire=now", "--all"]);
  git(bare, ["gc", "--quiet", "--prune=now"]);
  const after = { old: objectBytes(path.join(old, ".git")), bare: objectBytes(bare) };
  const folder = spawnSync("du", ["-sb", checks], { encoding: "utf8" }).stdout.split(/\s/)[0];
  const perYear = (bytes: number) => (bytes * 365) / days;
  const date = new Date().toISOString().slice(0, 10);
  const lines = [
    `\`npm run bench:repo -- ${count} --days ${days}\`, ${date}: ${count.toLocaleString("en")} servers, ${runs.toLocaleString("en")} runs of the job (${days} days at one run every 5 minutes; ${seconds.toFixed(0)} s here), content/checks/ ${mb(Number(folder))} at the end:`,
    "",
    "| where the job's files are kept | stored after the runs | after git gc | a year, extrapolated |",
    "| ------------------------------ | --------------------- | ------------ | -------------------- |",
    `| a commit a run on the main branch (before) | ${mb(before.old)} | ${mb(after.old)} | about ${mb(perYear(after.old))} |`,
    `| one parentless commit, force-pushed (now) | ${mb(before.bare)} (the unreachable commits, until the host collects them) | ${mb(after.bare)} | about ${mb(after.bare)}: the newest files only |`,
  ];
  console.log(lines.join("\n"));
  fs.mkdirSync(path.join(root, "bench"), { recursive: true });
  fs.writeFileSync(
    path.join(root, "bench", `repo-${count}.json`),
    `${JSON.stringify({ date, count, days, runs, seconds: Math.round(seconds), folderBytes: Number(folder), before, after }, null, 2)}\n`,
  );
  spawnSync(
    process.execPath,
    [path.join(root, "node_modules", "prettier", "bin", "prettier.cjs"), "--write", path.join(root, "bench", `repo-${count}.json`)],
    {
      stdio: "ignore",
    },
  );
  const doc = writeDocTable(root, `repo-${count}`, lines.join("\n"));
  if (doc) console.log(`Wrote bench/repo-${count}.json and the table in ${doc}.`);
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(content, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
