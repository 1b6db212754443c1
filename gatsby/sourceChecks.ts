import type { SourceNodesArgs } from "gatsby";
import { countByStatus } from "../src/model/fleet/summary";
import { readSiteData, readSiteNotices } from "./siteData";
import { fleetNodeFields } from "./sourceFleet";

/**
 * The check job's files (content/checks/, validated with the content before
 * sourcing) become nodes: CheckResult (a server's newest result, linked from
 * ServersJson.measured), CheckAlert, and Monitoring, the one node the shell
 * reads (how many servers are in which state, and when the newest check ran).
 * Beside them, Fleet: the figures of the whole fleet and the servers a page shows
 * first (gatsby/sourceFleet.ts), so a page need not carry every server. And
 * StatusNotices: the incidents and maintenance windows as the pages show them.
 */
export function sourceCheckNodes({ actions, createNodeId, createContentDigest }: SourceNodesArgs): void {
  const { servers, alerts, latest, checkAlerts } = readSiteData();
  const create = (type: string, key: string, fields: Record<string, unknown>) => {
    void actions.createNode({
      ...fields,
      id: createNodeId(`${type} ${key}`),
      internal: { type, contentDigest: createContentDigest(fields) },
    });
  };

  for (const result of latest?.results ?? []) create("CheckResult", result.server, result);
  for (const { id, ...alert } of checkAlerts) create("CheckAlert", id, { jsonId: id, ...alert });
  create("Monitoring", "site", {
    total: servers.length,
    ...countByStatus(servers),
    measured: servers.filter((s) => s.source === "measured").length,
    newestCheck: latest?.finishedAt ?? null,
    intervalSeconds: latest?.intervalSeconds ?? null,
    performance: latest?.performance ?? [],
  });
  create("Fleet", "site", fleetNodeFields(servers, alerts));
  // Incidents and maintenance as every page shows them (the banner) and /incidents lists them.
  const { builtAt, open, history, windows } = readSiteNotices(servers, new Date());
  create("StatusNotices", "site", { builtAt, open, history, windows });
}
