import fs from "node:fs";
import path from "node:path";

/**
 * The order phase: which server a run checks first. latest.json is read as it is, without the
 * lock, only to order this run's checks (a file that cannot be read orders nothing, and is dealt
 * with under the lock).
 */

/** latest.json as it is, or null (none yet, or damaged). */
function keptLatest(contentDir: string): { results?: Array<{ server?: unknown; checkedAt?: unknown }>; startedAt?: string } | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(contentDir, "checks", "latest.json"), "utf8")) as {
      results?: Array<{ server?: unknown; checkedAt?: unknown }>;
      startedAt?: string;
    };
  } catch {
    return null;
  }
}

/** When each server's newest result was taken (none yet, or a damaged file: every server is as new). */
export function lastCheckTimes(contentDir: string): Map<string, number> {
  const times = new Map<string, number>();
  const results: unknown = keptLatest(contentDir)?.results;
  if (!Array.isArray(results)) return times;
  for (const result of results as Array<{ server?: unknown; checkedAt?: unknown } | null>) {
    if (typeof result !== "object" || result === null) continue;
    const at = typeof result.checkedAt === "string" ? Date.parse(result.checkedAt) : Number.NaN;
    if (typeof result.server === "string" && !Number.isNaN(at)) times.set(result.server, at);
  }
  return times;
}

/** When the newest run kept began (latest.json's startedAt); null without one. */
export function lastRunStart(contentDir: string): number | null {
  const at = Date.parse(keptLatest(contentDir)?.startedAt ?? "");
  return Number.isNaN(at) ? null : at;
}

/**
 * The checks' indices, oldest result first (stable: servers.json's order among equals). A server
 * never checked comes first of all, and a run cut short by its deadline leaves others out the next
 * time, never the same ones run after run.
 */
export function checkOrder(ids: readonly string[], last: ReadonlyMap<string, number>): number[] {
  const at = (i: number) => last.get(ids[i]) ?? Number.NEGATIVE_INFINITY;
  return ids.map((_, i) => i).sort((a, b) => at(a) - at(b) || a - b);
}
