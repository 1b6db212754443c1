/**
 * A check job's history at full age for a generated fleet (npm run bench:scale):
 * 400 days of daily and 35 days of hourly rollups, then 48 hours of raw runs at
 * one run every 5 minutes, with varied times and now and then a failed check, so
 * a server page weighs what a real one would. Made with the job's own model
 * functions; written as plain JSON (the job's line layout only matters to git).
 */
import fs from "node:fs";
import path from "node:path";
import { emptyHistory, recordRun, type RecordedResult } from "../src/domain/checks/history";
import { emptyRollup, mapSeries, rollUpAll, type Rollup, type ServerRollup } from "../src/domain/checks/rollups";
import { DAY_MS, HOUR_MS } from "../src/domain/kernel/time";
import { latestChecks } from "../src/domain/checks/run";
import { rollupFileName } from "../src/domain/content/files";
import { seededRandom } from "./seededRandom";

const RUN_MS = 5 * 60_000;

/** Writes content/checks/{history.json,latest.json,servers/<id>.json} for these servers, as of `asOf`. */
export function writeFullAgeHistory(contentDir: string, ids: readonly string[], asOf: number, seed = 7): void {
  const next = seededRandom(seed);
  const rollup = (checks: number): Rollup => {
    const failed = next() < 0.9 ? 0 : Math.ceil(next() * checks * 0.2);
    const median = 20 + Math.floor(next() * 180);
    return {
      up: checks - failed,
      total: checks,
      answered: checks - failed,
      median: failed === checks ? null : median,
      p95: failed === checks ? null : median + Math.floor(next() * 400),
    };
  };
  const stored = new Map<string, ServerRollup>();
  for (const id of ids) {
    const hours = new Map(
      Array.from({ length: 35 * 24 }, (_, h) => [Math.floor(asOf / HOUR_MS) * HOUR_MS - h * HOUR_MS, rollup(12)] as const),
    );
    const days = new Map(Array.from({ length: 400 }, (_, d) => [Math.floor(asOf / DAY_MS) * DAY_MS - d * DAY_MS, rollup(288)] as const));
    stored.set(id, { ...emptyRollup(id), hourly: mapSeries(hours, HOUR_MS), daily: mapSeries(days, DAY_MS) });
  }
  let history = emptyHistory();
  let last: RecordedResult[] = [];
  for (let t = asOf - 48 * HOUR_MS + RUN_MS; t <= asOf; t += RUN_MS) {
    last = ids.map((server) => {
      const down = next() < 0.01;
      const ms = 20 + Math.floor(next() * 180);
      return { server, status: down ? "offline" : ms > 150 ? "warning" : "online", responseTime: down ? null : ms };
    });
    history = recordRun(history, new Date(t), last);
  }
  const rollups = rollUpAll(stored, history);
  const at = new Date(asOf);
  const outcomes = last.map((r) => ({
    server: r.server,
    status: r.status,
    responseTime: r.responseTime,
    checkedAt: at.toISOString(),
    detail: r.responseTime === null ? "connection refused (tried twice)" : `HTTP 200 in ${r.responseTime} ms`,
  }));
  const checks = path.join(contentDir, "checks");
  fs.mkdirSync(path.join(checks, "servers"), { recursive: true });
  fs.writeFileSync(path.join(checks, "history.json"), JSON.stringify(history));
  fs.writeFileSync(path.join(checks, "latest.json"), JSON.stringify(latestChecks(history, rollups, outcomes, new Date(asOf - 20_000), at)));
  fs.writeFileSync(path.join(checks, "alerts.json"), "[]");
  for (const [id, r] of rollups) fs.writeFileSync(path.join(checks, "servers", rollupFileName(id)), JSON.stringify(r));
}
