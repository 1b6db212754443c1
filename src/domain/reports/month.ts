/**
 * A month's availability report, from what the check job measured: for each
 * server with a check and for the fleet, how available it was (checks made in
 * maintenance counted apart), how long and how often it was down, how fast it
 * answered (median, p95, p99 from the days' time sketches), and how much of
 * the month the checks covered. Months are UTC months, so a daylight-saving
 * change moves nothing and every month's hours are its days × 24.
 *
 * A month in progress is "processing", as of the newest run; a closed month is
 * "completed", or "failed" when the checks covered less than half of it (the
 * job did not run, or its runs did not come): its figures are still given,
 * with the share they cover, never passed off as the month's.
 *
 * Checks that found a server unreachable because a server it depends on was
 * down (#47) are counted as down, and apart (`causedChecks`); when the editor
 * says so (monitoring.json's reports.causedDowntime "excluded") the
 * availability leaves them out, as it does checks made in maintenance.
 */
import type { MonthObjective } from "../objectives/monthObjectives";
import { DAY_MS } from "../kernel/time";
import { readOutages, type Outage } from "../checks/outages";
import { DAILY_ROLLUP_DAYS, emptyRollup, median, seriesMap, sketchOfDays, type RollupMap, type ServerRollup } from "../checks/rollups";
import { addSketchText, sketchPercentile, type TimeSketch } from "../checks/timeSketch";

/** Below this share of the expected checks, a closed month's report is failed (its figures cover too little of it). */
const MIN_COVERED_SHARE = 0.5;

type ReportStatus = "completed" | "processing" | "failed";

/** Whether the availability counts the checks a dependency made fail (monitoring.json's reports.causedDowntime). */
export type CausedDowntime = "counted" | "excluded";

/** monitoring.json's reports.causedDowntime (validated with the content), "counted" when it says nothing. */
export const causedDowntimeOf = (monitoring: { reports?: { causedDowntime?: CausedDowntime } } | null): CausedDowntime =>
  monitoring?.reports?.causedDowntime === "excluded" ? "excluded" : "counted";

/** How fast the answers were over the month; null when none answered. */
type MonthTimes = {
  median: number;
  p95: number;
  p99: number;
  /** the days with timed checks whose times were kept (a day from before the sketches has none), of those with timed checks */
  daysKept: number;
  daysTimed: number;
};

/** One place's answers over the month (checks from several places): how many, and their percentiles from the days that kept that place's times. */
type PlaceMonth = { place: string; answered: number; times: MonthTimes | null };

type MonthFigures = {
  /** checks outside maintenance, and those that found the server up (online or warning) */
  checks: number;
  up: number;
  /** checks made inside a maintenance window: in no other figure */
  maintenanceChecks: number;
  /** checks (in `checks`, not in `up`) that found the server unreachable because a server it depends on was down */
  causedChecks: number;
  /** up of checks (the caused ones left out when the report says so), 0 to 1; null without checks */
  availability: number | null;
  /** the outages' time inside the month (up to the newest run for one still going on) */
  downtimeMs: number;
  /** outages that were going on at some time in the month */
  outages: number;
  /** the longest of them, inside the month; null with none */
  longestOutageMs: number | null;
  /** the median time to recover of the outages that ended in the month (their whole length); null with none */
  medianRecoveryMs: number | null;
  times: MonthTimes | null;
  /** the checks made (maintenance too) of those the usual interval expects over the month's time so far; null when not known */
  covered: number | null;
  /** checks from several places: each place's answers and times, by name (absent from one place); a place's times are kept 62 days */
  places?: PlaceMonth[];
};

type ServerMonth = MonthFigures & {
  server: string;
  /** its outages going on at some time in the month, whole (from, to: ISO; to null while it lasts), oldest first */
  outageTimes: Array<{ from: string; to: string | null }>;
};

export type MonthReport = {
  /** yyyy-mm */
  month: string;
  status: ReportStatus;
  /** a failed month's reason, in words; null otherwise */
  reason: string | null;
  /** the first moment of the month and the moment after its last (UTC) */
  start: string;
  end: string;
  /** the figures are as of this time (the newest run); a month in progress ends here for now */
  asOf: string;
  /** whether the availability counts the checks a dependency made fail, or leaves them out */
  causedDowntime: CausedDowntime;
  fleet: MonthFigures;
  servers: ServerMonth[];
  /** each objective of objectives.json judged on the month's checks (#48, domain/objectives/monthObjectives.ts); absent from a period's report */
  objectives?: MonthObjective[];
};

