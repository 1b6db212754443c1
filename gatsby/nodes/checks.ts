import type { SourceNodesArgs } from "gatsby";
import { countByStatus } from "../../src/model/fleet/summary";
import { readSiteData } from "../siteData";
import { nodeMaker } from "./makeNode";

/**
 * The check job's files (content/checks/, validated with the content before
 * sourcing) become nodes: CheckResult (a server's newest result, linked from
 * ServersJson.measured), CheckAlert, and Monitoring, the one node the shell
 * reads (how many servers are in which state, and when the newest check ran).
 */
export function sourceCheckNodes(args: SourceNodesArgs): void {
  const { servers, latest, checkAlerts } = readSiteData();
  const create = nodeMaker(args);
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
}
