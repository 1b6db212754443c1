/**
 * The content files the site is built from, each with its JSON Schema (the rules
 * editors see in their code editor) and the fields that must be unique in it;
 * and the files the check job (npm run check) keeps beside them in content/checks/.
 */
import alertsSchema from "../../../content/schema/alerts.schema.json";
import analyticsCardsSchema from "../../../content/schema/analytics-cards.schema.json";
import performanceSchema from "../../../content/schema/performance.schema.json";
import reportsSchema from "../../../content/schema/reports.schema.json";
import securityAlertsSchema from "../../../content/schema/security-alerts.schema.json";
import securityCardsSchema from "../../../content/schema/security-cards.schema.json";
import serversSchema from "../../../content/schema/servers.schema.json";
import checkAlertsSchema from "../../../content/schema/check-alerts.schema.json";
import checkHistorySchema from "../../../content/schema/check-history.schema.json";
import checkLatestSchema from "../../../content/schema/check-latest.schema.json";
import checkServerHistorySchema from "../../../content/schema/check-server-history.schema.json";
import checkNotifyStateSchema from "../../../content/schema/check-notify-state.schema.json";
import checkSecuritySchema from "../../../content/schema/check-security.schema.json";
import securityAcknowledgementsSchema from "../../../content/schema/security-acknowledgements.schema.json";
import checkObservationsSchema from "../../../content/schema/check-observations.schema.json";
import monitoringSchema from "../../../content/schema/monitoring.schema.json";
import objectivesSchema from "../../../content/schema/objectives.schema.json";
import notificationsSchema from "../../../content/schema/notifications.schema.json";
import incidentsSchema from "../../../content/schema/incidents.schema.json";
import maintenanceSchema from "../../../content/schema/maintenance.schema.json";
import checkDraftsSchema from "../../../content/schema/check-drafts.schema.json";
import incidentDraftSchema from "../../../content/schema/incident-draft.schema.json";

/** servers -> ServersJson, security-alerts -> SecurityAlertsJson: the type gatsby/nodes/contentRecords.ts gives a file's records. */
export function jsonTypeName(baseName: string): string {
  return `${baseName.replace(/(^|-)(\w)/g, (_m, _dash: string, c: string) => c.toUpperCase())}Json`;
}

export const CONTENT_FILES = [
  { name: "servers.json", schema: serversSchema, uniqueFields: ["id", "name"] },
  { name: "alerts.json", schema: alertsSchema, uniqueFields: ["id"] },
  { name: "performance.json", schema: performanceSchema, uniqueFields: ["time"] },
  { name: "security-alerts.json", schema: securityAlertsSchema, uniqueFields: ["id"] },
  { name: "reports.json", schema: reportsSchema, uniqueFields: ["id"] },
  { name: "analytics-cards.json", schema: analyticsCardsSchema, uniqueFields: ["id"] },
  { name: "security-cards.json", schema: securityCardsSchema, uniqueFields: ["id"] },
].map((file) => ({ ...file, path: `content/${file.name}`, typeName: jsonTypeName(file.name.replace(/\.json$/, "")) })) as ReadonlyArray<{
  name: ContentFileName;
  path: string;
  schema: object;
  uniqueFields: readonly string[];
  /** the GraphQL type of its records (gatsby/nodes/contentRecords.ts names it after the file) */
  typeName: string;
}>;

export type ContentFileName =
  | "servers.json"
  | "alerts.json"
  | "performance.json"
  | "security-alerts.json"
  | "reports.json"
  | "analytics-cards.json"
  | "security-cards.json";

/**
 * The editors' optional lists: a site without them works as before; when present
 * they are held to their schemas and to servers.json, and sourced like the
 * content files (IncidentsJson, MaintenanceJson), whose types exist either way.
 */
export const OPTIONAL_LIST_FILES = [
  { name: "incidents.json", schema: incidentsSchema, uniqueFields: ["id"] },
  { name: "maintenance.json", schema: maintenanceSchema, uniqueFields: ["id"] },
].map((file) => ({ ...file, path: `content/${file.name}`, typeName: jsonTypeName(file.name.replace(/\.json$/, "")) })) as ReadonlyArray<{
  name: OptionalListName;
  path: string;
  schema: object;
  uniqueFields: readonly string[];
  typeName: string;
}>;

export type OptionalListName = "incidents.json" | "maintenance.json";

/**
 * The files the check job writes and the build reads: optional (a site without
 * checks has none), never edited by hand, validated like the editors' files.
 */
export const CHECK_FILES = [
  { name: "checks/latest.json", schema: checkLatestSchema, uniqueFields: [] },
  { name: "checks/alerts.json", schema: checkAlertsSchema, uniqueFields: ["id"] },
].map((file) => ({ ...file, path: `content/${file.name}` })) as ReadonlyArray<{
  name: CheckFileName;
  path: string;
  schema: object;
  uniqueFields: readonly string[];
}>;

export type CheckFileName = "checks/latest.json" | "checks/alerts.json";

/** The check job's memory of its raw runs (48 hours): written by the job; the build reads it for each server's last 24 hours (gatsby/pages/serverHistories.ts). */
export const CHECK_HISTORY_FILE = { name: "checks/history.json", path: "content/checks/history.json", schema: checkHistorySchema } as const;

