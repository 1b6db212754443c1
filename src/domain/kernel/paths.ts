/**
 * Where a server lives on the published site: its page and its API file. Light
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
