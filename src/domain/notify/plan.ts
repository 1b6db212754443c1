/**
 * Which notices a run owes, and the job's memory of what it has sent
 * (content/checks/notify-state.json, never published).
 *
 * A notice is owed when a server's confirmed state differs from the state the
 * notifications last told (or chose not to tell: no recovery messages). The
 * comparison is with that memory, not with the run's transitions, so a run
 * that is played again after a crash, or that overlaps another, finds nothing
 * new to say. A server first seen is remembered, not announced. A suppressed
 * change (maintenance, quiet hours) is not remembered either: when the reason
 * ends, a server still down is told at once.
 *
 * A certificate's expiry is told once per threshold crossed (30, 14, 7, 1
 * days), the lowest crossed when a run finds several at once; the thresholds
 * told are remembered with the expiry they were about, so a renewed
 * certificate (another expiry) starts afresh. It is told from the first run
 * that sees it: unlike a state, a date to come is news whenever it is learnt.
 *
 * A security finding the scan saw first (domain/security/findings.ts) is told
 * once, keyed by the end of the finding of the same rule before it.
 *
 * Each notice has a stable key; a channel is sent a key once. Notices wait in
 * an outbox, saved before anything is sent, so a run that stops before
 * sending leaves them for the next run.
 *
 * One piece (about 380 lines): what is owed and what is remembered change
 * together in one pass over the servers; split, a notice could be queued and
 * not remembered, or remembered and not queued.
 */
import { publishedUrl, serverPath } from "../kernel/paths";
import { certificateDaysLeft, certificateThreshold, stateChange, type MeasuredStatus, type WarningCause } from "../checks/outcome";
import type { Notice, NoticeEvent, NotificationsConfig, NotifyEvent } from "./notifications";
import { channelsFor, notifyDefaults, type RouteScope } from "./config";
import { DAY_MS, formatLongDuration, HOUR_MS, MINUTE_MS } from "../kernel/time";
import { ownRecord, ownValue } from "../kernel/records";
import { DEPENDENT_NAMES, dependencyGroups, type DependencyGraph } from "../checks/dependencies";
import type { MaintenanceOccurrence } from "../incidents/maintenance";
import { nextEpisodes, type BurnRates, type Episodes } from "../objectives/burnAlerts";
import type { Objective } from "../objectives/objectiveContent";

type NotifiedServer = {
  /** the confirmed state last told (or passed over on purpose) */
  state: MeasuredStatus;
  /** when that state began, as a run saw it; null when the server was first seen in it (when it began is unknown) */
  since: string | null;
  /** the last reminder owed for this state (1, 2 …) */
  reminders?: number;
  /** the certificate last seen (its expiry), and the lowest threshold told of it (30, 14, 7, 1 days), if any */
  certificate?: { expires: string; told?: number };
  /** the warning told (or passed over) was a certificate's: its end has a renewal's words */
  cause?: "certificate";
  /** with cause: the expiry of the certificate the warning was about (another one at its end: renewed) */
  warnedExpiry?: string;
  /** told that it flaps: its changes are not told until it settles */
  flapping?: true;
  /** told that the job has no result for it: the time of its last result (ISO); told again when results come back */
  unchecked?: string;
  /** its fall was this root cause's (dependsOn, #47): told in the root's notice, not on its own; its return is the root's too */
  causedBy?: string;
};

export type OutboxItem = {
  channel: string;
  notice: Notice;
  /** when the notice was first queued (ISO) */
  queuedAt: string;
  /** set just before a send starts: a run that stops mid-send leaves it, and the next run counts the notice as sent rather than risk sending it twice */
  sendingSince?: string;
  /** the runs whose sending failed */
  failures?: number;
};

export type NotifyState = {
  version: 1;
  servers: Record<string, NotifiedServer>;
  /** `${channel} ${key}` → when it was sent (ISO) */
  sent: Record<string, string>;
  outbox: OutboxItem[];
  /** each objective's burn-rate alerts going on (#48), by its id: absent in a file written before them */
  objectives?: Record<string, Episodes>;
};

