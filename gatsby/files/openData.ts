import fs from "node:fs";
import path from "node:path";
import type { BuildArgs } from "gatsby";
import { API_PATH } from "../../src/publish/api";
import { alertsDocument, incidentsDocument, serverDocument, serversDocument, statusDocument } from "../../src/publish/openData";
import { alertsSchema, incidentsSchema, serverSchema, serversSchema, statusSchema } from "../../src/publish/openDataSchemas";
import { siteAddress } from "../../src/publish/siteAddress";
import { MAINTENANCE_CALENDAR, SITE_FEEDS, publishedUrl, serverApiPath, serverFeedPaths, serverPath } from "../../src/domain/kernel/paths";
import { badgeEndpoint, badgeSvg } from "../../src/publish/syndication";
import { maintenanceCalendar } from "../../src/publish/calendar";
import {
  atomFeed,
  feedEntries,
  jsonFeed,
  rssFeed,
  serverFeedHead,
  siteFeedHead,
  type FeedEntry,
  type FeedHead,
} from "../../src/publish/feeds";
import { alertsOfServer } from "../../src/model/server/serverPage";
import {
  historyOfThisBuild,
  monthReportsOfThisBuild,
  objectivesOfThisBuild,
  serverHistoriesOfThisBuild,
  uptimeWindowsOfThisBuild,
} from "../pages/serverHistories";
import { OBJECTIVES_API_PATH, objectivesDocument, objectivesSchema } from "../../src/publish/objectivesData";
import { METRICS_PATH, metricsServer, metricsText } from "../../src/publish/metrics";
import { PROMETHEUS_RULES_PATH, prometheusRules } from "../../src/publish/prometheusRules";
import { OPENSLO_INDEX_PATH, OPENSLO_PATH, OPENSLO_YAML, openSloDocument, openSloIndex, serviceName } from "../../src/publish/openslo";
import { openSloSchema } from "../../src/publish/opensloSchema";
import { stringify as toYaml } from "yaml";
import { GRAFANA_DASHBOARD_PATH, grafanaDashboard } from "../../src/publish/grafanaDashboard";
import { checkTarget } from "../../src/domain/checks/definition";
import { HISTORY_INDEX_PATH, historyApiPath, historyIndexDocument, historyIndexSchema, historySchema } from "../../src/publish/historyData";
import { reportApiPath, reportSchema, reportsIndexDocument, reportsIndexSchema } from "../../src/publish/reportData";
import { reportDocumentsOfThisBuild } from "../pages/reportPages";
import { timeReports } from "../pages/reportTiming";
import { serverPageContexts } from "../pages/serverPages";
import { SCHEDULE_DAYS, noticesAt } from "../../src/domain/incidents/statusNotices";
import { maintenanceOccurrences } from "../../src/domain/incidents/maintenance";
import { STATUSPAGE_API_PATH, statuspageFiles } from "../../src/publish/statuspage";
import { DAY_MS } from "../../src/domain/kernel/time";
import { readSiteData, readSiteNotices } from "../siteData";

type SiteQuery = { data?: { site?: { siteMetadata?: { title: string; description: string; siteUrl: string } } } };

const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
};
/**
 * Published JSON is compact: it is data for tools (and browsers lay it out to read), and
 * indented, the servers' files of 300 servers with a year of history were 14.3 MB, not 8.0 (#45).
 */
const json = (value: unknown) => `${JSON.stringify(value)}\n`;

/**
 * The site's data for other tools, written into public/ after every build:
 * /api/v1/{servers,alerts,status,incidents}.json with their schemas, a file per server
 * (/api/v1/servers/<id>.json, its server's page as data), the months'
 * availability reports (/api/v1/reports.json, /api/v1/reports/<yyyy-mm>.json), the news as feeds
 * (/alerts.xml, .atom, .json, and /feeds/<id>.* per server: src/publish/feeds.ts), the maintenance
 * windows as a calendar (/maintenance.ics), a badge per server (/badges/<id>.svg and .json), and the status in
 * Statuspage's shapes (/api/v2/*.json, src/publish/statuspage.ts).
 */
