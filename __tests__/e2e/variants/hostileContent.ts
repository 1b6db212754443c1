import { readContent } from "./variantSite";

/** Markup that must show as text and never run. */
export const IMG = "<img src=x onerror=alert(1)>";
export const SCRIPT = "<script>window.__pwned=1;alert(2)</script>";
export const BOLD = "<b onmouseover=alert(3)>bold</b>";

type Rec = Record<string, unknown>;

/** A word with no place to break: it must wrap inside its box, never widen the page. */
export const LONG_WORD = `Unbreakable${"x".repeat(180)}`;
export const INCIDENT_TITLE = `${IMG} Database down`;
export const INCIDENT_MESSAGE = `${SCRIPT} The primary is down.\nWe are failing over. ${LONG_WORD}`;
export const RESOLVED_TITLE = `${BOLD} Slow responses`;
export const WINDOW_TITLE = `${BOLD} Rack move`;

const HOUR = 3_600_000;
/** A time relative to when the content is made (the variant's build), with seconds, in UTC. */
const hoursFromNow = (hours: number) =>
  new Date(Math.floor(Date.now() / 60_000) * 60_000 + hours * HOUR).toISOString().replace(".000Z", "Z");

/**
 * Incidents and maintenance, placed around the build's time: a major incident
 * open, a minor one resolved 10 days ago (in the history), a window in
 * progress for days (so also when the tests read the pages) and one in 3 days.
 */
function hostileNotices(serverIds: string[]): Record<string, unknown[]> {
  return {
    "incidents.json": [
      {
        id: "db-down",
        title: INCIDENT_TITLE,
        impact: "major",
        affected: [serverIds[0], serverIds[1]],
        updates: [
          { at: hoursFromNow(-2), status: "investigating", message: `${BOLD} Looking into it.` },
          { at: hoursFromNow(-1), status: "identified", message: INCIDENT_MESSAGE },
        ],
      },
      {
        id: "slow-last-week",
        title: RESOLVED_TITLE,
        impact: "minor",
        affected: [serverIds[2]],
        updates: [
          { at: hoursFromNow(-240), status: "investigating", message: "Responses take seconds." },
          { at: hoursFromNow(-239), status: "monitoring", message: `A fix is out.\n${IMG}` },
          { at: hoursFromNow(-238), status: "resolved", message: "Normal for an hour." },
        ],
      },
    ],
    "maintenance.json": [
      {
        id: "rack-move",
        title: WINDOW_TITLE,
        affected: [serverIds[3]],
        message: `${SCRIPT} Expect one restart. ${LONG_WORD}`,
        start: hoursFromNow(-1),
        end: hoursFromNow(72),
      },
      { id: "disk-swap", title: "Disk swap", affected: [serverIds[4]], start: hoursFromNow(76), end: hoursFromNow(77) },
    ],
  };
}

/** The real content with markup in every text field that the rules let hold it. */
export function hostileContent(): Record<string, unknown[]> {
  const content = readContent();
  const servers = (content["servers.json"] as Rec[]).map((s, i): Rec => ({
    ...s,
    name: i === 0 ? IMG : `${SCRIPT}${s.name as string}`,
    location: `<b>${(s.location as string).split(",")[0]}</b>, <i>${(s.location as string).split(",")[1].trim()}</i>`,
  }));
  const byIp = new Map(servers.map((s) => [s.ip as string, s]));
  const alerts = (content["alerts.json"] as Rec[]).map((a) => {
    const server = byIp.get(a.ip as string)!;
    return {
      ...a,
      server: server.name,
      location: server.location,
      message: `${SCRIPT} ${a.message as string} ${IMG}`,
    };
  });
  const reports = (content["reports.json"] as Rec[]).map((r) => ({
    ...r,
    name: `${IMG} ${r.name as string}`,
    // a report with a file has its real size (the build checks it); the others' size is free text, markup and all
    size: r.status === "failed" ? "N/A" : r.file ? r.size : `<i>${r.size as string}</i>`,
  }));
  const security = (content["security-alerts.json"] as Rec[]).map((a) => ({
    ...a,
    message: `${BOLD} ${a.message as string}`,
    time: `${SCRIPT}${a.time as string}`,
  }));
  const cards = (file: string) =>
    (content[file] as Rec[]).map((c) => ({
      ...c,
      title: `${BOLD}${c.title as string}`,
      // a measured card has no value or note of an editor's
      ...(c.value === undefined ? {} : { value: `${IMG}${c.value as string}`, note: `${SCRIPT}${c.note as string}` }),
    }));
  return {
    "servers.json": servers,
    "alerts.json": alerts,
    "reports.json": reports,
    "security-alerts.json": security,
    "analytics-cards.json": cards("analytics-cards.json"),
    "security-cards.json": cards("security-cards.json"),
    "performance.json": content["performance.json"],
    ...hostileNotices(servers.map((s) => s.id as string)),
  };
}

export const EMPTY_CONTENT: Record<string, unknown[]> = {
  "servers.json": [],
  "alerts.json": [],
  "performance.json": [],
  "security-alerts.json": [],
  "reports.json": [],
  "analytics-cards.json": [],
  "security-cards.json": [],
};
