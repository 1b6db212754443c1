import { performance } from "node:perf_hooks";

/**
 * The build's time spent on the reports (#33): gathering the months, writing
 * each server's published days, the report pages and their API files. The
 * build says it at its end, and npm run bench:scale reads it there, to hold
 * the reports to their share of the build (goal: at most 20 % at 10,000
 * checked servers with a year of history).
 */
let spentMs = 0;

/** Runs `work`, counting its time as the reports'. */
export function timeReports<T>(work: () => T): T {
  const started = performance.now();
  try {
    return work();
  } finally {
    spentMs += performance.now() - started;
  }
}

/** Starts the count again (each createPages reads the job's files afresh). */
export function restartReportTiming(): void {
  spentMs = 0;
}

/** The line the build writes, which bench:scale reads back. */
export const reportTimingLine = (): string => `Reports (#33) took ${(spentMs / 1000).toFixed(2)} s of this build`;
