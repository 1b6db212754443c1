/**
 * The site's data for other tools, written at every build beside the pages:
 * /api/v1/servers.json, alerts.json, status.json, incidents.json and a file
 * per server, each described by a JSON Schema (openDataSchemas.ts). The server
 * records follow the content's own schema (content/schema/servers.schema.json),
 * so a feed is checked with the rules the content is checked with.
 */
import { incidentStatus, isOpen, type Impact, type Incident, type IncidentStatus } from "../domain/incidents/incidents";
import type { MaintenanceWindow } from "../domain/incidents/maintenance";
import { DEFAULT_CHECK_INTERVAL_S, overallState, STALE_AFTER_INTERVALS, type OverallState } from "../model/shell/statusLine";
import { serversInMaintenance, windowsAhead, worstImpact, type NoticeIncident, type NoticeWindow } from "../domain/incidents/statusNotices";
import type { ServerHistoryFigures } from "../domain/checks/serverHistory";
import type { PlaceSeen } from "../domain/checks/outcome";
import type { CheckFact, ServerPageContext } from "../model/server/serverPage";
import { countByStatus, fleetFigures, summarize } from "../model/fleet/summary";
import type { Alert, FigureSource, Server } from "../domain/kernel/types";

export const API_VERSION = 1;

/** A server as the feed carries it: what the pages show, with where its figures come from. */
export type FeedServer = Omit<Server, "coordinates"> & { coordinates: [number, number] };

export type ServersDocument = { version: 1; generatedAt: string; servers: FeedServer[] };
export type AlertsDocument = { version: 1; generatedAt: string; alerts: Alert[] };
export type StatusDocument = {
  version: 1;
  generatedAt: string;
  /** when the newest check run finished; null on a site without checks */
  newestCheck: string | null;
  /** past this time, with no newer document, the checks are late (two of the job's intervals after the newest): a reader says so */
  checksLateAfter: string | null;
  /** how many servers take their figures from each source */
  sources: Record<FigureSource, number>;
  /** which servers the summary is over: the measured ones when there are any, else all (simulated and sample figures) */
  summaryOf: "measured" | "all";
  /** the dashboard's cards, over the servers summaryOf names */
  summary: {
    total: number;
    regions: number;
    online: number;
    warning: number;
    offline: number;
    /** measured servers the job has had no fresh result for (#44): neither up nor down */
    unchecked: number;
    onlinePercent: number | null;
    avgResponseMs: number | null;
    /** offline servers: the 'Alerts' card */
    needAttention: number;
  };
  /** the incidents open at the build: how many, and the most severe impact among them */
  incidents: { open: number; worstImpact: Impact | null };
  /** the servers (ids) in a maintenance window at the build */
  maintenance: { servers: string[] };
  /** the site in one word and the sidebar's words: servers offline or in warning, open incidents, maintenance */
  overall: { state: OverallState; text: string };
};

/** What status.json takes from the notices at the build: the open incidents and the occurrences in progress. */
export type StatusNotices = { open: readonly NoticeIncident[]; inProgress: readonly NoticeWindow[] };

export function serversDocument(servers: readonly Server[], generatedAt: Date): ServersDocument {
  return {
    version: API_VERSION,
    generatedAt: generatedAt.toISOString(),
    servers: servers.map((s) => ({ ...s, coordinates: [s.coordinates[0], s.coordinates[1]] })),
  };
}

export function alertsDocument(alerts: readonly Alert[], generatedAt: Date): AlertsDocument {
  return { version: API_VERSION, generatedAt: generatedAt.toISOString(), alerts: [...alerts] };
}

/**
 * The status of the site for other tools. A reader of status.json cannot see
 * which figures were made up, so the summary is over the measured servers when
 * there are any, and says so; the counts by source say what the rest are.
 */
