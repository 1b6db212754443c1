/**
 * Alerts written by the check job when a server changes state, in the wording
 * of the sample alerts, and the list the pages show: the job's alerts and the
 * editors' together, newest first.
 */
import type { Judgement, MeasuredStatus } from "./checks";
import type { Alert } from "./types";

/** The generated alerts kept: the newest 500, none older than 30 days. */
export const KEPT_ALERTS = 500;
export const KEPT_ALERT_DAYS = 30;

export type AlertedServer = { id: string; name: string; ip: string; location: string; warnAboveMs: number };
export type CheckOutcome = Judgement & { server: string; checkedAt: string };

const compact = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d+/, "");

/**
 * The alerts of one run. `previous` holds each server's status after the last
 * run; a server seen for the first time is compared with 'online'.
 * - to offline: error 'Server offline: <what the check saw>'
 * - online to warning: warning 'High response time: 156 ms, over the 150 ms threshold'
 * - offline to online or warning: info 'Server back online' (and the warning, if it is one)
 * - warning to online: info 'Response time back to normal: 45 ms'
 */
export function transitionAlerts(
  previous: ReadonlyMap<string, MeasuredStatus>,
  outcomes: readonly CheckOutcome[],
  servers: ReadonlyMap<string, AlertedServer>,
): Alert[] {
  const alerts: Alert[] = [];
  for (const outcome of outcomes) {
    const server = servers.get(outcome.server);
    if (!server) continue;
    const before = previous.get(outcome.server) ?? "online";
    const after = outcome.status;
    if (before === after) continue;
    const alert = (type: Alert["type"], kind: string, message: string): Alert => ({
      id: `check-${server.id}-${compact(outcome.checkedAt)}-${kind}`,
      server: server.name,
      type,
      message,
      ip: server.ip,
      location: server.location,
      timestamp: outcome.checkedAt,
    });
    if (after === "offline") {
      alerts.push(alert("error", "offline", `Server offline: ${outcome.detail}`));
      continue;
    }
    if (before === "offline") alerts.push(alert("info", "online", "Server back online"));
    if (after === "warning") {
      alerts.push(alert("warning", "slow", `High response time: ${outcome.responseTime} ms, over the ${server.warnAboveMs} ms threshold`));
    } else if (before === "warning") {
      alerts.push(alert("info", "normal", `Response time back to normal: ${outcome.responseTime} ms`));
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

/** The generated alerts to keep after a run: the new ones with the old, newest first, bounded. */
export function keepAlerts(existing: readonly Alert[], fresh: readonly Alert[], now: Date): Alert[] {
  const from = now.getTime() - KEPT_ALERT_DAYS * 86_400_000;
  const seen = new Set<string>();
  return newestFirst([...fresh, ...existing])
    .filter((a) => {
      if (seen.has(a.id)) return false;
      seen.add(a.id);
      return (alertTime(a.timestamp)?.getTime() ?? 0) >= from;
    })
    .slice(0, KEPT_ALERTS);
}
