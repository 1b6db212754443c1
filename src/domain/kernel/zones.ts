/**
 * Time zones from the platform's own tz database (Intl), the one croner and the
 * browser use: an instant's wall-clock time in a zone, the zone's UTC offset
 * then, and the instants its offset changes. Nothing here adds an offset of
 * its own.
 */
import { DAY_MS, MINUTE_MS } from "./time";

/** A wall-clock time: month 1–12, hour 0–23. */
export type WallTime = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formats.set(zone, format);
  }
  return format;
}

/** The wall-clock time in `zone` at an instant (ms since the epoch). */
export function wallTime(instant: number, zone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatOf(zone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour % 24, minute: parts.minute, second: parts.second };
}

/** The zone's offset from UTC at an instant, in whole minutes (east positive: Berlin in winter is 60). */
export function zoneOffsetMinutes(instant: number, zone: string): number {
  const wall = wallTime(instant, zone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / MINUTE_MS);
}

/** A change of a zone's offset: from the instant `at` (ms) on, `to` minutes instead of `from`. */
export type ZoneTransition = { at: number; from: number; to: number };

/**
 * Every change of the zone's offset in [from, to), in order: found a day at a
 * time, then to the minute (offsets change on whole minutes, and no zone has
 * changed twice within a day).
 */
export function zoneTransitions(zone: string, from: number, to: number): ZoneTransition[] {
  const found: ZoneTransition[] = [];
  // On whole minutes throughout, so the search lands on the very minute of a change.
  let start = Math.floor(from / MINUTE_MS) * MINUTE_MS;
  const last = Math.ceil(to / MINUTE_MS) * MINUTE_MS;
  let before = zoneOffsetMinutes(start, zone);
  while (start < last) {
    const end = Math.min(start + DAY_MS, last);
    const after = zoneOffsetMinutes(end, zone);
    if (after !== before) {
      // The offset changed in (start, end]: narrow it down to the first minute with the new one.
      let low = start;
      let high = end;
      while (high - low > MINUTE_MS) {
        const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
        if (zoneOffsetMinutes(middle, zone) === before) low = middle;
        else high = middle;
      }
      if (high >= from && high < to) found.push({ at: high, from: before, to: after });
    }
    before = after;
    start = end;
  }
  return found;
}
