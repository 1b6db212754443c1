/**
 * The fleet's measured figures for Prometheus (#48): /metrics.txt, in the
 * text exposition format 0.0.4, a file like the others, so a Prometheus scrapes
 * the site where a CDN serves it, and Grafana reads it as it is. Only measured
 * servers are in it (the editors' samples and the browser's simulation are no
 * measurement); a figure the job does not have (no answer, no result, no check
 * in a window) has no sample: no answer is not zero. No sample carries a
 * timestamp (Prometheus drops old ones); the newest run's time is a series of
 * its own, so staleness can be alerted on.
 *
 * Three sets of names: ours (server_*, monitoring_*), and those the Grafana
 * dashboards made for Uptime Kuma (monitor_*) and Gatus (gatus_results_*)
 * read, so those dashboards work as they are (docs/readers.md, "Metrics for
 * Prometheus").
 */
import { UNCHECKED_STATUS } from "../domain/kernel/status";
import type { Server } from "../domain/kernel/types";
import { burnRatesOf, type ObjectiveResult } from "./objectivesData";
import { targetOf } from "../domain/objectives/objectiveContent";

/** A measured server as the metrics tell it (the pages' figures, and its uptime over three windows). */
export type MetricsServer = {
  id: string;
  name: string;
  location: string;
  ip: string;
  /** the check's kind (http, tcp, dns, …); null when not known */
  kind: string | null;
  /** the pages' status: online, warning, offline, maintenance, unchecked */
  status: string;
  /** the newest answer's milliseconds; null when it did not answer */
  responseTimeMs: number | null;
  /** checks from several places: each place's milliseconds in the newest run (null: no answer from there) */
  placeTimes?: ReadonlyArray<{ location: string; ms: number | null }>;
  /** when the certificate the check judges expires (ISO) */
  certificateExpires?: string;
  /** checks up and all checks (maintenance left out) over each window; a window without checks has no ratio */
  uptime: Readonly<Record<UptimeWindow, { up: number; total: number }>>;
  /** its page's address */
  url: string;
};

const UPTIME_WINDOWS = ["1d", "30d", "365d"] as const;
type UptimeWindow = (typeof UPTIME_WINDOWS)[number];

export const METRICS_PATH = "/metrics.txt";

/** A server of the pages (measured) as the metrics tell it. */
export function metricsServer(server: Server, kind: string | null, uptime: MetricsServer["uptime"], url: string): MetricsServer {
  return {
    id: server.id,
    name: server.name,
    location: server.location,
    ip: server.ip,
    kind,
    status: server.status,
    responseTimeMs: server.responseTime,
    ...(server.placeTimes ? { placeTimes: server.placeTimes } : {}),
    ...(server.certificateExpires ? { certificateExpires: server.certificateExpires } : {}),
    uptime,
    url,
  };
}

type Labels = Record<string, string>;
type Family = { name: string; help: string; samples: Array<{ labels: Labels; value: number }> };

/** A label's value as the format writes it: backslash, double quote and line feed escaped. */
const labelValue = (value: string) => value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
/** HELP text: backslash and line feed escaped. */
const helpText = (text: string) => text.replace(/\\/g, "\\\\").replace(/\n/g, "\\n");

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

function familyText(family: Family): string {
  if (!METRIC_NAME.test(family.name)) throw new Error(`not a metric name: ${family.name}`);
  const lines = [`# HELP ${family.name} ${helpText(family.help)}`, `# TYPE ${family.name} gauge`];
  for (const { labels, value } of family.samples) {
    // A figure that is not a number (an unreadable time) is no figure: no sample, as for one the job does not have.
    if (!Number.isFinite(value)) continue;
    // An empty label is the same as none: left out.
    const pairs = Object.entries(labels).filter(([, v]) => v !== "");
    for (const [name] of pairs) if (!LABEL_NAME.test(name)) throw new Error(`not a label name: ${name}`);
    const set = pairs.length === 0 ? "" : `{${pairs.map(([k, v]) => `${k}="${labelValue(v)}"`).join(",")}}`;
    lines.push(`${family.name}${set} ${value}`);
  }
  return `${lines.join("\n")}\n`;
}

const isUp = (status: string) => status === "online" || status === "warning";
const isDown = (status: string) => status === "offline";
const seconds = (ms: number) => ms / 1000;
const DAY_S = 86_400;

/** Uptime Kuma's monitor_status: 1 up, 0 down, 2 pending (no result for too long), 3 maintenance. */
function kumaStatus(status: string): number | null {
  if (isUp(status)) return 1;
  if (isDown(status)) return 0;
  if (status === UNCHECKED_STATUS) return 2;
  if (status === "maintenance") return 3;
  return null;
}