/** The first moment of a UTC month ("2028-02") and the moment after it. */
export function monthBounds(month: string): { start: number; end: number } {
  const [year, m] = month.split("-").map(Number);
  return { start: Date.UTC(year, m - 1, 1), end: Date.UTC(year, m, 1) };
}

/** The UTC months from the first to the last holding the times given, as yyyy-mm, oldest first. */
export function monthsBetween(from: number, to: number): string[] {
  const months: string[] = [];
  const first = new Date(from);
  for (let y = first.getUTCFullYear(), m = first.getUTCMonth(); Date.UTC(y, m, 1) <= to; m += 1) {
    months.push(new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7));
  }
  return months;
}

/**
 * The months a build reports at `asOf`: those the daily rollups hold whole (they
 * keep 400 days: a month they hold only the end of would read as one the checks
 * did not cover), up to the month in progress, oldest first.
 */
export function reportedMonths(asOf: Date): string[] {
  const kept = Math.floor(asOf.getTime() / DAY_MS) * DAY_MS - (DAILY_ROLLUP_DAYS - 1) * DAY_MS;
  const keptMonth = new Date(kept);
  const first = keptMonth.getUTCDate() === 1 ? kept : Date.UTC(keptMonth.getUTCFullYear(), keptMonth.getUTCMonth() + 1, 1);
  return monthsBetween(first, asOf.getTime());
}

/** How long an outage lasted inside [start, end): an outage still going on lasts to `now`. */
const insideMs = (o: Outage, start: number, end: number, now: number) => Math.max(0, Math.min(o.to ?? now, end) - Math.max(o.from, start));

/** A place's answers counted over a stretch: their sketch, and the days that kept it of those it answered on. */
type PlaceCount = { answered: number; sketch: TimeSketch; daysKept: number; daysTimed: number };

type Counted = Omit<MonthFigures, "availability" | "times" | "covered" | "medianRecoveryMs" | "longestOutageMs" | "places"> & {
  places: Map<string, PlaceCount>;
  sketch: TimeSketch;
  daysKept: number;
  daysTimed: number;
  recoveries: number[];
  longest: number;
  made: number;
  expected: number | null;
  /** a server's outages in the month (not gathered for the fleet) */
  list?: Outage[];
};

/** A server's rollups as a report reads them, worked out once for all its months. */
type ServerDays = { rollup: ServerRollup; days: RollupMap; outages: Outage[] };

const serverDays = (rollup: ServerRollup): ServerDays => ({
  rollup,
  days: seriesMap(rollup.daily, DAY_MS),
  outages: readOutages(rollup.outages),
});

function countServer(
  { rollup, days, outages: all }: ServerDays,
  start: number,
  end: number,
  now: number,
  intervalMs: number | null,
): Counted {
  const periodEnd = Math.min(end, now);
  let checks = 0;
  let up = 0;
  let maintenanceChecks = 0;
  let causedChecks = 0;
  const dayStarts: number[] = [];
  const places = new Map<string, PlaceCount>();
  for (let day = start; day < periodEnd; day += DAY_MS) {
    dayStarts.push(day);
    const r = days.get(day);
    if (!r) continue;
    checks += r.total;
    up += r.up;
    maintenanceChecks += r.maintenance ?? 0;
    causedChecks += r.caused ?? 0;
    for (const place in r.places) {
      const figures = r.places[place];
      let count = places.get(place);
      if (!count) places.set(place, (count = { answered: 0, sketch: new Map(), daysKept: 0, daysTimed: 0 }));
      count.answered += figures.answered;
      if (figures.answered > 0) count.daysTimed += 1;
      if (figures.sketch && addSketchText(figures.sketch, count.sketch)) count.daysKept += 1;
    }
  }
  const outages = all.filter((o) => insideMs(o, start, end, now) > 0);
  const inside = outages.map((o) => insideMs(o, start, end, now));
  const { sketch, kept, timed } = sketchOfDays(rollup, dayStarts, days);
  return {
    checks,
    up,
    maintenanceChecks,
    causedChecks,
    downtimeMs: inside.reduce((n, ms) => n + ms, 0),
    outages: outages.length,
    longest: inside.length === 0 ? 0 : Math.max(...inside),
    recoveries: outages.filter((o) => o.to !== null && o.to >= start && o.to < end).map((o) => o.to! - o.from),
    sketch,
    daysKept: kept,
    daysTimed: timed,
    made: checks + maintenanceChecks,
    expected: intervalMs === null || intervalMs <= 0 ? null : Math.floor(Math.max(0, periodEnd - start) / intervalMs),
    list: outages,
    places,
  };
}

