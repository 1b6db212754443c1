/**
 * The maintenance windows as an iCalendar file (RFC 5545, /maintenance.ics), so
 * readers add the planned work to their calendars and see it move when the
 * editors move it.
 *
 * - A one-off window is one event, in UTC.
 * - A recurring window is one event that repeats (RRULE) in its own zone, from
 *   the first time it starts from a week before the build until CALENDAR_DAYS
 *   after it (the next build writes the file again), with the zone's rules
 *   (VTIMEZONE) from the platform's tz database for those days.
 * - Two nights a year, calendars do not agree with us or with each other: a
 *   start the clocks skip (02:30 when they go forward) is at 03:00 for us and at
 *   03:30 by RFC 5545; a start that happens twice is the first of the two for us
 *   and RFC 5545, the second for ical.js. Such a night's time is taken out
 *   (EXDATE) and put back at ours in UTC (RDATE), for the CALENDAR_DAYS after
 *   the build, so every calendar shows our time.
 *
 * Every value is text (escaped as RFC 5545 says), lines are folded at 75 octets
 * and end in CRLF.
 */
import {
  isRecurring,
  maintenanceOccurrences,
  type MaintenanceWindow,
  type RecurringWindow,
  type WEEKDAYS,
} from "../domain/incidents/maintenance";
import { scheduleWords } from "../domain/incidents/statusNotices";
import { publishedUrl } from "../domain/kernel/paths";
import { siteHost } from "./siteAddress";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "../domain/kernel/time";
import { wallTime, zoneOffsetMinutes, zoneTransitions, type WallTime } from "../domain/kernel/zones";

/** How far ahead the nights our rule and RFC 5545's disagree on are put right. */
export const CALENDAR_DAYS = 400;
/** A recurring window's event starts at its first time from this long before the build. */
const LOOK_BACK_DAYS = 7;

/** TEXT as RFC 5545 (3.3.11) writes it: backslash, semicolon and comma escaped, a line break as \n; control characters dropped. */
export function escapeText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, "\n")
      // eslint-disable-next-line no-control-regex -- these are the characters TEXT cannot hold
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, "")
      .replace(/\\/g, "\\\\")
      .replace(/;/g, "\\;")
      .replace(/,/g, "\\,")
      .replace(/\n/g, "\\n")
  );
}

/** A content line folded so no line is over 75 octets (RFC 5545 3.1), never inside a character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const ch of line) {
    const code = ch.codePointAt(0)!;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4; // its UTF-8 octets
    const limit = out.length === 0 ? 75 : 74; // a continuation line begins with a space
    if (octets + size > limit) {
      out.push(current);
      current = "";
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const utcStamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, "").replace(/\.\d+/, "");
const localStamp = (t: WallTime) => `${pad(t.year, 4)}${pad(t.month)}${pad(t.day)}T${pad(t.hour)}${pad(t.minute)}${pad(t.second)}`;
const offsetText = (minutes: number) =>
  `${minutes < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;

/** The zone's rules for [from, to): its offset before, and an observance per change, each from its local time before the change. */
function vtimezone(zone: string, from: number, to: number): string[] {
  const first = zoneOffsetMinutes(from, zone);
  const lines = ["BEGIN:VTIMEZONE", `TZID:${escapeText(zone)}`];
  const observance = (kind: "STANDARD" | "DAYLIGHT", start: string, before: number, after: number) => [
    `BEGIN:${kind}`,
    `DTSTART:${start}`,
    `TZOFFSETFROM:${offsetText(before)}`,
    `TZOFFSETTO:${offsetText(after)}`,
    `END:${kind}`,
  ];
  // The offset in force before the first change (or always, in a zone without changes).
  const opening = wallTime(from - DAY_MS, zone);
  lines.push(...observance("STANDARD", localStamp({ ...opening, hour: 0, minute: 0, second: 0 }), first, first));
  for (const change of zoneTransitions(zone, from, to)) {
    // DTSTART is the change's time on the clock as it read before it.
    const local = wallTime(change.at + change.from * MINUTE_MS, "UTC");
    lines.push(...observance(change.to > change.from ? "DAYLIGHT" : "STANDARD", localStamp(local), change.from, change.to));
  }
  lines.push("END:VTIMEZONE");
  return lines;
}

const BYDAY = { monday: "MO", tuesday: "TU", wednesday: "WE", thursday: "TH", friday: "FR", saturday: "SA", sunday: "SU" } as const;

/**
 * The window's rule, until the end of what this file vouches for: its zone's rules
 * and pinned nights reach CALENDAR_DAYS past the build, and every build writes the
 * file again, so a subscribed calendar always reaches that far ahead.
 */
function rrule(window: RecurringWindow, until: number): string {
  const end = `;UNTIL=${utcStamp(until)}`;
  if (window.every === "week") return `RRULE:FREQ=WEEKLY;BYDAY=${BYDAY[window.on as (typeof WEEKDAYS)[number]]}${end}`;
  if (window.every === "month") return `RRULE:FREQ=MONTHLY;BYMONTHDAY=${Number(window.on)}${end}`;
  return `RRULE:FREQ=DAILY${end}`;
}

