/**
 * The check job's notifications: the notices a run owes are queued in
 * content/checks/notify-state.json (the job's own file, never published)
 * before anything is sent, then each channel's outbox is sent, every channel
 * on its own so one that fails or hangs holds up no other.
 *
 * Once, whatever happens to the run:
 *   - a run that stops before sending leaves its notices queued: the next run sends them;
 *   - each send is marked in the file just before it starts and recorded just
 *     after it ends; a run that stops in between leaves the mark, and the next
 *     run counts that notice as sent (and says so) rather than risk sending it twice;
 *   - a run played again finds the change already told (domain/notify/plan.ts).
 */
import type { DependencyGraph } from "../../src/domain/checks/dependencies";
import type { MaintenanceOccurrence } from "../../src/domain/incidents/maintenance";
import path from "node:path";
import type { ChannelConfig, NotificationsConfig, NotifyMessage, ResolvedChannel } from "../../src/domain/notify/notifications";
import { notifyDefaults } from "../../src/domain/notify/config";
import { PAGING_TYPES } from "../../src/domain/notify/notifications";
import {
  batchesOf,
  boundOutbox,
  emptyNotifyState,
  OUTBOX_LIMIT,
  OUTBOX_MAX_AGE_MS,
  planNotifications,
  type NotifyState,
  type ObjectiveNow,
  type OutboxItem,
  type PlanResult,
  type Suppressor,
} from "../../src/domain/notify/plan";
import { CHECK_NOTIFY_STATE_FILE } from "../../src/domain/content/files";
import { checksDirectory, readJobFile } from "../../io/jobFiles";
import { writeFileAtomically } from "../../io/writeWhole";
import { type HeldLock } from "../../io/jobLock";
import type { DeliveryResult } from "./send";
import { ownRecord } from "../../src/domain/kernel/records";

const NOTIFY_STATE = "notify-state.json";

/** How the job reaches the channels: their variables, and a send (monitor/notify/send.ts). */
export type NotifyTools = {
  resolve: (channel: ChannelConfig, env: NodeJS.ProcessEnv) => { channel: ResolvedChannel } | { missing: string[] };
  /** one message through one channel; `deadline` (performance.now()): no try or wait is started past it */
  deliver: (channel: ResolvedChannel, message: NotifyMessage, deadline?: number) => Promise<DeliveryResult>;
  env: NodeJS.ProcessEnv;
  /** the published site (SITE_URL and PATH_PREFIX), for links; null: messages carry none */
  siteUrl: string | null;
  /** tests: called after a send ends, before it is recorded (a crash there must not send twice) */
  afterSend?: (channel: string) => void;
};

export type NotifySummary = {
  /** messages sent, and the notices they carried */
  messages: number;
  notices: number;
  failed: Array<{ channel: string; error: string; kept: number; dropped: number }>;
  notConfigured: Array<{ channel: string; missing: string[] }>;
  suppressed: Array<{ server: string; event: string; reason: string }>;
  /** notices a stopped run may or may not have delivered (counted as sent) */
  uncertain: number;
  /** notices not sent when the run's time for sending ran out: queued for the next run */
  waiting: number;
  /** notices a receiver had whole and did not answer in time: counted as sent (never sent again) */
  unanswered: number;
  /** notices left in the outbox after this run, and those it dropped for its bound (oldest first) */
  outbox: number;
  overflow: number;
  /** how long the sending took (the benchmark's figure) */
  seconds: number;
};

const stateFile = (contentDir: string) => path.join(checksDirectory(contentDir), NOTIFY_STATE);

function readNotifyState(contentDir: string, warn: (line: string) => void): NotifyState {
  const state = readJobFile(stateFile(contentDir), CHECK_NOTIFY_STATE_FILE.name, emptyNotifyState(), warn);
  // Keyed by server ids and channels: no id is special (__proto__, constructor).
  return { ...state, servers: ownRecord(state.servers), sent: ownRecord(state.sent) };
}

/** Saved only while the lock is this run's: two runs never write the notifications' memory from different copies. */
function writeNotifyState(contentDir: string, state: NotifyState, lock?: HeldLock): void {
  lock?.confirm();
  writeFileAtomically(stateFile(contentDir), `${JSON.stringify(state, null, 1)}\n`);
}