/** Percentiles of a sketch with the days it covers; null when it holds no answer. */
function timesOf(sketch: TimeSketch, daysKept: number, daysTimed: number): MonthTimes | null {
  const p = (q: number) => sketchPercentile(sketch, q);
  const median = p(0.5);
  return median === null ? null : { median, p95: p(0.95)!, p99: p(0.99)!, daysKept, daysTimed };
}

function figuresOf(c: Counted, causedDowntime: CausedDowntime): MonthFigures {
  const recoveries = [...c.recoveries].sort((a, b) => a - b);
  const places = [...c.places]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([place, count]) => ({ place, answered: count.answered, times: timesOf(count.sketch, count.daysKept, count.daysTimed) }));
  const counted = causedDowntime === "excluded" ? c.checks - c.causedChecks : c.checks;
  return {
    checks: c.checks,
    up: c.up,
    maintenanceChecks: c.maintenanceChecks,
    causedChecks: c.causedChecks,
    availability: counted <= 0 ? null : c.up / counted,
    downtimeMs: c.downtimeMs,
    outages: c.outages,
    longestOutageMs: c.outages === 0 ? null : c.longest,
    medianRecoveryMs: median(recoveries),
    times: timesOf(c.sketch, c.daysKept, c.daysTimed),
    covered: c.expected === null || c.expected === 0 ? null : Math.min(1, c.made / c.expected),
    ...(places.length > 0 ? { places } : {}),
  };
}

const percent = (share: number) => `${Math.floor(share * 1000) / 10} %`;

/** A stretch's figures (a month's, or a period's), gathered a server at a time (a fleet of 10,000 is never all in memory at once). */
type MonthGathering = { month: string; start: number; end: number; servers: ServerMonth[]; fleet: Counted; causedDowntime: CausedDowntime };

const emptyCount = (): Counted => ({
  checks: 0,
  up: 0,
  maintenanceChecks: 0,
  causedChecks: 0,
  downtimeMs: 0,
  outages: 0,
  longest: 0,
  recoveries: [],
  sketch: new Map(),
  daysKept: 0,
  daysTimed: 0,
  made: 0,
  expected: 0,
  places: new Map(),
});

/**
 * The reports of some months, as of `asOf` (the newest run): `add` each checked
 * server's rollups (brought up to the raw runs) one after the other, then
 * `reports`. `intervalMs` is the job's usual interval (latest.json's), for
 * the share of each month the checks covered.
 */
export function gatherMonths(months: readonly string[], asOf: Date, intervalMs: number | null, causedDowntime: CausedDowntime = "counted") {
  const gatherings: MonthGathering[] = months.map((month) => ({
    month,
    ...monthBounds(month),
    servers: [],
    fleet: emptyCount(),
    causedDowntime,
  }));
  const add = gatherInto(gatherings, asOf, intervalMs);
  return {
    add,
    /** The months' reports, oldest first; from the first month with a check unless told (the months before the job ran have none). */
    reports(fromFirstCheck = true): MonthReport[] {
      const first = fromFirstCheck ? gatherings.findIndex((g) => g.fleet.made > 0 || g.fleet.outages > 0) : 0;
      return first < 0 ? [] : gatherings.slice(first).map((g) => reportOf(g, asOf));
    },
  };
}

/** A period's report (#33, Generate Report): a month's figures over whole UTC days a reader picked. */
export type PeriodReport = Omit<MonthReport, "month" | "status"> & { status: "completed" | "processing" | "failed" };

