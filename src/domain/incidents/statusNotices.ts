/**
 * What the pages tell readers about incidents and maintenance, as plain data the
 * build writes into every page (gatsby/nodes/statusNotices.ts) and the browser
 * re-reads against its own clock: windows start and end between builds, so the
 * build gives each window's occurrences as UTC instants for weeks ahead and the
 * page decides which are in progress or coming. No time zone arithmetic here
 * (that is domain/incidents/maintenance.ts's, at build time), so the pages never load it.
 */
import { compareImpact, type Impact, type IncidentStatus, type IncidentUpdate } from "./incidents";
import type { MaintenanceWindow, RecurringWindow } from "./maintenance";
import { DAY_MS as DAY } from "../kernel/time";

/** A server an incident or a window names, with the name its link shows. */
export type NoticeServer = { id: string; name: string };

/** An incident as the pages show it: its updates oldest first, its status the newest one's. */
export type NoticeIncident = {
  id: string;
  title: string;
  impact: Impact;
  status: IncidentStatus;
  affected: NoticeServer[];
  updates: IncidentUpdate[];
};

/** One occurrence of a maintenance window, in UTC: from start (included) to end (excluded). */
export type NoticeWindow = {
  id: string;
  title: string;
  message: string | null;
  affected: NoticeServer[];
  start: string;
  end: string;
  /** a recurring window's rule in words ("every Sunday at 03:00 (Europe/Berlin), 60 minutes"); null for a one-off */
  schedule: string | null;
};

/** What the build knew: when it ran, the incidents open then, and every occurrence in force from then to SCHEDULE_DAYS ahead. */
export type ShellNotices = { builtAt: string; open: NoticeIncident[]; windows: NoticeWindow[] };

/** How far ahead the build lists occurrences: a page read weeks after its build still knows its windows. */
export const SCHEDULE_DAYS = 35;
/** The dashboard lists maintenance starting within this many days. */
export const UPCOMING_DAYS = 7;
/** The incidents page's history reaches back this many days. */
export const HISTORY_DAYS = 90;

export type NoticesNow = {
  open: NoticeIncident[];
  /** occurrences in force now, earliest start first */
  inProgress: NoticeWindow[];
  /** occurrences starting after now and within UPCOMING_DAYS, earliest first */
  upcoming: NoticeWindow[];
};

/** The notices at an instant: the open incidents, and which occurrences are in progress or coming within a week. */
export function noticesAt(notices: Pick<ShellNotices, "open" | "windows">, now: number): NoticesNow {
  const inProgress: NoticeWindow[] = [];
  const upcoming: NoticeWindow[] = [];
  for (const window of notices.windows) {
    const start = Date.parse(window.start);
    const end = Date.parse(window.end);
    if (start <= now && now < end) inProgress.push(window);
    else if (start > now && start <= now + UPCOMING_DAYS * DAY) upcoming.push(window);
  }
  const byStart = (a: NoticeWindow, b: NoticeWindow) => Date.parse(a.start) - Date.parse(b.start);
  return { open: notices.open, inProgress: inProgress.sort(byStart), upcoming: upcoming.sort(byStart) };
}

/** Each window once, with its occurrences that have not ended by `now` (at most `limit`), in the order of their next start. */
export function windowsAhead(windows: readonly NoticeWindow[], now: number, limit = 3): { window: NoticeWindow; next: NoticeWindow[] }[] {
  const groups = new Map<string, NoticeWindow[]>();
  for (const occurrence of windows) {
    if (Date.parse(occurrence.end) <= now) continue;
    const list = groups.get(occurrence.id) ?? [];
    list.push(occurrence);
    groups.set(occurrence.id, list);
  }
  return [...groups.values()]
    .map((list) => list.sort((a, b) => Date.parse(a.start) - Date.parse(b.start)).slice(0, limit))
    .sort((a, b) => Date.parse(a[0].start) - Date.parse(b[0].start))
    .map((next) => ({ window: next[0], next }));
}

/** The servers (by id) in maintenance among the occurrences in progress. */
export const serversInMaintenance = (inProgress: readonly NoticeWindow[]): string[] => [
  ...new Set(inProgress.flatMap((window) => window.affected.map((server) => server.id))),
];

/** The newest update of an incident (its updates are oldest first). */
export const newestUpdate = (incident: NoticeIncident): IncidentUpdate => incident.updates[incident.updates.length - 1];

/** The most severe impact among incidents; null for none. */
export const worstImpact = (incidents: readonly NoticeIncident[]): Impact | null =>
  incidents.reduce<Impact | null>((worst, i) => (worst === null || compareImpact(i.impact, worst) > 0 ? i.impact : worst), null);

export type NoticeTone = "online" | "warning" | "offline" | "info" | "neutral";

/** An impact's colour: the status colours of the theme (none is informational). */
export const IMPACT_TONES: Record<Impact, NoticeTone> = { none: "info", minor: "warning", major: "offline", critical: "offline" };

export const IMPACT_LABELS: Record<Impact, string> = {
  none: "No impact",
  minor: "Minor impact",
  major: "Major impact",
  critical: "Critical impact",
};

export const INCIDENT_STATUS_LABELS: Record<IncidentStatus, string> = {
  investigating: "Investigating",
  identified: "Identified",
  monitoring: "Monitoring",
  resolved: "Resolved",
};

/** "EU-West-1", "EU-West-1 and US-East-1", "EU-West-1, US-East-1 and 2 more": for places where links do not fit (RSS). */
export function serverNames(servers: readonly NoticeServer[]): string {
  const names = servers.map((s) => s.name);
  if (names.length <= 1) return names.join("");
  if (names.length <= 3) return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  return `${names.slice(0, 2).join(", ")} and ${names.length - 2} more`;
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A recurring window's rule in words; null for a one-off. */
export function scheduleWords(window: MaintenanceWindow): string | null {
  const recurring = window as Partial<RecurringWindow>;
  if (!recurring.every) return null;
  const when =
    recurring.every === "day"
      ? "every day"
      : recurring.every === "week"
        ? `every ${capital(String(recurring.on))}`
        : `on day ${String(recurring.on)} of every month`;
  return `${capital(when)} at ${recurring.at} (${recurring.timeZone}), ${recurring.durationMinutes} minutes`;
}

/** One time of a window as the pages show it, its servers named by `named`. */
export function noticeWindow(
  window: MaintenanceWindow,
  { start, end }: { start: string; end: string },
  named: (ids: readonly string[]) => NoticeServer[],
): NoticeWindow {
  return {
    id: window.id,
    title: window.title,
    message: window.message ?? null,
    affected: named(window.affected),
    start,
    end,
    schedule: scheduleWords(window),
  };
}