/** Queues what a run owes and saves it: called under the job's lock, before the run's other files are written. */
export function queueNotifications(options: {
  contentDir: string;
  config: NotificationsConfig;
  results: readonly PlanResult[] | null;
  now: Date;
  siteUrl: string | null;
  suppress?: Suppressor;
  /** each server's dependsOn (#47) */
  dependsOn?: DependencyGraph;
  /** the maintenance windows' occurrences of the last hour (their edges are news) */
  maintenance?: readonly MaintenanceOccurrence[];
  /** the objectives as the run measured them (#48): their burn-rate alerts' edges are news */
  objectives?: readonly ObjectiveNow[];
  warn: (line: string) => void;
  lock?: HeldLock;
}): { state: NotifyState; suppressed: NotifySummary["suppressed"]; overflow: number } {
  const { contentDir, config, results, now, siteUrl, suppress, dependsOn, maintenance, objectives, warn, lock } = options;
  const before = readNotifyState(contentDir, warn);
  if (results === null) return { state: before, suppressed: [], overflow: 0 };
  const plan = planNotifications({ config, state: before, results, now, siteUrl, suppress, dependsOn, maintenance, objectives });
  const bounded = boundOutbox(plan.state.outbox);
  const state = { ...plan.state, outbox: bounded.outbox };
  if (bounded.dropped.length > 0) {
    const channels = [...new Set(bounded.dropped.map((item) => item.channel))];
    warn(
      `the outbox of ${channels.join(", ")} holds more than ${OUTBOX_LIMIT} notices: the ${bounded.dropped.length} oldest were dropped (the servers' pages and alerts still tell them).`,
    );
  }
  writeNotifyState(contentDir, state, lock);
  return {
    state,
    suppressed: plan.suppressed.map(({ notice, reason }) => ({ server: notice.server.id, event: notice.event, reason })),
    overflow: bounded.dropped.length,
  };
}

/** What sending did, before the run adds what it held back and how long it took. */
type SendSummary = Omit<NotifySummary, "suppressed" | "seconds" | "overflow">;

/** A send that sent nothing (yet), with `outbox` notices waiting. */
export const nothingSent = (outbox: number): SendSummary => ({
  messages: 0,
  notices: 0,
  failed: [],
  notConfigured: [],
  uncertain: 0,
  waiting: 0,
  unanswered: 0,
  outbox,
});

const itemKey = (item: OutboxItem) => `${item.channel} ${item.notice.key}`;

function messageOf(batch: readonly OutboxItem[], siteUrl: string | null): NotifyMessage {
  return batch.length === 1
    ? { kind: "notice", notice: batch[0].notice }
    : { kind: "digest", notices: batch.map((i) => i.notice), siteUrl };
}

/**
 * Sends every channel's outbox (more than digestAbove notices as one digest).
 * A channel whose send fails keeps the rest of its outbox for the next run.
 * No send starts after `deadline` (performance.now()): what is left waits,
 * queued, for the next run, and a send under way ends within its own timeout.
 * Never throws for a channel's sake: the summary says what happened.
 */