export async function writeOpenData({ graphql, basePath }: Pick<BuildArgs, "graphql" | "basePath">): Promise<void> {
  const result = (await graphql(`
    query OpenDataSite {
      site {
        siteMetadata {
          title
          description
          siteUrl
        }
      }
    }
  `)) as SiteQuery;
  const meta = result.data?.site?.siteMetadata;
  if (!meta) throw new Error("siteMetadata is missing from gatsby-config.ts");
  // The site's public address (SITE_URL and, when the build prefixes paths, PATH_PREFIX): every published link starts with it.
  const address = siteAddress(meta.siteUrl, basePath);
  const schemaId = (name: string) => publishedUrl(address, `${API_PATH}/${name}`);
  const publicDir = path.join(process.cwd(), "public");
  const builtAt = new Date();
  const site = readSiteData();
  const { servers, alerts, latest } = site;

  const api = path.join(publicDir, ...API_PATH.split("/").filter(Boolean));
  write(path.join(api, "servers.json"), json(serversDocument(servers, builtAt)));
  write(path.join(api, "alerts.json"), json(alertsDocument(alerts, builtAt)));
  const notices = readSiteNotices(servers, builtAt);
  const { inProgress } = noticesAt(notices, builtAt.getTime());
  write(
    path.join(api, "status.json"),
    json(statusDocument(servers, latest?.finishedAt ?? null, builtAt, { open: notices.open, inProgress }, latest?.intervalSeconds ?? null)),
  );
  write(path.join(api, "incidents.json"), json(incidentsDocument(notices.incidents, notices.maintenance, notices.windows, builtAt)));
  // Each schema's $id is its own address, so tools resolve it (and its references) where it lives.
  write(path.join(api, "servers.schema.json"), json({ ...serversSchema(), $id: schemaId("servers.schema.json") }));
  write(path.join(api, "alerts.schema.json"), json({ ...alertsSchema(), $id: schemaId("alerts.schema.json") }));
  write(path.join(api, "status.schema.json"), json({ ...statusSchema(), $id: schemaId("status.schema.json") }));
  write(path.join(api, "incidents.schema.json"), json({ ...incidentsSchema(), $id: schemaId("incidents.schema.json") }));
  write(path.join(api, "server.schema.json"), json({ ...serverSchema(), $id: schemaId("server.schema.json") }));
  // Each server's page as data: the same figures, from the same function as the page.
  for (const page of serverPageContexts(site, serverHistoriesOfThisBuild(), address)) {
    write(path.join(publicDir, ...serverApiPath(page.server.id).split("/").filter(Boolean)), json(serverDocument(page, builtAt)));
  }
  // The months' availability reports, from the job's history (#33), and each checked server's days.
  timeReports(() => {
    const reports = monthReportsOfThisBuild();
    const names = new Map(servers.map((s) => [s.id, s.name] as const));
    for (const document of reportDocumentsOfThisBuild(builtAt)) {
      write(path.join(publicDir, ...reportApiPath(document.report.month).split("/").filter(Boolean)), json(document));
    }
    write(
      path.join(api, "reports.json"),
      json(reportsIndexDocument(reports, (month) => publishedUrl(address, reportApiPath(month)), builtAt)),
    );
    // Each checked server's days, written with its page (serverHistories.ts); here the list of them (#33).
    const history = historyOfThisBuild();
    const named = history.servers.map((server) => ({ server, name: names.get(server) ?? server }));
    const historyUrl = (server: string) => publishedUrl(address, historyApiPath(server));
    write(
      path.join(publicDir, ...HISTORY_INDEX_PATH.split("/").filter(Boolean)),
      json(
        historyIndexDocument(named, historyUrl, history.asOf?.toISOString() ?? null, history.intervalMs, history.causedDowntime, builtAt),
      ),
    );
    write(path.join(api, "history.schema.json"), json({ ...historySchema(), $id: schemaId("history.schema.json") }));
    write(path.join(api, "history-index.schema.json"), json({ ...historyIndexSchema(), $id: schemaId("history-index.schema.json") }));
    write(path.join(api, "report.schema.json"), json({ ...reportSchema(), $id: schemaId("report.schema.json") }));
    write(path.join(api, "reports.schema.json"), json({ ...reportsIndexSchema(), $id: schemaId("reports.schema.json") }));
  });
  // The measured figures for Prometheus and Grafana (#48): /metrics.txt.
  const windows = uptimeWindowsOfThisBuild();
  const measured = servers.flatMap((s) => {
    if (s.source !== "measured") return [];
    // A measured server without a history yet still has a state: its windows have no checks (no ratio).
    const none = { up: 0, total: 0 };
    const uptime = windows.get(s.id) ?? { "1d": none, "30d": none, "365d": none };
    const check = site.checks.get(s.id);
    const kind = check ? (checkTarget(check, site.checkDefaults)?.kind ?? null) : null;
    return [metricsServer(s, kind, uptime, publishedUrl(address, serverPath(s.id)))];
  });
  // The objectives and their budgets (#48): /api/v1/objectives.json, and in /metrics.txt.
  const objectives = objectivesOfThisBuild();
  write(
    path.join(publicDir, ...OBJECTIVES_API_PATH.split("/").filter(Boolean)),
    json(objectivesDocument(objectives.objectives, objectives.asOf, objectives.intervalMs, builtAt)),
  );
  write(path.join(api, "objectives.schema.json"), json({ ...objectivesSchema(), $id: schemaId("objectives.schema.json") }));
  // The objectives as OpenSLO v1 documents (#48), one a file, with their index and the schema they hold to; the folder
  // emptied first, so a removed objective leaves no document.
  const openslo = path.join(publicDir, ...OPENSLO_PATH.split("/").filter(Boolean));
  fs.rmSync(openslo, { recursive: true, force: true });
  for (const { objective } of objectives.objectives) {
    const document = openSloDocument(objective, objectives.intervalMs, serviceName(meta.title));
    if (document) write(path.join(openslo, `${objective.id}.yaml`), toYaml(document, OPENSLO_YAML));
  }
  write(
    path.join(publicDir, ...OPENSLO_INDEX_PATH.split("/").filter(Boolean)),
    json(openSloIndex(objectives.objectives.map((o) => o.objective))),
  );
  write(
    path.join(openslo, "openslo-v1.schema.json"),
    json({ ...openSloSchema(), $id: publishedUrl(address, `${OPENSLO_PATH}/openslo-v1.schema.json`) }),
  );
  write(
    path.join(publicDir, ...METRICS_PATH.split("/").filter(Boolean)),
    metricsText(measured, latest?.finishedAt ?? null, builtAt, objectives.objectives),
  );
  write(
    path.join(publicDir, ...GRAFANA_DASHBOARD_PATH.split("/").filter(Boolean)),
    `${JSON.stringify(grafanaDashboard(meta.title), null, 2)}\n`,
  );
  write(
    path.join(publicDir, ...PROMETHEUS_RULES_PATH.split("/").filter(Boolean)),
    prometheusRules(
      objectives.objectives.map((o) => o.objective),
      latest?.intervalSeconds ? 3 * latest.intervalSeconds : 900,
    ),
  );
  // Statuspage's API (#35): the windows' occurrences from a week back (recently completed) to the days ahead the pages list.
  const occurrences = maintenanceOccurrences(
    notices.maintenance,
    builtAt.getTime() - 7 * DAY_MS,
    builtAt.getTime() + SCHEDULE_DAYS * DAY_MS,
  );
  const v2 = statuspageFiles({ site: { name: meta.title, url: address }, servers, incidents: notices.all, occurrences, builtAt });
  for (const [file, document] of Object.entries(v2)) {
    write(path.join(publicDir, ...STATUSPAGE_API_PATH.split("/").filter(Boolean), ...file.split("/")), json(document));
  }
  // The maintenance windows for readers' calendars (#35).
  write(
    path.join(publicDir, ...MAINTENANCE_CALENDAR.split("/").filter(Boolean)),
    maintenanceCalendar(
      notices.maintenance,
      new Map(servers.map((s) => [s.id, s.name] as const)),
      { title: meta.title, siteUrl: address },
      builtAt,
    ),
  );
  // The feeds (#35): the site's news in RSS (its address since #12), Atom and JSON Feed, and each server's own.
  const feedSite = { ...meta, siteUrl: address };
  const writeFeeds = (files: { rss: string; atom: string; json: string }, head: FeedHead, entries: FeedEntry[]) => {
    const file = (at: string) => path.join(publicDir, ...at.split("/").filter(Boolean));
    write(file(files.rss), rssFeed(head, entries, builtAt));
    write(file(files.atom), atomFeed(head, entries, builtAt, address));
    write(file(files.json), json(jsonFeed(head, entries)));
  };
  writeFeeds(
    SITE_FEEDS,
    siteFeedHead(feedSite),
    feedEntries(alerts, address, builtAt, { incidents: notices.all, windows: notices.windows }),
  );
  for (const server of servers) {
    const names = (list: { affected: readonly { id: string }[] }) => list.affected.some((s) => s.id === server.id);
    const entries = feedEntries(
      alertsOfServer(alerts, server.name),
      address,
      builtAt,
      { incidents: notices.all.filter(names), windows: notices.windows.filter(names) },
      serverPath(server.id),
    );
    writeFeeds(serverFeedPaths(server.id), serverFeedHead(feedSite, server, serverPath(server.id)), entries);
  }
  for (const server of servers) {
    write(path.join(publicDir, "badges", `${server.id}.svg`), badgeSvg(server));
    write(path.join(publicDir, "badges", `${server.id}.json`), json(badgeEndpoint(server)));
  }
}
