/** Display formats shared by the pages and the export. */

/** 45 -> '45 ms'; a value that is not a finite number reads as an em dash. */
export function formatMs(ms: number | null): string {
  return ms !== null && Number.isFinite(ms) ? `${Math.round(ms)} ms` : "—";
}

/**
 * A count as en-US writes it: 10000 -> '10,000'. Not toLocaleString: its first
 * call loads the locale's number data, about 15 ms of a page's first second (60 ms
 * on a slow phone), to put in a comma.
 */
export function formatCount(value: number): string {
  const [whole, fraction] = String(Math.abs(value)).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${value < 0 ? "-" : ""}${grouped}${fraction ? `.${fraction}` : ""}`;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Local wall-clock time HH:MM:SS: how a time of check reads on a page (SPEC §4: the local time). */
export function formatClock(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** HH:MM, in local time or (before the browser's zone is known) 'HH:MM UTC'. */
export function formatHourMinute(date: Date, utc: boolean): string {
  return utc ? `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC` : `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** HH:MM:SS UTC: a time of check before the browser's zone is known (the static HTML). */
export function formatUtcClock(date: Date): string {
  return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} UTC`;
}

/** YYYY-MM-DD HH:MM UTC: a date and time before the browser's zone is known (the editors' alert format). */
export function formatUtcDateTime(date: Date): string {
  return `${date.toISOString().slice(0, 10)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/** YYYY-MM-DD HH:MM in local time. */
export function formatDateTime(date: Date): string {
  return `${formatIsoDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An ISO date-time as a Date, or null when it is not one. */
export function parseTime(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A time of check in local time, or the text as it is when it is not a date-time. */
export function formatCheckTime(iso: string): string {
  const date = parseTime(iso);
  return date ? formatClock(date) : iso;
}

/** Local date YYYY-MM-DD (the export's file name uses it). */
export function formatIsoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
