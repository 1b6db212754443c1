/**
 * The site's news as feeds: the alerts, incident updates and maintenance windows,
 * gathered once as entries (feedEntries) and written three ways: RSS 2.0
 * (/alerts.xml, as since #12), Atom 1.0 (RFC 4287, /alerts.atom) and JSON Feed 1.1
 * (/alerts.json); and the same for each server, of what concerns it
 * (/feeds/<id>.xml, .atom, .json).
 *
 * Content is text everywhere, so markup in a server's name reaches a reader as
 * those characters: Atom declares every value text (type="text"), RSS (which
 * readers take as HTML) escapes it for HTML before XML (rssText), and the JSON
 * Feed gives it as content_text, never content_html.
 */
import { alertTime } from "../domain/checks/alerts";
import { escapeHtml, formatUtcDateTime } from "../domain/kernel/format";
import {
  IMPACT_LABELS,
  INCIDENT_STATUS_LABELS,
  serverNames,
  windowsAhead,
  type NoticeIncident,
  type NoticeWindow,
} from "../domain/incidents/statusNotices";
import type { Alert } from "../domain/kernel/types";
import { SITE_FEEDS, publishedUrl, serverFeedPaths } from "../domain/kernel/paths";
import { escapeXml } from "./syndication";
import { siteHost } from "./siteAddress";

/** One piece of news: an alert, an incident's update, or a window's next time. */
export type FeedEntry = {
  /** stable across builds: an alert's id, incident:<id>:<time of the update>, maintenance:<id>:<start> */
  id: string;
  title: string;
  /** an absolute URL */
  link: string;
  /** plain text, never markup */
  text: string;
  category: "error" | "warning" | "info" | "incident" | "maintenance";
  /** when it happened; null for a window (it has not happened yet) */
  at: Date | null;
};

/** The incidents (every update) and maintenance windows (the build's occurrences) the feeds tell besides the alerts. */
export type FeedNotices = { incidents: readonly NoticeIncident[]; windows: readonly NoticeWindow[] };

const affects = (servers: NoticeIncident["affected"]) => (servers.length > 0 ? ` (Affects ${serverNames(servers)})` : "");

/**
 * The entries of a feed: before everything, an entry per maintenance window for
 * its next time (a new time is a new entry); then the alerts and incident
 * updates, newest first, the alerts in the order given.
 */
export function feedEntries(
  alerts: readonly Alert[],
  siteUrl: string,
  builtAt: Date,
  notices: FeedNotices,
  /** where an alert links: the dashboard, or a server's page in its own feed */
  alertPage = "/",
): FeedEntry[] {
  const link = (path: string) => publishedUrl(siteUrl, path);
  const alertEntries: FeedEntry[] = alerts.map((alert) => ({
    id: alert.id,
    title: `${alert.server}: ${alert.message}`,
    link: link(alertPage),
    text: `${alert.type}: ${alert.message} (${alert.ip}, ${alert.location})`,
    category: alert.type,
    at: alertTime(alert.timestamp),
  }));
  const updates: FeedEntry[] = notices.incidents
    .flatMap((incident) =>
      incident.updates.map((update) => ({
        id: `incident:${incident.id}:${update.at}`,
        title: `${INCIDENT_STATUS_LABELS[update.status]}: ${incident.title} (${IMPACT_LABELS[incident.impact]})`,
        link: link(`/incidents#${incident.id}`),
        text: `${update.message}${affects(incident.affected)}`,
        category: "incident" as const,
        at: alertTime(update.at),
      })),
    )
    .sort((a, b) => (b.at?.getTime() ?? 0) - (a.at?.getTime() ?? 0));
  // The alerts keep their order (newest first); each incident update goes before the first alert older than it.
  const dated: FeedEntry[] = [];
  for (const entry of alertEntries) {
    while (updates.length > 0 && entry.at !== null && updates[0].at !== null && updates[0].at > entry.at) dated.push(updates.shift()!);
    dated.push(entry);
  }
  dated.push(...updates);
  const utc = (iso: string) => formatUtcDateTime(new Date(iso));
  const windows: FeedEntry[] = windowsAhead(notices.windows, builtAt.getTime(), 1).map(({ window }) => ({
    id: `maintenance:${window.id}:${window.start}`,
    title: `Maintenance: ${window.title}, ${utc(window.start)} to ${utc(window.end)}`,
    link: link("/incidents#maintenance"),
    text: `${[window.message, window.schedule ? `${window.schedule}.` : null].filter(Boolean).join(" ")}${affects(window.affected)}`,
    category: "maintenance" as const,
    at: null,
  }));
  return [...windows, ...dated];
}

