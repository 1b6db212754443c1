/**
 * The server report workbook (SPEC §9), as plain data: sheets, header rows and
 * typed cells. Writing the .xlsx file is the browser's job (with SheetJS); the
 * rules of the format are enforced here, where they can be tested:
 * - sheet names: at most 31 characters, none of : \ / ? * [ ], not starting or
 *   ending with an apostrophe, unique ignoring case;
 * - cell text: at most 32767 characters (longer text is cut and the cut marked);
 * - numbers are number cells, percentages are numbers shown as percentages, times
 *   are dates; every text is a text cell, so '=1+1' stays text.
 */
import { formatIsoDate, parseTime } from "../../domain/kernel/format";
import { alertTime } from "../../domain/checks/alerts";
import { figuresInWords, statusLabel } from "../../domain/kernel/status";
import type { Alert, Server } from "../../domain/kernel/types";
import { DAY_MS } from "../../domain/kernel/time";

export const SHEET_NAME_MAX = 31;
export const CELL_TEXT_MAX = 32767;
export const TRUNCATION_MARK = " … [cut: text over 32767 characters]";

/** A text, a number (with its format), or an empty cell ('z', which SheetJS writes as no cell at all). */
export type Cell = { t: "s"; v: string } | { t: "n"; v: number; z?: string } | { t: "z"; v?: undefined };
type SheetSpec = { name: string; rows: Cell[][]; widths: number[] };
export type WorkbookSpec = { fileName: string; sheets: SheetSpec[]; truncatedCells: number };

export const ALERT_COLUMNS = ["Server", "Type", "Message", "IP Address", "Location", "Timestamp"] as const;

/** Makes a valid, unique sheet name; `used` holds the lower-cased names already taken. */
export function safeSheetName(wanted: string, used: Set<string>): string {
  // Trim spaces and edge apostrophes until neither is left: cutting or stripping one can expose the other.
  const tidy = (name: string) => {
    let out = name;
    for (let before = ""; before !== out;) {
      before = out;
      out = out.trim().replace(/^'+|'+$/g, "");
    }
    return out;
  };
  let base = tidy(wanted.replace(/[:\\/?*[\]]/g, " ").replace(/\s+/g, " "));
  if (base === "") base = "Sheet";
  base = tidy(base.slice(0, SHEET_NAME_MAX));
  let name = base;
  for (let n = 2; used.has(name.toLowerCase()); n += 1) {
    const suffix = ` (${n})`;
    name = `${tidy(base.slice(0, SHEET_NAME_MAX - suffix.length))}${suffix}`;
  }
  used.add(name.toLowerCase());
  return name;
}

export function textCell(value: string): { cell: Cell; truncated: boolean } {
  if (value.length <= CELL_TEXT_MAX) return { cell: { t: "s", v: value }, truncated: false };
  return { cell: { t: "s", v: value.slice(0, CELL_TEXT_MAX - TRUNCATION_MARK.length) + TRUNCATION_MARK }, truncated: true };
}

/** '99.9%' -> a number cell 0.999 shown as 99.9%; anything else stays text. */
export function percentCell(text: string): Cell | null {
  const match = /^\s*(\d+(?:\.(\d+))?)\s*%\s*$/.exec(text);
  if (!match) return null;
  const decimals = match[2]?.length ?? 0;
  const value = Number((Number(match[1]) / 100).toFixed(decimals + 2));
  return { t: "n", v: value, z: decimals > 0 ? `0.${"0".repeat(decimals)}%` : "0%" };
}

/** A number; no number (a server that did not answer) is an empty cell, never 0. */
export function numberCell(value: number | null): Cell {
  return value !== null && Number.isFinite(value) ? { t: "n", v: value } : { t: "z" };
}

/** Day 0 of Excel's calendar (1900 date system, as Excel counts it). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DATE_TIME_FORMAT = "yyyy-mm-dd hh:mm:ss";

/**
 * An ISO date-time as a date cell showing the local date and time (what the page
 * shows: a spreadsheet date has no zone); null when the text is not a date-time.
 */
function dateTimeCell(iso: string): Cell | null {
  const date = parseTime(iso);
  if (!date) return null;
  const local = Date.UTC(date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes(), date.getSeconds());
  return { t: "n", v: (local - EXCEL_EPOCH_MS) / DAY_MS, z: DATE_TIME_FORMAT };
}

