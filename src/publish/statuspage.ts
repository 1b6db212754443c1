/**
 * The site's status in Atlassian Statuspage's public API shapes (#35), the
 * format status aggregators, dashboards, chat integrations and client
 * libraries read: /api/v2/summary.json, status.json, components.json,
 * incidents.json, incidents/unresolved.json, scheduled-maintenances.json, and
 * scheduled-maintenances/upcoming.json and active.json. Made at build from the
 * same servers, incidents and windows as the pages.
 *
 * Each server is a component, grouped by region (the second part of its
 * location) in a group component; our states are mapped to Statuspage's
 * (docs/readers.md, "Statuspage's API"): online is operational, warning
 * degraded_performance, offline major_outage, a server in a maintenance window
 * under_maintenance, and any other status degraded_performance (Statuspage has
 * no "unknown", and we do not claim operational). Ids are 12 characters made
 * from our own ids, so they are the same on every build. Times are UTC.
 */
import type { Server } from "../domain/kernel/types";
import type { NoticeIncident } from "../domain/incidents/statusNotices";
import type { MaintenanceOccurrence } from "../domain/incidents/maintenance";
import { compareImpact, type Impact } from "../domain/incidents/incidents";
import { fnv1a } from "../domain/kernel/hash";
import { publishedUrl } from "../domain/kernel/paths";
import { NO_REGION, regionKey, regionOf } from "../domain/kernel/regions";

export const STATUSPAGE_API_PATH = "/api/v2";

type ComponentStatus = "operational" | "degraded_performance" | "partial_outage" | "major_outage" | "under_maintenance";
/** Statuspage's documented indicators (a page under maintenance only is "none", said in the description). */
type Indicator = "none" | "minor" | "major" | "critical";

type SpPage = { id: string; name: string; url: string; time_zone: string; updated_at: string };

type SpComponent = {
  id: string;
  name: string;
  status: ComponentStatus;
  created_at: string;
  updated_at: string;
  position: number;
  description: string | null;
  showcase: boolean;
  start_date: string | null;
  group_id: string | null;
  page_id: string;
  group: boolean;
  only_show_if_degraded: boolean;
  /** a group's members */
  components?: string[];
};

type SpUpdate = {
  id: string;
  status: string;
  body: string;
  incident_id: string;
  created_at: string;
  updated_at: string;
  display_at: string;
  affected_components: null;
  deliver_notifications: boolean;
  custom_tweet: null;
  tweet_id: null;
};

type SpIncident = {
  id: string;
  name: string;
  status: string;
  created_at: string;
  updated_at: string;
  monitoring_at: string | null;
  resolved_at: string | null;
  impact: Impact | "maintenance";
  shortlink: string;
  started_at: string;
  page_id: string;
  incident_updates: SpUpdate[];
  components: SpComponent[];
};

type SpMaintenance = SpIncident & { scheduled_for: string; scheduled_until: string };

/** A Statuspage-like id (12 lowercase letters and digits) made from our own key: the same on every build. */
export function statuspageId(kind: string, key: string): string {
  const a = fnv1a(`${kind}:${key}`).toString(36).padStart(7, "0");
  const b = fnv1a(`${key}:${kind}`).toString(36).padStart(7, "0");
  return `${a}${b}`.slice(0, 12);
}

const STATE: Record<string, ComponentStatus> = { online: "operational", warning: "degraded_performance", offline: "major_outage" };
const SEVERITY: Record<ComponentStatus, number> = {
  operational: 0,
  under_maintenance: 1,
  degraded_performance: 2,
  partial_outage: 3,
  major_outage: 4,
};

/** Our state as Statuspage's (the mapping docs/readers.md, "Statuspage's API", states). */
export function componentStatus(status: string, inMaintenance: boolean): ComponentStatus {
  return inMaintenance ? "under_maintenance" : (STATE[status] ?? "degraded_performance");
}

const iso = (text: string, fallback: string) => {
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : fallback;
};

export type StatuspageInput = {
  site: { name: string; url: string };
  servers: readonly Server[];
  /** every incident of the content */
  incidents: readonly NoticeIncident[];
  /** the windows' occurrences in force from a week before the build to the days ahead the pages list */
  occurrences: readonly MaintenanceOccurrence[];
  builtAt: Date;
};

