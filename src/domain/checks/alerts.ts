/**
 * Alerts written by the check job when a server changes state, in the wording
 * of the sample alerts, and the list the pages show: the job's alerts and the
 * editors' together, newest first.
 */
import type { Judgement, MeasuredStatus, PlaceSeen } from "./outcome";
import type { Alert } from "../kernel/types";
import { DAY_MS } from "../kernel/time";
import { alertId, type AlertKind } from "./alertIds";
import { dependentsWords, namesWithCount } from "./dependencies";

/** A root cause's dependents in one run (#47), by name: those whose fall is its, and those back with it. */
export type DependentsOf = { fell: string[]; back: string[] };

/** "; 49 servers that depend on it are unreachable: A, B … and 39 more", or nothing. */
const dependentsClause = (names: readonly string[] | undefined, back: boolean): string =>
  names && names.length > 0 ? `; ${dependentsWords(names.length, back)}: ${namesWithCount(names)}` : "";

/** The generated alerts kept: the newest 500, none older than 30 days; offline alerts first (warnings never push them out). */
export const KEPT_ALERTS = 500;
export const KEPT_ALERT_DAYS = 30;

export type AlertedServer = { id: string; name: string; ip: string; location: string; warnAboveMs: number };
/** A server's judged check in a run; `maintenance` when it was made inside one of the server's maintenance windows. */
export type CheckOutcome = Judgement & {
  server: string;
  checkedAt: string;
  maintenance?: boolean;
  /** from several places: what each saw (places.ts) */
  places?: PlaceSeen[];
  /** from several places, some of them absent: the states their answers could make; a confirmed state among them stays (run.ts) */
  either?: MeasuredStatus[];
};
/**
 * A confirmed change of a server's state in one run, or news about its
 * changes: a server first seen offline (firstSeen: its fall is news like any
 * other), and flapping begun or settled (domain/checks/flapping.ts: the changes in
 * between are not news one by one).
 */
export type Transition = {
  outcome: CheckOutcome;
  from: MeasuredStatus;
  to: MeasuredStatus;
  /** no state was known before: the server was first seen in this state */
  firstSeen?: true;
  /** the warning it leaves was a certificate's, whose expiry was this (renewed when the outcome's differs) */
  fromCertificate?: { expires: string | null };
  /** the warning it leaves was places' that could not reach the server (checks from several places) */
  fromUnreachable?: true;
  /** the warning it leaves was a heartbeat's: late, or not watched by its relay */
  fromLate?: "late" | "unwatched";
  flapping?: { event: "began" | "settled"; changes: number; minutes: number };
};

const STATE_WORDS: Record<MeasuredStatus, string> = { online: "online", warning: "in warning", offline: "offline" };

/**
 * The alerts of one run's confirmed changes, in the wording of the sample alerts:
 * - to offline (or first seen offline): error 'Server offline: <what the check saw>'
 * - online to warning: warning 'High response time: 156 ms, over the 150 ms threshold', or from
 *   several places 'Server unreachable from ap-south (timeout); eu-west and us-east reach it', or for a
 *   certificate about to expire 'Certificate expires soon: <what the check saw>', or for a heartbeat due
 *   and within its grace 'Heartbeat late: <what the check saw>'
 * - offline to online or warning: info 'Server back online' (and the warning, if it is one)
 * - warning to online: info 'Response time back to normal: 45 ms', or after a certificate's
 *   warning 'Certificate renewed: valid until 2027-02-20' (or, the same certificate,
 *   'Certificate no longer due to expire soon: …')
 * - flapping: warning 'Server flapping: its state changed 5 times in 60 min (now offline) …', and
 *   once it settles 'Server settled offline: no change of state in 60 min'
 * A root cause's fall and return name its dependents of the run (`dependents`, run.ts attributeFalls).
 */
