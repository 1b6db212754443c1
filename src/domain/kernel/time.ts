/**
 * Time as the whole project counts and says it: the lengths of a minute, an
 * hour and a day in milliseconds, and every way a duration is put into words
 * (a check's timeout, how long a server was down, how long ago a check was,
 * where a run's time went). One module, so the same time is said alike
 * wherever it is read.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** 10000 -> '10 s', 2500 -> '2.5 s', 300 -> '300 ms': a timeout or a wait. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/** 2 h 5 min, 45 s, 3 d 4 h: how long a server was down, as a person reads it. */
export function formatLongDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

/** 45 s -> 'just now', 3 min -> '3 min ago', 5 h -> '5 h ago', 3 days -> '3 days ago'. */
export function formatAge(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / MINUTE_MS);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** 7.25 -> '7.3 s': a phase of a run, in seconds with a tenth, so phases read alike side by side. */
export const formatSeconds = (seconds: number): string => `${seconds.toFixed(1)} s`;