/**
 * The report of the whole UTC days [start, end) as of `asOf`, gathered as
 * gatherMonths does: `add` each server's rollups, then `report`. A period that
 * reaches past asOf is "processing" (its figures as of asOf); one the checks
 * covered less than half of is "failed", with the share, as a month would be.
 */
export function gatherPeriod(
  start: number,
  end: number,
  asOf: Date,
  intervalMs: number | null,
  causedDowntime: CausedDowntime = "counted",
) {
  const gathering: MonthGathering = { month: "", start, end, servers: [], fleet: emptyCount(), causedDowntime };
  const add = gatherInto([gathering], asOf, intervalMs);
  return {
    add,
    report(): PeriodReport {
      const { month: _month, ...report } = reportOf(gathering, asOf);
      return report;
    },
  };
}

function gatherInto(gatherings: MonthGathering[], asOf: Date, intervalMs: number | null) {
  const now = asOf.getTime();
  return (server: string, rollup: ServerRollup): void => {
    const read = serverDays(rollup);
    for (const g of gatherings) {
      const c = countServer(read, g.start, g.end, now, intervalMs);
      const outageTimes = (c.list ?? []).map((o) => ({
        from: new Date(o.from).toISOString(),
        to: o.to === null ? null : new Date(o.to).toISOString(),
      }));
      g.servers.push({ server, ...figuresOf(c, g.causedDowntime), outageTimes });
      const f = g.fleet;
      f.checks += c.checks;
      f.up += c.up;
      f.maintenanceChecks += c.maintenanceChecks;
      f.causedChecks += c.causedChecks;
      f.downtimeMs += c.downtimeMs;
      f.outages += c.outages;
      f.longest = Math.max(f.longest, c.longest);
      f.recoveries.push(...c.recoveries);
      for (const [bucket, count] of c.sketch) f.sketch.set(bucket, (f.sketch.get(bucket) ?? 0) + count);
      f.daysKept += c.daysKept;
      f.daysTimed += c.daysTimed;
      f.made += c.made;
      f.expected = f.expected === null || c.expected === null ? null : f.expected + c.expected;
      for (const [place, count] of c.places) {
        let fleet = f.places.get(place);
        if (!fleet) f.places.set(place, (fleet = { answered: 0, sketch: new Map(), daysKept: 0, daysTimed: 0 }));
        fleet.answered += count.answered;
        for (const [bucket, n] of count.sketch) fleet.sketch.set(bucket, (fleet.sketch.get(bucket) ?? 0) + n);
        fleet.daysKept += count.daysKept;
        fleet.daysTimed += count.daysTimed;
      }
    }
  };
}

function reportOf(g: MonthGathering, asOf: Date): MonthReport {
  const now = asOf.getTime();
  const fleet = figuresOf(g.fleet, g.causedDowntime);
  const inProgress = now < g.end;
  let status: ReportStatus = inProgress ? "processing" : "completed";
  let reason: string | null = null;
  if (now < g.start) {
    status = "failed";
    reason = g.month ? "the month has not begun" : "the period has not begun";
  } else if (!inProgress && fleet.checks + fleet.maintenanceChecks === 0) {
    status = "failed";
    reason = g.month ? "no check ran in this month" : "no check ran in this period";
  } else if (!inProgress && fleet.covered !== null && fleet.covered < MIN_COVERED_SHARE) {
    status = "failed";
    reason = `the checks covered ${percent(fleet.covered)} of the ${g.month ? "month" : "period"} (runs that did not come, or servers checked for part of it): its figures are those of that part only`;
  }
  return {
    month: g.month,
    status,
    reason,
    start: new Date(g.start).toISOString(),
    end: new Date(g.end).toISOString(),
    asOf: asOf.toISOString(),
    causedDowntime: g.causedDowntime,
    fleet,
    servers: g.servers,
  };
}

/** One month's report from the servers' rollups (brought up to the raw runs): gatherMonths for one month. */
export function monthReport(
  month: string,
  rollups: ReadonlyMap<string, ServerRollup>,
  servers: readonly string[],
  asOf: Date,
  intervalMs: number | null,
  causedDowntime: CausedDowntime = "counted",
): MonthReport {
  const gathering = gatherMonths([month], asOf, intervalMs, causedDowntime);
  for (const server of servers) gathering.add(server, rollups.get(server) ?? emptyRollup(server));
  return gathering.reports(false)[0];
}
