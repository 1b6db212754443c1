/** How a sidebar entry decides it is the current page. */
export type NavMatch = "exact" | "prefix";

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/**
 * The page's own path, without the folder the site is published in: Gatsby's
 * location keeps the prefix ("/status/map" under "/status/" is "/map").
 */
export function withoutPrefix(pathname: string, prefix: string): string {
  const folder = prefix.replace(/\/+$/, "");
  if (folder === "" || (pathname !== folder && !pathname.startsWith(`${folder}/`))) return pathname;
  return pathname.slice(folder.length) || "/";
}

/**
 * Exact: the path is the entry's path. Prefix: the path is the entry's path or
 * lies below it ('/servers/eu' is under '/servers'; '/serversx' is not).
 * A trailing slash never matters.
 */
export function isNavActive(pathname: string, to: string, match: NavMatch): boolean {
  const path = normalise(pathname);
  const target = normalise(to);
  if (match === "exact" || target === "/") return path === target;
  return path === target || path.startsWith(`${target}/`);
}
