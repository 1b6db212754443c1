/** Display formats shared by the pages and the export. */

/** 45 -> '45 ms'; a value that is not a finite number reads as an em dash. */
export function formatMs(ms: number): string {
  return Number.isFinite(ms) ? `${Math.round(ms)} ms` : "—";
}

/** Local wall-clock time HH:MM:SS, the format the simulation writes into lastChecked. */
export function formatClock(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** Local date YYYY-MM-DD (the export's file name uses it). */
export function formatIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
