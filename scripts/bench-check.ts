/**
 * npm run bench:check [-- <servers, default 1000>] [--runs N] [--timeout MS] [--notify | --no-notify] [--full-age] [--open-files N]
 *                     [--places N [--shards M]] [--hostile]
 *
 * The check job against local endpoints, as an operator runs it (package.json's
 * `check` script, in a process of its own): a generated fleet whose checks
 * point at HTTP endpoints on 127.0.0.1 that answer at once (scripts/
 * bench-endpoints.mjs, another process, warmed up before the first run), except
 * one server in ten that never answers. Each run's wall time, checks per
 * second, where the job says its time went (checking, then its files), its
 * peak memory, the history and rollup files it wrote, the response times the
 * job wrote for the servers that answered (loopback: goal ≤ 5 ms, the first
 * run too), how many it measured again (it stood still while they came), and
 * how often the endpoints' own process stood still.
 *
 * Two sizes have goals and defaults: 1,000 servers (issue #19: 2 s timeout,
 * 3 runs, under 30 s each, then the runs with notifications) and 10,000
 * (issue #21: 10 s timeout, 2 runs, within 120 s each, on 2 cores; no
 * notification runs unless --notify). Writes bench/check.json (1,000) or
 * bench/check-<servers>.json, and the table in docs/operators.md between the markers of
 * its size (check:start for 1,000, check-10000:start for 10,000).
 *
 * One piece (about 360 lines): a benchmark script, read top to bottom as the
 * run it makes (the fleet, the endpoints, the runs, the table in the docs).
 */
import { fork, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { generateFleet } from "./generatedFleet";
import { writeFullAgeHistory } from "./generateHistory";
import { hostileMix } from "./benchHostile";
import { writeDocTable } from "./docTable.mjs";

const root = path.resolve(__dirname, "..");
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const count = Number(args.find((a, i) => /^\d+$/.test(a) && !args[i - 1]?.startsWith("--")) ?? 1000);
/** a fleet past the first goal's size is measured as issue #21 asks: 10 s timeouts, 2 runs */
const large = count > 1000;
const runs = option("--runs", large ? 2 : 3);
const timeoutMs = option("--timeout", large ? 10_000 : 2000);
const notify = args.includes("--notify") || (!large && !args.includes("--no-notify"));
/** start from a history at full age (48 hours of raw runs every 5 minutes, 35 days of hours, 400 days of days), as a site long up has */
const fullAge = args.includes("--full-age");
/** the job's open-file limit (ulimit -n) when given, set with prlimit for the job alone (its endpoints keep theirs) */
const openFiles = option("--open-files", 0);
/** a run from several places, each cut in shards (#32): each shard's run, then the merge, measured apart */
const places = option("--places", 0);
const shards = option("--shards", places > 0 ? 4 : 0);
/** the same fleet all ordinary, then one in three hostile (#44: benchHostile.ts) */
const hostile = args.includes("--hostile");
/** the wall time a run must stay within: 30 s at 1,000 (issue #19), 120 s at 10,000 (issue #21) */
const GOAL_S = large ? 120 : 30;
const NOTIFY_GOAL_S = 2;

type NotifyFigures = { seconds: number; sendingSeconds: number; messages: number; summary: string };
/** issue #19: a loopback answer reads at most this (every answer, the first run too) */
const GOAL_MS = 5;

type RunFigures = {
  seconds: number;
  perSecond: number;
  median: number;
  p95: number;
  max: number;
  /** answers that read over GOAL_MS */
  overGoal: number;
  /** answers the job measured again because it stood still while they came (its "Measured N answers again" line) */
  retaken: number;
  /** the times the endpoints' own process stood still over 3 ms during the run, and the longest (ms): an answer due then was late on the servers' side */
  endpointStalls: number;
  endpointStallMax: number;
  answered: number;
  offline: number;
  /** the job's peak resident memory (MB), when /usr/bin/time can tell */
  peakMB: number | null;
  /** runs in history.json after this one, and its size (KB) */
  historyRuns: number;
  historyKB: number;
  /** the machine's load (1-minute average) as the run ended: above 2, on 2 cores, other work competed with the job and its endpoints */
  load: number;
  /** the servers' rollup files (checks/servers/) after this run: how many, and their size (KB) */
  rollupFiles: number;
  rollupKB: number;
  /** the job's own account of its time (its "Time:" line), in seconds: checking, then reading, working out and writing its files */
  phases: { checking: number; reading: number; working: number; writing: number } | null;
};

/** The job's "Time:" line, in seconds. */
function phasesOf(output: string): RunFigures["phases"] {
  const line = /^Time: ([\d.]+) s checking, ([\d.]+) s reading .*?, ([\d.]+) s working .*?, ([\d.]+) s writing/m.exec(output);
  return line ? { checking: Number(line[1]), reading: Number(line[2]), working: Number(line[3]), writing: Number(line[4]) } : null;
}

/** The files of a folder and their size in KB (0 and 0 when it is missing). */
function folderSize(dir: string): { files: number; kb: number } {
  if (!fs.existsSync(dir)) return { files: 0, kb: 0 };
  const names = fs.readdirSync(dir).filter((name) => name.endsWith(".json"));
  const bytes = names.reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0);
  return { files: names.length, kb: Math.round(bytes / 1024) };
}

