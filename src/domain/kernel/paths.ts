/**
 * Where a server lives on the published site: its page, its API file and its
 * feeds, and the site's feeds. Light
 * on purpose: the shell links servers on every page, the notifications link
 * them in messages, and neither should carry the server page's view model.
 */

/** A server's page, under the site's path prefix (Gatsby adds it to links); no trailing slash, as every route of the site (trailingSlash: "never"). */
export const serverPath = (id: string): string => `/servers/${id}`;

/** The server's published figures (/api/v1/servers/<id>.json). */
export const serverApiPath = (id: string): string => `/api/v1/servers/${id}.json`;

/** A path of the published site as an absolute URL under its public address (https://host/prefix): one slash between them, whatever each brings. */
export function publishedUrl(address: string, path: string): string {
  return `${address.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}

/** The site's news (alerts, incident updates, maintenance windows) as feeds, one address per format (src/publish/feeds.ts). */
export const SITE_FEEDS = { rss: "/alerts.xml", atom: "/alerts.atom", json: "/alerts.json" } as const;

/** JSON Feed's media type (jsonfeed.org/version/1.1, "Discovery"). */
export const JSON_FEED_TYPE = "application/feed+json";

/** A server's own feeds: its alerts, and the incidents and windows that name it. */
export const serverFeedPaths = (id: string): { rss: string; atom: string; json: string } => ({
  rss: `/feeds/${id}.xml`,
  atom: `/feeds/${id}.atom`,
  json: `/feeds/${id}.json`,
});

/** The maintenance windows as an iCalendar file, for readers' calendars. */
export const MAINTENANCE_CALENDAR = "/maintenance.ics";
