import type { CheckConfig, CheckDefaults } from "../src/domain/checks/definition";
import type { LatestChecks } from "../src/domain/checks/run";
import { mergeAlerts, toServer, type ServerRecord } from "../src/model/fleet/graphqlRecords";
import type { Incident } from "../src/domain/incidents/incidents";
import type { MaintenanceWindow } from "../src/domain/incidents/maintenance";
import { siteNotices, type SiteNotices } from "../src/domain/incidents/schedule";
import type { Alert, Server } from "../src/domain/kernel/types";
import { contentDirectory, readContentTexts } from "../io/contentFiles";

type ContentServer = Omit<ServerRecord, "monitored" | "measured"> & { check?: CheckConfig; dependsOn?: string[] };

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
  /** each server's dependsOn, by id (servers without one left out) */
  dependsOn: Map<string, string[]>;
};

/**
 * The content and the check job's files, read after the check before sourcing
 * has passed them, and joined as the pages join them. The build's own summary
 * (gatsby/nodes/checks.ts) and the open data files (gatsby/files/openData.ts) use it.
 */
export function readSiteData(): SiteData {
  const texts = readContentTexts(contentDirectory());
  const parse = <T>(text: string | null | undefined, fallback: T): T => (text ? (JSON.parse(text) as T) : fallback);
  const latest = parse<LatestChecks | null>(texts["checks/latest.json"], null);
  const checkAlerts = parse<Alert[]>(texts["checks/alerts.json"], []);
  const results = new Map((latest?.results ?? []).map((r) => [r.server, r] as const));
  const content = parse<ContentServer[]>(texts["servers.json"], []);
  const names = new Map(content.map((s) => [s.id, s.name] as const));
  const servers = content.map(({ check, dependsOn: _dependsOn, ...server }) =>
    toServer({ ...server, monitored: check !== undefined, measured: results.get(server.id) ?? null }, (id) => names.get(id)),
  );
  const checks = new Map(content.flatMap((server) => (server.check ? [[server.id, server.check] as const] : [])));
  const dependsOn = new Map(content.flatMap((server) => (server.dependsOn ? [[server.id, server.dependsOn] as const] : [])));
  const checkDefaults = parse<{ checkDefaults?: CheckDefaults }>(texts["monitoring.json"], {}).checkDefaults ?? {};
  return {
    servers,
    alerts: mergeAlerts(parse<Alert[]>(texts["alerts.json"], []), checkAlerts),
    latest,
    checkAlerts,
    checks,
    checkDefaults,
    dependsOn,
  };
}

/**
 * The incidents and maintenance windows (both files optional), as the pages
 * show them at `builtAt`: the shell's banner, /incidents, each server's page,
 * /api/v1/incidents.json and the RSS feed all read this.
 */
export function readSiteNotices(
  servers: readonly Pick<Server, "id" | "name">[],
  builtAt: Date,
): SiteNotices & { incidents: Incident[]; maintenance: MaintenanceWindow[] } {
  const texts = readContentTexts(contentDirectory());
  const incidents = texts["incidents.json"] ? (JSON.parse(texts["incidents.json"]) as Incident[]) : [];
  const maintenance = texts["maintenance.json"] ? (JSON.parse(texts["maintenance.json"]) as MaintenanceWindow[]) : [];
  const named = servers.map(({ id, name }) => ({ id, name }));
  return { ...siteNotices(incidents, maintenance, named, builtAt), incidents, maintenance };
}
