import type { CreatePageArgs } from "gatsby";
import { drawPerformance } from "../../src/charts/drawPerformance";
import {
  dashboardPoints,
  PERFORMANCE_CHART_TITLE,
  performanceDescription,
  type DashboardContext,
} from "../../src/model/charts/performanceChart";
import type { ChartPoint } from "../../src/domain/kernel/types";

/**
 * The dashboard's 24-hour chart is drawn here, with Victory in Node, and given
 * to the page in its context: it is in the static HTML and in the page's data
 * (so client-side navigation shows it too), and no browser loads Victory.
 * The points are the ones the page's query reads (Monitoring.performance, else
 * the PerformanceJson sample, in the order the query reads them), picked by the same function.
 */
export const addDashboardChart = ({ page, actions, getNodesByType }: CreatePageArgs): void => {
  if (page.path !== "/" || (page.context as Partial<DashboardContext> | undefined)?.performanceChart) return;
  const monitoring = getNodesByType("Monitoring")[0] as unknown as { performance?: ChartPoint[] } | undefined;
  // The store does not keep creation order; a query without a sort does (internal.counter), and so does the table.
  const sample = (getNodesByType("PerformanceJson") as unknown as Array<ChartPoint & { internal: { counter: number } }>)
    .slice()
    .sort((a, b) => a.internal.counter - b.internal.counter);
  const { points, measured } = dashboardPoints(monitoring?.performance ?? [], sample);
  // Without points the page says there is no data: nothing to draw.
  if (points.length === 0) return;
  const performanceChart = drawPerformance(points, {
    id: "performance",
    title: PERFORMANCE_CHART_TITLE,
    description: performanceDescription(points, measured),
  });
  actions.deletePage(page);
  actions.createPage({ ...page, context: { ...page.context, performanceChart } satisfies DashboardContext });
};