export function transitionAlerts(
  transitions: readonly Transition[],
  servers: ReadonlyMap<string, AlertedServer>,
  dependents: ReadonlyMap<string, DependentsOf> = new Map(),
): Alert[] {
  const alerts: Alert[] = [];
  for (const transition of transitions) {
    const { outcome, from: before, to: after } = transition;
    const server = servers.get(outcome.server);
    if (!server || (before === after && !transition.flapping)) continue;
    const alert = (type: Alert["type"], kind: AlertKind, message: string): Alert => ({
      id: alertId(server.id, outcome.checkedAt, kind),
      server: server.name,
      type,
      message,
      ip: server.ip,
      location: server.location,
      timestamp: outcome.checkedAt,
    });
    const ms = outcome.responseTime === null ? "no answer" : `${outcome.responseTime} ms`;
    if (transition.flapping?.event === "began") {
      const { changes, minutes } = transition.flapping;
      alerts.push(
        alert(
          "warning",
          "flapping",
          `Server flapping: its state changed ${changes} times in ${minutes} min (now ${STATE_WORDS[after]}); no alert of each change until it keeps one state for ${minutes} min`,
        ),
      );
      continue;
    }
    if (transition.flapping?.event === "settled") {
      const type = after === "offline" ? "error" : after === "warning" ? "warning" : "info";
      const detail = after === "online" ? "" : `: ${outcome.detail}`;
      alerts.push(
        alert(type, "settled", `Server settled ${STATE_WORDS[after]}: no change of state in ${transition.flapping.minutes} min${detail}`),
      );
      continue;
    }
    const behind = dependents.get(server.id);
    if (after === "offline") {
      alerts.push(alert("error", "offline", `Server offline: ${outcome.detail}${dependentsClause(behind?.fell, false)}`));
      continue;
    }
    if (before === "offline") alerts.push(alert("info", "online", `Server back online${dependentsClause(behind?.back, true)}`));
    if (after === "warning" && outcome.warningCause === "certificate") {
      alerts.push(alert("warning", "cert", `Certificate expires soon: ${outcome.detail}`));
    } else if (after === "warning" && outcome.warningCause === "late") {
      alerts.push(alert("warning", "late", `Heartbeat late: ${outcome.detail}`));
    } else if (after === "warning" && outcome.warningCause === "unwatched") {
      alerts.push(alert("warning", "late", `Heartbeat not watched: ${outcome.detail}`));
    } else if (after === "warning" && outcome.warningCause === "unreachable") {
      alerts.push(alert("warning", "places", `Server ${outcome.detail}`));
    } else if (after === "warning") {
      alerts.push(alert("warning", "slow", `High response time: ${ms}, over the ${server.warnAboveMs} ms threshold`));
    } else if (before === "warning" && transition.fromCertificate) {
      const now = outcome.certificateExpires ?? null;
      const renewed = now !== null && now !== transition.fromCertificate.expires;
      alerts.push(
        alert(
          "info",
          "renewed",
          renewed ? `Certificate renewed: valid until ${now.slice(0, 10)}` : `Certificate no longer due to expire soon: ${outcome.detail}`,
        ),
      );
    } else if (before === "warning" && transition.fromLate) {
      const again = transition.fromLate === "late" ? "on time again" : "watched again";
      alerts.push(alert("info", "normal", `Heartbeat ${again}: ${outcome.detail}`));
    } else if (before === "warning" && transition.fromUnreachable) {
      alerts.push(alert("info", "normal", `Reachable again from every place: ${ms}`));
    } else if (before === "warning") {
      alerts.push(alert("info", "normal", `Response time back to normal: ${ms}`));
    }
  }
  return alerts;
}

/**
 * An alert's time: an ISO 8601 date-time, or the editors' '2026-11-23 10:37 UTC'
 * (seconds optional). null when it is neither.
 */
export function alertTime(timestamp: string): Date | null {
  const editors = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(?::\d{2})?) UTC$/.exec(timestamp);
  const iso = editors ? `${editors[1]}T${editors[2]}Z` : timestamp;
  const parts = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):(\d{2}))$/.exec(iso);
  if (!parts) return null;
  const [year, month, day, hour, minute, second = "0", offsetHours = "0", offsetMinutes = "0"] = parts.slice(1).map((p) => p ?? undefined);
  const daysInMonth = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate();
  // Date would quietly roll 2026-02-30 over to March: a time that does not exist is not a time.
  const real =
    Number(month) >= 1 &&
    Number(month) <= 12 &&
    Number(day) >= 1 &&
    Number(day) <= daysInMonth &&
    Number(hour) <= 23 &&
    Number(minute) <= 59 &&
    Number(second) <= 59 &&
    Number(offsetHours) <= 23 &&
    Number(offsetMinutes) <= 59;
  return real ? new Date(iso) : null;
}

/** Newest first, by time; alerts of the same time keep their order. */
export function newestFirst(alerts: readonly Alert[]): Alert[] {
  const time = (a: Alert) => alertTime(a.timestamp)?.getTime() ?? Number.NEGATIVE_INFINITY;
  return alerts
    .map((alert, index) => ({ alert, index, at: time(alert) }))
    .sort((a, b) => b.at - a.at || a.index - b.index)
    .map((x) => x.alert);
}

/**
 * The generated alerts to keep after a run: the new ones with the old, newest
 * first, none older than 30 days, at most KEPT_ALERTS. (Alerts stamped ahead
 * of the clock are kept: a run never writes while any are, domain/checks/run.ts
 * aheadOfClock.) Offline alerts are kept first, so a flood of
 * warnings never pushes out the news that a server went down.
 */
export function keepAlerts(existing: readonly Alert[], fresh: readonly Alert[], now: Date): Alert[] {
  const from = now.getTime() - KEPT_ALERT_DAYS * DAY_MS;
  const seen = new Set<string>();
  const kept = newestFirst([...fresh, ...existing]).filter((a) => {
    if (seen.has(a.id)) return false;
    seen.add(a.id);
    const at = alertTime(a.timestamp)?.getTime() ?? 0;
    return at >= from;
  });
  if (kept.length <= KEPT_ALERTS) return kept;
  const errors = kept.filter((a) => a.type === "error").slice(0, KEPT_ALERTS);
  const room = new Set([...errors, ...kept.filter((a) => a.type !== "error").slice(0, KEPT_ALERTS - errors.length)]);
  return kept.filter((a) => room.has(a));
}

/**
 * From when the job's kept alerts are all it raised: the last KEPT_ALERT_DAYS
 * days, unless it holds KEPT_ALERTS. Then it kept its errors first and the
 * newest of the others (keepAlerts): the others are whole
 * only from the oldest it kept; and when errors fill the store, no other kind
 * is known at all (null).
 */
export function alertsKeptFrom(jobAlerts: readonly Alert[], now: number): number | null {
  const from = now - KEPT_ALERT_DAYS * DAY_MS;
  if (jobAlerts.length < KEPT_ALERTS) return from;
  const others = jobAlerts.filter((a) => a.type !== "error").flatMap((a) => alertTime(a.timestamp)?.getTime() ?? []);
  if (others.length === 0) return null;
  return Math.max(from, Math.min(...others));
}
