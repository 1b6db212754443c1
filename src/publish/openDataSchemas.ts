/**
 * The JSON Schemas of the open data (/api/v1/*.schema.json), derived from the
 * content's own schemas so a feed is checked with the rules the content is
 * checked with; the documents they describe are made in openData.ts.
 *
 * One piece (about 320 lines): the five documents' schemas share their
 * definitions (a server, an alert, a time) and must stay in step.
 */
import { CONTENT_FILES, OPTIONAL_LIST_FILES } from "../domain/content/files";
import type { FigureSource } from "../domain/kernel/types";
import { API_VERSION } from "./openData";

type Schema = Record<string, unknown>;
const itemsOf = (name: string) => (CONTENT_FILES.find((f) => f.name === name)!.schema as { items: Schema }).items;
const DATE_TIME = { type: "string", format: "date-time" } as const;
const SOURCES: readonly FigureSource[] = ["measured", "simulated", "sample"];

const document = (id: string, title: string, description: string, listName: string, items: Schema): Schema => ({
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: id,
  title,
  description,
  type: "object",
  required: ["version", "generatedAt", listName],
  properties: {
    version: { type: "integer", enum: [API_VERSION], description: "The format of this document; a new version gets a new path." },
    generatedAt: { ...DATE_TIME, description: "When the site was built." },
    [listName]: { type: "array", items },
  },
});

/**
 * One server of the feed: the fields and rules of a server in servers.json (its
 * check aside, which is not published), and where its figures come from. Fields
 * a later version adds are allowed, so readers of v1 keep working.
 */
export function feedServerSchema(): Schema {
  const content = itemsOf("servers.json") as { properties: Record<string, Schema>; required: string[] };
  // dependsOn is the job's: the record says what it means now (unreachableBecause).
  const { check: _check, dependsOn: _dependsOn, ...properties } = content.properties;
  return {
    type: "object",
    required: [...content.required, "source"],
    properties: {
      ...properties,
      source: {
        type: "string",
        enum: SOURCES,
        description: "measured by a check, simulated in the browser, or a sample",
        "x-expected": SOURCES.join(", "),
      },
      detail: { type: ["string", "null"], maxLength: 500, description: "what the last check saw", "x-expected": "a text, or null" },
      certificateExpires: {
        type: "string",
        format: "date-time",
        description:
          "When the certificate the check judges expires (an https check with certificate, or a tls check), as the last check saw it. Absent otherwise.",
        "x-expected": "an ISO 8601 date and time, or nothing",
      },
      unreachableBecause: {
        type: "object",
        required: ["id", "name"],
        additionalProperties: false,
        properties: { id: { type: "string", minLength: 1 }, name: { type: "string" } },
        description:
          "Offline behind a server it depends on (servers.json's dependsOn) that is down too: that server, the root cause. Absent otherwise.",
        "x-expected": "{ id, name }, or nothing",
      },
      placeTimes: {
        type: "array",
        description:
          "Checks from several places: each place's milliseconds in the newest run, by place name (ms null: no answer from there). Absent from one place.",
        items: {
          type: "object",
          required: ["location", "ms"],
          additionalProperties: false,
          properties: { location: { type: "string", minLength: 1 }, ms: { type: ["integer", "null"], minimum: 0 } },
        },
        "x-expected": "a list of { location, ms }, or nothing",
      },
      uptimeChecks: {
        type: ["object", "null"],
        required: ["up", "total", "since"],
        properties: {
          up: { type: "integer", minimum: 0, description: "checks that found the server up" },
          total: {
            type: "integer",
            minimum: 0,
            description: "all checks the uptime counts (the last 30 days, those made in maintenance left out; 0 when every one was)",
          },
          since: { type: ["string", "null"], format: "date-time", description: "when the first of them ran; null when not known" },
        },
        description:
          "What a measured uptime counts: up of total checks since a time (pages say it when that is under a day); null for simulated and sample figures. Optional: a feed of an older site leaves it out.",
        "x-expected": "{ up, total, since } or null",
      },
    },
  };
}

export function serversSchema(): Schema {
  return document(
    "servers.schema.json",
    "Servers (API v1)",
    "Every server with its status and figures, as the pages show them: /api/v1/servers.json.",
    "servers",
    feedServerSchema(),
  );
}

export function alertsSchema(): Schema {
  const content = itemsOf("alerts.json");
  return document(
    "alerts.schema.json",
    "Alerts (API v1)",
    "The editors' alerts and those of the checks, newest first: /api/v1/alerts.json.",
    "alerts",
    { ...content, additionalProperties: true },
  );
}

const optionalItemsOf = (name: string) => (OPTIONAL_LIST_FILES.find((f) => f.name === name)!.schema as { items: Schema }).items;

