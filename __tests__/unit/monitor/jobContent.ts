/**
 * A content folder for a test of the check job: servers with the checks given
 * (each a server record in Lisbon, status and figures as an editor leaves
 * them), the sample's other content files, and monitoring.json and
 * notifications.json when given. Removed with `removeJobContents`.
 */
import fs from "node:fs";
import { runChecks } from "../../../monitor/run/runChecks";
import type { RunOptions } from "../../../monitor/run/runTypes";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const made: string[] = [];

/** The content files every folder holds as the sample has them. */
const SAMPLE_FILES = ["performance.json", "reports.json", "security-alerts.json", "analytics-cards.json", "security-cards.json"];

/** A webhook channel every notice goes to, its URL in HOOK_URL. */
export const WEBHOOK_EVERYTHING = {
  channels: [{ id: "hook", type: "webhook", urlEnv: "HOOK_URL" }],
  routes: [{ channels: ["hook"] }],
};

export function jobContent(
  servers: ReadonlyArray<{ id: string; check: Record<string, unknown>; dependsOn?: string[] }>,
  files: { monitoring?: unknown; notifications?: unknown; prefix?: string } = {},
): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), files.prefix ?? "job-content-"));
  made.push(dir);
  const records = servers.map(({ id, check, dependsOn }, i) => ({
    id,
    name: `Server ${i}`,
    ip: `192.0.2.${(i % 250) + 1}`,
    location: "Lisbon, Portugal",
    status: "online",
    uptime: "100%",
    responseTime: 1,
    lastChecked: "2026-11-26T00:00:00Z",
    coordinates: [-9.14, 38.72],
    check,
    ...(dependsOn ? { dependsOn } : {}),
  }));
  fs.writeFileSync(path.join(dir, "servers.json"), JSON.stringify(records, null, 2));
  fs.writeFileSync(path.join(dir, "alerts.json"), "[]");
  for (const file of SAMPLE_FILES) fs.copyFileSync(path.join(ROOT, "content", file), path.join(dir, file));
  if (files.monitoring !== undefined) fs.writeFileSync(path.join(dir, "monitoring.json"), JSON.stringify(files.monitoring));
  if (files.notifications !== undefined) fs.writeFileSync(path.join(dir, "notifications.json"), JSON.stringify(files.notifications));
  return dir;
}

/** Every folder jobContent made, removed. */
export function removeJobContents(): void {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** One run of the real job on `contentDir` at a faked moment, saying nothing, without pauses between checks or before a retry. */
export function runQuietlyAt(contentDir: string, at: number, options: Partial<RunOptions> = {}) {
  return runChecks({ contentDir, log: () => {}, warn: () => {}, retryPauseMs: 0, startSpacingMs: 0, now: () => new Date(at), ...options });
}
