/**
 * Heartbeats (issue #49): a job that answers no request (a backup, a cron job,
 * a pipeline) is watched through a time it publishes itself, its last "ping".
 * The check job reads that time from an answer (a JSON value by JSONPath, or a
 * header such as Last-Modified) and judges it against the job's schedule: a
 * period with a grace, or a cron expression in a time zone with a grace.
 *
 * Missed is judged from the ping's own time and the clock at the check, never
 * from when the check job happened to run: a run that comes late (GitHub's
 * schedule is best effort) sees the same ping later, and calls it what it is
 * at that moment. So a heartbeat on time is never called down because the
 * check job was late, and one that stopped is down within period + grace and
 * one run of the job.
 *
 * States: up (online), late (a warning: a period's ping due, within its grace),
 * down (offline). A cron's run is awaited through its grace (it reports when it
 * ends), so a cron heartbeat is up or down.
 * A job that also publishes when it started is "running" (up) from its start
 * for at most maxRunMinutes: a long job is not late while it runs, and one
 * that runs too long is down.
 *
 * Read by the job (judge.ts), the content's rules (checkRules.ts) and the
 * build (a server page's schedule in words); croner computes the cron's times.
 */
import { Cron } from "croner";
import { formatUtcDateTime } from "../kernel/format";
import { plainText } from "../kernel/plainText";
import { formatLongDuration, MINUTE_MS } from "../kernel/time";
import type { HeartbeatSchedule, HeartbeatTarget } from "./definition";

/** A ping's time more than this ahead of the check job's clock says that one of the clocks is wrong. */
export const AHEAD_TOLERANCE_MS = 5 * MINUTE_MS;

const crons = new Map<string, Cron>();
/** A cron, kept: a run judges the same schedules on every server that has them. No function: croner only computes times. */
function cronOf(pattern: string, timeZone: string): Cron {
  const key = `${timeZone} ${pattern}`;
  let cron = crons.get(key);
  if (cron === undefined) {
    cron = new Cron(pattern, { timezone: timeZone });
    crons.set(key, cron);
  }
  return cron;
}

/** The cron's last times at or before `at`, newest first (croner's previous runs are strictly before the reference). */
function firesUpTo(schedule: Extract<HeartbeatSchedule, { kind: "cron" }>, at: number, n: number): number[] {
  return cronOf(schedule.cron, schedule.timeZone)
    .previousRuns(n, new Date(at + 1))
    .map((date) => date.getTime());
}

/** The cron's next time strictly after `at`; null when it never fires again. */
function nextFire(schedule: Extract<HeartbeatSchedule, { kind: "cron" }>, at: number): number | null {
  return cronOf(schedule.cron, schedule.timeZone).nextRun(new Date(at))?.getTime() ?? null;
}

/** The newest time the cron was due at or before `at`; null when it never was. */
export function newestCronTime(schedule: Extract<HeartbeatSchedule, { kind: "cron" }>, at: number): number | null {
  return firesUpTo(schedule, at, 1)[0] ?? null;
}

/** Times between two moments a page counts at most: a stop of months is said as "or more", not walked through. */
export const CRON_TIMES_COUNTED = 1000;

/** The cron's times strictly between `from` and `to`, oldest first (at most CRON_TIMES_COUNTED). */
export function cronTimesBetween(schedule: Extract<HeartbeatSchedule, { kind: "cron" }>, from: number, to: number): number[] {
  const times: number[] = [];
  let next = nextFire(schedule, from);
  while (next !== null && next < to && times.length < CRON_TIMES_COUNTED) {
    times.push(next);
    next = nextFire(schedule, next);
  }
  return times;
}

/** The latest instant a Date holds (ECMAScript's time range). */
const MAX_DATE_MS = 8.64e15;

/**
 * A time as a watched job writes it: an ISO 8601 date-time with its zone (Z or
 * an offset), an HTTP date (Last-Modified's: 'Sun, 29 Nov 2026 03:40:00 GMT'),
 * or a number of seconds (or, 10^11 and over, milliseconds) since 1970. A time
 * without a zone is refused: whose 03:40 it is cannot be known.
 */