const phaseWords = ({ phases: p }: RunFigures) =>
  p
    ? `${p.checking} s checking, ${p.reading} s reading the kept files, ${p.working} s working out, ${p.writing} s writing`
    : "no Time: line";

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** GNU time, where there is one: it tells the job's peak memory. */
const TIME = fs.existsSync("/usr/bin/time") ? "/usr/bin/time" : null;

function runJob(
  dir: string,
  env: NodeJS.ProcessEnv = {},
  extra: readonly string[] = [],
): Promise<{ seconds: number; code: number | null; output: string; peakMB: number | null }> {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const job = [...checkCommand(), "--content", dir, ...extra];
    const memoryFile = path.join(dir, "..", `${path.basename(dir)}.time`);
    const limited = openFiles > 0 ? ["prlimit", `--nofile=${openFiles}:${openFiles}`, "--", ...job] : job;
    const [command, ...rest] = TIME ? [TIME, "-f", "%M", "-o", memoryFile, ...limited] : limited;
    const child = spawn(command, rest, { cwd: root, env: { ...process.env, NO_COLOR: "1", ...env } });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("close", (code) => {
      let peakMB: number | null = null;
      if (TIME && fs.existsSync(memoryFile)) {
        const kb = Number(/(\d+)\s*$/.exec(fs.readFileSync(memoryFile, "utf8"))?.[1]);
        if (Number.isFinite(kb)) peakMB = Math.round(kb / 1024);
        fs.rmSync(memoryFile, { force: true });
      }
      resolve({ seconds: Number(process.hrtime.bigint() - started) / 1e9, code, output, peakMB });
    });
  });
}

type EndpointMessage =
  | { type: "ready"; port: number; rawPort: number }
  | { type: "taken"; urls: string[] }
  | { type: "stalls"; stalls: number[] }
  | { type: "done" };

/**
 * The endpoints (scripts/bench-endpoints.mjs) in a process of their own, and a
 * way to ask them something: each request waits for the endpoints' answer.
 */
async function startEndpoints(): Promise<{
  port: number;
  rawPort: number;
  ask: (message: object) => Promise<EndpointMessage>;
  stop: () => void;
}> {
  const child = fork(path.join(__dirname, "bench-endpoints.mjs"), [], { execArgv: [], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const waiting: Array<(message: EndpointMessage) => void> = [];
  child.on("message", (message: EndpointMessage) => waiting.shift()?.(message));
  const next = () => new Promise<EndpointMessage>((resolve) => waiting.push(resolve));
  const ready = await next();
  if (ready.type !== "ready") throw new Error("the endpoints did not start");
  return {
    port: ready.port,
    rawPort: ready.rawPort,
    ask: (message) => {
      const answer = next();
      child.send(message);
      return answer;
    },
    stop: () => child.kill(),
  };
}

/**
 * The job as \`npm run check\` runs it: package.json's script, its tsx run by
 * this Node (with the flags the script gives it), without npm in between (so
 * /usr/bin/time measures the job).
 */
function checkCommand(): string[] {
  const script = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { check: string } }).scripts.check;
  const [tsx, ...rest] = script.split(/\s+/);
  if (tsx !== "tsx") throw new Error(`package.json's check script does not start with tsx: ${script}`);
  return [process.execPath, path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), ...rest];
}

