/**
 * /api/v1/incidents.json as the pages read it between builds: checked with its
 * published schema and the model's own rules (updates in time order, a time
 * that ends after it starts), then turned into what the build puts in the
 * pages (model/notices.ts), so a fetched document and the build agree. No time
 * zone arithmetic: the document gives each window's next times in UTC.
 */
import { FeedError } from "./feed";
import { HISTORY_DAYS, scheduleWords, type NoticeIncident, type NoticeServer, type NoticeWindow } from "./notices";
import { incidentsSchema, type IncidentsDocument } from "./openData";
import { compileSchema } from "./schemaIssues";

const DAY = 24 * 60 * 60_000;

/** The notices of a fetched document: when it was made, the incidents open then, those resolved in HISTORY_DAYS, the windows' next times. */
export type PublishedNotices = { generatedAt: string; open: NoticeIncident[]; history: NoticeIncident[]; windows: NoticeWindow[] };

let validate: ReturnType<typeof compileSchema> | null = null;

/** Throws FeedError, saying where, when the document is not an incidents document of version 1 that follows its rules. */
export function checkIncidentsDocument(document: unknown): IncidentsDocument {
  if (document === null || typeof document !== "object" || Array.isArray(document)) throw new FeedError("it is not an incidents document");
  const { version } = document as { version?: unknown };
  if (version !== 1) throw new FeedError(`it has version ${JSON.stringify(version) ?? "none"}, this page reads version 1`);
  validate ??= compileSchema(incidentsSchema());
  if (!validate(document)) {
    const first = validate.errors?.[0];
    throw new FeedError(`it does not follow its schema (${first ? `${first.instancePath || "/"} ${first.message}` : "unknown"})`);
  }
  const checked = document as IncidentsDocument;
  checked.incidents.forEach((incident, i) =>
    incident.updates.forEach((update, u) => {
      if (u > 0 && Date.parse(update.at) <= Date.parse(incident.updates[u - 1].at))
        throw new FeedError(`it breaks its rules (/incidents/${i}/updates/${u}: its time is not after the one before it)`);
    }),
  );
  checked.maintenance.forEach((window, w) =>
    window.next.forEach((time, n) => {
      if (Date.parse(time.end) <= Date.parse(time.start))
        throw new FeedError(`it breaks its rules (/maintenance/${w}/next/${n}: the time ends before it starts)`);
    }),
  );
  return checked;
}

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
      .flatMap((window) =>
        window.next.map(({ start, end }) => ({
          id: window.id,
          title: window.title,
          message: window.message ?? null,
          affected: named(window.affected),
          start,
          end,
          schedule: scheduleWords(window),
        })),
      )
      .sort((a, b) => Date.parse(a.start) - Date.parse(b.start)),
  };
}