/** Each server's rollups (hourly for 35 days, daily for 400): written by the job, one file per server; the build reads them for the server pages. */
export const CHECK_ROLLUP_FILE = {
  name: "checks/servers/<id>.json",
  path: "content/checks/servers/<id>.json",
  schema: checkServerHistorySchema,
} as const;

/** The job's memory of its notifications (what it told, what waits to be sent): written and read by the job only, never published. */
export const CHECK_NOTIFY_STATE_FILE = {
  name: "checks/notify-state.json",
  path: "content/checks/notify-state.json",
  schema: checkNotifyStateSchema,
} as const;

/** What the security rules found on the HTTPS checks' answers (#34): written by the job, read by the build for /security; never published as is. */
export const CHECK_SECURITY_FILE = {
  name: "checks/security.json",
  path: "content/checks/security.json",
  schema: checkSecuritySchema,
} as const;

/** The job's memory of the incident drafts it wrote (#47): written and read by the job only, never published. */
export const CHECK_DRAFTS_FILE = { name: "checks/drafts.json", path: "content/checks/drafts.json", schema: checkDraftsSchema } as const;

/** An incident the job drafted (#47), for an editor to publish or discard: content/drafts/<id>.json, never sourced by the build. */
export const INCIDENT_DRAFT_FILE = { name: "drafts/<id>.json", path: "content/drafts/<id>.json", schema: incidentDraftSchema } as const;

/** What one shard of a run saw (npm run check -- --shard i/n --out <file>): written by a shard, read by the merge; outside content/. */
export const CHECK_OBSERVATIONS_FILE = {
  name: "observations",
  path: "<the file given to --out>",
  schema: checkObservationsSchema,
} as const;

/** A server's rollup file's name in content/checks/servers/. */
export const rollupFileName = (server: string) => `${server}.json`;

/** The server a file of content/checks/servers/ holds the rollups of, or null for another file (one set aside, half-written, hidden). */
export function serverOfRollupFile(fileName: string): string | null {
  const match = /^([A-Za-z0-9._~-]+)\.json$/.exec(fileName);
  return match && !fileName.startsWith(".") ? match[1] : null;
}

/** The site's defaults for the check job (optional; only the job reads it). */
const MONITORING_FILE = { name: "monitoring.json", path: "content/monitoring.json", schema: monitoringSchema } as const;

/** Who the check job tells about changes, and where (optional; only the job reads it, and the settings page shows its channels). */
export const NOTIFICATIONS_FILE = {
  name: "notifications.json",
  path: "content/notifications.json",
  schema: notificationsSchema,
} as const;

/** The editors' optional files: objects, read by the check job. */
/** The editors' answers to findings of the job's security scan (optional; the build reads it for /security, #34). */
const SECURITY_ACKNOWLEDGEMENTS_FILE = {
  name: "security-acknowledgements.json",
  path: "content/security-acknowledgements.json",
  schema: securityAcknowledgementsSchema,
} as const;

/** What the operators promise (#48, optional): the build reads it for /api/v1/objectives.json and /metrics.txt. */
const OBJECTIVES_FILE = { name: "objectives.json", path: "content/objectives.json", schema: objectivesSchema } as const;

export const OPTIONAL_FILES = [MONITORING_FILE, NOTIFICATIONS_FILE, SECURITY_ACKNOWLEDGEMENTS_FILE, OBJECTIVES_FILE] as const;
export type OptionalFileName = (typeof OPTIONAL_FILES)[number]["name"];

/**
 * Files of content/ the build passes over in silence: the schemas, hidden
 * files, and the check job's own files (its memory: history.json and each
 * server's rollups, read by gatsby/pages/serverHistories.ts; a damaged file it set
 * aside, its lock and half-written files).
 */
const QUIET = [
  /^schema\//,
  /(^|\/)\./,
  /^checks\/history\.json$/,
  /^checks\/notify-state\.json$/,
  /^checks\/security\.json$/,
  /^checks\/drafts\.json$/,
  /^drafts\/[^/]+\.json$/,
  /^drafts\/[^/]+\.tmp$/,
  /^checks\/servers\/[A-Za-z0-9._~-]+\.json$/,
  /^checks\/(servers\/)?[^/]+\.damaged-[^/]+$/,
  /^checks\/(servers\/)?[^/]+\.tmp$/,
];

/** The files the build sources: the editors' files (the optional lists too), at the top of content/ (the check job's are read by gatsby/nodes/checks.ts). */
export const isSourcedContentFile = (relativePath: string): boolean =>
  [...CONTENT_FILES, ...OPTIONAL_LIST_FILES].some((file) => file.name === relativePath);

/**
 * The files of content/ (paths relative to it, with "/") that are neither a
 * content file, nor a check job's file, nor one the build passes over: the
 * build leaves them out and names them in a warning.
 */
export function unknownContentFiles(relativePaths: readonly string[]): string[] {
  const known = new Set<string>([...CONTENT_FILES, ...OPTIONAL_LIST_FILES, ...CHECK_FILES, ...OPTIONAL_FILES].map((file) => file.name));
  return relativePaths.filter((file) => !known.has(file) && !QUIET.some((pattern) => pattern.test(file))).sort();
}
