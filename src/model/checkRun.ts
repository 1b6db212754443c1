/**
 * content/checks/latest.json: what the last run of the check job measured, with
 * the figures taken from the history (uptime over 30 days, the last 24 hours,
 * the usual interval). The build joins each result to its server.
 */
import { keepAlerts, transitionAlerts, type AlertedServer, type CheckOutcome } from "./checkAlerts";
import { observedInterval, performanceOf, recordRun, uptimeOf, type CheckHistory } from "./checkHistory";
import type { MeasuredStatus } from "./checks";
import type { Alert, ChartPoint } from "./types";

type CheckResultRecord = {
  /** the server's id in servers.json */
  server: string;
  status: MeasuredStatus;
  responseTime: number;
  checkedAt: string;
  detail: string;
  /** successful and all checks over the last 30 days */
  uptimeUp: number;
  uptimeTotal: number;
};

export type LatestChecks = {
  version: 1;
  startedAt: string;
  finishedAt: string;
  /** the usual seconds between runs; null until there have been two */
  intervalSeconds: number | null;
  results: CheckResultRecord[];
  /** the last 24 hours, measured */
  performance: ChartPoint[];
};

/** latest.json after a run, from its outcomes and the history that already holds them. */
export function latestChecks(history: CheckHistory, outcomes: readonly CheckOutcome[], startedAt: Date, finishedAt: Date): LatestChecks {
  return {
    version: 1,
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    intervalSeconds: observedInterval(history),
    results: outcomes.map((o) => {
      const uptime = uptimeOf(history, o.server, finishedAt);
      return {
        server: o.server,
        status: o.status,
        responseTime: o.responseTime,
        checkedAt: o.checkedAt,
        detail: o.detail,
        uptimeUp: uptime.up,
        uptimeTotal: Math.max(1, uptime.total),
      };
    }),
    performance: performanceOf(history, finishedAt),
  };
}

/** What the job keeps between runs. */
export type CheckState = { history: CheckHistory; latest: LatestChecks | null; alerts: Alert[] };

/**
 * One run applied to what the job kept: the history grows (and stays bounded),
 * latest.json is written afresh, and the state changes since the last run become
 * alerts, kept with the older ones.
 */
export function applyRun(
  state: CheckState,
  outcomes: readonly CheckOutcome[],
  servers: ReadonlyMap<string, AlertedServer>,
  startedAt: Date,
  finishedAt: Date,
): CheckState & { fresh: Alert[] } {
  const history = recordRun(state.history, startedAt, outcomes);
  const previous = new Map((state.latest?.results ?? []).map((r) => [r.server, r.status] as const));
  const fresh = transitionAlerts(previous, outcomes, servers);
  return {
    history,
    latest: latestChecks(history, outcomes, startedAt, finishedAt),
    alerts: keepAlerts(state.alerts, fresh, finishedAt),
    fresh,
  };
}
