/**
 * A status feed (API v1 servers.json, the site's own or another host's),
 * fetched by the pages between builds. Fetched data is checked with the
 * content's own rules: records that break them are left out and named, the
 * good ones are shown, and servers whose new record was bad keep their last
 * good figures.
 */
import { makeIssue, type ContentIssue } from "../../domain/kernel/contentIssue";
import { type AlertsDocument, type FeedServer, type IncidentsDocument } from "../../publish/openData";
import { schemaIssues } from "../../domain/content/schemaErrors";
import { FEED_SERVERS_SCHEMA, validatePublishedAlerts, validatePublishedIncidents, validateFeedServers } from "./feedValidators";
import type { Alert, Server } from "../../domain/kernel/types";

/** SPEC §7's data-fetching cache: retry 3 times, 1000 ms doubling per attempt up to 30000 ms, kept 5 minutes. */
export const FEED_RETRIES = 3;
export const FEED_CACHE_MS = 5 * 60 * 1000;
export function feedRetryDelay(failures: number): number {
  return Math.min(1000 * 2 ** failures, 30_000);
}

/** The feed answered, but not with a servers document: nothing of it can be used. */
export class FeedError extends Error {}

/** A record of the feed that was left out: which one, and everything wrong with it. */
export type LeftOutRecord = {
  /** 'record 2 (id "srv-b", name "B")', or 'record 4 (no id)' when it has no id a server could be matched by */
  label: string;
  /** the server it is about; null when its id is missing or not usable (no server can be matched) */
  id: string | null;
  /** one sentence per problem: 'field "ip": expected …, found ….' */
  problems: string[];
};

export type FeedResult = {
  servers: Server[];
  /** the records left out, one entry per record: those servers keep their last good figures */
  leftOut: LeftOutRecord[];
  /** when the data is from (ISO): the document's generatedAt, else its newest lastChecked; null when it says neither */
  dataTime: string | null;
};

const FEED = "the status feed";

const validTime = (value: unknown): value is string => typeof value === "string" && Number.isFinite(Date.parse(value));

function label(index: number, record: unknown, usableId: string | null): string {
  const { id, name } = (record !== null && typeof record === "object" ? record : {}) as { id?: unknown; name?: unknown };
  const named =
    typeof name === "string" && name !== "" ? `, name ${JSON.stringify(name.length > 60 ? `${name.slice(0, 24)}…` : name)}` : "";
  if (usableId !== null) return `record ${index + 1} (id ${JSON.stringify(usableId)}${named})`;
  const which =
    typeof id === "string" && id !== "" ? `no usable id: ${JSON.stringify(id.length > 60 ? `${id.slice(0, 24)}…` : id)}` : "no id";
  return `record ${index + 1} (${which}${named})`;
}

/** 'field "ip": expected …, found ….': the issue's sentence without the file and record, which the record's label says. */
const inRecord = (issue: ContentIssue) => makeIssue({ ...issue, file: "", record: undefined }).message;

/** Checks a fetched document: throws FeedError when it is not a servers document, leaves bad records out otherwise. */
export function checkFeed(document: unknown): FeedResult {
  if (document === null || typeof document !== "object" || Array.isArray(document)) throw new FeedError("it is not a servers document");
  const { version, servers, generatedAt } = document as { version?: unknown; servers?: unknown; generatedAt?: unknown };
  if (version !== 1) throw new FeedError(`it has version ${JSON.stringify(version) ?? "none"}, this page reads version 1`);
  if (!Array.isArray(servers)) throw new FeedError("it has no list of servers");

  const issues = validateFeedServers(servers) ? [] : schemaIssues(FEED, FEED_SERVERS_SCHEMA, servers, validateFeedServers.errors ?? []);
  // Problems counted by record: one record with two bad fields is one record left out.
  const byRecord = new Map<number, ContentIssue[]>();
  for (const issue of issues) {
    if (issue.level !== "error" || issue.record === undefined) continue;
    byRecord.set(issue.record.index, [...(byRecord.get(issue.record.index) ?? []), issue]);
  }
  const seen = new Set<string>();
  const leftOut: LeftOutRecord[] = [];
  const good: Server[] = [];
  servers.forEach((record: unknown, index) => {
    const problems = byRecord.get(index);
    if (problems) {
      const id = (record as { id?: unknown } | null)?.id;
      const usable = typeof id === "string" && !problems.some((p) => p.field === "id") ? id : null;
      leftOut.push({ label: label(index, record, usable), id: usable, problems: problems.map(inRecord) });
      return;
    }
    const server = record as FeedServer;
    if (seen.has(server.id)) {
      const duplicate = makeIssue({
        level: "error",
        file: "",
        field: "id",
        expected: "one record per server",
        found: "a second record with this id",
      });
      leftOut.push({ label: label(index, record, server.id), id: server.id, problems: [duplicate.message] });
      return;
    }
    seen.add(server.id);
    good.push({
      ...server,
      coordinates: [server.coordinates[0], server.coordinates[1]],
      detail: server.detail ?? null,
      uptimeChecks: server.uptimeChecks ?? null,
    });
  });
  const newest = good.reduce<string | null>(
    (max, s) => (max === null || Date.parse(s.lastChecked) > Date.parse(max) ? s.lastChecked : max),
    null,
  );
  return { servers: good, leftOut, dataTime: validTime(generatedAt) ? generatedAt : newest };
}

