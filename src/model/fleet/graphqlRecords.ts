import { newestFirst } from "../../domain/checks/alerts";
import { formatUptime } from "../../domain/checks/history";
import { formatUtcDateTime, parseTime } from "../../domain/kernel/format";
import { statusLabel, UNCHECKED_STATUS } from "../../domain/kernel/status";
import type { Alert, AlertType, ChartPoint, Report, SecurityAlert, Server } from "../../domain/kernel/types";

/**
 * From the build's GraphQL records (already validated against the content
 * schemas) to the model types: tuples and string unions that GraphQL cannot
 * say, and each server joined to its check's newest result.
 */

/** A server's newest check result, as content/checks/latest.json has it. */
type MeasuredRecord = {
  status: string;
  /** null when the server did not answer */
  responseTime: number | null;
  checkedAt: string;
  detail: string;
  uptimeUp: number;
  uptimeTotal: number;
  /** when the first check counted in uptimeUp/uptimeTotal ran; a job before it said nothing */
  uptimeSince?: string | null;
  /** checked inside a maintenance window: `status` is the state held from before it */
  maintenance?: boolean | null;
  /** no result for longer than the job allows: `status` is only the last one seen (#44) */
  notChecked?: { foundAt: string; reason: string } | null;
  /** a check that judges a certificate: when it expires */
  certificateExpires?: string | null;
  /** checks from several places: what each saw (GraphQL may leave out a null response time) */
  places?: ReadonlyArray<{ location: string; status: string; responseTime?: number | null }> | null;
  /** offline behind a server it depends on that is offline too: that server's id (#47) */
  cause?: string | null;
};

/** A server as the build hands it over: the editors' fields, whether it has a check, and its newest result. */
export type ServerRecord = Omit<Server, "coordinates" | "source" | "detail" | "uptimeChecks" | "responseTime"> & {
  /** GraphQL may leave out a null: an editors' offline server says null, or nothing */
  responseTime?: number | null;
  /** GraphQL says a list of numbers where the model says a pair */
  coordinates: readonly number[];
  /** it has a check in servers.json */
  monitored?: boolean | null;
  /** its check's newest result, when the job has one */
  measured?: MeasuredRecord | null;
};

/** What an offline server behind a root cause that is down says first (#47). */
export const unreachableWords = (root: string): string => `unreachable because ${root} is down`;

/** The status of a server checked inside a maintenance window (content/maintenance.json): neither up nor down, planned. */
export const MAINTENANCE_STATUS = "maintenance";

/** "not checked since 2026-11-28 18:00 UTC: its check did not finish …; the last result said Online: HTTP 200 in 45 ms" */
const notCheckedDetail = (measured: MeasuredRecord, reason: string): string => {
  const at = parseTime(measured.checkedAt);
  return `not checked since ${at ? formatUtcDateTime(at) : measured.checkedAt}: ${reason}; the last result said ${statusLabel(measured.status)}: ${measured.detail}`;
};

/**
 * A server as the pages show it. With a check and a result, the measured
 * figures replace the editors' (status, response time, time of check, uptime
 * over 30 days); with a check and no result yet, the editors' figures stay as a
 * sample; without a check, they are the start of the browser's simulation.
 * A server the job checked inside a maintenance window is "maintenance"; one it
 * has had no result for, for too long, is "unchecked" (Not checked), in words.
 * One offline behind a root cause that is down says so first, wherever its
 * words go (its page, cards, the API, the export), naming the root by
 * `nameOf` (its id when the root is not known).
 */
export function toServer(record: ServerRecord, nameOf: (id: string) => string | undefined = () => undefined): Server {
  const [lon = 0, lat = 0] = record.coordinates;
  const server: Server = {
    id: record.id,
    name: record.name,
    ip: record.ip,
    location: record.location,
    status: record.status,
    uptime: record.uptime,
    uptimeChecks: null,
    responseTime: record.responseTime ?? null,
    lastChecked: record.lastChecked,
    coordinates: [lon, lat],
    source: record.monitored ? "sample" : "simulated",
    detail: null,
  };
  const measured = record.monitored ? record.measured : null;
  if (!measured) return server;
  const notChecked = measured.notChecked ?? null;
  const cause = !notChecked && !measured.maintenance && measured.status === "offline" && measured.cause ? measured.cause : null;
  const root = cause === null ? null : { id: cause, name: nameOf(cause) ?? cause };
  return {
    ...server,
    // Not checked: its last state is not its state now (never green without a fresh look), nor its last time an answer's.
    status: notChecked ? UNCHECKED_STATUS : measured.maintenance ? MAINTENANCE_STATUS : measured.status,
    responseTime: notChecked ? null : measured.responseTime,
    lastChecked: measured.checkedAt,
    uptime: formatUptime(measured.uptimeUp, measured.uptimeTotal),
    uptimeChecks: { up: measured.uptimeUp, total: measured.uptimeTotal, since: measured.uptimeSince ?? null },
    source: "measured",
    detail: notChecked
      ? notCheckedDetail(measured, notChecked.reason)
      : root
        ? `${unreachableWords(root.name)}; ${measured.detail}`
        : measured.detail,
    ...(root ? { unreachableBecause: root } : {}),
    ...(measured.certificateExpires ? { certificateExpires: measured.certificateExpires } : {}),
    ...(measured.places && measured.places.length > 0
      ? { placeTimes: measured.places.map((p) => ({ location: p.location, ms: p.status === "offline" ? null : (p.responseTime ?? null) })) }
      : {}),
  };
}

/** The servers as the pages show them; a root cause is named from the same list. */
export function toServers(records: readonly ServerRecord[]): Server[] {
  const names = new Map(records.map((r) => [r.id, r.name] as const));
  return records.map((record) => toServer(record, (id) => names.get(id)));
}

type AlertRecord = Omit<Alert, "type"> & { type: string };

export const toAlerts = (records: readonly AlertRecord[]): Alert[] => records.map((r) => ({ ...r, type: r.type as AlertType }));

/** The editors' alerts and the check job's, in one list, newest first. */
export const mergeAlerts = (editors: readonly AlertRecord[], checks: readonly AlertRecord[]): Alert[] =>
  newestFirst([...toAlerts(checks), ...toAlerts(editors)]);

export const toChartPoints = (records: readonly ChartPoint[]): ChartPoint[] => records.map((r) => ({ ...r }));

export const toSecurityAlerts = (
  records: ReadonlyArray<Omit<SecurityAlert, "type" | "status"> & { type: string; status: string }>,
): SecurityAlert[] => records.map((r) => ({ ...r, type: r.type as SecurityAlert["type"], status: r.status as SecurityAlert["status"] }));

export const toReports = (records: ReadonlyArray<Omit<Report, "type" | "status"> & { type: string; status: string }>): Report[] =>
  records.map((r) => ({ ...r, type: r.type as Report["type"], status: r.status as Report["status"] }));
