/**
 * Statuspage's public API v2 as its documentation describes it (the page,
 * components, incidents with their updates, scheduled maintenances, the status
 * rollup), written here as JSON Schema to hold /api/v2/*.json to: every
 * documented field present with its type and enumeration, and nothing else.
 */
const time = { type: "string", format: "date-time" };
const nullableTime = { oneOf: [time, { type: "null" }] };
const id = { type: "string", pattern: "^[a-z0-9]{12}$" };

const page = {
  type: "object",
  additionalProperties: false,
  required: ["id", "name", "url", "time_zone", "updated_at"],
  properties: { id, name: { type: "string" }, url: { type: "string", format: "uri" }, time_zone: { type: "string" }, updated_at: time },
};

const component = {
  type: "object",
  additionalProperties: false,
  required: [
    "id",
    "name",
    "status",
    "created_at",
    "updated_at",
    "position",
    "description",
    "showcase",
    "start_date",
    "group_id",
    "page_id",
    "group",
    "only_show_if_degraded",
  ],
  properties: {
    id,
    name: { type: "string" },
    status: { enum: ["operational", "degraded_performance", "partial_outage", "major_outage", "under_maintenance"] },
    created_at: time,
    updated_at: time,
    position: { type: "integer", minimum: 1 },
    description: { type: ["string", "null"] },
    showcase: { type: "boolean" },
    start_date: { oneOf: [{ type: "string", format: "date" }, { type: "null" }] },
    group_id: { oneOf: [id, { type: "null" }] },
    page_id: id,
    group: { type: "boolean" },
    only_show_if_degraded: { type: "boolean" },
    components: { type: "array", items: id },
  },
};

const update = (statuses: string[]) => ({
  type: "object",
  additionalProperties: false,
  required: [
    "id",
    "status",
    "body",
    "incident_id",
    "created_at",
    "updated_at",
    "display_at",
    "affected_components",
    "deliver_notifications",
    "custom_tweet",
    "tweet_id",
  ],
  properties: {
    id,
    status: { enum: statuses },
    body: { type: "string" },
    incident_id: id,
    created_at: time,
    updated_at: time,
    display_at: time,
    affected_components: { type: ["array", "null"] },
    deliver_notifications: { type: "boolean" },
    custom_tweet: { type: ["string", "null"] },
    tweet_id: { type: ["string", "null"] },
  },
});

const INCIDENT_STATUSES = ["investigating", "identified", "monitoring", "resolved", "postmortem"];
const MAINTENANCE_STATUSES = ["scheduled", "in_progress", "verifying", "completed"];
const incidentFields = (statuses: string[], impacts: string[]) => ({
  id,
  name: { type: "string" },
  status: { enum: statuses },
  created_at: time,
  updated_at: time,
  monitoring_at: nullableTime,
  resolved_at: nullableTime,
  impact: { enum: impacts },
  shortlink: { type: "string", format: "uri" },
  started_at: time,
  page_id: id,
  incident_updates: { type: "array", items: update(statuses) },
  components: { type: "array", items: component },
});
const INCIDENT_REQUIRED = [
  "id",
  "name",
  "status",
  "created_at",
  "updated_at",
  "monitoring_at",
  "resolved_at",
  "impact",
  "shortlink",
  "started_at",
  "page_id",
  "incident_updates",
  "components",
];
const incident = {
  type: "object",
  additionalProperties: false,
  required: INCIDENT_REQUIRED,
  properties: incidentFields(INCIDENT_STATUSES, ["none", "minor", "major", "critical"]),
};
const maintenance = {
  type: "object",
  additionalProperties: false,
  required: [...INCIDENT_REQUIRED, "scheduled_for", "scheduled_until"],
  properties: {
    ...incidentFields(MAINTENANCE_STATUSES, ["none", "minor", "major", "critical", "maintenance"]),
    scheduled_for: time,
    scheduled_until: time,
  },
};
const status = {
  type: "object",
  additionalProperties: false,
  required: ["indicator", "description"],
  properties: { indicator: { enum: ["none", "minor", "major", "critical"] }, description: { type: "string" } },
};

const document = (fields: Record<string, object>) => ({
  $schema: "http://json-schema.org/draft-07/schema#",
  type: "object",
  additionalProperties: false,
  required: ["page", ...Object.keys(fields)],
  properties: { page, ...fields },
});

/** Each file of /api/v2 and its documented shape. */
export const STATUSPAGE_SCHEMAS: Record<string, object> = {
  "summary.json": document({
    components: { type: "array", items: component },
    incidents: { type: "array", items: incident },
    scheduled_maintenances: { type: "array", items: maintenance },
    status,
  }),
  "status.json": document({ status }),
  "components.json": document({ components: { type: "array", items: component } }),
  "incidents.json": document({ incidents: { type: "array", items: incident, maxItems: 50 } }),
  "incidents/unresolved.json": document({ incidents: { type: "array", items: incident } }),
  "scheduled-maintenances.json": document({ scheduled_maintenances: { type: "array", items: maintenance, maxItems: 50 } }),
  "scheduled-maintenances/upcoming.json": document({ scheduled_maintenances: { type: "array", items: maintenance } }),
  "scheduled-maintenances/active.json": document({ scheduled_maintenances: { type: "array", items: maintenance } }),
};
