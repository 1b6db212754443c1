/**
 * The content files the site is built from, each with its JSON Schema (the rules
 * editors see in their code editor) and the fields that must be unique in it.
 */
import alertsSchema from "../../content/schema/alerts.schema.json";
import analyticsCardsSchema from "../../content/schema/analytics-cards.schema.json";
import performanceSchema from "../../content/schema/performance.schema.json";
import reportsSchema from "../../content/schema/reports.schema.json";
import securityAlertsSchema from "../../content/schema/security-alerts.schema.json";
import securityCardsSchema from "../../content/schema/security-cards.schema.json";
import serversSchema from "../../content/schema/servers.schema.json";

export const CONTENT_FILES = [
  { name: "servers.json", schema: serversSchema, uniqueFields: ["id", "name"] },
  { name: "alerts.json", schema: alertsSchema, uniqueFields: ["id"] },
  { name: "performance.json", schema: performanceSchema, uniqueFields: ["time"] },
  { name: "security-alerts.json", schema: securityAlertsSchema, uniqueFields: ["id"] },
  { name: "reports.json", schema: reportsSchema, uniqueFields: ["id"] },
  { name: "analytics-cards.json", schema: analyticsCardsSchema, uniqueFields: ["id"] },
  { name: "security-cards.json", schema: securityCardsSchema, uniqueFields: ["id"] },
].map((file) => ({ ...file, path: `content/${file.name}` })) as ReadonlyArray<{
  name: ContentFileName;
  path: string;
  schema: object;
  uniqueFields: readonly string[];
}>;

export type ContentFileName =
  | "servers.json"
  | "alerts.json"
  | "performance.json"
  | "security-alerts.json"
  | "reports.json"
  | "analytics-cards.json"
  | "security-cards.json";
