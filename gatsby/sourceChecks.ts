import type { GatsbyNode } from "gatsby";
import type { LatestChecks } from "../src/model/checkRun";
import { toServer, type ServerRecord } from "../src/model/records";
import { countByStatus } from "../src/model/summary";
import type { Alert } from "../src/model/types";
import { contentDirectory, readContentTexts } from "./readContent";

/**
 * The check job's files (content/checks/, validated with the content before
 * sourcing) become nodes: CheckResult (a server's newest result, linked from
 * ServersJson.measured), CheckAlert, and Monitoring, the one node the shell
 * reads (how many servers are in which state, and when the newest check ran).
 */
export const sourceCheckNodes: GatsbyNode["sourceNodes"] = ({ actions, createNodeId, createContentDigest }) => {
  const texts = readContentTexts(contentDirectory());
  const parse = <T>(text: string | null | undefined, fallback: T): T => (text ? (JSON.parse(text) as T) : fallback);
  const latest = parse<LatestChecks | null>(texts["checks/latest.json"], null);
  const alerts = parse<Alert[]>(texts["checks/alerts.json"], []);
  const servers = parse<Array<Omit<ServerRecord, "monitored" | "measured"> & { check?: unknown }>>(texts["servers.json"], []);

  const create = (type: string, key: string, fields: Record<string, unknown>) => {
    void actions.createNode({
      ...fields,
      id: createNodeId(`${type} ${key}`),
      internal: { type, contentDigest: createContentDigest(fields) },
    });
  };

  for (const result of latest?.results ?? []) create("CheckResult", result.server, result);
  for (const alert of alerts) {
    const { id, ...rest } = alert;
    create("CheckAlert", id, { jsonId: id, ...rest });
  }

  const results = new Map((latest?.results ?? []).map((r) => [r.server, r] as const));
  const joined = servers.map((s) => toServer({ ...s, monitored: s.check !== undefined, measured: results.get(s.id) ?? null }));
  const counts = countByStatus(joined);
  create("Monitoring", "site", {
    total: joined.length,
    ...counts,
    measured: joined.filter((s) => s.source === "measured").length,
    newestCheck: latest?.finishedAt ?? null,
    intervalSeconds: latest?.intervalSeconds ?? null,
    performance: latest?.performance ?? [],
  });
};
