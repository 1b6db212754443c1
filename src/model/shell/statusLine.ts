/**
 * What the shell says about the whole site, in words that are true: the
 * sidebar's footer names the servers that need attention, the top bar says
 * whether the figures are measured and fresh, or simulated.
 */
import { formatWhen, type TimeZoneMode } from "../../domain/kernel/format";
import type { Impact } from "../../domain/incidents/incidents";
import { IMPACT_TONES } from "../../domain/incidents/statusNotices";
import type { StatusCounts } from "../fleet/summary";
import type { FigureSource } from "../../domain/kernel/types";
import { formatAge } from "../../domain/kernel/time";

/** The checks count as late once the newest is older than this many intervals (a scheduled run that never came, #32). */
export const STALE_AFTER_INTERVALS = 2;
/** The interval assumed until the history shows one (the workflow's schedule: every 5 minutes). */
export const DEFAULT_CHECK_INTERVAL_S = 300;

export type Line = { tone: "online" | "warning" | "offline" | "info" | "neutral"; text: string; pulse: boolean };

const servers = (n: number) => `${n} ${n === 1 ? "server" : "servers"}`;

/** What the shell's line takes from incidents and maintenance (domain/incidents/statusNotices.ts): open incidents, their worst impact, servers in maintenance. */
export type SystemsNotices = { incidents: number; worstImpact: Impact | null; inMaintenance: number };

const NO_NOTICES: SystemsNotices = { incidents: 0, worstImpact: null, inMaintenance: 0 };

/**
 * 'All systems operational', or what is not: servers offline or in warning,
 * open incidents (a minor one is a warning, a major or critical one an outage;
 * one of no impact is a notice and changes nothing), servers in maintenance.
 */
export function systemsLine(
  counts: Pick<StatusCounts, "offline" | "warning"> & { unchecked?: number; total: number },
  notices: SystemsNotices = NO_NOTICES,
): Line {
  if (counts.total === 0) return { tone: "neutral", text: "No servers listed", pulse: false };
  const impact = notices.incidents > 0 ? notices.worstImpact : null;
  // An incident takes its impact's colour (the banner's); one of no impact is a notice and changes nothing.
  const incidentTone = impact === null || impact === "none" ? null : IMPACT_TONES[impact];
  const parts: string[] = [];
  if (counts.offline > 0) parts.push(`${servers(counts.offline)} offline`);
  if (counts.warning > 0) parts.push(counts.offline > 0 ? `${counts.warning} in warning` : `${servers(counts.warning)} in warning`);
  if (incidentTone !== null) {
    parts.push(notices.incidents === 1 ? `1 ${impact} incident open` : `${notices.incidents} incidents open, the worst ${impact}`);
  }
  // Servers the job has no fresh result for: nobody knows they are up, so not "operational" (a warning: someone must look).
  const unchecked = counts.unchecked ?? 0;
  if (unchecked > 0) parts.push(parts.length > 0 ? `${unchecked} not checked` : `${servers(unchecked)} not checked`);
  if (notices.inMaintenance > 0) parts.push(`${servers(notices.inMaintenance)} in maintenance`);
  if (parts.length === 0) return { tone: "online", text: "All systems operational", pulse: true };
  const tone =
    counts.offline > 0 || incidentTone === "offline"
      ? "offline"
      : counts.warning > 0 || unchecked > 0 || incidentTone === "warning"
        ? "warning"
        : "info";
  return { tone, text: parts.join(", "), pulse: tone === "offline" };
}

export type OverallState = "operational" | "maintenance" | "degraded" | "outage" | "unknown";
const OVERALL: Record<Line["tone"], OverallState> = {
  online: "operational",
  info: "maintenance",
  warning: "degraded",
  offline: "outage",
  neutral: "unknown",
};

/**
 * The site in one word (status.json's `overall`, the top bar's state) with the
 * sidebar's words: outage (a server offline, or a major or critical incident
 * open), degraded (in warning, or a minor incident), maintenance, operational,
 * or unknown (no servers).
 */
export function overallState(
  counts: Pick<StatusCounts, "offline" | "warning"> & { unchecked?: number; total: number },
  notices: SystemsNotices = NO_NOTICES,
): Line & { state: OverallState } {
  const line = systemsLine(counts, notices);
  return { ...line, state: OVERALL[line.tone] };
}

