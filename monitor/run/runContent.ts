import { createHash } from "node:crypto";
import { readContentTexts } from "../../io/contentFiles";
import { checkTarget, type CheckDefaults } from "../../src/domain/checks/definition";
import { formatReport, validateContent, type ContentTexts } from "../../src/domain/content/validate";
import type { JobSettings } from "../../src/domain/checks/jobSettings";
import type { MaintenanceWindow } from "../../src/domain/incidents/maintenance";
import type { NotificationsConfig } from "../../src/domain/notify/notifications";
import type { Acknowledgement } from "../../src/domain/security/findings";
import type { Objective } from "../../src/domain/objectives/objectiveContent";
import type { RunContent, ServerEntry } from "./runTypes";

/** The content does not validate: nothing was checked. */
export class ContentError extends Error {}

/** The content a run's checks follow from (servers.json, monitoring.json, maintenance.json): a merge takes shards of the same only. */
function contentDigest(texts: ContentTexts): string {
  const hash = createHash("sha256");
  for (const name of ["servers.json", "monitoring.json", "maintenance.json"] as const) hash.update(`${name}\n${texts[name] ?? ""}\n`);
  return hash.digest("hex");
}

/**
 * The run's first phase, read and validate: the editors' files must be valid (a ContentError
 * says what is wrong, and nothing is checked); their warnings are told. The job's own files are
 * not the editors': readState reads (and mends) them under the lock.
 */
export function readRunContent(contentDir: string, warn: (line: string) => void): RunContent {
  const texts = readContentTexts(contentDir);
  delete texts["checks/latest.json"];
  delete texts["checks/alerts.json"];
  const validation = validateContent(texts);
  if (validation.errors.length > 0) throw new ContentError(formatReport(validation));
  for (const issue of validation.warnings) warn(issue.message);

  const servers = (validation.data["servers.json"] ?? []) as ServerEntry[];
  const monitoring = validation.data["monitoring.json"] as { checkDefaults?: CheckDefaults; job?: JobSettings } | undefined;
  const defaults = monitoring?.checkDefaults ?? {};
  return {
    checks: servers.flatMap((server) => {
      const target = server.check ? checkTarget(server.check, defaults) : null;
      return target ? [{ server, target }] : [];
    }),
    defaults,
    notifications: validation.data["notifications.json"] as NotificationsConfig | undefined,
    windows: (validation.data["maintenance.json"] ?? []) as MaintenanceWindow[],
    objectives: (validation.data["objectives.json"] ?? []) as Objective[],
    acknowledgements: (validation.data["security-acknowledgements.json"] ?? []) as Acknowledgement[],
    job: monitoring?.job,
    digest: contentDigest(texts),
  };
}
