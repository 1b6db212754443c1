import type { CheckConfig, CheckDefaults } from "../src/model/checks";
import type { LatestChecks } from "../src/model/checkRun";
import { mergeAlerts, toServer, type ServerRecord } from "../src/model/records";
import type { Alert, Server } from "../src/model/types";
import { contentDirectory, readContentTexts } from "./readContent";

type ContentServer = Omit<ServerRecord, "monitored" | "measured"> & { check?: CheckConfig };

export type SiteData = {
  /** each server joined to its check's newest result, as the pages show it */
  servers: Server[];
  /** the editors' alerts and the check job's, newest first */
  alerts: Alert[];
  latest: LatestChecks | null;
  checkAlerts: Alert[];
  /** each server's check as the content writes it (never published: it may name variables), and the site's defaults */
  checks: Map<string, CheckConfig>;
  checkDefaults: CheckDefaults;
};

/**
 * The content and the check job's files, read after the check before sourcing
 * has passed them, and joined as the pages join them. The build's own summary
 * (gatsby/sourceChecks.ts) and the open data files (gatsby/openData.ts) use it.
 */
export function readSiteData(): SiteData {
  const texts = readContentTexts(contentDirectory());
  const parse = <T>(text: string | null | undefined, fallback: T): T => (text ? (JSON.parse(text) as T) : fallback);
  const latest = parse<LatestChecks | null>(texts["checks/latest.json"], null);
  const checkAlerts = parse<Alert[]>(texts["checks/alerts.json"], []);
  const results = new Map((latest?.results ?? []).map((r) => [r.server, r] as const));
  const content = parse<ContentServer[]>(texts["servers.json"], []);
  const servers = content.map(({ check, ...server }) =>
    toServer({ ...server, monitored: check !== undefined, measured: results.get(server.id) ?? null }),
  );
  const checks = new Map(content.flatMap((server) => (server.check ? [[server.id, server.check] as const] : [])));
  const checkDefaults = parse<{ checkDefaults?: CheckDefaults }>(texts["monitoring.json"], {}).checkDefaults ?? {};
  return {
    servers,
    alerts: mergeAlerts(parse<Alert[]>(texts["alerts.json"], []), checkAlerts),
    latest,
    checkAlerts,
    checks,
    checkDefaults,
  };
}
