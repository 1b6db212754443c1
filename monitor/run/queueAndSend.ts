import type { AppliedRun, RunServer } from "../../src/domain/checks/run";
import { maintenanceOccurrences, type MaintenanceOccurrence, type MaintenanceWindow } from "../../src/domain/incidents/maintenance";
import { OUTBOX_MAX_AGE_MS } from "../../src/domain/notify/plan";
import type { NotificationsConfig } from "../../src/domain/notify/notifications";
import type { NewFinding } from "../../src/domain/security/findings";
import type { HeldLock } from "../../io/jobLock";
import { nothingSent, queueNotifications, sendOutbox, type NotifySummary, type NotifyTools } from "../notify/outbox";
import type { RunContext } from "./runTypes";
import type { Objective } from "../../src/domain/objectives/objectiveContent";
import { objectivesNow } from "./objectivesNow";

/** Why a server's news is held back while windows are in force, or null. */
const inMaintenance = (windows: readonly MaintenanceOccurrence[]): string | null =>
  windows.length === 0 ? null : `in maintenance: ${windows.map((o) => o.window.title).join(", ")}`;

/** What the queue phase is told of the run, besides its context. */
export type RunNews = {
  /** the run as applied; null when nothing was applied (then only what was owed before is sent) */
  applied: AppliedRun | null;
  servers: ReadonlyMap<string, RunServer>;
  /** the servers the job saw for the first time, down (as their checks ask to confirm): their fall is news too */
  firstSeenDown: ReadonlySet<string>;
  /** each server's new security findings, as notices */
  newFindings: ReadonlyMap<string, NewFinding[]>;
  maintenanceAt: (server: string, at: Date) => readonly MaintenanceOccurrence[];
  /** the editors' maintenance windows: their edges of the last hour are news for routes that ask (#47) */
  windows: readonly MaintenanceWindow[];
  /** content/objectives.json: their burn-rate alerts are news for routes that ask (#48) */
  objectives: readonly Objective[];
};

/**
 * The queue-and-send phase, under the lock, after the run's files are written: the notices the
 * confirmed changes owe are queued (notify-state.json's outbox), then sent until 95 % of the
 * run's time (what is not sent by then waits, queued, for the next run). Null without
 * content/notifications.json. `afterQueue` is a test's hook between the two.
 */
export async function queueAndSend(
  news: RunNews,
  config: NotificationsConfig | undefined,
  tools: NotifyTools | undefined,
  lock: HeldLock,
  context: RunContext,
  afterQueue?: () => void,
): Promise<NotifySummary | null> {
  const { contentDir, now, warn, deadlines } = context;
  const { applied } = news;
  const at = now();
  const queued = config
    ? queueNotifications({
        contentDir,
        config,
        results:
          applied === null || applied.superseded
            ? null
            : applied.latest!.results.map((r) => ({
                ...r,
                server: news.servers.get(r.server)!,
                firstSeenDown: news.firstSeenDown.has(r.server),
                ...(news.newFindings.has(r.server) ? { newFindings: news.newFindings.get(r.server) } : {}),
              })),
        now: now(),
        siteUrl: tools?.siteUrl ?? null,
        // A reminder due in a window waits for its end (a change cannot happen in one: the state is held).
        suppress: (server, _event, at) => inMaintenance(news.maintenanceAt(server, at)),
        maintenance: maintenanceOccurrences(news.windows, at.getTime() - OUTBOX_MAX_AGE_MS, at.getTime() + 1),
        dependsOn: new Map([...news.servers].flatMap(([id, server]) => (server.dependsOn ? [[id, server.dependsOn] as const] : []))),
        objectives: applied === null || applied.superseded ? [] : objectivesNow(news.objectives, applied, news.servers),
        warn,
        lock,
      })
    : null;
  afterQueue?.();
  if (!queued || !config) return null;
  const sendStarted = process.hrtime.bigint();
  const sent = tools
    ? await sendOutbox({
        contentDir,
        config,
        state: queued.state,
        tools,
        now,
        // Past this, what is not sent waits, queued, for the next run (a send under way ends within its own timeout).
        deadline: deadlines.sendingEnd,
        lock,
      })
    : nothingSent(queued.state.outbox.length);
  return {
    ...sent,
    suppressed: queued.suppressed,
    overflow: queued.overflow,
    seconds: Number(process.hrtime.bigint() - sendStarted) / 1e9,
  };
}
