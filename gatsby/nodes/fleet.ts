import type { SourceNodesArgs } from "gatsby";
import { INLINE_ALERT_LIMIT, INLINE_FLEET_LIMIT } from "../../src/model/fleet/fleet";
import { problemsFirst } from "../../src/domain/kernel/status";
import { fleetFigures } from "../../src/model/fleet/summary";
import { mapPlaces, type MapPlace } from "../../src/model/map/mapPlaces";
import { RECENT_ALERTS_SHOWN } from "../../src/model/shell/alerts";
import type { Alert, Server } from "../../src/domain/kernel/types";
import { readSiteData } from "../siteData";
import { nodeMaker } from "./makeNode";

/** The most servers a page asks for before the whole fleet is at hand (the map's list: 50). */
export const MOST_FIRST_SERVERS = 50;

/** Fleet: the figures of the whole fleet and the servers a page shows first, so a page need not carry every server. */
export function sourceFleetNode(args: SourceNodesArgs): void {
  const { servers, alerts } = readSiteData();
  nodeMaker(args)("Fleet", "site", fleetNodeFields(servers, alerts));
}

/**
 * The Fleet node's fields: the figures of every server, the places of the flat
 * map, and whether a page can carry the whole list (INLINE_FLEET_LIMIT). For a
 * larger fleet it names the servers a page shows first (problems first); the
 * `servers(limit)` field (gatsby/schema/customization.ts) gives their records.
 * The alerts (the editors' and the check job's, newest first) travel the same
 * way: all of them up to INLINE_ALERT_LIMIT, else the ones the dashboard shows.
 */
export function fleetNodeFields(servers: readonly Server[], alerts: readonly Alert[]): Record<string, unknown> {
  const complete = servers.length <= INLINE_FLEET_LIMIT;
  const alertsComplete = alerts.length <= INLINE_ALERT_LIMIT;
  const places: MapPlace[] = complete ? [] : mapPlaces(servers);
  const shownAlerts = alertsComplete ? alerts : alerts.slice(0, RECENT_ALERTS_SHOWN);
  return {
    complete,
    ...fleetFigures(servers),
    places,
    firstIds: complete ? [] : problemsFirst(servers, MOST_FIRST_SERVERS).map((s) => s.id),
    alertsComplete,
    alertTotal: alerts.length,
    alerts: shownAlerts,
    alertServers: alertServers(servers, shownAlerts),
  };
}

/** Alerts name their server; each name the alerts carry, with the id of the (first) server of that name, so an alert links to its page. */
function alertServers(servers: readonly Server[], alerts: readonly Alert[]): Array<{ name: string; id: string }> {
  const named = new Set(alerts.map((alert) => alert.server));
  const ids = new Map<string, string>();
  for (const server of servers) if (named.has(server.name) && !ids.has(server.name)) ids.set(server.name, server.id);
  return [...ids].map(([name, id]) => ({ name, id }));
}