/** An objective as a run measured it (#48): its burn rates, the budget left, its servers named. */
export type ObjectiveNow = {
  objective: Objective;
  rates: BurnRates;
  /** null when the job's usual interval is not known yet (no slot to count) */
  budgetLeft: { share: number | null; seconds: number } | null;
  /** the first DEPENDENT_NAMES of its servers, "Name (id)" */
  names: string[];
};

export const emptyNotifyState = (): NotifyState => ({ version: 1, servers: {}, sent: {}, outbox: [] });

/** How long a sent key is remembered: longer than any run can lag behind, shorter than a file that grows. */
export const SENT_MEMORY_MS = 8 * DAY_MS;
/** A notice that could not be sent is tried again on later runs until it is this old, then dropped (old news; a reminder follows). */
export const OUTBOX_MAX_AGE_MS = HOUR_MS;

/** A server as the plan needs it: its confirmed result of this run. */
export type PlanResult = {
  server: { id: string; name: string; ip: string; location: string };
  status: MeasuredStatus;
  checkedAt: string;
  detail: string;
  /** a check that judges a certificate: when the one it saw expires (ISO) */
  certificateExpires?: string;
  /** why a warning is one */
  warningCause?: WarningCause;
  /** flapping (latest.json's): its changes are not news one by one */
  flapping?: { since: string; changes: number; minutes: number };
  /** the run found this server for the first time, and down (confirmed as its check asks): its fall is news */
  firstSeenDown?: boolean;
  /** no result for longer than the job allows (latest.json's): when a run found so, and why */
  notChecked?: { foundAt: string; reason: string };
  /** the security findings the run saw first (not acknowledged), each with what makes its notice's key: the end of the one before it, or null */
  newFindings?: Array<NonNullable<Notice["finding"]> & { after: string | null }>;
  /** offline behind a server it depends on that is offline too (latest.json's): that root cause's id */
  cause?: string;
};

/** Why a server's news is held back now (maintenance, quiet hours), or null. */
export type Suppressor = (serverId: string, event: NotifyEvent, at: Date) => string | null;

export type Plan = {
  state: NotifyState;
  /** the notices this run added to the outbox, one per channel */
  queued: OutboxItem[];
  /** news held back, and why */
  suppressed: Array<{ notice: Notice; reason: string }>;
};

/** The mark remembered for a certificate told of above every threshold (a warnDays over 30): the next told is 30 days. */
const WARNED_ABOVE = 31;

/** The event a route selects for a notice: a flapping server's news goes where a fall goes, a settling where its state's change would. */
function routedAs(notice: Pick<Notice, "event" | "to">): NotifyEvent {
  if (notice.event === "flapping") return "down";
  if (notice.event === "settled") return notice.to === "offline" ? "down" : notice.to === "warning" ? "degraded" : "recovered";
  if (notice.event === "unchecked") return "down";
  if (notice.event === "checked") return "recovered";
  return notice.event;
}

/**
 * The channels a notice goes to. A certificate's notice about a server in
 * warning is also its degradation (told by this notice only): it goes where
 * either event is routed.
 */
function channelsOf(config: NotificationsConfig, notice: Notice, groupsOf: RouteScope["groupsOf"]): string[] {
  const events: NotifyEvent[] =
    notice.event === "certificate" && notice.to === "warning" ? ["certificate", "degraded"] : [routedAs(notice)];
  const scope: RouteScope = { groupsOf, ...(notice.unreachableBecause ? { dependentOf: notice.unreachableBecause.id } : {}) };
  const channels = new Set(events.flatMap((event) => channelsFor(config, notice.server.id, event, scope)));
  return config.channels.map((c) => c.id).filter((id) => channels.has(id));
}

/** An objective's notice goes to every route that names the event and covers one of its servers (or every server). */
function objectiveChannels(config: NotificationsConfig, servers: readonly string[], groupsOf: RouteScope["groupsOf"]): string[] {
  const channels = new Set(servers.flatMap((server) => channelsFor(config, server, "objective", { groupsOf })));
  return config.channels.map((c) => c.id).filter((id) => channels.has(id));
}