export async function sendOutbox(options: {
  contentDir: string;
  config: NotificationsConfig;
  state: NotifyState;
  tools: NotifyTools;
  now: () => Date;
  deadline?: number;
  lock?: HeldLock;
  /** the monotonic clock the deadline is on (performance.now(); tests give their own) */
  clock?: () => number;
}): Promise<SendSummary> {
  const { contentDir, config, tools, now, deadline = Infinity, lock, clock = () => performance.now() } = options;
  const { digestAbove } = notifyDefaults(config);
  const state: NotifyState = { ...options.state, sent: ownRecord(options.state.sent), outbox: [...options.state.outbox] };
  const summary = nothingSent(0);
  const save = () => writeNotifyState(contentDir, state, lock);
  const settle = (items: readonly OutboxItem[], at: string) => {
    const keys = new Set(items.map(itemKey));
    for (const key of keys) state.sent[key] = at;
    state.outbox = state.outbox.filter((item) => !keys.has(itemKey(item)));
  };

  // A send a stopped run began: it may have arrived. Counted as sent, never sent twice.
  const begun = state.outbox.filter((item) => item.sendingSince !== undefined);
  if (begun.length > 0) {
    summary.uncertain = begun.length;
    settle(begun, now().toISOString());
    save();
  }

  // Every channel's variables, read once: one that is not set is said once per run, and its notices go.
  const ready = new Map<string, ResolvedChannel>();
  for (const channel of config.channels) {
    const resolved = tools.resolve(channel, tools.env);
    if ("channel" in resolved) ready.set(channel.id, resolved.channel);
    else summary.notConfigured.push({ channel: channel.id, missing: resolved.missing });
  }
  const unsendable = state.outbox.filter((item) => !ready.has(item.channel));
  if (unsendable.length > 0) {
    state.outbox = state.outbox.filter((item) => ready.has(item.channel));
    save();
  }

  const channels = new Map<string, OutboxItem[]>();
  for (const item of state.outbox) channels.set(item.channel, [...(channels.get(item.channel) ?? []), item]);

  const sendChannel = async (id: string, items: OutboxItem[]) => {
    const channel = ready.get(id)!;
    // A paging service keys an incident by its problem: each notice on its own, never a digest.
    const batches = batchesOf(items, PAGING_TYPES.has(channel.type) ? Infinity : digestAbove);
    for (const [index, batch] of batches.entries()) {
      if (clock() >= deadline) {
        // Out of time: not a failure, nothing marked; the next run sends them.
        summary.waiting += batches.slice(index).reduce((n, b) => n + b.length, 0);
        return;
      }
      const started = now().toISOString();
      for (const item of batch) item.sendingSince = started;
      save();
      const result = await tools.deliver(channel, messageOf(batch, tools.siteUrl), deadline);
      tools.afterSend?.(id);
      if (result.ok) {
        settle(batch, now().toISOString());
        summary.messages += 1;
        summary.notices += batch.length;
        if (result.unanswered) summary.unanswered += batch.length;
        save();
        continue;
      }
      if (result.outOfTime) {
        // Not the channel's failure: the run's time ended it. What is left waits, unmarked, for the next run.
        for (const item of state.outbox) if (item.channel === id) delete item.sendingSince;
        save();
        summary.waiting += batches.slice(index).reduce((n, b) => n + b.length, 0);
        return;
      }
      // Failed after its tries: this channel stops here; what waits stays for the next run, unless it is old news.
      const oldest = now().getTime() - OUTBOX_MAX_AGE_MS;
      const waiting = state.outbox.filter((item) => item.channel === id);
      const stale = new Set(waiting.filter((item) => Date.parse(item.queuedAt) < oldest).map(itemKey));
      for (const item of waiting) {
        delete item.sendingSince;
        if (batch.includes(item)) item.failures = (item.failures ?? 0) + 1;
      }
      state.outbox = state.outbox.filter((item) => !stale.has(itemKey(item)));
      save();
      summary.failed.push({ channel: id, error: result.error, kept: waiting.length - stale.size, dropped: stale.size });
      return;
    }
  };
  // Every channel ends before the run goes on (or stops: an error is raised once all have ended).
  const ended = await Promise.allSettled([...channels].map(([id, items]) => sendChannel(id, items)));
  const broken = ended.find((e): e is PromiseRejectedResult => e.status === "rejected");
  if (broken) throw broken.reason;
  return { ...summary, outbox: state.outbox.length };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The run's one line about notifications. */
export function summaryLine(summary: NotifySummary): string {
  const parts = [
    `${plural(summary.messages, "message")} sent${summary.messages === summary.notices ? "" : ` (${plural(summary.notices, "notice")}, digests included)`}`,
  ];
  for (const f of summary.failed) {
    parts.push(
      `${f.channel} failed (${f.error}; ${f.kept > 0 ? `${plural(f.kept, "notice")} kept for the next run` : "nothing kept"}${f.dropped > 0 ? `, ${f.dropped} older than an hour dropped` : ""})`,
    );
  }
  for (const c of summary.notConfigured) {
    parts.push(`${c.channel} skipped: not configured (${c.missing.map((v) => `${v} is not set`).join(", ")})`);
  }
  if (summary.suppressed.length > 0) {
    const reasons = [...new Set(summary.suppressed.map((s) => s.reason))];
    parts.push(`${plural(summary.suppressed.length, "change")} held back (${reasons.join("; ")})`);
  }
  if (summary.waiting > 0) {
    parts.push(`${plural(summary.waiting, "notice")} not sent in this run's time, kept for the next run`);
  }
  if (summary.unanswered > 0) {
    parts.push(
      `${plural(summary.unanswered, "notice")} sent without an answer in time (not sent again: the receiver may have acted on ${summary.unanswered === 1 ? "it" : "them"})`,
    );
  }
  if (summary.overflow > 0) {
    parts.push(`${plural(summary.overflow, "notice")} dropped, the oldest, to keep each channel's outbox to ${OUTBOX_LIMIT}`);
  }
  if (summary.outbox > 0) parts.push(`${plural(summary.outbox, "notice")} in the outbox`);
  if (summary.uncertain > 0) {
    parts.push(`${plural(summary.uncertain, "notice")} counted as sent: a run stopped while sending, and may not have delivered them`);
  }
  return `Notifications (${summary.seconds.toFixed(1)} s): ${parts.join("; ")}.`;
}
