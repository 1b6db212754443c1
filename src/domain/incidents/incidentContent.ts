/**
 * The checks of content/incidents.json and content/maintenance.json that their
 * schemas cannot express: servers named by id that servers.json does not have,
 * updates out of time order, an update after the one that resolved, an end
 * before its start, a time zone the platform does not know, an `on` that does
 * not fit `every`, and fields of a one-off and a recurring window mixed in one.
 * The schema's own errors (a missing field, a wrong type) are said before this
 * runs; a value of the wrong type is passed over here.
 */
import { describeFound, makeIssue, recordOf, type ContentIssue } from "../kernel/contentIssue";
import { isKnownTimeZone, WEEKDAYS } from "./maintenance";

type Rec = Record<string, unknown>;

const INCIDENTS = "content/incidents.json";
const MAINTENANCE = "content/maintenance.json";

const isRecord = (value: unknown): value is Rec => value !== null && typeof value === "object" && !Array.isArray(value);
/** The form the schemas' date-time format takes (RFC 3339); another text is the schema's to name, not parsed leniently here. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const instant = (value: unknown): number | null => {
  if (typeof value !== "string" || !DATE_TIME.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
};

/** The ids servers.json gives, or null when it did not parse (no cross-check then: its own errors come first). */
function serverIds(servers: unknown[] | undefined): Set<string> | null {
  if (servers === undefined) return null;
  return new Set(servers.flatMap((s) => (isRecord(s) && typeof s.id === "string" ? [s.id] : [])));
}

function affectedIssues(file: string, records: unknown[], index: number, ids: Set<string> | null): ContentIssue[] {
  const affected = (records[index] as Rec).affected;
  if (ids === null || !Array.isArray(affected)) return [];
  const known = [...ids];
  const listed = known.length === 0 ? "it has none" : known.length > 8 ? `${known.slice(0, 8).join(", ")}, …` : known.join(", ");
  return affected.flatMap((id, position) =>
    typeof id === "string" && !ids.has(id)
      ? [
          makeIssue({
            level: "error",
            file,
            record: recordOf(records, index),
            field: `affected[${position}]`,
            expected: `the id of a server in servers.json (${listed})`,
            found: JSON.stringify(id),
          }),
        ]
      : [],
  );
}

/** Incidents: known servers, updates oldest first, nothing after the update that resolved. */
export function incidentIssues(incidents: unknown[] | undefined, servers: unknown[] | undefined): ContentIssue[] {
  if (incidents === undefined) return [];
  const ids = serverIds(servers);
  const issues: ContentIssue[] = [];
  incidents.forEach((incident, index) => {
    if (!isRecord(incident)) return;
    issues.push(...affectedIssues(INCIDENTS, incidents, index, ids));
    if (!Array.isArray(incident.updates)) return;
    const updates = incident.updates as unknown[];
    const record = recordOf(incidents, index);
    let previous: { at: number; text: string; position: number } | null = null;
    let resolvedAt: number | null = null;
    updates.forEach((update, position) => {
      if (!isRecord(update)) return;
      if (resolvedAt !== null) {
        issues.push(
          makeIssue(
            {
              level: "error",
              file: INCIDENTS,
              record,
              field: `updates[${position}]`,
              expected: `no update after updates[${resolvedAt}], which resolved the incident`,
              found: `an update${typeof update.status === "string" ? ` with status ${JSON.stringify(update.status)}` : ""}`,
            },
            "A resolved incident is closed: if the trouble is back, write a new incident (or remove the resolved update).",
          ),
        );
        resolvedAt = null; // said once per incident
        return;
      }
      const at = instant(update.at);
      if (at !== null) {
        if (previous !== null && at <= previous.at) {
          issues.push(
            makeIssue(
              {
                level: "error",
                file: INCIDENTS,
                record,
                field: `updates[${position}].at`,
                expected: `a time after the update before it (updates[${previous.position}].at is ${previous.text})`,
                found: JSON.stringify(update.at),
              },
              "Updates are listed oldest first: add a new one at the end.",
            ),
          );
        }
        previous = { at, text: String(update.at), position };
      }
      if (update.status === "resolved" && position < updates.length - 1) resolvedAt = position;
    });
  });
  return issues;
}

