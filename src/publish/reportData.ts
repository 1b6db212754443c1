/**
 * The months' availability reports as open data (#33): /api/v1/reports.json
 * lists them, /api/v1/reports/<yyyy-mm>.json holds one month's figures for the
 * fleet and each checked server (src/domain/reports/month.ts), each with its
 * schema, so a customer's tooling can read the month's figures.
 */
import type { MonthReport } from "../domain/reports/month";
import type { MonthEvents } from "../domain/reports/monthEvents";
import { API_PATH } from "./api";
import { API_VERSION } from "./openData";

type Schema = Record<string, unknown>;

export const reportApiPath = (month: string): string => `${API_PATH}/reports/${month}.json`;

type Named = { server: string; name: string };

/** What happened in the month, each server named as servers.json has it. */
type ReportEvents = {
  incidents: Array<Omit<MonthEvents["incidents"][number], "affected"> & { affected: Named[] }>;
  maintenance: Array<Omit<MonthEvents["maintenance"][number], "affected"> & { affected: Named[] }>;
  alerts: MonthEvents["alerts"];
};

export type ReportDocument = {
  version: 1;
  generatedAt: string;
  report: Omit<MonthReport, "servers"> & { servers: Array<MonthReport["servers"][number] & { name: string }>; events: ReportEvents };
};

export type ReportsIndexDocument = {
  version: 1;
  generatedAt: string;
  reports: Array<Pick<MonthReport, "month" | "status" | "reason" | "asOf"> & { url: string }>;
};

/** One month's report with what happened in it, each server with its name as servers.json has it. */
export function reportDocument(
  report: MonthReport,
  events: MonthEvents,
  names: ReadonlyMap<string, string>,
  generatedAt: Date,
): ReportDocument {
  const name = (server: string) => names.get(server) ?? server;
  const named = (servers: readonly string[]): Named[] => servers.map((server) => ({ server, name: name(server) }));
  return {
    version: API_VERSION,
    generatedAt: generatedAt.toISOString(),
    report: {
      ...report,
      servers: report.servers.map((s) => ({ ...s, name: name(s.server) })),
      events: {
        incidents: events.incidents.map((i) => ({ ...i, affected: named(i.affected) })),
        maintenance: events.maintenance.map((m) => ({ ...m, affected: named(m.affected) })),
        alerts: events.alerts,
      },
    },
  };
}

/** The months that have a report, newest first, each with the address of its file (`url` made by the caller's join). */
export function reportsIndexDocument(
  reports: readonly MonthReport[],
  url: (month: string) => string,
  generatedAt: Date,
): ReportsIndexDocument {
  return {
    version: API_VERSION,
    generatedAt: generatedAt.toISOString(),
    reports: [...reports].reverse().map(({ month, status, reason, asOf }) => ({ month, status, reason, asOf, url: url(month) })),
  };
}

const DATE_TIME = { type: "string", format: "date-time" } as const;
const MONTH = { type: "string", pattern: "^[0-9]{4}-(0[1-9]|1[0-2])$", description: "a UTC month, yyyy-mm" } as const;
const STATUS = {
  type: "string",
  enum: ["completed", "processing", "failed"],
  description:
    "completed: a closed month; processing: the month in progress, as of asOf; failed: a closed month the checks covered less than half of, or none",
} as const;
const count = { type: "integer", minimum: 0 } as const;
const ms = (description: string) => ({ type: "number", minimum: 0, description });

const timesSchema = {
  type: ["object", "null"],
  description: "response times over the month (within 1.5 % of the exact percentiles); null when nothing answered",
  required: ["median", "p95", "p99", "daysKept", "daysTimed"],
  properties: {
    median: ms("median (ms)"),
    p95: ms("95th percentile (ms)"),
    p99: ms("99th percentile (ms)"),
    daysKept: { ...count, description: "days whose times were kept (days from before the time sketches have none)" },
    daysTimed: { ...count, description: "days with answers" },
  },
};

