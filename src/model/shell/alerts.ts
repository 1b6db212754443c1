import type { Alert } from "../../domain/kernel/types";

/** SPEC §9: the dashboard shows the first three alerts of the list. */
export const RECENT_ALERTS_SHOWN = 3;

export function recentAlerts(alerts: readonly Alert[]): Alert[] {
  return alerts.slice(0, RECENT_ALERTS_SHOWN);
}
