/**
 * Incidents (content/incidents.json): what went wrong and what was said about
 * it. An incident's status is its newest update's; it is open until an update
 * says resolved. Impacts are ordered none < minor < major < critical.
 */
export const IMPACTS = ["none", "minor", "major", "critical"] as const;
export type Impact = (typeof IMPACTS)[number];

export const INCIDENT_STATUSES = ["investigating", "identified", "monitoring", "resolved"] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

export type IncidentUpdate = {
  /** ISO 8601 with its zone */
  at: string;
  status: IncidentStatus;
  /** plain text; line breaks kept, never HTML */
  message: string;
};

export type Incident = {
  id: string;
  title: string;
  impact: Impact;
  /** the ids of the servers (servers.json) it touches */
  affected: string[];
  /** oldest first (the content's validation holds the order) */
  updates: IncidentUpdate[];
};

const ms = (instant: Date | number) => (typeof instant === "number" ? instant : instant.getTime());

/** The newest update (by time; of two at the same instant, the later in the list), or, with `at`, the newest by then. */
function newestUpdate(incident: Incident, at?: Date | number): IncidentUpdate | null {
  const limit = at === undefined ? Infinity : ms(at);
  let newest: { update: IncidentUpdate; time: number } | null = null;
  for (const update of incident.updates) {
    const time = Date.parse(update.at);
    if (time > limit) continue;
    if (newest === null || time >= newest.time) newest = { update, time };
  }
  return newest?.update ?? null;
}

/** The newest update of an incident (validated content has at least one). */
export function latestUpdate(incident: Incident): IncidentUpdate {
  const newest = newestUpdate(incident);
  if (newest === null) throw new Error(`incident ${incident.id} has no update`);
  return newest;
}

/** The incident's status: its newest update's (with `at`, by that instant; null before its first update). */
export function incidentStatus(incident: Incident): IncidentStatus;
export function incidentStatus(incident: Incident, at: Date | number): IncidentStatus | null;
export function incidentStatus(incident: Incident, at?: Date | number): IncidentStatus | null {
  return newestUpdate(incident, at)?.status ?? null;
}

/** Open: begun and not resolved (now, or at an instant). */
export function isOpen(incident: Incident, at?: Date | number): boolean {
  const status = at === undefined ? incidentStatus(incident) : incidentStatus(incident, at);
  return status !== null && status !== "resolved";
}

/** Orders impacts from the least to the most severe (for sort). */
export const compareImpact = (a: Impact, b: Impact): number => IMPACTS.indexOf(a) - IMPACTS.indexOf(b);

/** The incidents that name a server, open or not, in content order. */
export const incidentsForServer = (incidents: readonly Incident[], server: string): Incident[] =>
  incidents.filter((incident) => incident.affected.includes(server));

/** The open incidents, in content order. */
export const openIncidents = (incidents: readonly Incident[], at?: Date | number): Incident[] =>
  incidents.filter((incident) => isOpen(incident, at));

/** The most severe impact among the open incidents (of one server's, when named); null when none is open. */
export function worstOpenImpact(incidents: readonly Incident[], server?: string): Impact | null {
  const open = openIncidents(server === undefined ? incidents : incidentsForServer(incidents, server));
  return open.reduce<Impact | null>(
    (worst, incident) => (worst === null || compareImpact(incident.impact, worst) > 0 ? incident.impact : worst),
    null,
  );
}
