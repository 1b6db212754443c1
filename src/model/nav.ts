/** How a sidebar entry decides it is the current page. */
export type NavMatch = "exact" | "prefix";

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
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
