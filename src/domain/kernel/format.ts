/** Display formats shared by the pages and the export. */

/** Text as HTML that says it: the five characters that mean something in HTML, escaped (an e-mail's body, an RSS item). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

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

/** HH:MM:SS UTC: a time of check before the browser's zone is known (the static HTML). */
export function formatUtcClock(date: Date): string {
  return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} UTC`;
}

/** YYYY-MM-DD HH:MM UTC: a date and time before the browser's zone is known (the editors' alert format). */
export function formatUtcDateTime(date: Date): string {
  return `${date.toISOString().slice(0, 10)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/** An ISO date-time as a Date, or null when it is not one. */
export function parseTime(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Local date YYYY-MM-DD (the export's file name uses it). */
export function formatIsoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** How a page says times: UTC (the static HTML, and readers who ask for it) or the reader's own zone. */
export type TimeZoneMode = "utc" | "local";

/**
 * The zone a time is said in, next to it: 'UTC', or the reader's offset then
 * ('GMT+1', 'GMT-4', 'GMT+5:30'), from the Date itself (no Intl: older browsers
 * lack its offset names, and it follows the zone if the device changes it); a
 * zone on UTC then says 'UTC'.
 */
export function zoneName(date: Date, mode: TimeZoneMode): string {
  if (mode === "utc") return "UTC";
  const minutes = -date.getTimezoneOffset();
  if (minutes === 0) return "UTC";
  const hours = Math.trunc(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `GMT${minutes < 0 ? "-" : "+"}${hours}${rest ? `:${pad(rest)}` : ""}`;
}

let knownZone: string | null | undefined;

/** The reader's IANA zone as the browser knows it ('Europe/Berlin'), or null; asked once (every time on a page names it in its title). */
export function readerZone(): string | null {
  if (knownZone !== undefined) return knownZone;
  try {
    knownZone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? null;
  } catch {
    knownZone = null;
  }
  return knownZone;
}

/** What a time of day with its date shows: 'YYYY-MM-DD HH:MM ZONE' (seconds with `seconds`), in UTC or the reader's zone. */
export function formatWhen(date: Date, mode: TimeZoneMode, { seconds = false, date: withDate = true } = {}): string {
  const utc = mode === "utc";
  const day = utc ? date.toISOString().slice(0, 10) : formatIsoDate(date);
  const h = utc ? date.getUTCHours() : date.getHours();
  const m = utc ? date.getUTCMinutes() : date.getMinutes();
  const sec = utc ? date.getUTCSeconds() : date.getSeconds();
  const clock = `${pad(h)}:${pad(m)}${seconds ? `:${pad(sec)}` : ""}`;
  return `${withDate ? `${day} ` : ""}${clock} ${zoneName(date, mode)}`;
}
