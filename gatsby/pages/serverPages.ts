import { serverPath } from "../../src/domain/kernel/paths";
import path from "node:path";
import type { CreatePagesArgs } from "gatsby";
import {
  alertsOfServer,
  badgeAddresses,
  describeCheck,
  type CheckFact,
  type ServerCharts,
  type ServerPageContext,
  type ServerPageData,
} from "../../src/model/server/serverPage";
import type { ServerHistoryFigures } from "../../src/domain/checks/serverHistory";
import { siteAddress } from "../../src/publish/siteAddress";
import { drawServerCharts, keepServerCharts } from "./serverCharts";
import { readServerHistoriesForPages, serverObjectivesOfThisBuild } from "./serverHistories";
import { objectivesDocument } from "../../src/publish/objectivesData";
import { figuresOf, objectiveSaid } from "../../src/model/objectives/objectivesPage";
import { startKeptMarkup } from "../keptMarkup";
import { packHistory } from "../../src/model/server/pageHistory";
import { readSiteData, readSiteNotices, type SiteData } from "../siteData";
import { checkTarget, type CheckTarget } from "../../src/domain/checks/definition";
import { heartbeatSaid, PINGS_HEADS, PINGS_SAID, type HeartbeatSaid } from "../../src/model/server/heartbeatWords";

type SiteQuery = { data?: { site?: { siteMetadata?: { siteUrl: string } } } };

/**
 * A page per server (/servers/<id>), every figure in its context: the server
 * as the pages show it, its check in words, its history's figures, the alerts
 * that name it, its badge's addresses, and its charts drawn by the build (a
 * server with a history only). No page query: 10,000 servers make
 * 10,000 pages from one read of the content.
 */
export async function createServerPages({ actions, graphql, basePath }: Pick<CreatePagesArgs, "actions" | "graphql" | "basePath">) {
  const result = (await graphql(`
    query ServerPagesSite {
      site {
        siteMetadata {
          siteUrl
        }
      }
    }
  `)) as SiteQuery;
  const siteUrl = result.data?.site?.siteMetadata?.siteUrl;
  if (!siteUrl) throw new Error("siteMetadata.siteUrl is missing from gatsby-config.ts");
  const component = path.resolve("src/templates/server.tsx");
  const site = readSiteData();
  const notices = readSiteNotices(site.servers, new Date());
  // A build keeps the charts' markup in the pages' HTML only; `gatsby develop` renders no HTML, so its pages carry it.
  const keep = process.env.gatsby_executing_command === "build";
  if (keep) startKeptMarkup();
  const names = (server: string) => (list: { affected: { id: string }[] }) => list.affected.some((s) => s.id === server);
  const histories = readServerHistoriesForPages();
  const { serverObjectives, asOf, intervalMs } = serverObjectivesOfThisBuild();
  const builtAt = new Date();
  for (const page of serverPageContexts(site, histories, siteAddress(siteUrl, basePath))) {
    const affects = names(page.server.id);
    const own = serverObjectives.get(page.server.id);
    const config = site.checks.get(page.server.id);
    const target = config ? checkTarget(config, site.checkDefaults) : null;
    const said = heartbeatOf(target, page.heartbeat);
    // The page shows a heartbeat's pings said (`pings`); its figures are the API's.
    const { heartbeat: _figures, ...shown } = page;
    const context: ServerPageData = {
      ...shown,
      ...(said
        ? { check: [...(page.check ?? []), ...said.facts], pings: { said: PINGS_SAID, heads: [...PINGS_HEADS], rows: said.rows } }
        : {}),
      ...askOf(target),
      history: page.history ? packHistory(page.history) : null,
      charts: page.history ? (keep ? keepServerCharts : (c: ServerCharts) => c)(drawServerCharts(page.history)) : null,
      notices: {
        builtAt: notices.builtAt,
        incidents: [...notices.open, ...notices.history].filter(affects),
        windows: notices.windows.filter(affects),
      },
      // The figures as /api/v1/objectives.json would publish them for the server alone.
      ...(own?.length
        ? { objectives: objectivesDocument(own, asOf, intervalMs, builtAt).objectives.map((o) => objectiveSaid(figuresOf(o))) }
        : {}),
    };
    actions.createPage({ path: serverPath(page.server.id), component, context });
  }
}

/**
 * "Is it me?" (#50): the address a reader's browser may ask, an HTTP(S)
 * check's as its page shows it (no credentials, query or fragment: the same
 * address, published already). Not a heartbeat's (a file of a job, not the
 * server), nor a TCP, TLS or DNS check's (a browser cannot ask those).
 */
function askOf(target: CheckTarget | null): { ask?: string } {
  if (target?.kind !== "http" || target.heartbeat !== null || target.relay !== null) return {};
  return { ask: `${target.url.protocol}//${target.url.host}${target.url.pathname}` };
}

/** A heartbeat's words beyond its check's (#49): its last ping, when the next is due, and its pings beside their times. */
function heartbeatOf(target: CheckTarget | null, seen: ServerPageContext["heartbeat"]): HeartbeatSaid | null {
  if (target?.kind !== "http" || (target.heartbeat === null && target.relay === null)) return null;
  return heartbeatSaid(target.heartbeat ?? "relay", seen);
}

/** A check's words, and what the server depends on (#47), said where its check is. */
function withDependencies(check: CheckFact[] | null, dependsOn: readonly string[]): CheckFact[] | null {
  if (check === null || dependsOn.length === 0) return check;
  return [
    ...check,
    {
      term: "Depends on",
      value: `${dependsOn.join(", ")}: when ${dependsOn.length === 1 ? "it is" : "one of them is"} down too, this server's fall is told as ${dependsOn.length === 1 ? "its" : "that one's"}`,
    },
  ];
}

/** A heartbeat's figures for its page and API file; none for another check. */
const heartbeatFigures = (heartbeat: ServerPageContext["heartbeat"]) => (heartbeat ? { heartbeat } : {});

/** What each server's page shows (and /api/v1/servers/<id>.json publishes), from the site's data and its public address. */
export function serverPageContexts(
  site: SiteData,
  histories: ReadonlyMap<string, ServerHistoryFigures>,
  address: string,
): ServerPageContext[] {
  const { servers, alerts, checks, checkDefaults } = site;
  const results = new Map((site.latest?.results ?? []).map((r) => [r.server, r] as const));
  const names = new Map(servers.map((s) => [s.id, s.name] as const));
  return servers.map((server) => ({
    server,
    check: withDependencies(
      describeCheck(checks.get(server.id), checkDefaults),
      (site.dependsOn.get(server.id) ?? []).map((id) => names.get(id) ?? id),
    ),
    places: results.get(server.id)?.places ?? null,
    ...heartbeatFigures(results.get(server.id)?.heartbeat),
    held: results.get(server.id)?.held ?? null,
    history: histories.get(server.id) ?? null,
    alerts: alertsOfServer(alerts, server.name),
    badge: badgeAddresses(address, server),
  }));
}