/** A notification's event for a change of confirmed state (checks/outcome.ts names the change; notifications call it so): null when it stays. */
export const eventOf = (from: MeasuredStatus, to: MeasuredStatus): NotifyEvent | null => stateChange(from, to);

/** The server's own page (its history and alerts), under the site's public address. */
const serverUrl = (siteUrl: string | null, server: { id: string }): string | null =>
  siteUrl === null ? null : publishedUrl(siteUrl, serverPath(server.id));

function forget(state: NotifyState, now: Date): NotifyState {
  const oldest = now.getTime() - SENT_MEMORY_MS;
  const sent = ownRecord(Object.fromEntries(Object.entries(state.sent).filter(([, at]) => Date.parse(at) >= oldest)));
  return { ...state, sent };
}

/** How long from one time to a later one; null when the first is unknown or later (a clock that was set back). */
function spanBetween(from: string | null, to: string): number | null {
  if (from === null) return null;
  const span = Date.parse(to) - Date.parse(from);
  return span >= 0 ? span : null;
}

/** A dependent counted under its root cause, the first DEPENDENT_NAMES of them named. */
function countDependent(into: Map<string, NonNullable<Notice["dependents"]>>, root: string, result: PlanResult): void {
  const entry = into.get(root) ?? { count: 0, names: [] };
  entry.count += 1;
  if (entry.names.length < DEPENDENT_NAMES) entry.names.push(`${result.server.name} (${result.server.id})`);
  into.set(root, entry);
}

/**
 * The notices a run owes (with its confirmed results), added to the outbox of
 * each channel that a route gives them. Pure: the caller saves the state
 * before it sends.
 */