const ONE_OFF_FIELDS = ["start", "end"] as const;
const RECURRING_FIELDS = ["every", "on", "at", "durationMinutes", "timeZone"] as const;
/** The shortest time between two windows of each repetition, in minutes (a month: February's 28 days). */
const PERIOD_MINUTES = { day: 24 * 60, week: 7 * 24 * 60, month: 28 * 24 * 60 } as const;
const PERIOD_WORDS = { day: "a day", week: "a week", month: "28 days (February)" } as const;

/** Maintenance windows: known servers, an end after its start, one kind of window each, an `on` that fits `every`, a known time zone. */
export function maintenanceIssues(windows: unknown[] | undefined, servers: unknown[] | undefined): ContentIssue[] {
  if (windows === undefined) return [];
  const ids = serverIds(servers);
  const issues: ContentIssue[] = [];
  windows.forEach((window, index) => {
    if (!isRecord(window)) return;
    issues.push(...affectedIssues(MAINTENANCE, windows, index, ids));
    const record = recordOf(windows, index);
    const issue = (field: string, expected: string, found: string, hint?: string, level: ContentIssue["level"] = "error") =>
      issues.push(makeIssue({ level, file: MAINTENANCE, record, field, expected, found }, hint));
    const recurring = window.every !== undefined;
    if (recurring) {
      for (const field of ONE_OFF_FIELDS) {
        if (window[field] !== undefined) {
          issue(
            field,
            `no ${field} in a recurring window (it has every)`,
            describeFound(window[field]),
            "A window is either one-off (start and end) or recurring (every, at, durationMinutes, timeZone): write two windows for both.",
          );
        }
      }
    } else {
      for (const field of RECURRING_FIELDS) {
        if (window[field] !== undefined) {
          issue(
            field,
            "no recurring field in a one-off window (it has no every)",
            describeFound(window[field]),
            "Add every (day, week or month) for a recurring window, or remove the field.",
          );
        }
      }
      const start = instant(window.start);
      const end = instant(window.end);
      if (start !== null && end !== null && end <= start) {
        issue("end", `a time after its start (${String(window.start)})`, JSON.stringify(window.end), "Is the date or the zone wrong?");
      }
      return;
    }
    const every = window.every;
    const on = window.on;
    const isDayOfMonth = typeof on === "number" && Number.isInteger(on) && on >= 1 && on <= 31;
    const isWeekday = typeof on === "string" && (WEEKDAYS as readonly string[]).includes(on);
    if (on !== undefined && !isDayOfMonth && !isWeekday) {
      // the schema named it
    } else if (every === "day" && on !== undefined) {
      issue("on", "no on for every day (the window is every day)", describeFound(on), "Remove on, or say every week or every month.");
    } else if (every === "week" && !isWeekday) {
      issue("on", `a weekday for every week (${WEEKDAYS.join(", ")})`, describeFound(on));
    } else if (every === "month" && !isDayOfMonth) {
      issue("on", "a day of the month from 1 to 31 for every month", describeFound(on));
    } else if (every === "month" && typeof on === "number" && on > 28) {
      issue(
        "on",
        "a day that every month has (1 to 28)",
        describeFound(on),
        `A month without day ${on} has no window (February${on === 31 ? ", April, June, September and November" : ""}).`,
        "warning",
      );
    }
    if (typeof window.timeZone === "string" && !isKnownTimeZone(window.timeZone)) {
      issue(
        "timeZone",
        "an IANA time zone such as Europe/Berlin, America/New_York or UTC",
        JSON.stringify(window.timeZone),
        "It is not a time zone this platform knows: check the spelling (Area/City, as in the tz database).",
      );
    }
    const duration = window.durationMinutes;
    if ((every === "day" || every === "week" || every === "month") && typeof duration === "number" && duration >= PERIOD_MINUTES[every]) {
      issue(
        "durationMinutes",
        `fewer minutes than ${PERIOD_WORDS[every]} (${PERIOD_MINUTES[every]}), the time between two windows`,
        describeFound(duration),
        "A window that lasts until the next one starts never ends.",
      );
    }
  });
  return issues;
}
