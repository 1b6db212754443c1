/**
 * The sidebar's expanded/collapsed state, kept in the cookie sidebar:state for
 * 7 days so it survives a reload (SPEC §4, §9).
 */
export const SIDEBAR_COOKIE = "sidebar:state";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

/** true = expanded, false = collapsed, null = no (valid) cookie. */
export function readSidebarCookie(cookieHeader: string): boolean | null {
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== SIDEBAR_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (value === "true") return true;
    if (value === "false") return false;
  }
  return null;
}

export function sidebarCookie(expanded: boolean): string {
  return `${SIDEBAR_COOKIE}=${expanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}