/**
 * /metrics.txt: the job's newest run and the build's time, then each family
 * with a sample per server that has the figure. `lastRun`: latest.json's
 * finishedAt (null before the job ran); `now`: the build's time, which the
 * certificates' days left are counted from.
 */
export function metricsText(
  servers: readonly MetricsServer[],
  lastRun: string | null,
  now: Date,
  objectives: readonly ObjectiveResult[] = [],
): string {
  const family = (name: string, help: string, samples: Family["samples"]): Family => ({ name, help, samples });
  const each = (make: (s: MetricsServer) => Family["samples"]) => servers.flatMap(make);
  const id = (s: MetricsServer) => ({ server: s.id });
  const kuma = (s: MetricsServer): Labels => ({
    monitor_id: s.id,
    monitor_name: s.name,
    monitor_type: s.kind ?? "",
    monitor_url: s.url,
    monitor_hostname: s.ip,
  });
  const gatus = (s: MetricsServer): Labels => ({ key: s.id, group: s.location, name: s.name, type: (s.kind ?? "").toUpperCase() });
  const certificate = (s: MetricsServer) => (s.certificateExpires ? Date.parse(s.certificateExpires) : Number.NaN);
  const withCertificate = (make: (s: MetricsServer, expires: number) => Family["samples"]) =>
    each((s) => (Number.isNaN(certificate(s)) ? [] : make(s, certificate(s))));
  const ratio = (s: MetricsServer, window: UptimeWindow) => {
    const { up, total } = s.uptime[window];
    return total > 0 ? [up / total] : [];
  };

  const families: Family[] = [
    family("monitoring_last_run_timestamp_seconds", "When the check job's newest run ended (Unix time).", [
      ...(lastRun === null ? [] : [{ labels: {}, value: seconds(Date.parse(lastRun)) }]),
    ]),
    family("monitoring_build_timestamp_seconds", "When the site (and this file) was built (Unix time).", [
      { labels: {}, value: seconds(now.getTime()) },
    ]),
    family("monitoring_servers", "Measured servers in this file.", [{ labels: {}, value: servers.length }]),
    // Ours: one series a server for each figure, joined to its names through server_info.
    family(
      "server_info",
      "A measured server's names (1): join on server for its name and location.",
      each((s) => [{ labels: { server: s.id, name: s.name, location: s.location, kind: s.kind ?? "" }, value: 1 }]),
    ),
    family(
      "server_state",
      "The server's state as the pages show it (1), in the state label: online, warning, offline, maintenance or unchecked (no result for too long).",
      each((s) => [{ labels: { server: s.id, state: s.status }, value: 1 }]),
    ),
    family(
      "server_up",
      "1 when the newest check found the server up (online or warning), 0 when offline; no sample in maintenance or without a recent result.",
      each((s) => (isUp(s.status) || isDown(s.status) ? [{ labels: id(s), value: isUp(s.status) ? 1 : 0 }] : [])),
    ),
    family(
      "server_response_time_seconds",
      "The newest answer's time; no sample when the server did not answer.",
      each((s) => (s.responseTimeMs === null ? [] : [{ labels: id(s), value: seconds(s.responseTimeMs) }])),
    ),
    family(
      "server_place_response_time_seconds",
      "The newest answer's time from each place the checks run from; no sample for a place that had no answer.",
      each((s) =>
        (s.placeTimes ?? []).flatMap((p) => (p.ms === null ? [] : [{ labels: { server: s.id, place: p.location }, value: seconds(p.ms) }])),
      ),
    ),
    family(
      "server_uptime_ratio",
      "Checks up of all checks (those in maintenance left out) over the window: 1d the hour going on and the 23 before it, 30d and 365d the last 30 and 365 UTC days; no sample for a window without checks.",
      each((s) => UPTIME_WINDOWS.flatMap((window) => ratio(s, window).map((value) => ({ labels: { ...id(s), window }, value })))),
    ),
    family(
      "server_certificate_expiry_timestamp_seconds",
      "When the certificate the check judges expires (Unix time).",
      withCertificate((s, expires) => [{ labels: id(s), value: seconds(expires) }]),
    ),
    // The objectives (#48): their targets, and what their windows' slots say.
    family(
      "objective_target_ratio",
      "An objective's target: the share of its window's slots that are to be good (objectives.json).",
      objectives.map(({ objective }) => ({
        labels: { objective: objective.id, name: objective.name, window: objective.window },
        value: targetOf(objective),
      })),
    ),
    family(
      "objective_attained_ratio",
      "Good slots of good and bad ones over the objective's window; no sample when none was good or bad.",
      objectives.flatMap(({ objective, budget }) =>
        budget?.attained == null ? [] : [{ labels: { objective: objective.id }, value: budget.attained }],
      ),
    ),
    family(
      "objective_budget_remaining_ratio",
      "What is left of the objective's error budget: 1 untouched, below 0 overspent; no sample without a budget.",
      objectives.flatMap(({ objective, budget }) =>
        budget?.remainingShare == null ? [] : [{ labels: { objective: objective.id }, value: budget.remainingShare }],
      ),
    ),
    family(
      "objective_burn_rate",
      "How fast the objective's budget burns over the window label (30m, 6h, 3d; 5m and 1h from two places or more, each place's check counted): its share of checks down over the share the target allows; no sample where nothing was checked.",
      objectives.flatMap((result) => {
        const rates = burnRatesOf(result);
        return rates === null
          ? []
          : Object.entries(rates).flatMap(([window, value]) =>
              value === null ? [] : [{ labels: { objective: result.objective.id, window }, value }],
            );
      }),
    ),
    family(
      "objective_unknown_ratio",
      "Slots of the objective's window no check came for (counted neither good nor bad).",
      objectives.flatMap(({ objective, budget }) =>
        budget === null ? [] : [{ labels: { objective: objective.id }, value: budget.unknownShare }],
      ),
    ),
    family(
      "objective_latency_attained_ratio",
      "Checks answered under the objective's latency time of those counted, over its window's whole UTC days (label under_ms); no sample without a latency target or a counted check.",
      objectives.flatMap(({ objective, latency }) =>
        latency?.attained == null || !objective.latency
          ? []
          : [{ labels: { objective: objective.id, under_ms: String(objective.latency.underMs) }, value: latency.attained }],
      ),
    ),
    // Uptime Kuma's names and labels, as its dashboards read them.
    family(
      "monitor_status",
      "Monitor Status (1 = UP, 0 = DOWN, 2 = PENDING, 3 = MAINTENANCE), as Uptime Kuma's; PENDING: no result for too long.",
      each((s) => {
        const value = kumaStatus(s.status);
        return value === null ? [] : [{ labels: kuma(s), value }];
      }),
    ),
    family(
      "monitor_response_time",
      "Monitor Response Time (ms), as Uptime Kuma's; no sample when the server did not answer (Uptime Kuma writes -1).",
      each((s) => (s.responseTimeMs === null ? [] : [{ labels: kuma(s), value: s.responseTimeMs }])),
    ),
    family(
      "monitor_uptime_ratio",
      "Uptime ratio over the window label (0.0 - 1.0), as Uptime Kuma's: 1d the hour going on and the 23 before it, 30d and 365d the last 30 and 365 UTC days.",
      each((s) => UPTIME_WINDOWS.flatMap((window) => ratio(s, window).map((value) => ({ labels: { ...kuma(s), window }, value })))),
    ),
    family(
      "monitor_cert_days_remaining",
      "The number of days remaining until the certificate expires, as Uptime Kuma's (whole days, as of the build).",
      withCertificate((s, expires) => [{ labels: kuma(s), value: Math.floor((expires - now.getTime()) / 1000 / DAY_S) }]),
    ),
    // Gatus's names and labels (its gauges: a counter cannot be told from a file whose history is rolled up).
    family(
      "gatus_results_endpoint_success",
      "Whether the newest check succeeded (1) or not (0), as Gatus's; no sample in maintenance or without a recent result.",
      each((s) => (isUp(s.status) || isDown(s.status) ? [{ labels: gatus(s), value: isUp(s.status) ? 1 : 0 }] : [])),
    ),
    family(
      "gatus_results_duration_seconds",
      "The newest answer's time, as Gatus's; no sample when the server did not answer.",
      each((s) => (s.responseTimeMs === null ? [] : [{ labels: gatus(s), value: seconds(s.responseTimeMs) }])),
    ),
    family(
      "gatus_results_certificate_expiration_seconds",
      "Seconds until the certificate expires, as Gatus's (as of the build).",
      withCertificate((s, expires) => [{ labels: gatus(s), value: Math.max(0, Math.round((expires - now.getTime()) / 1000)) }]),
    ),
  ];
  return families
    .filter((f) => f.samples.some((sample) => Number.isFinite(sample.value)))
    .map(familyText)
    .join("");
}
