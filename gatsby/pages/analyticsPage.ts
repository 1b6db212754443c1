import type { CreatePageArgs } from "gatsby";
import { drawDayBars } from "../../src/charts/drawDayBars";
import { barsSummary } from "../../src/model/server/serverPage";
import { FLEET_BARS_TITLE, type AnalyticsContext } from "../../src/model/analytics/analyticsPage";
import { fleetAnalyticsOfThisBuild } from "./serverHistories";

/** /analytics is given the fleet over time, from the same read of the job's files as the server pages (#34), and its bars drawn. */
export const addFleetAnalytics = ({ page, actions }: CreatePageArgs): void => {
  if (page.path !== "/analytics/" && page.path !== "/analytics") return;
  if ((page.context as Partial<AnalyticsContext> | undefined)?.fleetAnalytics !== undefined) return;
  const analytics = fleetAnalyticsOfThisBuild();
  const measured = analytics !== null && analytics.servers > 0 ? analytics : null;
  const fleetBars = measured
    ? drawDayBars(measured.days, { id: "fleet-bars", title: FLEET_BARS_TITLE, description: barsSummary(measured.days) })
    : null;
  actions.deletePage(page);
  actions.createPage({ ...page, context: { ...page.context, fleetAnalytics: measured, fleetBars } satisfies AnalyticsContext });
};