/**
 * A server's own published file (/api/v1/servers/<id>.json), read as a feed of
 * one server with the same rules: throws FeedError when it is not a version 1
 * document of that server; a record that breaks the rules is left out (the page
 * keeps the figures it has).
 */
export function checkServerDocument(document: unknown, id: string): FeedResult {
  if (document === null || typeof document !== "object" || Array.isArray(document)) throw new FeedError("it is not a server's document");
  const { version, server, generatedAt } = document as { version?: unknown; server?: unknown; generatedAt?: unknown };
  if (server === undefined) throw new FeedError("it has no server");
  const result = checkFeed({ version, generatedAt, servers: [server] });
  const other = result.servers.find((s) => s.id !== id);
  if (other) throw new FeedError(`it is the document of another server (${JSON.stringify(other.id)})`);
  return result;
}

/**
 * The servers after a fetch. The feed is the list of servers now; a server whose
 * record was left out keeps its last good figures, and so does every server
 * missing from an answer with a record that has no usable id (the server it was
 * meant for cannot be told from one removed); a server the feed calls simulated
 * keeps the figures the browser simulates (the feed's are the start of that
 * simulation, not newer ones).
 */
export function applyFeed(current: readonly Server[], feed: FeedResult): Server[] {
  const before = new Map(current.map((s) => [s.id, s] as const));
  const fresh = new Map(feed.servers.map((s) => [s.id, s] as const));
  const kept = new Set(feed.leftOut.map((r) => r.id));
  const keepAll = kept.has(null);
  const next: Server[] = [];
  for (const server of current) {
    const update = fresh.get(server.id);
    if (update) next.push(update.source === "simulated" && server.source === "simulated" ? server : update);
    else if (keepAll || kept.has(server.id)) next.push(server);
  }
  for (const server of feed.servers) if (!before.has(server.id)) next.push(server);
  return next;
}

/** Checks the published alerts document (API v1 alerts.json); throws FeedError when it does not follow its schema. */
export function checkAlertsDocument(document: unknown): Alert[] {
  if (!validatePublishedAlerts(document)) {
    const first = validatePublishedAlerts.errors?.[0];
    throw new FeedError(
      `the published alerts do not follow their schema (${first ? `${first.instancePath || "/"} ${first.message}` : "unknown"})`,
    );
  }
  return (document as AlertsDocument).alerts;
}

/**
 * Checks the published incidents (API v1 incidents.json) with its schema and the
 * model's own rules (updates in time order, a time that ends after it starts);
 * throws FeedError, saying where, when it is not a version 1 document that follows them.
 */
export function checkIncidentsDocument(document: unknown): IncidentsDocument {
  if (document === null || typeof document !== "object" || Array.isArray(document)) throw new FeedError("it is not an incidents document");
  const { version } = document as { version?: unknown };
  if (version !== 1) throw new FeedError(`it has version ${JSON.stringify(version) ?? "none"}, this page reads version 1`);
  if (!validatePublishedIncidents(document)) {
    const first = validatePublishedIncidents.errors?.[0];
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