/** SPEC §9's 'Server Status' columns, each with the server field it shows and how. */
const SERVER_SHEET: ReadonlyArray<{ header: string; field: keyof Server; cell: (server: Server) => string | Cell }> = [
  { header: "Server Name", field: "name", cell: (s) => s.name },
  { header: "IP Address", field: "ip", cell: (s) => s.ip },
  { header: "Location", field: "location", cell: (s) => s.location },
  { header: "Status", field: "status", cell: (s) => statusLabel(s.status) },
  { header: "Uptime", field: "uptime", cell: (s) => percentCell(s.uptime) ?? s.uptime },
  { header: "Response Time (ms)", field: "responseTime", cell: (s) => numberCell(s.responseTime) },
  { header: "Last Checked", field: "lastChecked", cell: (s) => dateTimeCell(s.lastChecked) ?? s.lastChecked },
  // Not in SPEC's list: where the figures come from, as every page says it.
  {
    header: "Source",
    field: "source",
    cell: figuresInWords,
  },
];
export const SERVER_COLUMNS = SERVER_SHEET.map((column) => column.header);
/** The server fields the export shows, in column order. */
export const SERVER_COLUMN_FIELDS = SERVER_SHEET.map((column) => column.field);

/** Characters a cell needs: its text, or its number as formatted. */
function cellWidth(cell: Cell): number {
  if (cell.t === "z") return 0;
  if (cell.t === "s") return cell.v.length;
  return cell.z === DATE_TIME_FORMAT ? DATE_TIME_FORMAT.length : String(cell.v).length + 2;
}

/** An ISO date-time as a date cell in UTC (a report's times are UTC, and say so); null when the text is not a date-time. */
export function utcDateTimeCell(iso: string): Cell | null {
  const date = parseTime(iso);
  if (!date) return null;
  return { t: "n", v: (date.getTime() - EXCEL_EPOCH_MS) / DAY_MS, z: DATE_TIME_FORMAT };
}

/** A sheet: its name made safe and unique, its header and rows as cells (texts cut to Excel's limit, counted), its columns' widths. */
export function sheet(
  name: string,
  header: readonly string[],
  rows: Array<Array<string | Cell>>,
  used: Set<string>,
  count: { cut: number },
): SheetSpec {
  const toCell = (value: string | Cell): Cell => {
    if (typeof value !== "string") return value;
    const { cell, truncated } = textCell(value);
    if (truncated) count.cut += 1;
    return cell;
  };
  const cells = [header.map((h) => toCell(h)), ...rows.map((row) => row.map(toCell))];
  const widths = header.map((_, c) => Math.min(60, Math.max(...cells.map((row) => cellWidth(row[c])), 8) + 2));
  return { name: safeSheetName(name, used), rows: cells, widths };
}

/** The workbook of the dashboard's Export Report: live server values and the alerts. */
export function buildServerReport(servers: readonly Server[], alerts: readonly Alert[], now: Date): WorkbookSpec {
  const used = new Set<string>();
  const count = { cut: 0 };
  // Checks from several places: a column per place after the others, each server's time from there (empty: no answer).
  const places = [...new Set(servers.flatMap((s) => (s.placeTimes ?? []).map((p) => p.location)))].sort();
  const serverRows = servers.map((s) => [
    ...SERVER_SHEET.map((column) => column.cell(s)),
    ...places.map((place) => numberCell(s.placeTimes?.find((p) => p.location === place)?.ms ?? null)),
  ]);
  const serverColumns = [...SERVER_COLUMNS, ...places.map((place) => `Response Time from ${place} (ms)`)];
  const alertRows = alerts.map((a) => {
    const at = alertTime(a.timestamp);
    return [a.server, a.type, a.message, a.ip, a.location, (at && dateTimeCell(at.toISOString())) ?? a.timestamp];
  });
  const sheets = [sheet("Server Status", serverColumns, serverRows, used, count), sheet("Alerts", ALERT_COLUMNS, alertRows, used, count)];
  return { fileName: `server-report-${formatIsoDate(now)}.xlsx`, sheets, truncatedCells: count.cut };
}
