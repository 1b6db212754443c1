import { formatDuration, formatSeconds } from "../../src/domain/kernel/time";
import { summaryLine } from "../notify/outbox";
import type { UnderLock } from "./applyUnderLock";
import type { Observed, RunContext, RunReport } from "./runTypes";
import { plural, tally } from "./words";

/**
 * The last phase's words: what the run wrote, what it counted (the confirmed states, as the pages
 * will show them), where its time went, and what the notifications did; or, when it could write
 * nothing (a clock behind what was kept), why. Gives the run's report.
 */
export function tellRun(observed: Observed, done: UnderLock, checked: number, context: RunContext): RunReport {
  const { contentDir, log, warn } = context;
  const { measured, unfinished, measuredAgain } = observed;
  const { notified, phases } = done;
  if (done.applied === null) {
    const said = `The run checked ${plural(measured.length, "server")} but wrote nothing: ${done.behind!}`;
    warn(said);
    if (notified) log(summaryLine(notified));
    return {
      ...tally(measured),
      checked,
      seconds: (Date.now() - context.started) / 1000,
      newAlerts: 0,
      responseTimes: [],
      notifications: notified,
      unfinished,
      refused: said,
    };
  }
  const applied = done.applied;
  for (const line of applied.warnings) warn(line);

  const counts = tally(applied.superseded ? measured : applied.latest!.results);
  const seconds = (Date.now() - context.started) / 1000;
  const newAlerts = applied.fresh.length;
  log(
    applied.superseded
      ? `Added this run to ${contentDir}/checks/history.json; a newer run's latest.json and alerts stay.`
      : `Wrote ${contentDir}/checks/latest.json, history.json, servers/ and alerts.json (${plural(newAlerts, "new alert")}).`,
  );
  log(
    `Checked ${plural(checked, "server")} in ${formatDuration(Math.round(seconds * 1000))}: ${counts.online} online, ${counts.warning} warning, ${counts.offline} offline.`,
  );
  log(
    `Time: ${formatSeconds(phases.checking)} checking, ${formatSeconds(phases.reading)} reading the kept history, ${formatSeconds(phases.working)} working out history and rollups, ${formatSeconds(phases.writing)} writing them.`,
  );
  const heldBack = measured.filter((o) => o.maintenance).length;
  if (heldBack > 0) {
    log(
      `${plural(heldBack, "server")} checked in maintenance: recorded, left out of uptime, and held at the state before the window (no alert, no notice).`,
    );
  }
  if (measuredAgain > 0) {
    log(
      `Measured ${plural(measuredAgain, "answer")} again: the job stood still while it came (its machine was busy), so its time was not the server's.`,
    );
  }
  if (notified) log(summaryLine(notified));
  else log(`No ${contentDir}/notifications.json: nobody is notified of changes (docs/operators.md, "Notifications", says how).`);
  const responseTimes = measured.flatMap((o) => (o.responseTime === null ? [] : [o.responseTime]));
  return { checked, ...counts, seconds, newAlerts, responseTimes, notifications: notified, unfinished, refused: null };
}
