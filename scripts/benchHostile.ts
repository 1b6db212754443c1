/**
 * npm run bench:check -- <servers> --hostile (#44): one server's cost is its
 * own. The same fleet twice: all ordinary (every server answers at once), then
 * one in three hostile, a third each of the kinds the hostile test holds at
 * scale (a storm of interim answers, an endless body, headers a byte at a
 * time, 40 KB of headers, a gzip bomb, JSON 100,000 levels deep, a redirect
 * loop, an answer that never comes). The ordinary servers' median and p95 as
 * the job wrote them, beside the all-ordinary run's (goal: within 2×), the
 * run's wall time (goal: within its deadline, 240 s) and its peak memory (goal:
 * ≤ 400 MB at 1,000).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateFleet } from "./generatedFleet";
import { writeDocTable } from "./docTable.mjs";

type Job = (dir: string) => Promise<{ seconds: number; code: number | null; output: string; peakMB: number | null }>;

const KINDS = ["continue", "endless", "trickle", "huge-headers", "bomb", "deep", "loop", "hang"] as const;
type Kind = (typeof KINDS)[number];

/** A hostile server's check: the endpoint of its kind, and the condition that makes its answer read (as the hostile test's). */
function hostileCheck(kind: Kind, id: string, port: number, rawPort: number, timeoutMs: number): Record<string, unknown> {
  const web = `http://127.0.0.1:${port}/hostile/${kind}/${id}`;
  if (kind === "continue") return { url: `http://127.0.0.1:${rawPort}/continue/${id}`, timeoutMs };
  if (kind === "trickle") return { url: `http://127.0.0.1:${rawPort}/trickle/${id}`, timeoutMs };
  if (kind === "hang") return { url: `http://127.0.0.1:${port}/hang/${id}`, timeoutMs };
  if (kind === "endless") return { url: web, timeoutMs, expect: { bodyContains: "the end" } };
  if (kind === "bomb") return { url: web, timeoutMs, expect: { bodyContains: "x" } };
  if (kind === "deep") return { url: web, timeoutMs, bodyLimit: 1048576, expect: { json: [{ path: "$..status", exists: true }] } };
  return { url: web, timeoutMs };
}

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

type MixRun = {
  mix: "ordinary" | "hostile";
  run: number;
  seconds: number;
  median: number;
  p95: number;
  peakMB: number | null;
  offline: number;
};

export async function hostileMix(options: {
  root: string;
  count: number;
  runs: number;
  timeoutMs: number;
  port: number;
  rawPort: number;
  runJob: Job;
  release: () => Promise<unknown>;
}): Promise<void> {
  const { root, count, runs, timeoutMs, port, rawPort, runJob, release } = options;
  const { servers } = generateFleet(count, 7);
  const rows: MixRun[] = [];
  for (const mix of ["ordinary", "hostile"] as const) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${mix}-`));
    for (const name of fs.readdirSync(path.join(root, "content")).filter((f) => f.endsWith(".json"))) {
      fs.copyFileSync(path.join(root, "content", name), path.join(dir, name));
    }
    const kindOf = (i: number): Kind | null => (mix === "hostile" && i % 3 === 2 ? KINDS[Math.floor(i / 3) % KINDS.length] : null);
    const checked = servers.map((s, i) => {
      const kind = kindOf(i);
      return {
        ...s,
        check: kind ? hostileCheck(kind, s.id, port, rawPort, timeoutMs) : { url: `http://127.0.0.1:${port}/ok/${s.id}`, timeoutMs },
      };
    });
    const ordinary = new Set(checked.filter((_, i) => kindOf(i) === null).map((s) => s.id));
    fs.writeFileSync(path.join(dir, "servers.json"), JSON.stringify(checked));
    fs.writeFileSync(path.join(dir, "alerts.json"), "[]");
    for (let run = 1; run <= runs; run += 1) {
      const job = await runJob(dir);
      await release();
      if (job.code !== 0) throw new Error(`the check job exited ${job.code}:\n${job.output}`);
      const latest = JSON.parse(fs.readFileSync(path.join(dir, "checks", "latest.json"), "utf8")) as {
        results: Array<{ server: string; status: string; responseTime: number | null }>;
      };
      const times = latest.results
        .filter((r) => ordinary.has(r.server) && r.responseTime !== null)
        .map((r) => r.responseTime!)
        .sort((a, b) => a - b);
      const row: MixRun = {
        mix,
        run,
        seconds: Math.round(job.seconds * 10) / 10,
        median: quantile(times, 0.5),
        p95: quantile(times, 0.95),
        peakMB: job.peakMB,
        offline: latest.results.filter((r) => r.status === "offline").length,
      };
      rows.push(row);
      console.log(
        `  ${mix}, run ${run}: ${row.seconds} s, the ordinary servers ${row.median} ms median, ${row.p95} ms p95 (${times.length} answered); ${row.offline} offline; peak memory ${row.peakMB ?? "?"} MB`,
      );
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const date = new Date().toISOString().slice(0, 10);
  const jsonFile = path.join(root, "bench", `check-${count}-hostile.json`);
  fs.mkdirSync(path.dirname(jsonFile), { recursive: true });
  fs.writeFileSync(jsonFile, `${JSON.stringify({ date, count, timeoutMs, kinds: KINDS, runs: rows }, null, 2)}\n`);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
  const of = (mix: MixRun["mix"], key: "median" | "p95") => median(rows.filter((r) => r.mix === mix).map((r) => r[key]));
  // The job writes whole milliseconds: below 2 ms a ratio says nothing, the difference does.
  const ratio = (key: "median" | "p95") => {
    const [before, after] = [of("ordinary", key), of("hostile", key)];
    if (before >= 2) return `${(after / before).toFixed(1)}× the all-ordinary run's (${after} ms against ${before} ms)`;
    return after - before <= 1
      ? `${after} ms against ${before} ms, within the millisecond the job records`
      : `${after} ms against ${before} ms`;
  };
  const table = [
    `\`npm run bench:check -- ${count} --hostile\`, ${date}: ${count.toLocaleString("en")} servers on 127.0.0.1, ${timeoutMs} ms timeout, first all ordinary, then one in three hostile (a third each of: ${KINDS.join(", ")}), ${runs} runs each, on this project's 2-core machine. The ordinary servers' times are those the job wrote (goals: within 2× of the all-ordinary run; the run within its 240 s deadline; peak memory ≤ 400 MB at 1,000). The medians of the runs: the ordinary servers' median ${ratio("median")}; their p95 ${ratio("p95")}.`,
    "",
    "| fleet | run | wall time | ordinary servers: median | p95 | offline | peak memory |",
    "| ----- | --- | --------- | ------------------------ | --- | ------- | ----------- |",
    ...rows.map((r) => `| ${r.mix} | ${r.run} | ${r.seconds} s | ${r.median} ms | ${r.p95} ms | ${r.offline} | ${r.peakMB ?? "?"} MB |`),
  ].join("\n");
  const doc = writeDocTable(root, `check-hostile-${count}`, table);
  console.log(
    doc
      ? `Wrote bench/check-${count}-hostile.json and the table in ${doc}.`
      : `Wrote bench/check-${count}-hostile.json (no doc has a place for ${count}).`,
  );
}