export function incidentsSchema(): Schema {
  const incident = optionalItemsOf("incidents.json") as { properties: Record<string, Schema>; required: string[] };
  const window = optionalItemsOf("maintenance.json") as { properties: Record<string, Schema>; required?: string[] };
  const statuses = ["investigating", "identified", "monitoring", "resolved"];
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    $id: "incidents.schema.json",
    title: "Incidents and maintenance (API v1)",
    description:
      "Every incident of the site with its status, and every maintenance window with its next times: /api/v1/incidents.json. Records follow content/schema/incidents.schema.json and maintenance.schema.json.",
    type: "object",
    required: ["version", "generatedAt", "incidents", "maintenance"],
    properties: {
      version: { type: "integer", enum: [API_VERSION], description: "The format of this document; a new version gets a new path." },
      generatedAt: { ...DATE_TIME, description: "When the site was built." },
      incidents: {
        type: "array",
        items: {
          ...incident,
          required: [...incident.required, "status", "open"],
          properties: {
            ...incident.properties,
            status: { type: "string", enum: statuses, description: "the newest update's status" },
            open: { type: "boolean", description: "true until an update says resolved" },
          },
          additionalProperties: true,
        },
      },
      maintenance: {
        type: "array",
        items: {
          ...window,
          required: [...(window.required ?? []), "next"],
          properties: {
            ...window.properties,
            next: {
              type: "array",
              description:
                "The window's next times in UTC, in force at the build or to come (within 35 days), at most 5; start included, end excluded.",
              items: {
                type: "object",
                required: ["start", "end"],
                properties: { start: DATE_TIME, end: DATE_TIME },
              },
            },
          },
          additionalProperties: true,
        },
      },
    },
  };
}

export function statusSchema(): Schema {
  const count = { type: "integer", minimum: 0 };
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    $id: "status.schema.json",
    title: "Status (API v1)",
    description:
      "The figures of the dashboard's cards (over the measured servers when there are any), the servers by source, the build time and the newest check: /api/v1/status.json.",
    type: "object",
    required: [
      "version",
      "generatedAt",
      "newestCheck",
      "checksLateAfter",
      "sources",
      "summaryOf",
      "summary",
      "incidents",
      "maintenance",
      "overall",
    ],
    properties: {
      version: { type: "integer", enum: [API_VERSION] },
      generatedAt: DATE_TIME,
      newestCheck: {
        type: ["string", "null"],
        format: "date-time",
        description: "When the newest check run finished; null without checks.",
      },
      checksLateAfter: {
        type: ["string", "null"],
        format: "date-time",
        description:
          "Past this time, with no newer document, the checks are late (two of the job's intervals after the newest check): the figures here are older than they should be. null without checks.",
      },
      sources: {
        type: "object",
        required: [...SOURCES],
        properties: Object.fromEntries(SOURCES.map((source) => [source, count])),
        description: "How many servers take their figures from each source: measured by a check, simulated in the browser, or a sample.",
      },
      summaryOf: {
        type: "string",
        enum: ["measured", "all"],
        description: "Which servers the summary is over: the measured ones when there are any, else all of them.",
      },
      summary: {
        type: "object",
        required: ["total", "regions", "online", "warning", "offline", "unchecked", "onlinePercent", "avgResponseMs", "needAttention"],
        properties: {
          total: count,
          regions: count,
          online: count,
          warning: count,
          offline: count,
          unchecked: {
            ...count,
            description: "measured servers without a result for longer than the job allows: shown 'Not checked', neither up nor down",
          },
          onlinePercent: { type: ["integer", "null"], minimum: 0, maximum: 100, description: "whole percent of servers online" },
          avgResponseMs: {
            type: ["integer", "null"],
            minimum: 0,
            description: "mean response time of the online servers that answered; null when none did",
          },
          needAttention: { ...count, description: "servers offline (the 'Alerts' card)" },
        },
      },
      incidents: {
        type: "object",
        required: ["open", "worstImpact"],
        description: "The incidents open at the build (details: incidents.json).",
        properties: {
          open: count,
          worstImpact: { type: ["string", "null"], enum: ["none", "minor", "major", "critical", null], description: "null: none open" },
        },
      },
      maintenance: {
        type: "object",
        required: ["servers"],
        description: "The servers in a maintenance window at the build.",
        properties: { servers: { type: "array", items: { type: "string" } } },
      },
      overall: {
        type: "object",
        required: ["state", "text"],
        description:
          "The site in one word: outage (a server offline, or a major or critical incident open), degraded (in warning, not checked, or a minor incident), maintenance, operational, or unknown (no servers); and in the sidebar's words.",
        properties: {
          state: { type: "string", enum: ["operational", "maintenance", "degraded", "outage", "unknown"] },
          text: { type: "string" },
        },
      },
    },
  };
}

/** One place's figures over an hour, a day or 24 hours: the answers from there, their median and 95th percentile (ms). */
function placeFigures(answered: string) {
  const ms = { type: ["integer", "null"], minimum: 0 };
  return {
    type: "object",
    required: ["answered", "median", "p95"],
    additionalProperties: false,
    properties: {
      answered: { type: "integer", minimum: 0, description: answered },
      median: { ...ms, description: "their median (ms); null when none" },
      p95: { ...ms, description: "their 95th percentile (ms); null when none" },
    },
  };
}

