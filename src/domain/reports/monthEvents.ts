/**
 * What happened in a month, beside its figures (#33): the incidents the editors
 * wrote that were open at some time in it, the maintenance windows in force in
 * it (recurring ones as their occurrences), and the alerts the check job raised.
 *
 * The job keeps its alerts for KEPT_ALERT_DAYS days (at most KEPT_ALERTS), so a
 * month is told how far its alerts are known: whole, from a day on, or not at
 * all; a count never pretends to be the month's when it is not. The outages
 * (the rollups keep them 400 days) say what the alerts said of downtime.
 */
import type { Alert, AlertType } from "../kernel/types";
import { alertTime, alertsKeptFrom } from "../checks/alerts";
import { incidentStatus, type Impact, type Incident } from "../incidents/incidents";
import { maintenanceOccurrences, type MaintenanceWindow } from "../incidents/maintenance";

type MonthIncident = {
  id: string;
  title: string;
  impact: Impact;
  affected: string[];
  /** its first update */
  began: string;
  /** the update that resolved it; null while open (as of the report) */
  resolved: string | null;
};

type MonthWindow = {
  id: string;
  title: string;
  affected: string[];
  /** this occurrence, UTC: from start (included) to end (excluded) */
  start: string;
  end: string;
};

type MonthAlerts = Record<AlertType, number> & {
  /** the alerts counted are those from this instant on (the month's start when they are known whole); null when none of the month's are kept */
  from: string | null;
  /** the counts are the whole month's (as of the report) */
  whole: boolean;
};

export type MonthEvents = { incidents: MonthIncident[]; maintenance: MonthWindow[]; alerts: MonthAlerts };

const iso = (ms: number) => new Date(ms).toISOString();

/** An incident's first update and the update that resolved it (the first resolved one after which it stayed resolved), by `asOf`. */
function spanOf(incident: Incident, asOf: number): { began: number; resolved: number | null } | null {
  const times = incident.updates.map((u) => Date.parse(u.at)).filter((t) => Number.isFinite(t) && t <= asOf);
  if (times.length === 0) return null;
  const began = Math.min(...times);
  if (incidentStatus(incident, asOf) !== "resolved") return { began, resolved: null };
  // Resolved since the newest update that was not "resolved" was followed by one that was.
  let resolved: number | null = null;
  for (const update of [...incident.updates].sort((a, b) => Date.parse(a.at) - Date.parse(b.at))) {
    const at = Date.parse(update.at);
    if (at > asOf) break;
    if (update.status !== "resolved") resolved = null;
    else resolved ??= at;
  }
  return { began, resolved };
}

/**
 * The month [start, end)'s incidents (open at some instant of it, as of `asOf`),
 * maintenance occurrences (in force at some instant of it; those still ahead of
 * `asOf` in a month in progress are the planned ones) and the job's alerts.
 */
export function monthEvents(
  { start, end }: { start: number; end: number },
  incidents: readonly Incident[],
  windows: readonly MaintenanceWindow[],
  jobAlerts: readonly Alert[],
  asOf: Date,
  // the alerts file is as of the job's newest run, the content as of the build
  alertsAsOf: Date = asOf,
): MonthEvents {
  const now = asOf.getTime();
  const monthIncidents = incidents
    .flatMap((incident): MonthIncident[] => {
      const span = spanOf(incident, now);
      // resolved at the month's first instant: it was never open in it
      if (span === null || span.began >= end || (span.resolved !== null && span.resolved <= start)) return [];
      const { id, title, impact, affected } = incident;
      return [{ id, title, impact, affected, began: iso(span.began), resolved: span.resolved === null ? null : iso(span.resolved) }];
    })
    .sort((a, b) => (a.began < b.began ? -1 : a.began > b.began ? 1 : a.id < b.id ? -1 : 1));
  const maintenance = maintenanceOccurrences(windows, start, end).map(({ window, start: from, end: to }) => ({
    id: window.id,
    title: window.title,
    affected: window.affected,
    start: from,
    end: to,
  }));
  return { incidents: monthIncidents, maintenance, alerts: monthAlerts(start, end, jobAlerts, alertsAsOf.getTime()) };
}

function monthAlerts(start: number, end: number, jobAlerts: readonly Alert[], now: number): MonthAlerts {
  const keptFrom = alertsKeptFrom(jobAlerts, now);
  const counts: Record<AlertType, number> = { error: 0, warning: 0, info: 0 };
  if (keptFrom === null || keptFrom >= end) return { ...counts, from: null, whole: false };
  for (const alert of jobAlerts) {
    const at = alertTime(alert.timestamp)?.getTime();
    if (at !== undefined && at >= start && at < end && at >= keptFrom) counts[alert.type] += 1;
  }
  const whole = keptFrom <= start;
  return { ...counts, from: iso(whole ? start : keptFrom), whole };
}
