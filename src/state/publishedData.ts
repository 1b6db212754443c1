import { withPrefix } from "gatsby";
import { API_PATH } from "../publish/api";
import { checkAlertsDocument, checkFeed } from "../model/fleet/statusFeed";
import type { Alert, Server } from "../domain/kernel/types";

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/**
 * The servers and alerts the site published at its last build (/api/v1), checked
 * with the content's rules: for pages that show no servers (Reports) and fetch
 * them only when a reader asks for the workbook.
 */
export async function loadPublishedData(): Promise<{ servers: Server[]; alerts: Alert[] }> {
  const [servers, alerts] = await Promise.all([loadPublishedServers(), loadPublishedAlerts()]);
  return { servers, alerts };
}

/** Every alert the site published at its last build: the dashboard's export, when its page holds only the recent ones. */
export async function loadPublishedAlerts(): Promise<Alert[]> {
  return checkAlertsDocument(await getJson(withPrefix(`${API_PATH}/alerts.json`)));
}

/** Every server the site published at its last build: a fleet too large for a page's data comes whole from here. */
export async function loadPublishedServers(): Promise<Server[]> {
  return checkFeed(await getJson(withPrefix(`${API_PATH}/servers.json`))).servers;
}
