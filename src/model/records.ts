import type { Alert, AlertType, ChartPoint, Report, SecurityAlert, Server } from "./types";

/**
 * From the build's GraphQL records (already validated against the content
 * schemas) to the model types: tuples and string unions that GraphQL cannot say.
 */
/** A server as the build hands it over: GraphQL says a list of numbers where the model says a pair. */
export type ServerRecord = Omit<Server, "coordinates"> & { coordinates: readonly number[] };

export function toServer(record: ServerRecord): Server {
  const [lon = 0, lat = 0] = record.coordinates;
  return { ...record, coordinates: [lon, lat] };
}

export const toServers = (records: readonly ServerRecord[]): Server[] => records.map(toServer);

export const toAlerts = (records: ReadonlyArray<Omit<Alert, "type"> & { type: string }>): Alert[] =>
  records.map((r) => ({ ...r, type: r.type as AlertType }));

export const toChartPoints = (records: readonly ChartPoint[]): ChartPoint[] => records.map((r) => ({ ...r }));

export const toSecurityAlerts = (
  records: ReadonlyArray<Omit<SecurityAlert, "type" | "status"> & { type: string; status: string }>,
): SecurityAlert[] => records.map((r) => ({ ...r, type: r.type as SecurityAlert["type"], status: r.status as SecurityAlert["status"] }));

export const toReports = (records: ReadonlyArray<Omit<Report, "type" | "status"> & { type: string; status: string }>): Report[] =>
  records.map((r) => ({ ...r, type: r.type as Report["type"], status: r.status as Report["status"] }));