export function planNotifications(options: {
  config: NotificationsConfig;
  state: NotifyState;
  results: readonly PlanResult[];
  now: Date;
  siteUrl: string | null;
  suppress?: Suppressor;
  /** each server's dependsOn (#47): routes by dependency group, and what a dependent's own notice names */
  dependsOn?: DependencyGraph;
  /** the maintenance windows' occurrences that began or ended within the last OUTBOX_MAX_AGE_MS: their edges are news */
  maintenance?: readonly MaintenanceOccurrence[];
  /** each objective of content/objectives.json as the run measured it (#48): its alerts' edges are news */
  objectives?: readonly ObjectiveNow[];
}): Plan {
  const { config, results, now, siteUrl, suppress = () => null } = options;
  const groupsOf = dependencyGroups(options.dependsOn ?? new Map());
  const defaults = notifyDefaults(config);
  const state = forget(options.state, now);
  const servers = ownRecord(state.servers);
  const owed: Notice[] = [];
  const suppressed: Plan["suppressed"] = [];
  // A root cause's dependents that fell (or came back) in this run, for its own notice of the same (#47).
  const fell = new Map<string, NonNullable<Notice["dependents"]>>();
  const back = new Map<string, NonNullable<Notice["dependents"]>>();
  const rootNames = new Map(results.map((r) => [r.server.id, { id: r.server.id, name: r.server.name }]));
  /** What every notice of a server's result says: the server, its state, the check, its page. */
  const baseOf = (result: PlanResult) => ({
    server: result.server,
    to: result.status,
    at: result.checkedAt,
    detail: result.detail,
    url: serverUrl(siteUrl, result.server),
  });
  /**
   * A notice owed, unless its news is held back now (then nothing is remembered: told when the reason ends, if still
   * true). Told, the server's memory becomes `memory`, and the notice is queued unless `send` is false (no recovery
   * messages).
   */
  const tell = (notice: Notice, event: NotifyEvent, memory: NotifiedServer, send = true) => {
    const id = notice.server.id;
    const reason = suppress(id, event, now);
    if (reason !== null) {
      suppressed.push({ notice, reason });
      return;
    }
    servers[id] = memory;
    if (send) owed.push(notice);
  };

  /** A dependent's own news (#47): routes with dependents "each", or that the root's notice misses, take it (channelsOf); held back as any news is. */
  const dependentNews = (notice: Notice) => {
    const reason = suppress(notice.server.id, routedAs(notice), now);
    if (reason !== null) suppressed.push({ notice, reason });
    else owed.push(notice);
  };

  // Whether the job looks at all, before what it saw: no result for too long is told once, routed as a fall (nobody knows
  // whether the server is up), and results again once, as a recovery is; what they then say is news as usual.
  for (const result of results) {
    const id = result.server.id;
    const known = ownValue(servers, id);
    if (!known) continue;
    if (known.unchecked !== undefined && !result.notChecked) {
      const { unchecked: lastResult, ...rest } = known;
      const notice: Notice = {
        ...baseOf(result),
        key: `${id}|checked|${lastResult}`,
        event: "checked",
        from: known.state,
        since: lastResult,
        durationMs: spanBetween(lastResult, result.checkedAt),
      };
      tell(notice, "recovered", rest, defaults.sendOnRecovery);
    } else if (known.unchecked === undefined && result.notChecked) {
      const notice: Notice = {
        ...baseOf(result),
        key: `${id}|unchecked|${result.checkedAt}`,
        event: "unchecked",
        from: known.state,
        since: result.checkedAt,
        detail: `no result for ${formatLongDuration(Math.max(0, now.getTime() - Date.parse(result.checkedAt)))}: ${result.notChecked.reason}`,
        durationMs: null,
      };
      tell(notice, "down", { ...known, unchecked: result.checkedAt });
    }
  }

  for (const result of results) {
    const id = result.server.id;
    // A record without a prototype (ownRecord): an id such as constructor reads nothing but its own memory.
    const known = servers[id];
    const base = baseOf(result);
    const flapping = result.flapping;
    // What is kept whatever the state does: the certificate told of (its thresholds are told once, across outages).
    const kept = known?.certificate ? { certificate: known.certificate } : {};
    // The job's first sight of it, down: known here at most as the silent offline of its first runs (confirmRuns.offline > 1).
    const firstFall = result.firstSeenDown === true && (!known || (known.state === "offline" && known.since === null));
    if (!known && !firstFall) {
      // New to the notifications (a new server, or notifications just turned on): remembered, not announced.
      servers[id] = {
        state: result.status,
        since: null,
        ...(flapping ? { flapping: true as const } : {}),
        ...(result.notChecked ? { unchecked: result.checkedAt } : {}),
      };
      continue;
    }
    // Not checked: its state is only the last one seen, so no state news and no reminder until results come back.
    if (result.notChecked) continue;
    // Dependencies (#47): a fall behind a root cause that is down is the root's news, told once, in the root's notice (a
    // server already told down on its own stays as told). Its return is the root's too; still down when the root is
    // back (or no longer behind it), it has fallen on its own: told now.
    const causedBefore = known?.causedBy;
    if (
      result.cause !== undefined &&
      result.status === "offline" &&
      (causedBefore !== undefined || firstFall || known?.state !== "offline")
    ) {
      if (causedBefore === undefined) {
        countDependent(fell, result.cause, result);
        // Routes that ask for each dependent (dependents "each") are told its fall on its own, naming the root.
        dependentNews({
          ...base,
          key: `${id}|down|${result.checkedAt}`,
          event: "down",
          from: known?.state ?? null,
          since: result.checkedAt,
          durationMs: null,
          unreachableBecause: rootNames.get(result.cause) ?? { id: result.cause, name: result.cause },
        });
      }
      servers[id] = {
        ...kept,
        state: "offline",
        since: causedBefore !== undefined && known ? known.since : result.checkedAt,
        causedBy: result.cause,
      };
      continue;
    }
    if (causedBefore !== undefined && known) {
      if (result.status === "offline") {
        const root = rootNames.get(causedBefore) ?? { id: causedBefore, name: causedBefore };
        const notice: Notice = {
          ...base,
          key: `${id}|down|${result.checkedAt}`,
          event: "down",
          from: "offline",
          since: result.checkedAt,
          durationMs: null,
          afterRoot: root,
        };
        tell(notice, "down", { ...kept, state: "offline", since: result.checkedAt });
      } else {
        servers[id] = { ...kept, state: result.status, since: result.checkedAt };
        countDependent(back, causedBefore, result);
        if (defaults.sendOnRecovery) {
          dependentNews({
            ...base,
            key: `${id}|recovered|${result.checkedAt}`,
            event: "recovered",
            from: "offline",
            since: result.checkedAt,
            durationMs: spanBetween(known.since, result.checkedAt),
            ...(known.since ? { problemSince: known.since } : {}),
            unreachableBecause: rootNames.get(causedBefore) ?? { id: causedBefore, name: causedBefore },
          });
        }
      }
      continue;
    }
    if (firstFall) {
      // First seen by the job, and down: its fall is news like any other (told once; its return then has a beginning).
      const notice: Notice = {
        ...base,
        key: `${id}|down|${result.checkedAt}`,
        event: "down",
        from: null,
        since: result.checkedAt,
        durationMs: null,
      };
      tell(notice, "down", { state: "offline", since: result.checkedAt });
      continue;
    }
    if (flapping || known.flapping) {
      // Flapping: told once as it begins, then silence (no change, no reminder) until it settles, told once in its state.
      const event: NoticeEvent | null = flapping && !known.flapping ? "flapping" : !flapping ? "settled" : null;
      if (event === null) {
        servers[id] = { ...known, state: result.status };
        continue;
      }
      const since = flapping ? flapping.since : result.checkedAt;
      const notice: Notice = {
        ...base,
        key: `${id}|${event}|${since}`,
        event,
        from: known.state,
        since,
        durationMs: null,
        ...(flapping ? { flapping } : {}),
        ...(!flapping && known.since ? { problemSince: known.since } : {}),
      };
      tell(notice, routedAs(notice), { ...kept, state: result.status, since, ...(flapping ? { flapping: true as const } : {}) });
      continue;
    }
    const event = eventOf(known.state, result.status);
    if (event !== null) {
      const since = result.checkedAt;
      const cause = result.status === "warning" && result.warningCause === "certificate" ? ("certificate" as const) : undefined;
      if (event === "degraded" && cause) {
        // A certificate about to expire is told once, by its own notice (the certificate event below), not also as degraded.
        servers[id] = {
          ...kept,
          state: result.status,
          since,
          cause,
          ...(result.certificateExpires ? { warnedExpiry: result.certificateExpires } : {}),
        };
        continue;
      }
      const renewal = event === "recovered" && known.state === "warning" && known.cause === "certificate";
      // The certificate seen now is another than the one warned of: it was renewed (or replaced).
      const renewed =
        known.warnedExpiry !== undefined && result.certificateExpires !== undefined && result.certificateExpires !== known.warnedExpiry;
      const notice: Notice = {
        ...base,
        key: `${id}|${event}|${since}`,
        event,
        from: known.state,
        since,
        durationMs: event === "recovered" ? spanBetween(known.since, since) : null,
        ...(event === "recovered" && known.since ? { problemSince: known.since } : {}),
        ...(renewal ? { cause: renewed ? ("certificate-renewed" as const) : ("certificate-warning-over" as const) } : {}),
        ...(renewal && result.certificateExpires
          ? {
              certificate: {
                expires: result.certificateExpires,
                daysLeft: certificateDaysLeft(result.certificateExpires, new Date(result.checkedAt)),
              },
            }
          : {}),
      };
      tell(
        notice,
        event,
        { ...kept, state: result.status, since, ...(cause ? { cause } : {}) },
        event !== "recovered" || defaults.sendOnRecovery,
      );
      continue;
    }
    // Still down: a reminder every reminderMinutes, counted from when it went down (a late run sends the latest one only).
    if (result.status !== "offline" || known.since === null || defaults.reminderMinutes === 0) continue;
    const downFor = now.getTime() - Date.parse(known.since);
    const due = Math.floor(downFor / (defaults.reminderMinutes * MINUTE_MS));
    if (due < 1 || due <= (known.reminders ?? 0)) continue;
    const notice: Notice = {
      ...base,
      key: `${id}|reminder|${known.since}|${due}`,
      event: "reminder",
      from: "offline",
      since: known.since,
      durationMs: downFor,
    };
    tell(notice, "reminder", { ...known, reminders: due });
  }

  // Certificates: once per threshold crossed, whatever the state did (its memory lives beside the state's).
  for (const result of results) {
    const expires = result.certificateExpires;
    const id = result.server.id;
    const current = servers[id];
    if (expires === undefined || current === undefined) continue;
    // Another expiry is another certificate (renewed, or replaced): nothing told of it yet.
    const memory = current.certificate?.expires === expires ? current.certificate : { expires };
    const daysLeft = certificateDaysLeft(expires, new Date(result.checkedAt));
    // A threshold crossed (30, 14, 7, 1 days); or, above 30, the warning a check's warnDays gave: told then (as one mark
    // above the thresholds, WARNED_ABOVE), not a month later.
    const warned = result.status === "warning" && result.warningCause === "certificate" && daysLeft > 0;
    const threshold = certificateThreshold(daysLeft) ?? (warned ? WARNED_ABOVE : null);
    if (threshold === null || (memory.told !== undefined && memory.told <= threshold)) {
      servers[id] = { ...current, certificate: memory };
      continue;
    }
    const notice: Notice = {
      ...baseOf(result),
      key: `${id}|certificate|${expires}|${threshold}`,
      event: "certificate",
      from: result.status,
      since: result.checkedAt,
      durationMs: null,
      certificate: { expires, daysLeft },
    };
    const reason = suppress(id, "certificate", now);
    if (reason !== null) {
      // Not remembered: told when the reason ends, if still true.
      suppressed.push({ notice, reason });
      servers[id] = { ...current, certificate: memory };
      continue;
    }
    servers[id] = { ...current, certificate: { expires, told: threshold } };
    owed.push(notice);
  }

  // Security findings: each told once, as the run that saw it first (the key holds the end of the finding before it of the
  // same rule, which a run that stopped before keeping its findings leaves as it was: played again, the key is the same).
  // Not held back by a maintenance window: a finding is first seen once, and would never be told after the window.
  for (const result of results) {
    for (const { after, ...finding } of result.newFindings ?? []) {
      const id = result.server.id;
      const notice: Notice = {
        ...baseOf(result),
        key: `${id}|security|${finding.rule}|${after ?? "first"}`,
        event: "security",
        from: result.status,
        since: result.checkedAt,
        durationMs: null,
        finding,
      };
      owed.push(notice);
    }
  }

  // Maintenance windows' edges (#47): each server's window began or ended, told once each (the key holds the window, its
  // start and the edge; the memory of what was sent keeps it told), to routes that name the event; never held back (a
  // window's start is news while it holds everything else back). Only edges of the last OUTBOX_MAX_AGE_MS: older is not news.
  const byId = new Map(results.map((r) => [r.server.id, r] as const));
  const recent = now.getTime() - OUTBOX_MAX_AGE_MS;
  for (const occurrence of options.maintenance ?? []) {
    const covered = occurrence.window.affected.flatMap((id) => byId.get(id) ?? []);
    const names = covered.map((r) => `${r.server.name} (${r.server.id})`);
    for (const edge of ["began", "ended"] as const) {
      const at = Date.parse(edge === "began" ? occurrence.start : occurrence.end);
      if (!(at > recent && at <= now.getTime())) continue;
      for (const result of covered) {
        const id = result.server.id;
        owed.push({
          ...baseOf(result),
          key: `${id}|maintenance|${occurrence.window.id}|${occurrence.start}|${edge}`,
          event: "maintenance",
          from: result.status,
          since: new Date(at).toISOString(),
          durationMs: null,
          maintenance: {
            edge,
            id: occurrence.window.id,
            title: occurrence.window.title,
            message: occurrence.window.message ?? null,
            start: occurrence.start,
            end: occurrence.end,
            servers: { count: names.length, names: names.slice(0, DEPENDENT_NAMES) },
          },
        });
      }
    }
  }

  // Objectives' burn-rate alerts (#48): each episode told when it begins and when it ends (domain/objectives/burnAlerts.ts),
  // to routes that name the event and cover one of the objective's servers; never held back (a window's checks are not
  // counted in the burn, and a budget burning is news whatever a server's window). An objective removed is forgotten.
  const objectiveMemory: Record<string, Episodes> = {};
  const objectiveServers = new Map<string, readonly string[]>();
  for (const measured of options.objectives ?? []) {
    const { objective, rates, budgetLeft, names } = measured;
    objectiveServers.set(objective.id, objective.servers);
    const { episodes, news } = nextEpisodes(ownValue(ownRecord(state.objectives ?? {}), objective.id) ?? {}, rates, now);
    if (Object.keys(episodes).length > 0) objectiveMemory[objective.id] = episodes;
    for (const { level, edge, since } of news) {
      if (edge === "ended" && !defaults.sendOnRecovery) continue;
      owed.push({
        key: `objective|${objective.id}|${level}|${since}|${edge}`,
        event: "objective",
        server: { id: objective.id, name: objective.name, ip: "", location: "" },
        from: null,
        to: edge === "ended" ? "online" : level === "page" ? "offline" : "warning",
        since,
        at: now.toISOString(),
        detail: "",
        durationMs: edge === "ended" ? Math.max(0, now.getTime() - Date.parse(since)) : null,
        url: siteUrl === null ? null : publishedUrl(siteUrl, `/objectives#${objective.id}`),
        objective: {
          id: objective.id,
          name: objective.name,
          level,
          edge,
          availability: objective.availability,
          window: objective.window,
          burnRates: rates,
          budgetLeft: budgetLeft ?? { share: null, seconds: 0 },
          servers: { count: objective.servers.length, names: names.slice(0, DEPENDENT_NAMES) },
        },
      });
    }
  }
  // An objective taken out of objectives.json while an alert of it goes on: its end is told to the channels its start
  // went to (as the memory of what was sent, or the outbox, still holds them), so no paging incident stays open.
  const removedEnds: Array<{ notice: Notice; channels: string[] }> = [];
  if (options.objectives !== undefined && defaults.sendOnRecovery) {
    const present = new Set(options.objectives.map((m) => m.objective.id));
    for (const [id, episodes] of Object.entries(ownRecord(state.objectives ?? {}))) {
      if (present.has(id)) continue;
      for (const level of ["page", "ticket"] as const) {
        const since = episodes[level];
        if (since === undefined) continue;
        const began = `objective|${id}|${level}|${since}|began`;
        const channels = [
          ...Object.keys(state.sent)
            .filter((key) => key.endsWith(` ${began}`))
            .map((key) => key.slice(0, -began.length - 1)),
          ...state.outbox.filter((item) => item.notice.key === began).map((item) => item.channel),
        ];
        if (channels.length === 0) continue;
        removedEnds.push({
          channels: [...new Set(channels)],
          notice: {
            key: `objective|${id}|${level}|${since}|ended`,
            event: "objective",
            server: { id, name: id, ip: "", location: "" },
            from: null,
            to: "online",
            since,
            at: now.toISOString(),
            detail: "",
            durationMs: Math.max(0, now.getTime() - Date.parse(since)),
            url: null,
            objective: {
              id,
              name: id,
              level,
              edge: "ended",
              removed: true,
              availability: 0,
              window: "30d",
              burnRates: { "5m": null, "30m": null, "1h": null, "6h": null, "3d": null },
              budgetLeft: { share: null, seconds: 0 },
              servers: { count: 0, names: [] },
            },
          },
        });
      }
    }
  }

  // A root's fall names the servers that fell with it, its return those that came back with it (one notice for one cause);
  // its reminders, those still unreachable because of it (the dependents' own reminders are its).
  const stillBehind = new Map<string, NonNullable<Notice["dependents"]>>();
  for (const result of results) {
    const root = servers[result.server.id]?.causedBy;
    if (root !== undefined && result.status === "offline") countDependent(stillBehind, root, result);
  }
  for (const [index, notice] of owed.entries()) {
    const id = notice.server.id;
    const dependents =
      notice.event === "down"
        ? fell.get(id)
        : notice.event === "recovered"
          ? back.get(id)
          : notice.event === "reminder"
            ? stillBehind.get(id)
            : undefined;
    if (dependents) owed[index] = { ...notice, dependents };
  }

  // A server no longer checked is forgotten (if it comes back, it is first seen again).
  const checked = new Set(results.map((r) => r.server.id));
  for (const id of Object.keys(servers)) if (!checked.has(id)) delete servers[id];

  const waiting = new Set(state.outbox.map((item) => `${item.channel} ${item.notice.key}`));
  const queued: OutboxItem[] = [];
  const routed = [
    ...owed.map((notice) => ({
      notice,
      channels: notice.objective
        ? objectiveChannels(config, objectiveServers.get(notice.objective.id) ?? [], groupsOf)
        : channelsOf(config, notice, groupsOf),
    })),
    ...removedEnds,
  ];
  for (const { notice, channels } of routed) {
    for (const channel of channels) {
      const key = `${channel} ${notice.key}`;
      if (ownValue(state.sent, key) !== undefined || waiting.has(key)) continue;
      waiting.add(key);
      queued.push({ channel, notice, queuedAt: now.toISOString() });
    }
  }
  // Without the objectives' figures (a caller that has none to give), their memory stays as it was.
  const { objectives: before, ...rest } = state;
  const kept = options.objectives === undefined ? before : objectiveMemory;
  return {
    state: {
      ...rest,
      servers,
      outbox: [...state.outbox, ...queued],
      ...(kept && Object.keys(kept).length > 0 ? { objectives: kept } : {}),
    },
    queued,
    suppressed,
  };
}

