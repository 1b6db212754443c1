/**
 * One run of the check job: read and validate the servers, check every server
 * that has a check (at most CHECK_CONCURRENCY at once, each within its
 * timeout), and write what was measured into content/checks/. The run fails
 * only when it cannot run (bad content, files it cannot write); servers that
 * are down are what it is there to report.
 */
import { readContentTexts } from "../gatsby/readContent";
import type { AlertedServer, CheckOutcome } from "../src/model/checkAlerts";
import { applyRun } from "../src/model/checkRun";
import {
  CHECK_CONCURRENCY,
  checkTarget,
  formatDuration,
  judge,
  type CheckConfig,
  type CheckTarget,
  type ProbeOutcome,
} from "../src/model/checks";
import { formatReport, validateContent } from "../src/model/validate";
import { readState, withLock, writeState } from "./checkFiles";
import { probe as realProbe } from "./probe";

/** The content does not validate: nothing was checked. */
export class ContentError extends Error {}

export type RunOptions = {
  contentDir: string;
  log: (line: string) => void;
  warn: (line: string) => void;
  probe?: (target: CheckTarget) => Promise<ProbeOutcome>;
  concurrency?: number;
};

export type RunReport = { checked: number; online: number; warning: number; offline: number; seconds: number; newAlerts: number };

type ServerEntry = { id: string; name: string; ip: string; location: string; check?: CheckConfig };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const tally = (outcomes: readonly CheckOutcome[]) => ({
  online: outcomes.filter((o) => o.status === "online").length,
  warning: outcomes.filter((o) => o.status === "warning").length,
  offline: outcomes.filter((o) => o.status === "offline").length,
});

export async function runChecks(options: RunOptions): Promise<RunReport> {
  const { contentDir, log, warn, probe = realProbe, concurrency = CHECK_CONCURRENCY } = options;
  const started = Date.now();
  // The editors' files must be valid; the job's own files are read (and mended) by readState.
  const texts = readContentTexts(contentDir);
  delete texts["checks/latest.json"];
  delete texts["checks/alerts.json"];
  const validation = validateContent(texts);
  if (validation.errors.length > 0) throw new ContentError(formatReport(validation));
  for (const issue of validation.warnings) warn(issue.message);

  const servers = (validation.data["servers.json"] ?? []) as ServerEntry[];
  const checks = servers.flatMap((server) => {
    const target = server.check ? checkTarget(server.check) : null;
    return target ? [{ server, target }] : [];
  });
  if (checks.length === 0) {
    log(`No server in ${contentDir}/servers.json has a check: nothing to measure. CONTENT.md says how to add one.`);
    return { checked: 0, online: 0, warning: 0, offline: 0, seconds: 0, newAlerts: 0 };
  }

  const startedAt = new Date();
  log(`Checking ${plural(checks.length, "server")}, at most ${concurrency} at once…`);
  const outcomes = Array.from<CheckOutcome | undefined>({ length: checks.length });
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < checks.length) {
      const index = next;
      next += 1;
      const { server, target } = checks[index];
      const outcome = await probe(target);
      outcomes[index] = { server: server.id, checkedAt: new Date().toISOString(), ...judge(outcome, target) };
      done += 1;
      if (done % concurrency === 0 || done === checks.length) {
        const counts = tally(outcomes.filter((o): o is CheckOutcome => o !== undefined));
        log(`  checked ${done}/${checks.length}: ${counts.online} online, ${counts.warning} warning, ${counts.offline} offline`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, checks.length) }, worker));
  const finishedAt = new Date();
  const measured = outcomes as CheckOutcome[];

  const alerted = new Map<string, AlertedServer>(
    checks.map(({ server, target }) => [
      server.id,
      { id: server.id, name: server.name, ip: server.ip, location: server.location, warnAboveMs: target.warnAboveMs },
    ]),
  );
  const newAlerts = await withLock(contentDir, () => {
    const after = applyRun(readState(contentDir, warn), measured, alerted, startedAt, finishedAt);
    writeState(contentDir, after);
    return after.fresh.length;
  });

  const counts = tally(measured);
  const seconds = (Date.now() - started) / 1000;
  log(`Wrote ${contentDir}/checks/latest.json, history.json and alerts.json (${plural(newAlerts, "new alert")}).`);
  log(
    `Checked ${plural(checks.length, "server")} in ${formatDuration(Math.round(seconds * 1000))}: ${counts.online} online, ${counts.warning} warning, ${counts.offline} offline.`,
  );
  return { checked: checks.length, ...counts, seconds, newAlerts };
}
