/**
 * /api/v1/incidents.json as the pages read it between builds, once checked
 * (model/fleet/statusFeed.ts checkIncidentsDocument, loaded with the feed's client): turned
 * into what the build puts in the pages (domain/incidents/statusNotices.ts), so a fetched
 * document and the build agree. No time zone arithmetic: the document gives
 * each window's next times in UTC. The shell imports this module on every
 * page, so it imports no schema and no validator.
 */
import { HISTORY_DAYS, noticeWindow, type NoticeIncident, type NoticeServer, type NoticeWindow } from "../domain/incidents/statusNotices";
import type { IncidentsDocument } from "./openData";
import { DAY_MS as DAY } from "../domain/kernel/time";

/** The notices of a fetched document: when it was made, the incidents open then, those resolved in HISTORY_DAYS, the windows' next times. */
export type PublishedNotices = { generatedAt: string; open: NoticeIncident[]; history: NoticeIncident[]; windows: NoticeWindow[] };

/** The pages' notices from a checked document; servers are named from `names` (the id when the page does not know one). */
export function publishedNotices(document: IncidentsDocument, names: ReadonlyMap<string, string>): PublishedNotices {
  const named = (ids: readonly string[]): NoticeServer[] => ids.map((id) => ({ id, name: names.get(id) ?? id }));
  const notice = (incident: IncidentsDocument["incidents"][number]): NoticeIncident => ({
    id: incident.id,
    title: incident.title,
    impact: incident.impact,
    status: incident.status,
    affected: named(incident.affected),
    updates: incident.updates.map(({ at, status, message }) => ({ at, status, message })),
  });
  const at = Date.parse(document.generatedAt);
  const resolvedAt = (incident: IncidentsDocument["incidents"][number]) => Date.parse(incident.updates[incident.updates.length - 1].at);
  const history = document.incidents
    .filter((i) => !i.open && i.status === "resolved" && resolvedAt(i) <= at && resolvedAt(i) >= at - HISTORY_DAYS * DAY)
    .sort((a, b) => resolvedAt(b) - resolvedAt(a));
  return {
    generatedAt: document.generatedAt,
    open: document.incidents.filter((i) => i.open).map(notice),
    history: history.map(notice),
    windows: document.maintenance
      .flatMap((window) => window.next.map((time) => noticeWindow(window, time, named)))
      .sort((a, b) => Date.parse(a.start) - Date.parse(b.start)),
  };
}