/**
 * The most notices one channel's outbox keeps. A channel that fails run after
 * run keeps what it could not send for an hour (OUTBOX_MAX_AGE_MS); this bound
 * holds however many servers change in that hour, so notify-state.json stays
 * small. Past it, the oldest go first, and the run says how many.
 */
export const OUTBOX_LIMIT = 500;

/** The outbox held to OUTBOX_LIMIT per channel, the oldest dropped first (a send under way is never dropped); and what was dropped. */
export function boundOutbox(outbox: readonly OutboxItem[], limit = OUTBOX_LIMIT): { outbox: OutboxItem[]; dropped: OutboxItem[] } {
  const counts = new Map<string, number>();
  for (const item of outbox) counts.set(item.channel, (counts.get(item.channel) ?? 0) + 1);
  const over = new Map([...counts].filter(([, n]) => n > limit).map(([channel, n]) => [channel, n - limit]));
  if (over.size === 0) return { outbox: [...outbox], dropped: [] };
  const dropped: OutboxItem[] = [];
  // Oldest first: the order queued (the outbox is kept in that order), a send under way kept.
  const kept = outbox.filter((item) => {
    const excess = over.get(item.channel) ?? 0;
    if (excess === 0 || item.sendingSince !== undefined) return true;
    over.set(item.channel, excess - 1);
    dropped.push(item);
    return false;
  });
  return { outbox: kept, dropped };
}

/** One message per notice, or one digest when a channel has more than digestAbove waiting. */
export function batchesOf(items: readonly OutboxItem[], digestAbove: number): OutboxItem[][] {
  return items.length > digestAbove ? [[...items]] : items.map((item) => [item]);
}
