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
import type { StoredOutage } from "../src/domain/checks/outages";
import { bucketOf, encodeSketch, mergeSketches, type TimeSketch } from "../src/domain/checks/timeSketch";
import { latestChecks } from "../src/domain/checks/run";
import { rollupFileName } from "../src/domain/content/files";
import { seededRandom } from "./seededRandom";

const RUN_MS = 5 * 60_000;

/**
 * Writes content/checks/{history.json,latest.json,servers/<id>.json} for these servers, as of `asOf`.
 * With `sketches`, the days also have what a report reads, as a job that ran a year keeps it: each of
 * the last 62 days its time sketch, the older ones added up into their month's, and an outage or two.
 */
export function writeFullAgeHistory(contentDir: string, ids: readonly string[], asOf: number, seed = 7, sketches = false): void {
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
  /** A day's times as a job would have seen them: most near the median, a tail up to the p95 and past it. */
  const sketchOfDay = (r: Rollup): TimeSketch => {
    const sketch: TimeSketch = new Map();
    if (r.median === null || r.p95 === null) return sketch;
    const answered = r.answered ?? r.up;
    for (const [share, ms] of [
      [0.5, r.median * 0.8],
      [0.3, r.median * 1.1],
      [0.15, (r.median + r.p95) / 2],
      [0.05, r.p95 * 1.2],
    ] as const) {
      const bucket = bucketOf(ms);
      sketch.set(bucket, (sketch.get(bucket) ?? 0) + Math.round(answered * share));
    }
    return sketch;
  };
  const today = Math.floor(asOf / DAY_MS) * DAY_MS;
  const stored = new Map<string, ServerRollup>();
  for (const id of ids) {
    const hours = new Map(
      Array.from({ length: 35 * 24 }, (_, h) => [Math.floor(asOf / HOUR_MS) * HOUR_MS - h * HOUR_MS, rollup(12)] as const),
    );
    const days = new Map(Array.from({ length: 400 }, (_, d) => [today - d * DAY_MS, rollup(288)] as const));
    const server: ServerRollup = { ...emptyRollup(id), hourly: mapSeries(hours, HOUR_MS), daily: mapSeries(days, DAY_MS) };
    if (sketches) {
      const months = new Map<string, TimeSketch>();
      for (const [start, day] of days) {
        if (start > today - 62 * DAY_MS) day.sketch = encodeSketch(sketchOfDay(day));
        else {
          const month = new Date(start).toISOString().slice(0, 7);
          months.set(month, mergeSketches([months.get(month) ?? new Map(), sketchOfDay(day)]));
          day.sketch = "";
        }
      }
      server.daily = mapSeries(days, DAY_MS);
      server.months = Object.fromEntries([...months].map(([month, sketch]) => [month, encodeSketch(sketch)]));
      // An outage of 10 to 70 minutes about once a month.
      server.outages = Array.from({ length: 13 }, (_, i) => {
        const from = today - (i * 30 + Math.floor(next() * 30) + 3) * DAY_MS + Math.floor(next() * DAY_MS);
        return [new Date(from).toISOString(), new Date(from + (10 + Math.floor(next() * 60)) * 60_000).toISOString()] as StoredOutage;
      }).reverse();
    }
    stored.set(id, server);
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
