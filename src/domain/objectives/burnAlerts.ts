/**
 * The burn-rate alerts of an objective (#48), by the SRE Workbook's
 * multiwindow pairs that a 5-minute schedule can measure (budget.ts's
 * BURN_WINDOWS): a page when the last 30 minutes and the last 6 hours both
 * burn the budget 6 times as fast as it allows (5 % of a 30-day budget in 6
 * hours), a ticket when the last 6 hours and the last 3 days both burn at
 * least as fast (10 % in 3 days). The same rules /prometheus-rules.yml gives
 * Prometheus, and the words the pages say.
 *
 * Each alert is an episode: it begins when its pair burns, and ends when its
 * short window (30 minutes for a page, 6 hours for a ticket) no longer does;
 * a window with no check in it says nothing, so an episode never ends (nor
 * begins) on no answer. An episode is told once when it begins and once when
 * it ends, whatever the runs in between.
 */
import type { BurnWindow } from "./budget";

export type BurnRates = Record<BurnWindow, number | null>;
export type BurnLevel = "page" | "ticket";

/** Each alert's pair of windows (long, short) and the rate both must reach. */
export const BURN_ALERTS: Record<BurnLevel, { long: BurnWindow; short: BurnWindow; rate: number }> = {
  page: { long: "6h", short: "30m", rate: 6 },
  ticket: { long: "3d", short: "6h", rate: 1 },
};

const atLeast = (value: number | null, rate: number) => value !== null && value >= rate;

/** Whether an alert's pair burns now: both its windows at its rate or faster. */
export const pairBurns = (rates: BurnRates, level: BurnLevel): boolean =>
  atLeast(rates[BURN_ALERTS[level].long], BURN_ALERTS[level].rate) && atLeast(rates[BURN_ALERTS[level].short], BURN_ALERTS[level].rate);

/** The alert the rates call for, the page before the ticket; null when neither pair burns. */
export const alertOf = (rates: BurnRates): BurnLevel | null =>
  pairBurns(rates, "page") ? "page" : pairBurns(rates, "ticket") ? "ticket" : null;

/** An objective's alerts going on, each with when it began (ISO). */
export type Episodes = Partial<Record<BurnLevel, string>>;

export type EpisodeNews = { level: BurnLevel; edge: "began" | "ended"; since: string };

/**
 * The episodes after a run that measured `rates` at `now`: an alert begins
 * when its pair burns; one going on ends when its short window, checked, burns
 * below its rate. What began and what ended, to be told.
 */
export function nextEpisodes(before: Episodes, rates: BurnRates, now: Date): { episodes: Episodes; news: EpisodeNews[] } {
  const episodes: Episodes = {};
  const news: EpisodeNews[] = [];
  for (const level of ["page", "ticket"] as const) {
    const since = before[level];
    const short = rates[BURN_ALERTS[level].short];
    if (since !== undefined) {
      if (short !== null && short < BURN_ALERTS[level].rate) news.push({ level, edge: "ended", since });
      else episodes[level] = since;
    } else if (pairBurns(rates, level)) {
      episodes[level] = now.toISOString();
      news.push({ level, edge: "began", since: now.toISOString() });
    }
  }
  return { episodes, news };
}
