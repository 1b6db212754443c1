/**
 * A server's history as its page's data carries it (#45): the page data of
 * 10,000 servers is fetched by readers and published with the site, and a list
 * of objects repeats every key at every point ("at", "median", …: 168 hours and
 * 90 days a server). Packed, a list whose points share their keys is a table:
 * the keys once, a row of values per point, and a time that steps evenly (each
 * hour, each day) as its first value and its step. Unpacked, it is what it was,
 * value for value (a property test holds that); a list that does not fit the
 * shape stays as it is.
 */
import type { ServerHistoryFigures } from "../../domain/checks/serverHistory";

type Value = string | number | boolean | null;

/** A list packed as a table. */
type PackedRows = {
  /** every key, in the points' order */
  keys: string[];
  /** a row per point: its values in the keys' order, less the time's */
  rows: Value[][];
  /** a time column that steps evenly: `key`'s values are `from` + i × `stepMs`, written as `form` (ISO 8601, or its date) */
  time?: { key: string; from: string; stepMs: number; form: "instant" | "date" };
};

/** A list as page data carries it: packed when it fits, else as it is. */
export type Rows<T> = T[] | PackedRows;

export type PageHistory = Omit<ServerHistoryFigures, "days" | "hourly" | "daily"> & {
  days: Rows<ServerHistoryFigures["days"][number]>;
  hourly: Rows<ServerHistoryFigures["hourly"][number]>;
  daily: Rows<ServerHistoryFigures["daily"][number]>;
};

const isValue = (v: unknown): v is Value => v === null || ["string", "number", "boolean"].includes(typeof v);
const FORMS = {
  instant: (ms: number) => new Date(ms).toISOString(),
  date: (ms: number) => new Date(ms).toISOString().slice(0, 10),
} as const;

/** A column of times that step evenly, if `values` is one. */
function evenTime(key: string, values: Value[]): PackedRows["time"] | undefined {
  if (values.length < 2 || !values.every((v) => typeof v === "string")) return undefined;
  const first = Date.parse(values[0]);
  const stepMs = Date.parse(values[1]) - first;
  if (!Number.isFinite(first) || !Number.isFinite(stepMs) || stepMs <= 0) return undefined;
  for (const form of ["instant", "date"] as const) {
    // a time past what a Date holds (±8.64e15 ms) is no step of ours: the list stays as it is
    const fits = values.every((v, i) => Math.abs(first + i * stepMs) <= 8.64e15 && v === FORMS[form](first + i * stepMs));
    if (fits) return { key, from: values[0], stepMs, form };
  }
  return undefined;
}

/** Packs a list whose points are flat and share their keys; any other list stays as it is. */
export function packRows<T extends object>(list: T[]): Rows<T> {
  if (list.length < 2) return list;
  const keys = Object.keys(list[0]);
  const same = list.every((point) => {
    const own = Object.keys(point);
    return own.length === keys.length && own.every((k, i) => k === keys[i]) && Object.values(point).every(isValue);
  });
  if (!same) return list;
  const time = keys
    .map((k) =>
      evenTime(
        k,
        list.map((p) => (p as Record<string, Value>)[k]),
      ),
    )
    .find(Boolean);
  const kept = keys.filter((k) => k !== time?.key);
  return {
    keys,
    rows: list.map((p) => kept.map((k) => (p as Record<string, Value>)[k])),
    ...(time ? { time } : {}),
  };
}

/** The list a packing came from, its keys in their order. */
export function unpackRows<T>(rows: Rows<T>): T[] {
  if (Array.isArray(rows)) return rows;
  const { keys, time } = rows;
  const from = time ? Date.parse(time.from) : 0;
  return rows.rows.map((row, i) => {
    let column = 0;
    // fromEntries: each key is the point's own, whatever its name
    return Object.fromEntries(keys.map((k) => [k, time?.key === k ? FORMS[time.form](from + i * time.stepMs) : row[column++]])) as T;
  });
}

export const packHistory = (history: ServerHistoryFigures): PageHistory => ({
  ...history,
  days: packRows(history.days),
  hourly: packRows(history.hourly),
  daily: packRows(history.daily),
});

export const unpackHistory = (history: PageHistory): ServerHistoryFigures => ({
  ...history,
  days: unpackRows(history.days),
  hourly: unpackRows(history.hourly),
  daily: unpackRows(history.daily),
});
