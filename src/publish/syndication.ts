/**
 * The site's status for readers that are not the site: an RSS 2.0 feed of the
 * alerts, incident updates and maintenance windows (/alerts.xml) and a badge per server (/badges/<id>.svg, and
 * /badges/<id>.json for shields.io). Content is text everywhere: every value is
 * escaped, so markup in a server's name shows as those characters.
 */
import { alertTime } from "../domain/checks/alerts";
import { formatUtcDateTime } from "../domain/kernel/format";
import {
  IMPACT_LABELS,
  INCIDENT_STATUS_LABELS,
  serverNames,
  windowsAhead,
  type NoticeIncident,
  type NoticeWindow,
} from "../domain/incidents/statusNotices";
import { statusLabel, statusTone } from "../domain/kernel/status";
import type { Alert, Server } from "../domain/kernel/types";
import { publishedUrl } from "../domain/kernel/paths";

/** Text for XML: the five characters that mean something there, escaped; characters XML 1.0 cannot hold, dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

type Site = { title: string; description: string; siteUrl: string };

type RssItem = { title: string; link: string; description: string; category: string; guid: string; at: Date | null };

function itemXml(item: RssItem): string {
  return [
    "    <item>",
    `      <title>${escapeXml(item.title)}</title>`,
    `      <link>${escapeXml(item.link)}</link>`,
    `      <description>${escapeXml(item.description)}</description>`,
    `      <category>${escapeXml(item.category)}</category>`,
    `      <guid isPermaLink="false">${escapeXml(item.guid)}</guid>`,
    item.at ? `      <pubDate>${item.at.toUTCString()}</pubDate>` : null,
    "    </item>",
  ]
    .filter((line): line is string => line !== null)
    .join("\n");
}

/** The incidents (every update) and maintenance windows (the build's occurrences) the feed tells besides the alerts. */
export type RssNotices = { incidents: readonly NoticeIncident[]; windows: readonly NoticeWindow[] };

const affects = (servers: NoticeIncident["affected"]) => (servers.length > 0 ? ` (Affects ${serverNames(servers)})` : "");

/**
 * An RSS 2.0 feed of the alerts and incident updates, newest first, each with a
 * stable guid and an RFC 822 date; before them, an item per maintenance window
 * for its next time (a new time is a new item).
 */
export function alertsRss(
  alerts: readonly Alert[],
  site: Site,
  builtAt: Date,
  notices: RssNotices = { incidents: [], windows: [] },
): string {
  const link = (path: string) => publishedUrl(site.siteUrl, path);
  const alertItems: RssItem[] = alerts.map((alert) => ({
    title: `${alert.server}: ${alert.message}`,
    link: link("/"),
    description: `${alert.type}: ${alert.message} (${alert.ip}, ${alert.location})`,
    category: alert.type,
    guid: alert.id,
    at: alertTime(alert.timestamp),
  }));
  const updates: RssItem[] = notices.incidents
    .flatMap((incident) =>
      incident.updates.map((update) => ({
        title: `${INCIDENT_STATUS_LABELS[update.status]}: ${incident.title} (${IMPACT_LABELS[incident.impact]})`,
        link: link(`/incidents#${incident.id}`),
        description: `${update.message}${affects(incident.affected)}`,
        category: "incident",
        guid: `incident:${incident.id}:${update.at}`,
        at: alertTime(update.at),
      })),
    )
    .sort((a, b) => (b.at?.getTime() ?? 0) - (a.at?.getTime() ?? 0));
  // The alerts keep their order (newest first); each incident update goes before the first alert older than it.
  const dated: RssItem[] = [];
  for (const item of alertItems) {
    while (updates.length > 0 && item.at !== null && updates[0].at !== null && updates[0].at > item.at) dated.push(updates.shift()!);
    dated.push(item);
  }
  dated.push(...updates);
  const utc = (iso: string) => formatUtcDateTime(new Date(iso));
  const windows: RssItem[] = windowsAhead(notices.windows, builtAt.getTime(), 1).map(({ window }) => ({
    title: `Maintenance: ${window.title}, ${utc(window.start)} to ${utc(window.end)}`,
    link: link("/incidents#maintenance"),
    description: `${[window.message, window.schedule ? `${window.schedule}.` : null].filter(Boolean).join(" ")}${affects(window.affected)}`,
    category: "maintenance",
    guid: `maintenance:${window.id}:${window.start}`,
    at: null,
  }));
  const items = [...windows, ...dated].map(itemXml);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(`${site.title}: alerts`)}</title>`,
    `    <link>${escapeXml(link("/"))}</link>`,
    `    <description>${escapeXml(site.description)}</description>`,
    "    <language>en</language>",
    `    <lastBuildDate>${builtAt.toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(link("/alerts.xml"))}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** Badge colours: the theme's status text colours, each with white text at 4.5:1 or more. */
const BADGE_COLOURS = { online: "047857", warning: "b45309", offline: "b91c1c", neutral: "475569" } as const;
const LABEL_COLOUR = "334155";

/** A rough width of text at 11 px Verdana (the badge font): wide characters count double. */
function textWidth(text: string): number {
  let width = 0;
  for (const ch of text)
    width += /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\u{1F300}-\u{1FAFF}]/u.test(ch) ? 13 : 7;
  return width;
}

type BadgeServer = Pick<Server, "name" | "status" | "source">;

/**
 * The label and message of a server's badge, and its colour. A badge is shown
 * on other sites, out of the pages' context: only measured figures get a status
 * and its colour; a simulated server says 'not measured' and a sample (a check
 * that has not run yet) 'sample', both in grey.
 */
function badgeParts(server: BadgeServer): { label: string; message: string; colour: string } {
  if (server.source === "simulated") return { label: server.name, message: "not measured", colour: BADGE_COLOURS.neutral };
  if (server.source === "sample") return { label: server.name, message: "sample", colour: BADGE_COLOURS.neutral };
  const tone = statusTone(server.status);
  return { label: server.name, message: statusLabel(server.status), colour: BADGE_COLOURS[tone] };
}

/** A small SVG badge: the server's name and its status (or that it is not measured), in words and colour, with a title for screen readers. */
export function badgeSvg(server: BadgeServer): string {
  const { label, message, colour } = badgeParts(server);
  const left = textWidth(label) + 12;
  const right = textWidth(message) + 12;
  const width = left + right;
  const title = escapeXml(`${label}: ${message}`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" viewBox="0 0 ${width} 20" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<rect width="${left}" height="20" fill="#${LABEL_COLOUR}"/>`,
    `<rect x="${left}" width="${right}" height="20" fill="#${colour}"/>`,
    `<g fill="#ffffff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle">`,
    `<text x="${left / 2}" y="14">${escapeXml(label)}</text>`,
    `<text x="${left + right / 2}" y="14">${escapeXml(message)}</text>`,
    `</g>`,
    `</svg>`,
    "",
  ].join("");
}

/** shields.io's endpoint format: https://img.shields.io/endpoint?url=<site>/badges/<id>.json */
export function badgeEndpoint(server: BadgeServer): {
  schemaVersion: 1;
  label: string;
  message: string;
  color: string;
} {
  const { label, message, colour } = badgeParts(server);
  return { schemaVersion: 1, label, message, color: colour };
}