/** What a feed is about, and where it and its page live (absolute URLs). */
export type FeedHead = {
  title: string;
  description: string;
  /** the page the feed is the news of */
  home: string;
  /** this feed's address in each format */
  self: { rss: string; atom: string; json: string };
  /** who publishes it: the site's name */
  author: string;
};

/**
 * RSS 2.0 leaves open whether a title or description is text or HTML, and feed
 * readers take them as HTML (feedparser does; it strips a script and an
 * onmouseover). So RSS carries text as HTML that says it: escaped for HTML,
 * then for XML, and a reader shows "<b>" as those three characters.
 */
const rssText = (text: string): string => escapeXml(escapeHtml(text));

function rssItem(entry: FeedEntry): string {
  return [
    "    <item>",
    `      <title>${rssText(entry.title)}</title>`,
    `      <link>${escapeXml(entry.link)}</link>`,
    `      <description>${rssText(entry.text)}</description>`,
    `      <category>${escapeXml(entry.category)}</category>`,
    `      <guid isPermaLink="false">${escapeXml(entry.id)}</guid>`,
    entry.at ? `      <pubDate>${entry.at.toUTCString()}</pubDate>` : null,
    "    </item>",
  ]
    .filter((line): line is string => line !== null)
    .join("\n");
}

/** RSS 2.0: each item with a guid that is not a link and an RFC 822 date; a window's item has no date. */
export function rssFeed(head: FeedHead, entries: readonly FeedEntry[], builtAt: Date): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${rssText(head.title)}</title>`,
    `    <link>${escapeXml(head.home)}</link>`,
    `    <description>${rssText(head.description)}</description>`,
    "    <language>en</language>",
    `    <lastBuildDate>${builtAt.toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(head.self.rss)}" rel="self" type="application/rss+xml"/>`,
    ...entries.map(rssItem),
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

/**
 * An entry's Atom id, which must be an IRI that never changes: a tag URI
 * (RFC 4151) of the site's host and the entry's id, so the same news keeps its id
 * from build to build. Characters a URI cannot hold are percent-encoded.
 */