export function serverSchema(): Schema {
  const count = { type: "integer", minimum: 0 };
  const ms = { type: ["integer", "null"], minimum: 0 };
  const response = {
    type: "object",
    required: ["at", "total", "answered", "median", "p95"],
    properties: {
      at: { ...DATE_TIME, description: "the start of the hour or UTC day" },
      total: { ...count, description: "checks in it" },
      answered: {
        type: ["integer", "null"],
        minimum: 0,
        description: "checks that answered; null for a day converted from a version 1 history, whose times were not kept",
      },
      median: { ...ms, description: "median response time of the answers (ms); null when none answered" },
      p95: { ...ms, description: "95th percentile of the answers (ms); null when none answered" },
      places: {
        type: "object",
        description:
          "Checks from several places: place -> its figures then (a place with no answer then is left out); absent from one place.",
        additionalProperties: placeFigures("answers from that place"),
      },
    },
  };
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    $id: "server.schema.json",
    title: "Server (API v1)",
    description:
      "One server's page as data: its figures now, its check in words, its measured history and its alerts: /api/v1/servers/<id>.json.",
    type: "object",
    required: ["version", "generatedAt", "server", "check", "places", "history", "alerts"],
    properties: {
      version: { type: "integer", enum: [API_VERSION] },
      generatedAt: { ...DATE_TIME, description: "When the site was built." },
      server: feedServerSchema(),
      check: {
        type: ["array", "null"],
        description: "The check in words (kind, address without credentials or query, what counts as up, thresholds); null: no check.",
        items: { type: "object", required: ["term", "value"], properties: { term: { type: "string" }, value: { type: "string" } } },
      },
      places: {
        type: ["array", "null"],
        description:
          "Checks from several places: what each place saw in the newest run (the server's state is theirs by quorum); null when the checks run from one place.",
        items: {
          type: "object",
          required: ["location", "status", "responseTime", "detail"],
          additionalProperties: false,
          properties: {
            location: { type: "string" },
            status: { type: "string", enum: ["online", "warning", "offline"] },
            responseTime: { type: ["integer", "null"], minimum: 0, description: "milliseconds; null: no answer" },
            detail: { type: "string" },
          },
        },
      },
      held: {
        type: ["string", "null"],
        description:
          "Checks from several places: why the newest run kept an older result (too few places reported it for its quorum, so its state holds), in words; null otherwise.",
      },
      heartbeat: {
        type: "object",
        description:
          "A heartbeat (a job that answers no request, watched through the time of its last run): the last ping the check job read, when the next is due (null: its cron never fires again), and the distinct pings it saw, oldest first (at most 20). Absent for other checks.",
        required: ["lastPing", "nextDue", "pings"],
        properties: {
          lastPing: DATE_TIME,
          nextDue: { type: ["string", "null"], format: "date-time" },
          pings: { type: "array", maxItems: 20, items: DATE_TIME },
        },
      },
      history: {
        type: ["object", "null"],
        description: "What the check job measured; null when it holds nothing for this server (no check, or not run yet).",
        required: ["server", "asOf", "firstCheck", "uptime", "days", "hourly", "daily"],
        properties: {
          server: { type: "string" },
          asOf: { ...DATE_TIME, description: "the time the figures are taken at (the newest run's end)" },
          firstCheck: { type: ["string", "null"], format: "date-time", description: "the first check the history holds" },
          uptime: {
            type: "array",
            description: "Uptime over 24 hours, 7, 30 and 90 days: checks up (online or warning) of all checks.",
            items: {
              type: "object",
              required: ["key", "hours", "up", "total", "coveredFrom"],
              properties: {
                key: { type: "string", enum: ["24h", "7d", "30d", "90d"] },
                hours: count,
                up: count,
                total: { ...count, description: "0: no checks in the window" },
                coveredFrom: {
                  type: ["string", "null"],
                  format: "date-time",
                  description: "when the checks counted begin, if later than the window's start (a younger history); null when whole",
                },
              },
            },
          },
          days: {
            type: "array",
            description:
              "90 UTC days, oldest first: checks up and all checks (total 0: no data), and the checks made in maintenance, counted in neither (absent when none).",
            items: {
              type: "object",
              required: ["date", "up", "total"],
              properties: {
                date: { type: "string", pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" },
                up: count,
                total: count,
                maintenance: { type: "integer", minimum: 1, description: "checks made inside a maintenance window that day" },
                notCheckedMs: {
                  type: "integer",
                  minimum: 1,
                  description:
                    "how long the day went unchecked because runs the schedule owed did not come (two or more at the usual interval); absent when none",
                },
              },
            },
          },
          hourly: { type: "array", description: "168 hours, oldest first.", items: response },
          daily: { type: "array", description: "90 UTC days, oldest first.", items: response },
          places24h: {
            type: "array",
            description: "Checks from several places: each place's figures over the last 24 hours, by name; absent from one place.",
            items: {
              ...placeFigures("checks that reached the server from there"),
              required: ["location", "answered", "median", "p95"],
              properties: { location: { type: "string" }, ...placeFigures("checks that reached the server from there").properties },
            },
          },
        },
      },
      alerts: {
        type: "array",
        description: "Alerts that name the server, newest first (at most 50).",
        items: { ...itemsOf("alerts.json"), additionalProperties: true },
      },
    },
  };
}
