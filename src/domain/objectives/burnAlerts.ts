/**
 * The burn-rate alerts of an objective (#48), by the SRE Workbook's
 * multiwindow pairs that a 5-minute schedule can measure (budget.ts's
 * BURN_WINDOWS): a page when the last 30 minutes and the last 6 hours both
 * burn the budget 6 times as fast as it allows (5 % of a 30-day budget in 6
 * hours), or, with checks from at least two places, the last 5 minutes and the
 * last hour 14.4 times (2 % in an hour); a ticket when the last 6 hours and the
 * last 3 days both burn at least as fast as it allows (10 % in 3 days). The same
 * rules /prometheus-rules.yml gives Prometheus, and the words the pages say.
 *
 * Each alert is an episode: it begins when one of its pairs burns, and ends
 * when none of its short windows (30 minutes or 5 minutes for a page, 6 hours
 * for a ticket) does any more, one of them checked; a window with no check in
 * it says nothing, so an episode never ends (nor begins) on no answer. An
 * episode is told once when it begins and once when it ends, whatever the
 * runs in between.
 */
import type { BurnWindow } from "./budget";

export type BurnRates = Record<BurnWindow, number | null>;
export type BurnLevel = "page" | "ticket";

type Pair = { long: BurnWindow; short: BurnWindow; rate: number };

/** Each alert's pairs of windows (long, short) and the rate both must reach. */
export const BURN_ALERTS: Record<BurnLevel, readonly Pair[]> = {
  page: [
    { long: "6h", short: "30m", rate: 6 },
    // a window of 5 minutes holds one check a place: only from two places on (budget.ts counts them so)
    { long: "1h", short: "5m", rate: 14.4 },
  ],
  ticket: [{ long: "3d", short: "6h", rate: 1 }],
};

const atLeast = (value: number | null, rate: number) => value !== null && value >= rate;
const burns = (rates: BurnRates, { long, short, rate }: Pair) => atLeast(rates[long], rate) && atLeast(rates[short], rate);

/** Whether one of an alert's pairs burns now: both its windows at its rate or faster. */
export const pairBurns = (rates: BurnRates, level: BurnLevel): boolean => BURN_ALERTS[level].some((pair) => burns(rates, pair));

/** The alert the rates call for, the page before the ticket; null when no pair burns. */
export const alertOf = (rates: BurnRates): BurnLevel | null =>
  pairBurns(rates, "page") ? "page" : pairBurns(rates, "ticket") ? "ticket" : null;

/** Whether an alert going on has stopped: none of its short windows burns at its rate, and one of them was checked. */
function stopped(rates: BurnRates, level: BurnLevel): boolean {
  const shorts = BURN_ALERTS[level].map(({ short, rate }) => ({ value: rates[short], rate }));
  return shorts.every(({ value, rate }) => value === null || value < rate) && shorts.some(({ value }) => value !== null);
}

/** An objective's alerts going on, each with when it began (ISO). */
export type Episodes = Partial<Record<BurnLevel, string>>;

export type EpisodeNews = { level: BurnLevel; edge: "began" | "ended"; since: string };

/**
 * The episodes after a run that measured `rates` at `now`: an alert begins
 * when one of its pairs burns; one going on ends when it has stopped. What
 * began and what ended, to be told.
 */
export function nextEpisodes(before: Episodes, rates: BurnRates, now: Date): { episodes: Episodes; news: EpisodeNews[] } {
  const episodes: Episodes = {};
  const news: EpisodeNews[] = [];
  for (const level of ["page", "ticket"] as const) {
    const since = before[level];
    if (since !== undefined) {
      if (stopped(rates, level)) news.push({ level, edge: "ended", since });
      else episodes[level] = since;
    } else if (pairBurns(rates, level)) {
      episodes[level] = now.toISOString();
      news.push({ level, edge: "began", since: now.toISOString() });
    }
  }
  return { episodes, news };
}
