/** The content as the rules read it once each file has parsed and passed its schema. */
import type { LatestChecks } from "../checks/run";
import type { ContentFileName, OptionalListName } from "./files";

/** The parsed files: the content's lists, and the check job's files when they are valid. */
export type ParsedContent = Partial<Record<ContentFileName | OptionalListName, unknown[]>> & {
  "checks/latest.json"?: LatestChecks;
  "checks/alerts.json"?: unknown[];
  /** the check job's defaults, when the file exists and is valid */
  "monitoring.json"?: unknown;
  /** who is told about changes, when the file exists and is valid */
  "notifications.json"?: unknown;
  /** the editors' answers to the security scan's findings, when the file exists and is valid */
  "security-acknowledgements.json"?: unknown;
  /** what the operators promise (#48), when the file exists and is valid */
  "objectives.json"?: unknown;
};

export type Rec = Record<string, unknown>;

/** The records of a list (anything else in it passed over). */
export const asRecords = (value: unknown): Rec[] =>
  Array.isArray(value) ? value.filter((v): v is Rec => v !== null && typeof v === "object" && !Array.isArray(v)) : [];