/** Every file of /api/v2, by its path under it ("summary.json", "incidents/unresolved.json" …). */
export function statuspageFiles({ site, servers, incidents, occurrences, builtAt }: StatuspageInput): Record<string, unknown> {
  const now = builtAt.getTime();
  const stamp = builtAt.toISOString();
  const page: SpPage = { id: statuspageId("page", site.url), name: site.name, url: site.url, time_zone: "Etc/UTC", updated_at: stamp };
  const inForce = (o: MaintenanceOccurrence) => Date.parse(o.start) <= now && now < Date.parse(o.end);
  const maintained = new Set(occurrences.filter(inForce).flatMap((o) => o.window.affected));

  // Components: a group per region (domain/kernel/regions.ts; in the order regions first appear, named as the first
  // server spells it), each server under its group.
  const byRegion = new Map<string, { region: string; members: Server[] }>();
  for (const server of servers) {
    const region = regionOf(server.location) ?? NO_REGION;
    const group = byRegion.get(regionKey(region)) ?? { region, members: [] };
    group.members.push(server);
    byRegion.set(regionKey(region), group);
  }
  const components: SpComponent[] = [];
  const byServer = new Map<string, SpComponent>();
  let position = 0;
  for (const { region, members } of byRegion.values()) {
    const groupId = statuspageId("group", region);
    const children = members.map((server): SpComponent => {
      position += 1;
      const component: SpComponent = {
        id: statuspageId("component", server.id),
        name: server.name,
        status: componentStatus(server.status, maintained.has(server.id)),
        created_at: iso(server.uptimeChecks?.since ?? "", stamp),
        updated_at: iso(server.lastChecked, stamp),
        position,
        description: server.unreachableBecause
          ? `${server.location}; unreachable because ${server.unreachableBecause.name} is down`
          : server.location,
        showcase: true,
        start_date: null,
        group_id: groupId,
        page_id: page.id,
        group: false,
        only_show_if_degraded: false,
      };
      byServer.set(server.id, component);
      return component;
    });
    position += 1;
    const worst = children.reduce<ComponentStatus>((w, c) => (SEVERITY[c.status] > SEVERITY[w] ? c.status : w), "operational");
    components.push(
      {
        id: groupId,
        name: region,
        status: worst,
        created_at: children.map((c) => c.created_at).sort()[0] ?? stamp,
        updated_at:
          children
            .map((c) => c.updated_at)
            .sort()
            .at(-1) ?? stamp,
        position,
        description: null,
        showcase: false,
        start_date: null,
        group_id: null,
        page_id: page.id,
        group: true,
        only_show_if_degraded: false,
        components: children.map((c) => c.id),
      },
      ...children,
    );
  }
  const affected = (ids: readonly string[]) => ids.flatMap((id) => byServer.get(id) ?? []);

  const incidentsOut = incidents
    .filter((incident) => incident.updates.some((u) => Date.parse(u.at) <= now))
    .map((incident): SpIncident => {
      const id = statuspageId("incident", incident.id);
      const told = incident.updates.filter((u) => Date.parse(u.at) <= now).sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
      const first = iso(told[0].at, stamp);
      const last = told.at(-1)!;
      const status = last.status;
      const monitoring = [...told].reverse().find((u) => u.status === "monitoring");
      return {
        id,
        name: incident.title,
        status,
        created_at: first,
        updated_at: iso(last.at, stamp),
        monitoring_at: monitoring ? iso(monitoring.at, stamp) : null,
        resolved_at: status === "resolved" ? iso(last.at, stamp) : null,
        impact: incident.impact,
        shortlink: publishedUrl(site.url, `/incidents#${incident.id}`),
        started_at: first,
        page_id: page.id,
        incident_updates: told
          .map((u, i) => update(statuspageId("update", `${incident.id}#${i}`), id, u.status, u.message, iso(u.at, stamp)))
          .reverse(),
        components: affected(incident.affected.map((s) => s.id)),
      };
    })
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || a.id.localeCompare(b.id));
  // Every unresolved incident, however old; the list of all is the 50 newest, as Statuspage's is.
  const unresolved = incidentsOut.filter((i) => i.status !== "resolved");
  incidentsOut.splice(50);

  const maintenances = occurrences
    .map((o): SpMaintenance => {
      const id = statuspageId("maintenance", `${o.window.id}@${o.start}`);
      const status = now >= Date.parse(o.end) ? "completed" : now >= Date.parse(o.start) ? "in_progress" : "scheduled";
      const said = status === "completed" ? o.end : status === "in_progress" ? o.start : stamp;
      const body = o.window.message?.trim() || o.window.title;
      return {
        id,
        name: o.window.title,
        status,
        // when it was made is not known: no later than the build, nor than its start
        created_at: o.start < stamp ? o.start : stamp,
        updated_at: said,
        monitoring_at: null,
        resolved_at: status === "completed" ? o.end : null,
        impact: "maintenance",
        shortlink: publishedUrl(site.url, "/incidents#maintenance"),
        started_at: o.start,
        page_id: page.id,
        incident_updates: [update(statuspageId("maintenance-update", `${o.window.id}@${o.start}`), id, status, body, said)],
        components: affected(o.window.affected),
        scheduled_for: o.start,
        scheduled_until: o.end,
      };
    })
    .sort((a, b) => Date.parse(b.scheduled_for) - Date.parse(a.scheduled_for) || a.id.localeCompare(b.id));
  const recent = maintenances.slice(0, 50);
  const upcoming = maintenances.filter((m) => m.status === "scheduled").reverse();
  const active = maintenances.filter((m) => m.status === "in_progress");

  const status = overallStatus(
    components.filter((c) => !c.group),
    unresolved,
  );
  return {
    "summary.json": { page, components, incidents: unresolved, scheduled_maintenances: [...active, ...upcoming], status },
    "status.json": { page, status },
    "components.json": { page, components },
    "incidents.json": { page, incidents: incidentsOut },
    "incidents/unresolved.json": { page, incidents: unresolved },
    "scheduled-maintenances.json": { page, scheduled_maintenances: recent },
    "scheduled-maintenances/upcoming.json": { page, scheduled_maintenances: upcoming },
    "scheduled-maintenances/active.json": { page, scheduled_maintenances: active },
  };
}

