/**
 * A status feed (API v1 servers.json, the site's own or another host's),
 * fetched by the pages between builds. Fetched data is checked with the
 * content's own rules: records that break them are left out and named, the
 * good ones are shown, and servers whose new record was bad keep their last
 * good figures.
 */
import { makeIssue, type ContentIssue } from "./contentIssue";
import { alertsSchema, feedServerSchema, type AlertsDocument, type FeedServer } from "./openData";
import { compileSchema, schemaIssues } from "./schemaIssues";
import type { Alert, Server } from "./types";

/** SPEC §7's data-fetching cache: retry 3 times, 1000 ms doubling per attempt up to 30000 ms, kept 5 minutes. */
export const FEED_RETRIES = 3;
export const FEED_CACHE_MS = 5 * 60 * 1000;
export function feedRetryDelay(failures: number): number {
  return Math.min(1000 * 2 ** failures, 30_000);
}

/** The feed answered, but not with a servers document: nothing of it can be used. */
export class FeedError extends Error {}

export type FeedResult = {
  servers: Server[];
  /** what was wrong with the records left out */
  problems: ContentIssue[];
  /** ids of the records left out: those servers keep their last good figures */
  leftOut: ReadonlySet<string>;
};

const FEED = "the status feed";
let validateRecords: ReturnType<typeof compileSchema> | null = null;

/** Checks a fetched document: throws FeedError when it is not a servers document, leaves bad records out otherwise. */
export function checkFeed(document: unknown): FeedResult {
  if (document === null || typeof document !== "object" || Array.isArray(document)) throw new FeedError("it is not a servers document");
  const { version, servers } = document as { version?: unknown; servers?: unknown };
  if (version !== 1) throw new FeedError(`it has version ${JSON.stringify(version) ?? "none"}, this page reads version 1`);
  if (!Array.isArray(servers)) throw new FeedError("it has no list of servers");

  const listSchema = { type: "array", items: feedServerSchema() };
  validateRecords ??= compileSchema(listSchema);
  const problems = validateRecords(servers) ? [] : schemaIssues(FEED, listSchema, servers, validateRecords.errors ?? []);
  const bad = new Set(problems.filter((p) => p.level === "error").map((p) => p.record?.index));
  const seen = new Set<string>();
  const leftOut = new Set<string>();
  const good: Server[] = [];
  servers.forEach((record: unknown, index) => {
    const id = (record as { id?: unknown } | null)?.id;
    if (bad.has(index)) {
      if (typeof id === "string") leftOut.add(id);
      return;
    }
    const server = record as FeedServer;
    if (seen.has(server.id)) {
      problems.push(
        makeIssue({
          level: "error",
          file: FEED,
          record: { index, id: server.id },
          field: "id",
          expected: "one record per server",
          found: "a second record with this id",
        }),
      );
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
  return { servers: good, problems: problems.filter((p) => p.level === "error"), leftOut };
}

/**
 * The servers after a fetch. The feed is the list of servers now; a server whose
 * record was left out keeps its last good figures; a server the feed calls
 * simulated keeps the figures the browser simulates (the feed's are the start
 * of that simulation, not newer ones).
 */
export function applyFeed(current: readonly Server[], feed: FeedResult): Server[] {
  const before = new Map(current.map((s) => [s.id, s] as const));
  const fresh = new Map(feed.servers.map((s) => [s.id, s] as const));
  const next: Server[] = [];
  for (const server of current) {
    const update = fresh.get(server.id);
    if (update) next.push(update.source === "simulated" && server.source === "simulated" ? server : update);
    else if (feed.leftOut.has(server.id)) next.push(server);
  }
  for (const server of feed.servers) if (!before.has(server.id)) next.push(server);
  return next;
}

let validateAlerts: ReturnType<typeof compileSchema> | null = null;

/** Checks the published alerts document (API v1 alerts.json); throws FeedError when it does not follow its schema. */
export function checkAlertsDocument(document: unknown): Alert[] {
  validateAlerts ??= compileSchema(alertsSchema());
  if (!validateAlerts(document)) {
    const first = validateAlerts.errors?.[0];
    throw new FeedError(
      `the published alerts do not follow their schema (${first ? `${first.instancePath || "/"} ${first.message}` : "unknown"})`,
    );
  }
  return (document as AlertsDocument).alerts;
}
