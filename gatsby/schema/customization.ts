import type { GatsbyNode } from "gatsby";
import { CHECK_FILES, CONTENT_FILES, OPTIONAL_LIST_FILES } from "../../src/domain/content/files";
import { recordTypeDefs, type SchemaNode } from "./fromJsonSchema";

const NODE = "implements Node @dontInfer";
const schemaOf = (name: string) => [...CONTENT_FILES, ...CHECK_FILES].find((f) => f.name === name)!.schema as SchemaNode;

/**
 * Every content type, declared from its JSON Schema (content/schema): nothing is
 * inferred, a required field is non-null, so a field missing from content fails
 * loudly and page props are not all optional. gatsby/nodes/contentRecords.ts renames a
 * record's id to jsonId. A server links to its check's newest result.
 * incidents.json and maintenance.json are optional files: their types
 * (IncidentsJson, MaintenanceJson) are declared either way.
 */
export function contentTypeDefs(): string {
  // The optional lists' types exist without their files, so a page's query works on a site without incidents.
  return [...CONTENT_FILES, ...OPTIONAL_LIST_FILES]
    .map((file) =>
      recordTypeDefs(file.typeName, file.schema as SchemaNode, {
        rename: { id: "jsonId" },
        suffix: NODE,
        extraFields: file.name === "servers.json" ? ['measured: CheckResult @link(by: "server", from: "jsonId")'] : [],
      }),
    )
    .join("\n");
}

/** The nodes made from the check job's files (gatsby/nodes/checks.ts), from their schemas too. */
export function checkTypeDefs(): string {
  const latest = schemaOf("checks/latest.json") as { properties: Record<string, SchemaNode> };
  return [
    recordTypeDefs("CheckResult", latest.properties.results, { suffix: NODE }),
    recordTypeDefs("CheckAlert", schemaOf("checks/alerts.json"), { rename: { id: "jsonId" }, suffix: NODE }),
    recordTypeDefs("MonitoringPoint", latest.properties.performance),
    // an alert, the editors' or the check job's, as the build merged them (gatsby/nodes/fleet.ts)
    recordTypeDefs("FleetAlert", schemaOf("alerts.json")),
  ].join("\n");
}

export const createContentTypes: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(contentTypeDefs());
  actions.createTypes(checkTypeDefs());
  actions.createTypes(`
    """What the shell says about the whole site: servers by state, and the newest check."""
    type Monitoring implements Node @dontInfer {
      total: Int!
      online: Int!
      warning: Int!
      offline: Int!
      unchecked: Int!
      other: Int!
      measured: Int!
      newestCheck: String
      intervalSeconds: Int
      performance: [MonitoringPoint!]!
    }
    type FleetCounts {
      online: Int!
      warning: Int!
      offline: Int!
      unchecked: Int!
      other: Int!
    }
    type FleetSources {
      measured: Int!
      simulated: Int!
      sample: Int!
    }
    """One dot of the flat map: the servers in one square of it."""
    type FleetPlace {
      key: String!
      x: Float!
      y: Float!
      count: Int!
      worst: String!
      counts: FleetCounts!
      location: String!
    }
    """The whole fleet's figures; the whole list when it is small (complete), else the servers a page shows first."""
    type Fleet implements Node @dontInfer {
      complete: Boolean!
      total: Int!
      regions: Int!
      onlinePercent: Int
      avgResponseMs: Int
      counts: FleetCounts!
      sources: FleetSources!
      places: [FleetPlace!]!
      firstIds: [String!]!
      alertsComplete: Boolean!
      alertTotal: Int!
      alerts: [FleetAlert!]!
      """the servers the alerts name: name and id, for a link to the server's page"""
      alertServers: [FleetAlertServer!]!
    }
    type FleetAlertServer {
      name: String!
      id: String!
    }
    """A channel of content/notifications.json, as the settings page shows it: id and type, never its variables."""
    type NotificationChannel implements Node @dontInfer {
      jsonId: String!
      type: String!
      order: Int!
      routes: [NotificationRoute!]!
    }
    """Which servers (null: every server) and events reach a channel."""
    type NotificationRoute {
      servers: [String!]
      events: [String!]!
    }
    """A server an incident or a maintenance window names."""
    type NoticeServer {
      id: String!
      name: String!
    }
    type NoticeUpdate {
      at: String!
      status: String!
      message: String!
    }
    """An incident (content/incidents.json) with its status and its servers' names; updates oldest first."""
    type NoticeIncident {
      id: String!
      title: String!
      impact: String!
      status: String!
      affected: [NoticeServer!]!
      updates: [NoticeUpdate!]!
    }
    """One occurrence of a maintenance window (content/maintenance.json), in UTC."""
    type NoticeWindow {
      id: String!
      title: String!
      message: String
      affected: [NoticeServer!]!
      start: String!
      end: String!
      schedule: String
    }
    """Incidents and maintenance as the pages show them: open at the build, resolved in the last 90 days, occurrences for 35 days."""
    type StatusNotices implements Node @dontInfer {
      builtAt: String!
      open: [NoticeIncident!]!
      history: [NoticeIncident!]!
      windows: [NoticeWindow!]!
    }
    type SiteSiteMetadata {
      title: String!
      tagline: String!
      description: String!
      siteUrl: String!
    }
  `);
};

/** Whether a server has a check: the page needs to know, the check's address stays out of the page. */
type CreateResolvers = (resolvers: Record<string, Record<string, unknown>>) => void;
type NodeModel = { findAll: (query: { type: string }) => Promise<{ entries: Iterable<{ jsonId: string }> }> };

/**
 * A fleet's servers, as a page asks for them: every one when the fleet is
 * complete (in the editors' order), else the first `limit` it names (problems first).
 */
async function fleetServers(
  source: { complete: boolean; firstIds: string[] },
  { limit }: { limit: number },
  context: { nodeModel: NodeModel },
) {
  const { entries } = await context.nodeModel.findAll({ type: "ServersJson" });
  const all = [...entries];
  if (source.complete) return all;
  const byId = new Map(all.map((node) => [node.jsonId, node]));
  return source.firstIds.slice(0, Math.max(0, limit)).flatMap((id) => byId.get(id) ?? []);
}

export const createServerResolvers: GatsbyNode["createResolvers"] = ({ createResolvers }) => {
  (createResolvers as CreateResolvers)({
    ServersJson: {
      monitored: { type: "Boolean!", resolve: (source: { check?: unknown }) => source.check !== undefined && source.check !== null },
    },
    Fleet: {
      servers: { type: "[ServersJson!]!", args: { limit: "Int!" }, resolve: fleetServers },
    },
  });
};
