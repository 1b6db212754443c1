/**
 * Each checked server's daily history as open data (#33): what a report over
 * any days is made of, so "Generate Report" makes one in the browser from
 * published files, and so can a reader's own tools. /api/v1/history.json lists
 * the servers that have one, with the time the figures are as of and the job's
 * interval; /api/v1/history/<id>.json holds a server's days (checks, checks up,
 * in maintenance, unreachable because of a dependency, each day's time sketch while kept), its months' sketches and
 * its outages, as the job keeps them (src/domain/checks/rollups.ts).
 */
import { rollupColumnsProblem, type RollupSeries, type ServerRollup } from "../domain/checks/rollups";
import type { CausedDowntime } from "../domain/reports/month";
import { API_PATH } from "./api";
import { API_VERSION } from "./openData";

type Schema = Record<string, unknown>;

export const HISTORY_INDEX_PATH = `${API_PATH}/history.json`;
export const historyApiPath = (server: string): string => `${API_PATH}/history/${server}.json`;

/** A server's days as a report reads them: the hourly series and each place's columns stay with the job. */
type PublishedDays = Pick<RollupSeries, "from" | "up" | "total" | "answered" | "maintenance" | "caused" | "sketch">;

export type HistoryDocument = {
  version: 1;
  generatedAt: string;
  server: string;
  /** the figures are as of this time (the newest run) */
  asOf: string;
  /** the job's usual interval, for the share of a period the checks covered; null when not known */
  intervalMs: number | null;
  daily: PublishedDays;
  months: Record<string, string>;
  outages: NonNullable<ServerRollup["outages"]>;
};

export type HistoryIndexDocument = {
  version: 1;
  generatedAt: string;
  asOf: string | null;
  intervalMs: number | null;
  /** whether a report counts the checks a dependency made fail in the availability, or leaves them out (monitoring.json) */
  causedDowntime: CausedDowntime;
  servers: Array<{ server: string; name: string; url: string }>;
};

/** A server's published days, from its rollups brought up to the raw runs. */
export function historyDocument(rollup: ServerRollup, asOf: Date, intervalMs: number | null, generatedAt: Date): HistoryDocument {
  const { from, up, total, answered, maintenance, caused, sketch } = rollup.daily;
  return {
    version: API_VERSION,
    generatedAt: generatedAt.toISOString(),
    server: rollup.server,
    asOf: asOf.toISOString(),
    intervalMs,
    daily: {
      from,
      up,
      total,
      answered,
      ...(maintenance ? { maintenance } : {}),
      ...(caused ? { caused } : {}),
      ...(sketch ? { sketch } : {}),
    },
    months: rollup.months ?? {},
    outages: rollup.outages ?? [],
  };
}

const allCounts = (column: unknown, nulls = false): boolean =>
  Array.isArray(column) && column.every((n) => (nulls && n === null) || (Number.isInteger(n) && (n as number) >= 0));

/**
 * What is wrong with a fetched history file, in words, or null: not this
 * server's, from another build than the list (a cached file), or columns a
 * report could not read (of other lengths, not counts, sketches that are not
 * sketches). A report is never made from a file it would misread.
 */
export function historyProblem(document: unknown, server: string, asOf: string): string | null {
  const d = document as Partial<HistoryDocument> | null;
  if (!d || typeof d !== "object" || d.server !== server) return "is not that server's history";
  if (d.asOf !== asOf) return `is as of ${String(d.asOf)}, not ${asOf} as the list of histories: reload the page and try again`;
  const daily = d.daily as Partial<PublishedDays> | undefined;
  if (!daily || !allCounts(daily.up) || !allCounts(daily.total) || !allCounts(daily.answered, true)) return "has days that are not counts";
  if (daily.maintenance !== undefined && !allCounts(daily.maintenance)) return "has days that are not counts";
  if (daily.caused !== undefined && !allCounts(daily.caused)) return "has days that are not counts";
  if (daily.sketch !== undefined && !(Array.isArray(daily.sketch) && daily.sketch.every((t) => t === null || typeof t === "string"))) {
    return "has day sketches that are not text";
  }
  if (typeof d.months !== "object" || d.months === null || !Array.isArray(d.outages)) return "lacks its months or its outages";
  const outagesRead = d.outages.every(
    (o) =>
      Array.isArray(o) && typeof o[0] === "string" && !Number.isNaN(Date.parse(o[0])) && (o[1] === null || !Number.isNaN(Date.parse(o[1]))),
  );
  if (!outagesRead) return "has outages that are not times";
  const columns = rollupColumnsProblem(rollupOfHistory(d as HistoryDocument));
  return columns ? `is damaged: ${columns}` : null;
}

