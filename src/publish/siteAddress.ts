/**
 * Where the site is published: SITE_URL (the host, e.g. https://status.example.org)
 * and PATH_PREFIX (the folder under it, e.g. /status; empty at the root of a domain),
 * both read at build. The pages' own paths take the prefix through Gatsby
 * (pathPrefix, withPrefix); what is read elsewhere (RSS, the API's schemas,
 * badges) needs the whole address, made here.
 */
import { isThisMachine } from "../domain/kernel/hosts";

/** What a build without SITE_URL publishes: right for `npm start` on this machine only. */
export const LOCAL_SITE_URL = "http://localhost:9000";

/** "/status", "status/", "/status/" → "/status"; "", "/" and nothing → "" (the root of the domain). */
export function normalisePathPrefix(prefix: string | undefined): string {
  const parts = (prefix ?? "").split("/").filter(Boolean);
  return parts.length === 0 ? "" : `/${parts.join("/")}`;
}

/** SITE_URL without its trailing slash. */
export function normaliseSiteUrl(siteUrl: string | undefined): string {
  const trimmed = (siteUrl ?? "").trim().replace(/\/+$/, "");
  return trimmed === "" ? LOCAL_SITE_URL : trimmed;
}

/** The address of the site's home page, without a trailing slash: https://status.example.org/status. */
export function siteAddress(siteUrl: string, pathPrefix: string): string {
  return `${normaliseSiteUrl(siteUrl)}${normalisePathPrefix(pathPrefix)}`;
}

/** The host of the site's address (status.example.org), for ids that name the site; 'localhost' when it is not a URL. */
export function siteHost(siteUrl: string): string {
  try {
    return new URL(siteUrl).hostname || "localhost";
  } catch {
    return "localhost";
  }
}

/** True when the address is this machine's: a link to it works for nobody else. */
export function isLocalAddress(siteUrl: string): boolean {
  try {
    return isThisMachine(new URL(siteUrl).hostname);
  } catch {
    return false;
  }
}

/**
 * What is wrong with SITE_URL, in a sentence, or null: it must be an absolute
 * http(s) address of a host, with no path (the folder goes in PATH_PREFIX).
 */
export function siteUrlProblem(siteUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(siteUrl);
  } catch {
    return `SITE_URL must be an absolute address such as https://status.example.org; found "${siteUrl}".`;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return `SITE_URL must start with https:// (or http:// on this machine); found "${siteUrl}".`;
  if (url.pathname !== "/" || url.search || url.hash)
    return `SITE_URL is the host alone (${url.origin}); put the folder "${url.pathname.replace(/\/+$/, "")}" in PATH_PREFIX instead. Found "${siteUrl}".`;
  return null;
}

/**
 * The build's warning when the site would publish links to this machine from a
 * CI build (one that publishes somewhere): RSS readers, the API and badges would
 * point at localhost.
 */
export function localAddressWarning(siteUrl: string): string {
  return [
    `This CI build publishes the address ${siteUrl}: every link in /alerts.xml, the API's`,
    "schemas and the badges will point at the build machine, not at where the site lives.",
    "Set SITE_URL (and PATH_PREFIX for a site in a folder) when building, e.g.",
    "  SITE_URL=https://status.example.org npm run build",
    "  SITE_URL=https://owner.github.io PATH_PREFIX=/repository npm run build",
    'docs/operators.md, "Publishing", has the settings for each kind of host.',
  ].join("\n");
}