export function statusDocument(
  servers: readonly Server[],
  newestCheck: string | null,
  generatedAt: Date,
  notices: StatusNotices = { open: [], inProgress: [] },
  intervalSeconds: number | null = null,
): StatusDocument {
  const { sources } = fleetFigures(servers);
  const summaryOf = sources.measured > 0 ? "measured" : "all";
  const over = summaryOf === "measured" ? servers.filter((server) => server.source === "measured") : servers;
  const s = summarize(over);
  const counts = countByStatus(over);
  return {
    version: API_VERSION,
    generatedAt: generatedAt.toISOString(),
    newestCheck,
    checksLateAfter: lateAfter(newestCheck, intervalSeconds),
    sources,
    summaryOf,
    summary: {
      total: s.total,
      regions: s.regions,
      online: counts.online,
      warning: counts.warning,
      offline: counts.offline,
      unchecked: counts.unchecked,
      onlinePercent: s.onlinePercent,
      avgResponseMs: s.avgResponseMs,
      needAttention: s.offline,
    },
    incidents: { open: notices.open.length, worstImpact: worstImpact(notices.open) },
    maintenance: { servers: serversInMaintenance(notices.inProgress) },
    overall: overallOf(counts, s.total, notices),
  };
}

/** When checks that finished at `newestCheck` are late: STALE_AFTER_INTERVALS of the job's interval (the schedule's until it shows one) later. */
function lateAfter(newestCheck: string | null, intervalSeconds: number | null): string | null {
  const at = newestCheck === null ? Number.NaN : Date.parse(newestCheck);
  if (Number.isNaN(at)) return null;
  return new Date(at + STALE_AFTER_INTERVALS * (intervalSeconds ?? DEFAULT_CHECK_INTERVAL_S) * 1000).toISOString();
}

function overallOf(
  counts: { offline: number; warning: number; unchecked: number },
  total: number,
  notices: StatusNotices,
): StatusDocument["overall"] {
  const { state, text } = overallState(
    { ...counts, total },
    {
      incidents: notices.open.length,
      worstImpact: worstImpact(notices.open),
      inMaintenance: serversInMaintenance(notices.inProgress).length,
    },
  );
  return { state, text };
}

/** An incident as published: the content's record, its status and whether it is open. */
type PublishedIncident = Incident & { status: IncidentStatus; open: boolean };
/** A maintenance window as published: the content's record and its next times (UTC), in force or to come. */
type PublishedWindow = MaintenanceWindow & { next: { start: string; end: string }[] };
export type IncidentsDocument = { version: 1; generatedAt: string; incidents: PublishedIncident[]; maintenance: PublishedWindow[] };

/** How many next times of a window incidents.json gives. */
const NEXT_TIMES = 5;

/**
 * /api/v1/incidents.json: every incident of the content with its status, and
 * every window with its next times (placed by the build for 35 days: a window
 * with none in that time has an empty list), so pages and tools that follow
 * the site learn between builds which windows are in force.
 */
export function incidentsDocument(
  incidents: readonly Incident[],
  windows: readonly MaintenanceWindow[],
  occurrences: readonly NoticeWindow[],
  generatedAt: Date,
): IncidentsDocument {
  const now = generatedAt.getTime();
  const next = new Map(windowsAhead(occurrences, now, NEXT_TIMES).map(({ window, next }) => [window.id, next] as const));
  return {
    version: API_VERSION,
    generatedAt: generatedAt.toISOString(),
    incidents: incidents.map((incident) => ({
      ...incident,
      status: incidentStatus(incident),
      open: isOpen(incident, now),
    })),
    maintenance: windows.map((window) => ({
      ...window,
      next: (next.get(window.id) ?? []).map(({ start, end }) => ({ start, end })),
    })),
  };
}

/** One server's page as data: /api/v1/servers/<id>.json. */
export type ServerDocument = {
  version: 1;
  generatedAt: string;
  server: FeedServer;
  check: CheckFact[] | null;
  places: PlaceSeen[] | null;
  held: string | null;
  history: ServerHistoryFigures | null;
  alerts: Alert[];
  /** a heartbeat's pings (#49); absent for other checks */
  heartbeat?: { lastPing: string; nextDue: string | null; pings: string[] };
};

export function serverDocument(page: ServerPageContext, generatedAt: Date): ServerDocument {
  return {
    version: API_VERSION,
    generatedAt: generatedAt.toISOString(),
    server: { ...page.server, coordinates: [page.server.coordinates[0], page.server.coordinates[1]] },
    check: page.check,
    places: page.places,
    held: page.held,
    history: page.history,
    alerts: page.alerts,
    ...(page.heartbeat ? { heartbeat: { lastPing: page.heartbeat.ping, nextDue: page.heartbeat.due, pings: page.heartbeat.pings } } : {}),
  };
}