export function readTime(value: unknown): { at: number } | { problem: string } {
  if (typeof value === "number") {
    const at = value >= 1e11 ? value : value * 1000;
    // Past the dates JavaScript can hold (±8.64e15 ms), a number is no time whatever its unit.
    if (!Number.isFinite(value) || value <= 0 || at > MAX_DATE_MS) return { problem: `${value}, not a time` };
    return { at };
  }
  if (typeof value !== "string") return { problem: `${value === null ? "null" : typeof value}, not a time` };
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return readTime(Number(text));
  const quoted = `"${plainText(text, 40)}"`;
  const iso = ISO_TIME.exec(text);
  const http = HTTP_DATE.exec(text);
  if (!iso && !http) {
    const zoneless = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(text);
    return { problem: `${quoted}, ${zoneless ? "a time without its zone (add Z or an offset)" : "not a time"}` };
  }
  // Each field in its range and the day in its month: Date would roll 2026-02-30 over to March 2 and read a damaged time as a newer one.
  const [year, month, day, hour, minute, second] = iso
    ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6] ?? "0"].map(Number)
    : [http![4], String(MONTHS.indexOf(http![3]) + 1), http![2], http![5], http![6], http![7]].map(Number);
  const offset = iso ? /^([+-])(\d{2}):?(\d{2})$/.exec(iso[8]) : null;
  const inRange =
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= new Date(Date.UTC(year, month, 0)).getUTCDate() &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    (offset === null || (Number(offset[2]) <= 23 && Number(offset[3]) <= 59));
  const at = inRange ? Date.parse(iso ? text.replace(" ", "T") : text) : NaN;
  if (!Number.isFinite(at) || Math.abs(at) > MAX_DATE_MS) return { problem: `${quoted}, not a time` };
  // An HTTP date names its weekday: one that disagrees with its date is a damaged date.
  if (http && WEEKDAYS[new Date(at).getUTCDay()] !== http[1]) return { problem: `${quoted}, not a time (${http[1]} is not its weekday)` };
  return { at };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
/** ISO 8601 with its zone: date, hour and minute, seconds and their fraction optional, Z or an offset. */
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
/** An HTTP date (RFC 9110's IMF-fixdate), as Last-Modified says it: 'Sun, 29 Nov 2026 03:40:00 GMT'. */
const HTTP_DATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;

/**
 * The newest object's time in an S3-compatible listing (ListObjectsV2 or V1:
 * AWS, R2, MinIO, Backblaze B2, Google Cloud Storage's XML API): the latest of
 * its LastModified values; or why there is none. A listing cut short
 * (IsTruncated) may hold its newest object on a later page: said, not guessed.
 */
export function newestInS3Listing(text: string): { at: number } | { problem: string } {
  if (!/<ListBucketResult[\s>]/.test(text)) return { problem: "the answer is not an S3 listing (no ListBucketResult)" };
  if (/<IsTruncated>\s*true\s*<\/IsTruncated>/i.test(text)) {
    return { problem: "the listing is cut (IsTruncated: more than one page of objects): give a prefix that holds fewer" };
  }
  const times = [...text.matchAll(/<LastModified>([^<]{1,64})<\/LastModified>/g)].map((match) => match[1]);
  return times.length === 0 ? { problem: "the listing holds no object" } : newestOf(times, "in the listing");
}

/** The latest of several times (a listing's, `place` saying where); the values that are no time are passed over, none at all is a problem. */
export function newestOf(values: readonly unknown[], place: string): { at: number } | { problem: string } {
  let newest: number | null = null;
  for (const value of values) {
    const time = readTime(value);
    if ("at" in time && (newest === null || time.at > newest)) newest = time.at;
  }
  if (newest !== null) return { at: newest };
  if (values.length === 0) return { problem: `nothing ${place}` };
  return { problem: values.length === 1 ? `the value ${place} is not a time` : `none of the ${values.length} values ${place} is a time` };
}

/** A heartbeat's state at one moment, with the words the pages, alerts and notifications use. */
export type HeartbeatJudgement = {
  status: "online" | "warning" | "offline";
  /** late: a warning because a ping is due and within its grace */
  late: boolean;
  detail: string;
  /** the newest ping read (ms since 1970) */
  ping: number;
  /** when the next ping is due (null: a cron that never fires again) */
  due: number | null;
};

const utc = (ms: number) => formatUtcDateTime(new Date(ms));
const ago = (ms: number) => formatLongDuration(Math.max(0, ms));

/**
 * The state of a heartbeat at `now` from its newest ping (and, when the job
 * publishes it, its newest start): pure, so a replay of any clock can judge it.
 *
 * - period: up while now − ping ≤ period; late until period + grace; down after.
 * - cron: up when a ping came at or after the newest time the cron fired (the
 *   run due has reported), and while that run may still report (within the
 *   grace: a run reports when it ends, so it is under way, not late), unless an
 *   earlier time was missed too (then down); down after the grace.
 * - started: a start newer than the ping is a run under way: up for maxRunMs
 *   from its start (down after: too long), whatever was due meanwhile.
 * - a ping ahead of the check job's clock by more than AHEAD_TOLERANCE_MS: a
 *   warning (never up: a wrong clock would keep it green for ever).
 */