export function atomEntryId(siteUrl: string, id: string): string {
  const host = siteHost(siteUrl);
  const encode = (ch: string) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      return "%EF%BF%BD"; // half of a surrogate pair, alone: U+FFFD, as a decoder would read it
    }
  };
  const specific = [...id].map((ch) => (/[A-Za-z0-9\-._~:@!$&'()*+,;=/?]/.test(ch) ? ch : encode(ch))).join("");
  return `tag:${host},2026:${specific}`;
}

/**
 * Atom 1.0 (RFC 4287): the feed's id is its own address, every entry has an id,
 * a date, a link, a category term and its text as type="text"; the feed is dated
 * by its newest entry that has happened (the build, when it has none), so an
 * unchanged feed reads the same. Atom dates every entry by its last change: a
 * window (which has not happened; its time is in its title) takes the feed's date.
 */
export function atomFeed(head: FeedHead, entries: readonly FeedEntry[], builtAt: Date, siteUrl: string): string {
  const dated = entries.flatMap((entry) => (entry.at && entry.at.getTime() <= builtAt.getTime() ? [entry.at.getTime()] : []));
  const updated = new Date(dated.length > 0 ? Math.max(...dated) : builtAt.getTime());
  const atomDate = (entry: FeedEntry): Date => entry.at ?? updated;
  const entryXml = (entry: FeedEntry) =>
    [
      "  <entry>",
      `    <id>${escapeXml(atomEntryId(siteUrl, entry.id))}</id>`,
      `    <title type="text">${escapeXml(entry.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(entry.link)}"/>`,
      entry.at ? `    <published>${entry.at.toISOString()}</published>` : null,
      `    <updated>${atomDate(entry).toISOString()}</updated>`,
      `    <category term="${escapeXml(entry.category)}"/>`,
      `    <summary type="text">${escapeXml(entry.text)}</summary>`,
      "  </entry>",
    ]
      .filter((line): line is string => line !== null)
      .join("\n");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `  <id>${escapeXml(head.self.atom)}</id>`,
    `  <title type="text">${escapeXml(head.title)}</title>`,
    `  <subtitle type="text">${escapeXml(head.description)}</subtitle>`,
    `  <updated>${updated.toISOString()}</updated>`,
    `  <author><name>${escapeXml(head.author)}</name></author>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(head.self.atom)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(head.home)}"/>`,
    ...entries.map(entryXml),
    "</feed>",
    "",
  ].join("\n");
}

/** A JSON Feed 1.1 document (jsonfeed.org/version/1.1). */
export type JsonFeed = {
  version: "https://jsonfeed.org/version/1.1";
  title: string;
  home_page_url: string;
  feed_url: string;
  description: string;
  language: "en";
  authors: { name: string }[];
  items: {
    id: string;
    url: string;
    title: string;
    content_text: string;
    date_published?: string;
    tags: string[];
  }[];
};

/** JSON Feed 1.1: text as content_text; a window's item has no date, as in RSS. */
export function jsonFeed(head: FeedHead, entries: readonly FeedEntry[]): JsonFeed {
  return {
    version: "https://jsonfeed.org/version/1.1",
    title: head.title,
    home_page_url: head.home,
    feed_url: head.self.json,
    description: head.description,
    language: "en",
    authors: [{ name: head.author }],
    items: entries.map((entry) => ({
      id: entry.id,
      url: entry.link,
      title: entry.title,
      content_text: entry.text,
      ...(entry.at ? { date_published: entry.at.toISOString() } : {}),
      tags: [entry.category],
    })),
  };
}

type Site = { title: string; description: string; siteUrl: string };

/** The site's feed head: every alert, incident and window. */
export function siteFeedHead(site: Site): FeedHead {
  const link = (path: string) => publishedUrl(site.siteUrl, path);
  return {
    title: `${site.title}: alerts`,
    description: site.description,
    home: link("/"),
    self: { rss: link(SITE_FEEDS.rss), atom: link(SITE_FEEDS.atom), json: link(SITE_FEEDS.json) },
    author: site.title,
  };
}

/** A server's feed head: its alerts, and the incidents and windows that name it. */
export function serverFeedHead(site: Site, server: { id: string; name: string }, page: string): FeedHead {
  const link = (path: string) => publishedUrl(site.siteUrl, path);
  const own = serverFeedPaths(server.id);
  return {
    title: `${site.title}: ${server.name}`,
    description: `The alerts, incidents and maintenance windows of ${server.name}.`,
    home: link(page),
    self: { rss: link(own.rss), atom: link(own.atom), json: link(own.json) },
    author: site.title,
  };
}

/** The site's RSS feed (/alerts.xml): its address and content as they have been since it began. */
export function alertsRss(
  alerts: readonly Alert[],
  site: Site,
  builtAt: Date,
  notices: FeedNotices = { incidents: [], windows: [] },
): string {
  return rssFeed(siteFeedHead(site), feedEntries(alerts, site.siteUrl, builtAt, notices), builtAt);
}
