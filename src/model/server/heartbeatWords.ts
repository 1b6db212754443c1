/**
 * A heartbeat's page (#49): its schedule next to the pings the job saw, in
 * words the build writes, so the page renders strings and loads no cron code.
 * Each ping kept (latest.json's heartbeat.pings) is set against the time it
 * answered: the ping before it plus the period, or the newest time the cron
 * was due; the cron's times that had no ping between two kept ones are rows
 * of their own ("no ping"). Build code only (croner).
 */
import { formatUtcDateTime } from "../../domain/kernel/format";
import { formatLongDuration } from "../../domain/kernel/time";
import { CRON_TIMES_COUNTED, cronTimesBetween, newestCronTime } from "../../domain/checks/heartbeat";
import type { HeartbeatTarget } from "../../domain/checks/definition";
import type { CheckFact } from "./serverPage";

/** One row of the table: when a ping came (or "no ping"), when it was due, and how it stood against its grace. */
type HeartbeatRow = [received: string, due: string, verdict: string];

/** What a heartbeat's page shows besides its check's words: newest first. */
export type HeartbeatSaid = { facts: CheckFact[]; rows: HeartbeatRow[] };

/** The Pings section's title, description and table caption, and its columns: said here, so the page's script carries none of them. */
export const PINGS_SAID = [
  "Pings",
  "What the watched job reported, newest first, beside when its schedule expected it.",
  "Pings received and when they were due (UTC)",
] as const;
export const PINGS_HEADS = ["Ping received", "Due", "How it came"] as const;

/** Missed times said between two pings at most: a job stopped for months is a few rows and a count, not thousands. */
const MISSED_SHOWN = 5;

const utc = (ms: number) => formatUtcDateTime(new Date(ms));

function verdict(received: number, due: number, graceMs: number): string {
  const after = received - due;
  if (after <= 0) return "on time";
  if (after <= graceMs) return `${formatLongDuration(after)} after, within the grace`;
  return `late by ${formatLongDuration(after - graceMs)} after the grace: down until it came`;
}

/**
 * The facts (last ping, next due) and the rows, newest first, of a heartbeat
 * whose newest result holds `seen`; null before the job has read a ping.
 */
export function heartbeatSaid(
  target: HeartbeatTarget | "relay",
  seen: { ping: string; due: string | null; pings: readonly string[] } | undefined,
): HeartbeatSaid | null {
  if (!seen) return null;
  const pings = seen.pings.map((p) => Date.parse(p)).filter(Number.isFinite);
  if (target === "relay") {
    // The service holds the schedule and judged each ping: the page lists what the job saw of them.
    const facts: CheckFact[] = [{ term: "Last ping", value: utc(Date.parse(seen.ping)) }];
    if (seen.due !== null) facts.push({ term: "Next expected (healthchecks.io)", value: `by ${utc(Date.parse(seen.due))}` });
    return { facts, rows: pings.map((ping): HeartbeatRow => [utc(ping), "—", "judged by healthchecks.io"]).reverse() };
  }
  const { schedule } = target;
  const rows: HeartbeatRow[] = [];
  pings.forEach((ping, i) => {
    const before = i > 0 ? pings[i - 1] : null;
    if (schedule.kind === "period") {
      if (before === null) rows.push([utc(ping), "—", "the oldest ping kept"]);
      else rows.push([utc(ping), utc(before + schedule.periodMs), verdict(ping, before + schedule.periodMs, schedule.graceMs)]);
      return;
    }
    const due = newestCronTime(schedule, ping);
    if (before !== null) {
      // The cron's times after the ping before this one's run and before this one's own: nothing answered them.
      const missed = cronTimesBetween(schedule, newestCronTime(schedule, before) ?? before, due ?? ping);
      // Oldest first as the rows go (they are turned newest first at the end): the count of the older ones comes first.
      if (missed.length > MISSED_SHOWN)
        rows.push([
          "no ping",
          "…",
          `${missed.length - MISSED_SHOWN}${missed.length >= CRON_TIMES_COUNTED ? " or more" : ""} more missed before these`,
        ]);
      for (const time of missed.slice(-MISSED_SHOWN)) rows.push(["no ping", utc(time), "missed"]);
    }
    rows.push([
      utc(ping),
      due === null ? "—" : utc(due),
      due === null ? "before the schedule's first time" : verdict(ping, due, schedule.graceMs),
    ]);
  });
  const facts: CheckFact[] = [{ term: "Last ping", value: utc(Date.parse(seen.ping)) }];
  if (seen.due !== null)
    facts.push({ term: "Next due", value: schedule.kind === "period" ? `by ${utc(Date.parse(seen.due))}` : utc(Date.parse(seen.due)) });
  return { facts, rows: rows.reverse() };
}
