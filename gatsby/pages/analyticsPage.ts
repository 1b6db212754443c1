import type { CreatePageArgs } from "gatsby";
import { drawDayBars } from "../../src/charts/drawDayBars";
import { drawWeekOutages } from "../../src/charts/drawWeekOutages";
import { barsSummary } from "../../src/model/server/serverPage";
import { mostAlerted } from "../../src/domain/reports/fleetAnalytics";
import { distinctRegions } from "../../src/domain/kernel/regions";
import { FLEET_BARS_TITLE, WEEK_BARS_TITLE, type AnalyticsContext } from "../../src/model/analytics/analyticsPage";
import { fleetAnalyticsOfThisBuild } from "./serverHistories";
import { readSiteData } from "../siteData";

/**
 * /analytics is given the fleet over time, from the same read of the job's
 * files as the server pages (#34), its charts drawn, the servers the job
 * alerted most (from its alerts), and the countries of servers.json.
 */
export const addFleetAnalytics = ({ page, actions }: CreatePageArgs): void => {
  if (page.path !== "/analytics/" && page.path !== "/analytics") return;
  if ((page.context as Partial<AnalyticsContext> | undefined)?.fleetAnalytics !== undefined) return;
  const site = readSiteData();
  const analytics = fleetAnalyticsOfThisBuild();
  const measured = analytics !== null && analytics.servers > 0 ? analytics : null;
  const alerted =
    measured &&
    mostAlerted(
      site.checkAlerts,
      site.servers.map((s) => s.id),
      new Date(measured.asOf),
    );
  const ranked = new Set([
    ...(measured ? [...measured.slowest, ...measured.leastAvailable].map((r) => r.server) : []),
    ...(alerted?.servers.map((r) => r.server) ?? []),
  ]);
  const began = measured?.weeks.reduce((n, w) => n + w.began, 0) ?? 0;
  const context: AnalyticsContext = {
    fleetAnalytics: measured,
    fleetBars:
      measured && drawDayBars(measured.days, { id: "fleet-bars", title: FLEET_BARS_TITLE, description: barsSummary(measured.days) }),
    weekBars:
      measured &&
      drawWeekOutages(measured.weeks, {
        id: "week-outages",
        title: WEEK_BARS_TITLE,
        description: `Outages that began each week (Monday to Sunday, UTC), one bar a week: ${began} in ${measured.weeks.length} weeks.`,
      }),
    alerted,
    names: Object.fromEntries(site.servers.filter((s) => ranked.has(s.id)).map((s) => [s.id, s.name])),
    countries: distinctRegions(site.servers.map((s) => s.location)),
  };
  actions.deletePage(page);
  actions.createPage({ ...page, context: { ...page.context, ...context } });
};
