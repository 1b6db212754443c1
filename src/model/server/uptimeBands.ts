/**
 * The colour bands of a day's uptime, as status pages draw their 90 daily
 * bars: ≥ 99.9 %, ≥ 99 %, ≥ 95 %, lower, maintenance (every check that day was
 * made in a maintenance window, which counts in no uptime) and no data (no
 * check that day). A day with some checks in maintenance has the band of the others.
 * Compared in whole checks (up × 1000 ≥ total × 999), so 999 of 1000 is 99.9 %
 * exactly, whatever floating point makes of the division.
 */
import type { DayBar } from "../../domain/checks/serverHistory";

export type UptimeBand = "full" | "high" | "mid" | "low" | "maintenance" | "none";

export const UPTIME_BANDS: ReadonlyArray<{ band: UptimeBand; label: string; color: string }> = [
  { band: "full", label: "99.9 % or more", color: "var(--c-band-full)" },
  { band: "high", label: "99 % to 99.9 %", color: "var(--c-band-high)" },
  { band: "mid", label: "95 % to 99 %", color: "var(--c-band-mid)" },
  { band: "low", label: "under 95 %", color: "var(--c-band-low)" },
  { band: "maintenance", label: "maintenance only", color: "var(--c-band-maintenance)" },
  { band: "none", label: "no data", color: "var(--c-band-none)" },
];

export function uptimeBand({ up, total, maintenance = 0 }: Pick<DayBar, "up" | "total" | "maintenance">): UptimeBand {
  if (total <= 0) return maintenance > 0 ? "maintenance" : "none";
  if (up * 1000 >= total * 999) return "full";
  if (up * 100 >= total * 99) return "high";
  if (up * 100 >= total * 95) return "mid";
  return "low";
}
