/**
 * The build's side of the notices (domain/incidents/statusNotices.ts): the content's incidents
 * and maintenance windows, with their servers' names, and each window's
 * occurrences as UTC instants (croner places them, domain/incidents/maintenance.ts) from
 * the build to SCHEDULE_DAYS ahead. Only build code imports this module, so the
 * pages never load croner.
 */
import { incidentStatus, isOpen, type Incident } from "./incidents";
import { maintenanceOccurrences, type MaintenanceWindow } from "./maintenance";
import {
  HISTORY_DAYS,
  SCHEDULE_DAYS,
  noticeWindow,
  type NoticeIncident,
  type NoticeServer,
  type NoticeWindow,
  type ShellNotices,
} from "./statusNotices";
import { DAY_MS as DAY } from "../kernel/time";

export type SiteNotices = ShellNotices & {
  /** every incident of the content, in its order (the RSS feed tells each update) */
  all: NoticeIncident[];
  /** incidents resolved within HISTORY_DAYS of the build, the most recently resolved first */
  history: NoticeIncident[];
};

function namer(servers: readonly NoticeServer[]): (ids: readonly string[]) => NoticeServer[] {
  const names = new Map(servers.map((s) => [s.id, s.name]));
  // Validated content names known servers only; an id without a name still gets its link.
  return (ids) => ids.map((id) => ({ id, name: names.get(id) ?? id }));
}

function noticeIncident(incident: Incident, named: (ids: readonly string[]) => NoticeServer[]): NoticeIncident {
  return {
    id: incident.id,
    title: incident.title,
    impact: incident.impact,
    status: incidentStatus(incident),
    affected: named(incident.affected),
    updates: incident.updates.map(({ at, status, message }) => ({ at, status, message })),
  };
}

/** Every occurrence in force at some instant from `from` to SCHEDULE_DAYS after it, as the pages take them. */
export function noticeWindows(
  windows: readonly MaintenanceWindow[],
  servers: readonly NoticeServer[],
  from: Date,
  days = SCHEDULE_DAYS,
): NoticeWindow[] {
  const named = namer(servers);
  return maintenanceOccurrences(windows, from, from.getTime() + days * DAY).map((o) => noticeWindow(o.window, o, named));
}

/** What the pages show: the incidents open at the build, those resolved in the last HISTORY_DAYS, and the windows ahead. */
export function siteNotices(
  incidents: readonly Incident[],
  windows: readonly MaintenanceWindow[],
  servers: readonly NoticeServer[],
  builtAt: Date,
): SiteNotices {
  const named = namer(servers);
  const now = builtAt.getTime();
  const resolvedAt = (i: Incident) => Date.parse(i.updates[i.updates.length - 1].at);
  const history = incidents
    .filter((i) => !isOpen(i, now) && incidentStatus(i, now) !== null && resolvedAt(i) >= now - HISTORY_DAYS * DAY)
    .sort((a, b) => resolvedAt(b) - resolvedAt(a));
  return {
    builtAt: builtAt.toISOString(),
    open: incidents.filter((i) => isOpen(i, now)).map((i) => noticeIncident(i, named)),
    history: history.map((i) => noticeIncident(i, named)),
    all: incidents.map((i) => noticeIncident(i, named)),
    windows: noticeWindows(windows, servers, builtAt),
  };
}