type Site = { title: string; siteUrl: string };

/**
 * The calendar of every window: one-off windows as they are, recurring ones as
 * rules from a week before the build to CALENDAR_DAYS after it; `names` gives the
 * servers' names for "Affects". From one build to the next of the same content,
 * only what the build's date moves changes (DTSTAMP, a rule's first time and its
 * end, the zones' years, the pinned nights); every UID stays.
 */
export function maintenanceCalendar(
  windows: readonly MaintenanceWindow[],
  names: ReadonlyMap<string, string>,
  site: Site,
  builtAt: Date,
): string {
  const host = siteHost(site.siteUrl);
  const from = builtAt.getTime() - LOOK_BACK_DAYS * DAY_MS;
  const to = builtAt.getTime() + CALENDAR_DAYS * DAY_MS;
  const zones = new Map<string, number>();
  const events: string[][] = [];
  for (const window of windows) {
    const affected = window.affected.map((id) => names.get(id) ?? id);
    const description = [
      window.message ?? null,
      affected.length > 0 ? `Affects ${affected.join(", ")}.` : null,
      isRecurring(window) ? `${scheduleWords(window)}.` : null,
    ]
      .filter((part): part is string => Boolean(part))
      .join("\n");
    const lines = [
      "BEGIN:VEVENT",
      `UID:${escapeText(`maintenance-${window.id}@${host}`)}`,
      `DTSTAMP:${utcStamp(builtAt.getTime())}`,
      `SUMMARY:${escapeText(`Maintenance: ${window.title}`)}`,
      ...(description ? [`DESCRIPTION:${escapeText(description)}`] : []),
      `URL:${publishedUrl(site.siteUrl, "/incidents#maintenance")}`,
      "CATEGORIES:Maintenance",
      "STATUS:CONFIRMED",
      "TRANSP:OPAQUE",
    ];
    if (!isRecurring(window)) {
      const start = Date.parse(window.start);
      const end = Date.parse(window.end);
      if (!(end > start)) continue;
      lines.push(`DTSTART:${utcStamp(start)}`, `DTEND:${utcStamp(end)}`);
    } else {
      const [hour, minute] = window.at.split(":").map(Number);
      const zone = window.timeZone;
      const occurrences = maintenanceOccurrences([window], from, to);
      const onTime = (start: string) => {
        const wall = wallTime(Date.parse(start), zone);
        return wall.hour === hour && wall.minute === minute;
      };
      // A local time that happens twice: calendars differ on which of the two (ical.js takes the second), so those nights are pinned too.
      const twice = (start: string) => {
        const at = Date.parse(start);
        const shift = zoneOffsetMinutes(at - 3 * HOUR_MS, zone) - zoneOffsetMinutes(at + 3 * HOUR_MS, zone);
        if (shift === 0) return false;
        const same = (other: number) => {
          const a = wallTime(at, zone);
          const b = wallTime(other, zone);
          return a.day === b.day && a.hour === b.hour && a.minute === b.minute;
        };
        return same(at + Math.abs(shift) * MINUTE_MS) || same(at - Math.abs(shift) * MINUTE_MS);
      };
      const plain = (start: string) => onTime(start) && !twice(start);
      const first = occurrences.find((o) => plain(o.start));
      if (first === undefined) continue;
      const firstAt = Date.parse(first.start);
      zones.set(zone, Math.min(zones.get(zone) ?? firstAt, firstAt));
      lines.push(
        `DTSTART;TZID=${zone}:${localStamp(wallTime(firstAt, zone))}`,
        `DURATION:PT${window.durationMinutes}M`,
        // The last whole second before `to` (UNTIL counts in whole seconds and includes itself): a build
        // at 00:00:00.001 vouches for a start at 00:00:00 a year on, as the pages do (found by a property test).
        rrule(window, Math.ceil(to / 1000) * 1000 - 1000),
      );
      // The nights the clocks skip the start or show it twice: the calendar's time out, ours in.
      for (const moved of occurrences.filter((o) => Date.parse(o.start) > firstAt && !plain(o.start))) {
        const wall = wallTime(Date.parse(moved.start), zone);
        lines.push(`EXDATE;TZID=${zone}:${localStamp({ ...wall, hour, minute, second: 0 })}`, `RDATE:${utcStamp(Date.parse(moved.start))}`);
      }
    }
    lines.push("END:VEVENT");
    events.push(lines);
  }
  const calendarName = `${site.title}: maintenance`;
  const timezones = [...zones].flatMap(([zone, start]) => vtimezone(zone, start - DAY_MS, to + DAY_MS));
  return `${[
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${escapeText(`-//${site.title}//Maintenance//EN`)}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `NAME:${escapeText(calendarName)}`,
    `X-WR-CALNAME:${escapeText(calendarName)}`,
    ...timezones,
    ...events.flat(),
    "END:VCALENDAR",
  ]
    .map(foldLine)
    .join("\r\n")}\r\n`;
}