function update(id: string, incidentId: string, status: string, body: string, at: string): SpUpdate {
  return {
    id,
    status,
    body,
    incident_id: incidentId,
    created_at: at,
    updated_at: at,
    display_at: at,
    affected_components: null,
    deliver_notifications: false,
    custom_tweet: null,
    tweet_id: null,
  };
}

const DESCRIPTIONS: Record<Indicator, string> = {
  none: "All Systems Operational",
  minor: "Minor Service Outage",
  major: "Partial System Outage",
  critical: "Major Service Outage",
};

/**
 * The page's indicator, as Statuspage rolls it up: the worst of the
 * components' (a server offline is major, most of them offline critical, one
 * slow minor) and the unresolved incidents' impacts; with nothing worse, a
 * component under maintenance says so in the description.
 */
export function overallStatus(
  components: readonly Pick<SpComponent, "status">[],
  unresolved: readonly Pick<SpIncident, "impact">[],
): {
  indicator: Indicator;
  description: string;
} {
  const down = components.filter((c) => c.status === "major_outage" || c.status === "partial_outage").length;
  const fromComponents: Indicator =
    down > 0 && down * 2 > components.length
      ? "critical"
      : down > 0
        ? "major"
        : components.some((c) => c.status === "degraded_performance")
          ? "minor"
          : "none";
  const worstImpact =
    unresolved
      .map((i) => i.impact)
      .filter((i): i is Impact => i !== "maintenance")
      .sort(compareImpact)
      .at(-1) ?? "none";
  const order: Indicator[] = ["none", "minor", "major", "critical"];
  const indicator = order[Math.max(order.indexOf(fromComponents), order.indexOf(worstImpact))];
  const underMaintenance = indicator === "none" && components.some((c) => c.status === "under_maintenance");
  return { indicator, description: underMaintenance ? "Service Under Maintenance" : DESCRIPTIONS[indicator] };
}