/** A month's figures, of the fleet or of one server. */
function figuresSchema(): Schema {
  return {
    type: "object",
    required: [
      "checks",
      "up",
      "maintenanceChecks",
      "causedChecks",
      "availability",
      "downtimeMs",
      "outages",
      "longestOutageMs",
      "medianRecoveryMs",
      "times",
      "covered",
    ],
    properties: {
      checks: { ...count, description: "checks outside maintenance" },
      up: { ...count, description: "of those, checks that found the server up (online or warning)" },
      maintenanceChecks: { ...count, description: "checks made inside a maintenance window, in no other figure" },
      causedChecks: {
        ...count,
        description:
          "of the checks not up, those that found the server unreachable because a server it depends on was down (servers.json's dependsOn)",
      },
      availability: {
        type: ["number", "null"],
        minimum: 0,
        maximum: 1,
        description: "up of checks, the caused ones left out of the checks when causedDowntime is excluded; null without checks",
      },
      downtimeMs: ms("the outages' time inside the month (up to asOf for one still going on)"),
      outages: { ...count, description: "outages going on at some time in the month" },
      longestOutageMs: { type: ["number", "null"], minimum: 0, description: "the longest outage inside the month; null with none" },
      medianRecoveryMs: {
        type: ["number", "null"],
        minimum: 0,
        description: "the median whole length of the outages that ended in the month; null with none",
      },
      times: timesSchema,
      covered: {
        type: ["number", "null"],
        minimum: 0,
        maximum: 1,
        description: "the checks made (maintenance too) of those the usual interval expects over the month so far; null when not known",
      },
      places: {
        type: "array",
        description:
          "checks from several places (absent from one): each place's answers and response times; a place's times are kept 62 days, so an older month's have none",
        items: {
          type: "object",
          required: ["place", "answered", "times"],
          additionalProperties: false,
          properties: { place: { type: "string" }, answered: count, times: timesSchema },
        },
      },
    },
  };
}

/** What happened in the month: incidents, maintenance, the job's alerts. */
function eventsSchema(): Schema {
  const named = {
    type: "array",
    description: "the servers it concerned",
    items: {
      type: "object",
      required: ["server", "name"],
      additionalProperties: false,
      properties: { server: { type: "string" }, name: { type: "string" } },
    },
  };
  return {
    type: "object",
    required: ["incidents", "maintenance", "alerts"],
    additionalProperties: false,
    properties: {
      incidents: {
        type: "array",
        description: "the incidents open at some time in the month (as of the build), by when they began",
        items: {
          type: "object",
          required: ["id", "title", "impact", "affected", "began", "resolved"],
          additionalProperties: false,
          properties: {
            id: { type: "string" },
            title: { type: "string" },
            impact: { type: "string", enum: ["none", "minor", "major", "critical"] },
            affected: named,
            began: { ...DATE_TIME, description: "its first update" },
            resolved: { type: ["string", "null"], format: "date-time", description: "the update that resolved it; null while open" },
          },
        },
      },
      maintenance: {
        type: "array",
        description:
          "each time a maintenance window was (or is planned to be) in force in the month, recurring windows as their occurrences",
        items: {
          type: "object",
          required: ["id", "title", "affected", "start", "end"],
          additionalProperties: false,
          properties: { id: { type: "string" }, title: { type: "string" }, affected: named, start: DATE_TIME, end: DATE_TIME },
        },
      },
      alerts: {
        type: "object",
        description:
          "the alerts the check job raised in the month; it keeps them 30 days (at most 500), so they may be known for part of it only",
        required: ["error", "warning", "info", "from", "whole"],
        additionalProperties: false,
        properties: {
          error: count,
          warning: count,
          info: count,
          from: {
            type: ["string", "null"],
            format: "date-time",
            description: "the counts are of the alerts from this time on; null when none of the month's are kept",
          },
          whole: { type: "boolean", description: "the counts are the whole month's" },
        },
      },
    },
  };
}