export type LiveState = {
  /** servers whose figures are measured */
  measured: number;
  /** when the newest run finished (ISO), if there has been one */
  newestCheck: string | null;
  intervalSeconds: number | null;
  autoRefresh: boolean;
  refreshSeconds: number;
  /** the time now; null in the static HTML, which cannot know it */
  now: number | null;
  /** the status feed the page follows, if any; dataTime is when its last answer's data is from */
  feed?: { mode: "off" | "waiting" | "live" | "down"; lastSuccess: number | null; dataTime?: number | null; downSince: number | null };
  /** how the page says times (Settings); the reader's zone when not given */
  timeZone?: TimeZoneMode;
};

/**
 * The top bar's indicator: the state (a change of it is worth announcing) and a
 * detail beside it. Measured figures are live, or late once the newest check
 * is two intervals old (a scheduled run did not come); without measured figures it is the simulation, also
 * when a status feed answers (its records then say simulated or sample: the
 * page's figures are the browser's simulation). A feed's "updated" is the time
 * of its data, and the time of the fetch only when the data gives none.
 */
export function liveLine(state: LiveState): Line & { stale: boolean; detail: string | null } {
  const { feed } = state;
  const clock = (ms: number) => formatWhen(new Date(ms), state.timeZone ?? "local", { seconds: true, date: false });
  if (feed?.mode === "down" && feed.downSince !== null) {
    return {
      tone: "warning",
      text: "Status feed unreachable",
      pulse: false,
      stale: false,
      detail: `since ${clock(feed.downSince)}`,
    };
  }
  const newest = state.newestCheck ? Date.parse(state.newestCheck) : NaN;
  if (state.measured > 0 && Number.isFinite(newest)) {
    const live = { tone: "online", text: "Live monitoring active", pulse: true, stale: false } as const;
    if (state.now === null) return { ...live, detail: `newest check ${new Date(newest).toISOString().slice(11, 16)} UTC` };
    const age = state.now - newest;
    const interval = (state.intervalSeconds ?? DEFAULT_CHECK_INTERVAL_S) * 1000;
    if (age > STALE_AFTER_INTERVALS * interval) {
      return { tone: "warning", text: "Checks are late", pulse: false, stale: true, detail: `last result ${formatAge(age)}` };
    }
    if (feed?.mode === "live" && feed.lastSuccess !== null)
      return { ...live, detail: `updated ${clock(feed.dataTime ?? feed.lastSuccess)}` };
    return { ...live, detail: `checked ${formatAge(age)}` };
  }
  if (!state.autoRefresh) return { tone: "neutral", text: "Simulation paused", pulse: false, stale: false, detail: null };
  const detail = feed?.mode === "live" ? NO_MEASURED_FROM_FEED : `updated every ${state.refreshSeconds} s`;
  return { tone: "info", text: "Simulated data", pulse: true, stale: false, detail };
}

const NO_MEASURED_FROM_FEED = "the status feed has sent no measured figures";

/**
 * The dashboard's line under its title: where the figures on the page come
 * from. `followsFeed`: the page follows a status feed, so "no live backend"
 * would not be the reason nothing is measured.
 */
export function figuresNote(
  sources: Record<FigureSource, number>,
  autoRefresh: boolean,
  refreshSeconds: number,
  followsFeed = false,
): string {
  const simulated = autoRefresh
    ? `simulated in your browser every ${refreshSeconds} s`
    : "simulated in your browser, paused (Auto-refresh is off in Settings)";
  if (sources.measured === 0 && sources.sample === 0) {
    const why = followsFeed ? NO_MEASURED_FROM_FEED : "this site has no live backend";
    return autoRefresh
      ? `Values are simulated in your browser every ${refreshSeconds} s; ${why}.`
      : `Simulation paused: Auto-refresh is off in Settings. Values are simulated in your browser; ${why}.`;
  }
  const parts: string[] = [];
  if (sources.measured > 0) parts.push(`${servers(sources.measured)} measured`);
  if (sources.sample > 0) parts.push(`${servers(sources.sample)} with sample figures until their first check`);
  if (sources.simulated > 0) parts.push(`${servers(sources.simulated)} without a check ${simulated}`);
  return `Figures: ${parts.join("; ")}.`;
}

/** How many servers take their figures from each source. */
export function countSources(list: ReadonlyArray<{ source: FigureSource }>): Record<FigureSource, number> {
  const counts: Record<FigureSource, number> = { measured: 0, simulated: 0, sample: 0 };
  for (const s of list) counts[s.source] += 1;
  return counts;
}