async function main() {
  const endpoints = await startEndpoints();
  const { port } = endpoints;
  const releaseHanging = () => endpoints.ask({ type: "release" });
  if (hostile) {
    await hostileMix({
      root,
      count,
      runs: option("--runs", 2),
      timeoutMs,
      port,
      rawPort: endpoints.rawPort,
      runJob,
      release: releaseHanging,
    });
    endpoints.stop();
    return;
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-check-"));
  for (const name of fs.readdirSync(path.join(root, "content")).filter((f) => f.endsWith(".json"))) {
    fs.copyFileSync(path.join(root, "content", name), path.join(dir, name));
  }
  const { servers } = generateFleet(count, 7);
  const checked = servers.map((s, i) => ({
    ...s,
    check: { url: `http://127.0.0.1:${port}/${i % 10 === 9 ? "hang" : "ok"}/${s.id}`, timeoutMs },
  }));
  fs.writeFileSync(path.join(dir, "servers.json"), JSON.stringify(checked));
  fs.writeFileSync(path.join(dir, "alerts.json"), "[]");
  if (fullAge) {
    const made = process.hrtime.bigint();
    writeFullAgeHistory(
      dir,
      checked.map((s) => s.id),
      Date.now() - 5 * 60_000,
    );
    const size = fs.statSync(path.join(dir, "checks", "history.json")).size;
    const seconds = (Number(process.hrtime.bigint() - made) / 1e9).toFixed(1);
    console.log(
      `A history at full age made in ${seconds} s: history.json ${Math.round(size / 1024 / 1024)} MB, and each server's rollups.`,
    );
  }

  if (places > 0) {
    await sharded(dir, endpoints.ask, releaseHanging);
    endpoints.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    return;
  }
  console.log(`${count} servers, one in ten never answering, ${timeoutMs} ms timeout, ${runs} runs of npm run check:`);
  const figures: RunFigures[] = [];
  /** the newest run in history.json: each run must add a newer one */
  let newestBefore = fullAge
    ? (JSON.parse(fs.readFileSync(path.join(dir, "checks", "history.json"), "utf8")) as { runs: Array<{ at: string }> }).runs.at(-1)!.at
    : "";
  for (let run = 0; run < runs; run += 1) {
    await endpoints.ask({ type: "stalls" });
    const { seconds, code, output, peakMB } = await runJob(dir);
    const stalled = await endpoints.ask({ type: "stalls" });
    const stalls = stalled.type === "stalls" ? stalled.stalls : [];
    const rollups = folderSize(path.join(dir, "checks", "servers"));
    await releaseHanging();
    if (code !== 0) throw new Error(`the check job exited ${code}:\n${output}`);
    const latest = JSON.parse(fs.readFileSync(path.join(dir, "checks", "latest.json"), "utf8")) as {
      results: Array<{ status: string; responseTime: number | null }>;
    };
    // The run counts only with its history written.
    const historyFile = path.join(dir, "checks", "history.json");
    const history = JSON.parse(fs.readFileSync(historyFile, "utf8")) as { runs: Array<{ at: string }> };
    const newest = history.runs.at(-1)?.at ?? "";
    if (newest <= newestBefore) throw new Error(`history.json holds no run newer than ${newestBefore} after run ${run + 1}`);
    newestBefore = newest;
    const times = latest.results.flatMap((r) => (r.responseTime === null ? [] : [r.responseTime])).sort((a, b) => a - b);
    const f: RunFigures = {
      seconds: Math.round(seconds * 10) / 10,
      perSecond: Math.round(count / seconds),
      median: quantile(times, 0.5),
      p95: quantile(times, 0.95),
      max: times.at(-1) ?? 0,
      overGoal: times.filter((t) => t > GOAL_MS).length,
      endpointStalls: stalls.length,
      endpointStallMax: Math.max(0, ...stalls),
      retaken: Number(/^Measured (\d+) answers? again/m.exec(output)?.[1] ?? 0),
      answered: times.length,
      offline: latest.results.filter((r) => r.status === "offline").length,
      peakMB,
      historyRuns: history.runs.length,
      historyKB: Math.round(fs.statSync(historyFile).size / 1024),
      load: Math.round(os.loadavg()[0] * 10) / 10,
      rollupFiles: rollups.files,
      rollupKB: rollups.kb,
      phases: phasesOf(output),
    };
    figures.push(f);
    console.log(
      `  run ${run + 1}: ${f.seconds} s (${f.perSecond} checks/s; goal ≤ ${GOAL_S} s), ${f.answered} answered in ${f.median} ms median, ${f.p95} ms p95, ${f.max} ms slowest, ${f.overGoal} over ${GOAL_MS} ms (${f.retaken} measured again; the endpoints stood still ${f.endpointStalls} times, at most ${f.endpointStallMax} ms); ${f.offline} offline; load ${f.load}; peak memory ${f.peakMB ?? "?"} MB; history.json ${f.historyRuns} runs, ${f.historyKB} KB; servers/ ${f.rollupFiles} files, ${f.rollupKB} KB; ${phaseWords(f)}`,
    );
  }

  // Notifications: six channels (five HTTP receivers and an SMTP server on 127.0.0.1), every server
  // routed to all; 100 servers go down, then come back, run after run: each channel gets one digest.
  const mails: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume().on("end", () => {
        mails.push("mail");
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as net.AddressInfo).port;
  const types = ["webhook", "slack", "discord", "teams", "ntfy"] as const;
  const channels = [
    ...types.map((type) => ({ id: `bench-${type}`, type, urlEnv: `BENCH_${type.toUpperCase()}_URL` })),
    { id: "bench-email", type: "email", smtpUrlEnv: "BENCH_SMTP_URL", from: "monitor@example.org", to: ["oncall@example.org"] },
  ];
  fs.writeFileSync(path.join(dir, "notifications.json"), JSON.stringify({ channels, routes: [{ channels: channels.map((c) => c.id) }] }));
  const env = {
    ...Object.fromEntries(types.map((type) => [`BENCH_${type.toUpperCase()}_URL`, `http://127.0.0.1:${port}/receive/${type}`])),
    BENCH_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SITE_URL: "https://status.example.org",
  };
  const changing = checked.filter((_, i) => i % 10 !== 9).slice(0, 100);
  const notifyRuns: NotifyFigures[] = [];
  if (notify) console.log(`With notifications to ${channels.length} channels, ${changing.length} servers changing state in each run:`);
  for (let run = 0; notify && run <= runs; run += 1) {
    // run 0 is the first with notifications: every server is first seen, nothing is sent
    if (run > 0) await endpoints.ask({ type: "fail", urls: changing.map((s) => `/ok/${s.id}`) });
    await endpoints.ask({ type: "take" });
    mails.length = 0;
    const { seconds, code, output } = await runJob(dir, env);
    await releaseHanging();
    const taken = await endpoints.ask({ type: "take" });
    const received = taken.type === "taken" ? taken.urls : [];
    if (code !== 0) throw new Error(`the check job exited ${code}:\n${output}`);
    const line = /Notifications \(([\d.]+) s\): (.*)$/m.exec(output);
    if (!line) throw new Error(`the check job said nothing about notifications:\n${output}`);
    if (run === 0) continue;
    const f: NotifyFigures = {
      seconds: Math.round(seconds * 10) / 10,
      sendingSeconds: Number(line[1]),
      messages: received.length + mails.length,
      summary: line[2],
    };
    notifyRuns.push(f);
    console.log(
      `  run ${run}: ${f.seconds} s in all; sending ${f.sendingSeconds} s (goal ≤ ${NOTIFY_GOAL_S} s), ${f.messages} messages received: ${f.summary}`,
    );
  }
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  endpoints.stop();
  fs.rmSync(dir, { recursive: true, force: true });

  const date = new Date().toISOString().slice(0, 10);
  fs.mkdirSync(path.join(root, "bench"), { recursive: true });
  const age = `${fullAge ? "-full-age" : ""}${openFiles > 0 ? `-open-files-${openFiles}` : ""}`;
  const jsonName = count === 1000 && age === "" ? "check.json" : `check-${count}${age}.json`;
  fs.writeFileSync(
    path.join(root, "bench", jsonName),
    `${JSON.stringify({ date, count, timeoutMs, goalSeconds: GOAL_S, runs: figures, notifications: notifyRuns }, null, 2)}\n`,
  );
  const rows = figures.map(
    (f, i) =>
      `| ${i + 1} | ${f.seconds} s | ${f.phases ? `${f.phases.checking} s` : "?"} | ${f.phases ? `${f.phases.reading} + ${f.phases.working} + ${f.phases.writing} s` : "?"} | ${f.perSecond} | ${f.answered} | ${f.median} ms | ${f.p95} ms | ${f.max} ms | ${f.overGoal} | ${f.retaken} | ${f.endpointStalls} (${f.endpointStallMax} ms) | ${f.offline} | ${f.load} | ${f.peakMB ?? "?"} MB | ${f.historyKB} KB | ${f.rollupFiles.toLocaleString("en")} files, ${(f.rollupKB / 1024).toFixed(1)} MB |`,
  );
  const checkTable = [
    `\`npm run bench:check -- ${count}${fullAge ? " --full-age" : ""}\`, ${date}: ${count.toLocaleString("en")} servers on 127.0.0.1, one in ten never answering, ${timeoutMs} ms timeout${fullAge ? ", starting from a history at full age (48 hours of raw runs every 5 minutes, 35 days of hours, 400 days of days)" : ""}${openFiles > 0 ? `, the job's open-file limit ${openFiles}` : ""}, on this project's 2-core machine (goal: each run within ${GOAL_S} s):`,
    "",
    `| run | wall time | checking | files: read + work out + write | checks/s | answered | response time: median | p95 | slowest | over ${GOAL_MS} ms | measured again | endpoints stood still (longest) | offline | load | peak memory | history.json | servers/ (rollups) |`,
    "| --- | --------- | -------- | ------------------------------ | -------- | -------- | --------------------- | --- | ------- | --------- | -------------- | ------------------------------- | ------- | ---- | ----------- | ------------ | ------------------ |",
    ...rows,
  ];
  const notifyTable = [
    "",
    `With \`content/notifications.json\` naming ${channels.length} channels (webhook, Slack, Discord, Teams, ntfy and email, each a receiver on 127.0.0.1), ${changing.length} servers going down, then back, in each run: each channel gets one digest.`,
    "",
    `| run | wall time | sending (goal ≤ ${NOTIFY_GOAL_S} s) | messages received |`,
    "| --- | --------- | ------------------ | ----------------- |",
    ...notifyRuns.map((f, i) => `| ${i + 1} | ${f.seconds} s | ${f.sendingSeconds} s | ${f.messages} |`),
  ];
  const table = [...checkTable, ...(notifyRuns.length > 0 ? notifyTable : [])].join("\n");
  const marker = count === 1000 && age === "" ? "check" : `check-${count}${age}`;
  const doc = count === 1000 || count === 10_000 ? writeDocTable(root, marker, table) : null;
  console.log(doc ? `Wrote bench/${jsonName} and the table in ${doc}.` : `Wrote bench/${jsonName}.`);
}

/**
 * A run from `places` places, each cut in `shards` shards (#32): every shard's
 * run (one after the other here; in the workflow each is a machine of its own)
 * with its wall time and peak memory, then the merge of all their files, its
 * time and memory. Goals: a shard within 60 s, the merge within 30 s and 1.5 GB.
 */
async function sharded(dir: string, ask: (message: object) => Promise<EndpointMessage>, releaseHanging: () => Promise<EndpointMessage>) {
  const names = Array.from({ length: places }, (_, i) => `place-${i + 1}`);
  fs.writeFileSync(path.join(dir, "monitoring.json"), JSON.stringify({ job: { locations: names } }));
  const results = path.join(dir, "..", `${path.basename(dir)}-results`);
  console.log(
    `${count} servers, one in ten never answering, ${timeoutMs} ms timeout, from ${places} places in ${shards} shards each, ${runs} runs:`,
  );
  const rows: Array<{ run: number; shardSeconds: number[]; shardPeakMB: number[]; mergeSeconds: number; mergePeakMB: number | null }> = [];
  for (let run = 1; run <= runs; run += 1) {
    fs.rmSync(results, { recursive: true, force: true });
    fs.mkdirSync(results, { recursive: true });
    const shardSeconds: number[] = [];
    const shardPeakMB: number[] = [];
    for (const place of names) {
      for (let shard = 1; shard <= shards; shard += 1) {
        await ask({ type: "stalls" });
        const out = path.join(results, `${place}-${shard}.json`);
        const job = await runJob(dir, {}, ["--location", place, "--shard", `${shard}/${shards}`, "--out", out]);
        await releaseHanging();
        if (job.code !== 0) throw new Error(`a shard's run exited ${job.code}:\n${job.output}`);
        shardSeconds.push(Math.round(job.seconds * 10) / 10);
        shardPeakMB.push(job.peakMB ?? 0);
      }
    }
    const merge = await runJob(dir, {}, ["--merge", results]);
    if (merge.code !== 0) throw new Error(`the merge exited ${merge.code}:\n${merge.output}`);
    const row = { run, shardSeconds, shardPeakMB, mergeSeconds: Math.round(merge.seconds * 10) / 10, mergePeakMB: merge.peakMB };
    rows.push(row);
    console.log(
      `  run ${run}: shards ${Math.min(...shardSeconds)}–${Math.max(...shardSeconds)} s (goal ≤ 60 s), peak memory up to ${Math.max(...shardPeakMB)} MB; merge ${row.mergeSeconds} s (goal ≤ 30 s), peak memory ${row.mergePeakMB ?? "?"} MB (goal ≤ 1,536 MB)`,
    );
  }
  fs.rmSync(results, { recursive: true, force: true });
  const date = new Date().toISOString().slice(0, 10);
  const name = `check-${count}-places-${places}-shards-${shards}`;
  fs.mkdirSync(path.join(root, "bench"), { recursive: true });
  const jsonFile = path.join(root, "bench", `${name}.json`);
  fs.writeFileSync(jsonFile, `${JSON.stringify({ date, count, timeoutMs, places, shards, runs: rows }, null, 2)}\n`);
  // The house format (its lists of numbers on one line), so lint stays green after a run.
  spawnSync(process.execPath, [path.join(root, "node_modules", "prettier", "bin", "prettier.cjs"), "--write", jsonFile], {
    stdio: "ignore",
  });
  const table = [
    `\`npm run bench:check -- ${count} --places ${places} --shards ${shards}\`, ${date}: ${count.toLocaleString("en")} servers on 127.0.0.1, one in ten never answering, ${timeoutMs} ms timeout, from ${places} places in ${shards} shards each (${Math.ceil(count / shards).toLocaleString("en")} servers a shard), each shard's run one after the other on this project's 2-core machine (in the workflow each is a machine of its own), then one merge of all ${places * shards} files (goals: a shard within 60 s; the merge within 30 s and 1.5 GB):`,
    "",
    "| run | shards' wall times | slowest shard | shards' peak memory | merge | merge's peak memory |",
    "| --- | ------------------ | ------------- | ------------------- | ----- | ------------------- |",
    ...rows.map(
      (r) =>
        `| ${r.run} | ${Math.min(...r.shardSeconds)}–${Math.max(...r.shardSeconds)} s | ${Math.max(...r.shardSeconds)} s | up to ${Math.max(...r.shardPeakMB)} MB | ${r.mergeSeconds} s | ${r.mergePeakMB ?? "?"} MB |`,
    ),
  ].join("\n");
  const doc = writeDocTable(root, "check-sharded", table);
  console.log(doc ? `Wrote bench/${name}.json and the table in ${doc}.` : `Wrote bench/${name}.json.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
