import type { RunReport } from "./runTypes";

/** "1 server", "2 servers": the run's lines count in words. */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** How many of these are online, in warning and offline. */
export const tally = (outcomes: ReadonlyArray<{ status: string }>) => ({
  online: outcomes.filter((o) => o.status === "online").length,
  warning: outcomes.filter((o) => o.status === "warning").length,
  offline: outcomes.filter((o) => o.status === "offline").length,
});

/** A run that checked and wrote nothing: nothing to check, or the files given to merge refused (`refused` says why). */
export const nothingDone = (seconds: number, refused: string | null): RunReport => ({
  checked: 0,
  online: 0,
  warning: 0,
  offline: 0,
  seconds,
  newAlerts: 0,
  responseTimes: [],
  notifications: null,
  unfinished: [],
  refused,
});
