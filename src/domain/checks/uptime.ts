import { formatCount, parseTime } from "../kernel/format";
import type { Server } from "../kernel/types";
import { DAY_MS } from "../kernel/time";

/**
 * What a measured uptime covers. Over a few checks a percentage says little
 * ('100.0%' after one check), so while the checks counted span less than a day
 * the pages say how many there were and since when: '100.0% · 3 checks since 14:05'.
 */

export function uptimeCoverage(
  server: Pick<Server, "source" | "lastChecked" | "uptimeChecks">,
): { checks: number; since: Date | null } | null {
  const counted = server.uptimeChecks;
  if (server.source !== "measured" || !counted) return null;
  const since = counted.since === null ? null : parseTime(counted.since);
  const last = parseTime(server.lastChecked);
  if (since && last && last.getTime() - since.getTime() >= DAY_MS) return null;
  return { checks: counted.total, since };
}

/** '1 check since 14:05', '3 checks since 14:05', or '12,000 checks' when since when is not known. */
export function checksSince(checks: number, time: string | null): string {
  const count = `${formatCount(checks)} ${checks === 1 ? "check" : "checks"}`;
  return time === null ? count : `${count} since ${time}`;
}