/** The published days read back as the rollups a report gathers (no hours: a report reads days). */
export function rollupOfHistory(document: HistoryDocument): ServerRollup {
  return {
    version: 1,
    server: document.server,
    hourly: { from: null, up: [], total: [], answered: [], median: [], p95: [] },
    daily: { ...document.daily, median: document.daily.up.map(() => null), p95: document.daily.up.map(() => null) },
    months: document.months,
    outages: document.outages,
  };
}

export function historyIndexDocument(
  servers: ReadonlyArray<{ server: string; name: string }>,
  url: (server: string) => string,
  asOf: string | null,
  intervalMs: number | null,
  causedDowntime: CausedDowntime,
  generatedAt: Date,
): HistoryIndexDocument {
  return {
    version: API_VERSION,
    generatedAt: generatedAt.toISOString(),
    asOf,
    intervalMs,
    causedDowntime,
    servers: servers.map(({ server, name }) => ({ server, name, url: url(server) })),
  };
}

const DATE_TIME = { type: "string", format: "date-time" } as const;
const counts = { type: "array", items: { type: "integer", minimum: 0 } } as const;

export function historySchema(): Schema {
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    $id: "history.schema.json",
    title: "A server's daily history (API v1)",
    description:
      "One checked server's UTC days as the check job keeps them for 400 days, what any period's availability report is made of: /api/v1/history/<id>.json.",
    type: "object",
    required: ["version", "generatedAt", "server", "asOf", "intervalMs", "daily", "months", "outages"],
    additionalProperties: false,
    properties: {
      version: { type: "integer", enum: [API_VERSION] },
      generatedAt: { ...DATE_TIME, description: "When the site was built." },
      server: { type: "string" },
      asOf: { ...DATE_TIME, description: "the figures are as of this time (the newest run)" },
      intervalMs: { type: ["integer", "null"], minimum: 1, description: "the job's usual interval; null when not known" },
      daily: {
        type: "object",
        description: "columns, one entry a UTC day from `from` on",
        required: ["from", "up", "total", "answered"],
        additionalProperties: false,
        properties: {
          from: { type: ["string", "null"], format: "date", description: "the first day held; null with none" },
          total: { ...counts, description: "checks outside maintenance" },
          up: { ...counts, description: "of those, checks that found the server up (online or warning)" },
          answered: { type: "array", items: { type: ["integer", "null"], minimum: 0 }, description: "checks up that were timed" },
          maintenance: { ...counts, description: "checks made inside a maintenance window (absent: none)" },
          caused: {
            ...counts,
            description:
              "of the checks in total that were not up, those that found the server unreachable because a server it depends on was down (absent: none)",
          },
          sketch: {
            type: "array",
            items: { type: ["string", "null"] },
            description:
              "each day's response-time sketch (log buckets of 3 %, src/domain/checks/timeSketch.ts); \"\" once added into its month's, null where not kept",
          },
        },
      },
      months: {
        type: "object",
        description: "yyyy-mm -> the sketch of that month's days older than the daily sketches, added up",
        additionalProperties: { type: "string" },
      },
      outages: {
        type: "array",
        description: "the stretches its confirmed state was offline: [from, to], to null while it lasts",
        items: {
          type: "array",
          minItems: 2,
          maxItems: 2,
          items: [DATE_TIME, { type: ["string", "null"], format: "date-time" }],
        },
      },
    },
  };
}

export function historyIndexSchema(): Schema {
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    $id: "history-index.schema.json",
    title: "The servers' daily histories (API v1)",
    description: "The checked servers that have a daily history, and where: /api/v1/history.json.",
    type: "object",
    required: ["version", "generatedAt", "asOf", "intervalMs", "causedDowntime", "servers"],
    additionalProperties: false,
    properties: {
      version: { type: "integer", enum: [API_VERSION] },
      generatedAt: { ...DATE_TIME, description: "When the site was built." },
      asOf: { type: ["string", "null"], format: "date-time", description: "the newest run; null before the job ran" },
      intervalMs: { type: ["integer", "null"], minimum: 1 },
      causedDowntime: {
        type: "string",
        enum: ["counted", "excluded"],
        description:
          "how the site's reports count the checks a dependency made fail: in the availability (counted), or left out of it (excluded); a report made from these files should do the same",
      },
      servers: {
        type: "array",
        items: {
          type: "object",
          required: ["server", "name", "url"],
          additionalProperties: false,
          properties: { server: { type: "string" }, name: { type: "string" }, url: { type: "string", format: "uri" } },
        },
      },
    },
  };
}
