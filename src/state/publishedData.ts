import { withPrefix } from "gatsby";
import { API_PATH } from "../publish/api";
import { checkAlertsDocument, checkFeed } from "../model/fleet/statusFeed";
import type { Alert, Server } from "../domain/kernel/types";
import { HISTORY_INDEX_PATH, type HistoryIndexDocument } from "../publish/historyData";
import type { ReportDocument } from "../publish/reportData";

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

/** The checked servers that have a published daily history (#33, Generate Report), with the time it is as of. */
export async function loadHistoryIndex(): Promise<Pick<HistoryIndexDocument, "asOf" | "intervalMs" | "causedDowntime" | "servers">> {
  const document = (await getJson(withPrefix(HISTORY_INDEX_PATH))) as Partial<HistoryIndexDocument> | null;
  const servers = Array.isArray(document?.servers) ? document.servers : null;
  if (!document || !servers || servers.some((s) => typeof s?.server !== "string" || typeof s?.name !== "string")) {
    throw new Error(`${HISTORY_INDEX_PATH} is not a list of servers`);
  }
  const asOf = typeof document.asOf === "string" && !Number.isNaN(Date.parse(document.asOf)) ? document.asOf : null;
  const intervalMs = typeof document.intervalMs === "number" && document.intervalMs > 0 ? document.intervalMs : null;
  const causedDowntime = document.causedDowntime === "excluded" ? "excluded" : "counted";
  return { asOf, intervalMs, causedDowntime, servers: asOf === null ? [] : servers };
}

/** A month's report as published (/api/v1/reports/<yyyy-mm>.json): every server's figures, where the page carries the first. */
export async function loadMonthReport(url: string, month: string): Promise<ReportDocument["report"]> {
  const document = (await getJson(url)) as Partial<ReportDocument> | null;
  const report = document?.report;
  const servers = report?.servers;
  if (
    !report ||
    report.month !== month ||
    !Array.isArray(servers) ||
    servers.some((s) => typeof s?.server !== "string" || typeof s?.name !== "string")
  ) {
    throw new Error(`${url} is not the report of ${month}`);
  }
  return report;
}