export function reportSchema(): Schema {
  const figures = figuresSchema();
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    $id: "report.schema.json",
    title: "Monthly availability report (API v1)",
    description:
      "One UTC month's availability, downtime, outages and response times, for the fleet and each checked server, from what the check job measured: /api/v1/reports/<yyyy-mm>.json.",
    type: "object",
    required: ["version", "generatedAt", "report"],
    properties: {
      version: { type: "integer", enum: [API_VERSION] },
      generatedAt: { ...DATE_TIME, description: "When the site was built." },
      report: {
        type: "object",
        required: ["month", "status", "reason", "start", "end", "asOf", "causedDowntime", "fleet", "servers", "events"],
        properties: {
          month: MONTH,
          status: STATUS,
          reason: { type: ["string", "null"], description: "why a month failed, in words; null otherwise" },
          start: { ...DATE_TIME, description: "the month's first moment (UTC)" },
          end: { ...DATE_TIME, description: "the moment after its last" },
          asOf: { ...DATE_TIME, description: "the figures are as of this time (the newest run)" },
          causedDowntime: {
            type: "string",
            enum: ["counted", "excluded"],
            description:
              "counted: the availability counts the checks a dependency made fail like any other; excluded: it leaves them out (content/monitoring.json's reports.causedDowntime)",
          },
          fleet: figures,
          servers: {
            type: "array",
            items: {
              ...figures,
              required: ["server", "name", "outageTimes", ...(figures.required as string[])],
              properties: {
                server: { type: "string" },
                name: { type: "string" },
                outageTimes: {
                  type: "array",
                  description: "its outages going on at some time in the month, whole, oldest first; to null while it lasts",
                  items: {
                    type: "object",
                    required: ["from", "to"],
                    additionalProperties: false,
                    properties: { from: DATE_TIME, to: { type: ["string", "null"], format: "date-time" } },
                  },
                },
                ...(figures.properties as Schema),
              },
            },
          },
          events: eventsSchema(),
          objectives: {
            type: "array",
            description:
              "each objective of content/objectives.json judged on the month's checks of its servers (#48): a slot is a check, good when up, bad when down (and in maintenance when the objective counts it); unknown where the usual interval expected a check and none came",
            items: {
              type: "object",
              required: ["id", "name", "availability", "maintenance", "servers", "attained", "met", "slots", "budget"],
              additionalProperties: false,
              properties: {
                id: { type: "string" },
                name: { type: "string" },
                availability: { type: "number", description: "the target, in percent" },
                maintenance: { type: "string", enum: ["excluded", "counted"] },
                servers: { type: "integer", minimum: 0, description: "the servers it counts that the month's report has" },
                attained: { type: ["number", "null"], minimum: 0, maximum: 1, description: "good of good and bad slots; null when none" },
                met: { type: ["boolean", "null"], description: "attained at least the target; null when nothing was measured" },
                slots: {
                  type: "object",
                  required: ["good", "bad", "unknown", "maintenance"],
                  additionalProperties: false,
                  properties: {
                    good: { type: "number", minimum: 0 },
                    bad: { type: "number", minimum: 0 },
                    unknown: { type: "number", minimum: 0 },
                    maintenance: { type: "number", minimum: 0 },
                  },
                },
                budget: {
                  type: ["object", "null"],
                  description: "the month's error budget and what is left of it; null while the job's interval is not known",
                  required: ["slots", "seconds", "remainingSlots", "remainingSeconds", "remainingShare"],
                  additionalProperties: false,
                  properties: {
                    slots: { type: "number", minimum: 0 },
                    seconds: { type: "number", minimum: 0 },
                    remainingSlots: { type: "number" },
                    remainingSeconds: { type: "number" },
                    remainingShare: { type: ["number", "null"] },
                  },
                },
              },
            },
          },
        },
      },
    },
  };
}

export function reportsIndexSchema(): Schema {
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    $id: "reports.schema.json",
    title: "Monthly availability reports (API v1)",
    description: "The months that have an availability report, newest first: /api/v1/reports.json.",
    type: "object",
    required: ["version", "generatedAt", "reports"],
    properties: {
      version: { type: "integer", enum: [API_VERSION] },
      generatedAt: { ...DATE_TIME, description: "When the site was built." },
      reports: {
        type: "array",
        items: {
          type: "object",
          required: ["month", "status", "reason", "asOf", "url"],
          additionalProperties: false,
          properties: {
            month: MONTH,
            status: STATUS,
            reason: { type: ["string", "null"] },
            asOf: DATE_TIME,
            url: { type: "string", format: "uri", description: "the month's report" },
          },
        },
      },
    },
  };
}