export function judgeHeartbeat(target: HeartbeatTarget, ping: number, started: number | null, now: number): HeartbeatJudgement {
  const { schedule } = target;
  if (ping - now > AHEAD_TOLERANCE_MS) {
    return {
      status: "warning",
      late: false,
      ping,
      due: null,
      detail: `the last ping's time, ${utc(ping)}, is ${ago(ping - now)} ahead of the check job's clock: one of the clocks is wrong`,
    };
  }
  const last = `last ping ${utc(ping)} (${ago(now - ping)} ago)`;
  if (started !== null && started > ping && target.maxRunMs !== null && started - now <= AHEAD_TOLERANCE_MS) {
    const running = now - started;
    if (running <= target.maxRunMs) {
      return {
        status: "online",
        late: false,
        ping,
        due: started + target.maxRunMs,
        detail: `running since ${utc(started)} (${ago(running)}, at most ${ago(target.maxRunMs)}); ${last}`,
      };
    }
    return {
      status: "offline",
      late: false,
      ping,
      due: started + target.maxRunMs,
      detail: `started ${utc(started)} and not finished after ${ago(target.maxRunMs)} (too long); ${last}`,
    };
  }
  if (schedule.kind === "period") {
    const due = ping + schedule.periodMs;
    if (now <= due) return { status: "online", late: false, ping, due, detail: `${last}; next due by ${utc(due)}` };
    const downAt = due + schedule.graceMs;
    if (now <= downAt) {
      return { status: "warning", late: true, ping, due, detail: `late: ${last}, due by ${utc(due)}; down after ${utc(downAt)}` };
    }
    return { status: "offline", late: false, ping, due, detail: `no ping since ${utc(ping)} (${ago(now - ping)} ago): due by ${utc(due)}` };
  }
  const [newest, before] = firesUpTo(schedule, now, 2);
  const next = nextFire(schedule, now);
  if (newest === undefined || ping >= newest) {
    return { status: "online", late: false, ping, due: next, detail: next === null ? last : `${last}; next run due ${utc(next)}` };
  }
  // The run due at `newest` has not pinged. Was the one before it missed too, its grace over?
  const missedBefore = before !== undefined && ping < before && now > before + schedule.graceMs;
  const downAt = newest + schedule.graceMs;
  if (now <= downAt && !missedBefore) {
    // A run reports when it ends: within its grace it is under way, not late (a nightly job would be "late" every night).
    return {
      status: "online",
      late: false,
      ping,
      due: newest,
      detail: `the run due ${utc(newest)} has not reported yet; down after ${utc(downAt)}; ${last}`,
    };
  }
  const missed = missedBefore ? before : newest;
  return { status: "offline", late: false, ping, due: newest, detail: `missed the run due ${utc(missed)}: ${last}` };
}

/** Why a cron pattern cannot be a heartbeat's schedule (croner's words, or that it never fires); null for a good one. */
export function cronProblem(pattern: string, timeZone: string, from: Date = new Date()): string | null {
  // croner also reads 6 and 7 fields (seconds first, a year last): "0 3 * * * *" would fire at :03 every hour.
  const fields = pattern.trim().split(/\s+/).length;
  if (fields !== 5) return `${fields} field${fields === 1 ? "" : "s"}, where a cron has 5`;
  let cron: Cron;
  try {
    cron = new Cron(pattern, { timezone: timeZone });
  } catch (error) {
    return error instanceof Error ? error.message.replace(/^CronPattern: /, "") : String(error);
  }
  return cron.nextRun(from) === null ? "it never fires (no such date)" : null;
}

/** Whether a time zone is one Intl knows (an IANA name such as Europe/Berlin, or UTC). */
export function knownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The shortest time between two of a cron's times over the next year (from
 * `from`): for a heartbeat, how often it is due at most; for the check job's
 * own schedule, its interval. null when it fires less than twice.
 */
export function shortestGapMs(pattern: string, timeZone: string, from: Date = new Date(), limit = 2000): number | null {
  const times = new Cron(pattern, { timezone: timeZone }).nextRuns(limit, from).map((date) => date.getTime());
  let shortest: number | null = null;
  for (let i = 1; i < times.length; i += 1) {
    const gap = times[i] - times[i - 1];
    if (shortest === null || gap < shortest) shortest = gap;
  }
  return shortest;
}
