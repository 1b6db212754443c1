/** @jest-environment node */
import type { CreatePageArgs } from "gatsby";
import { addDashboardChart } from "../../../gatsby/pages/dashboardChart";
import type { DashboardContext } from "../../../src/model/charts/performanceChart";

const node = (counter: number, time: string, responseTime: number | null) => ({
  id: `p${counter}`,
  time,
  responseTime,
  uptime: 99.9,
  internal: { type: "PerformanceJson", counter },
});

function run(nodes: Record<string, unknown[]>, path = "/") {
  const createPage = jest.fn();
  const deletePage = jest.fn();
  const page = { path, component: "/src/pages/index.tsx", context: {} };
  addDashboardChart({
    page,
    actions: { createPage, deletePage },
    getNodesByType: (type: string) => nodes[type] ?? [],
  } as unknown as CreatePageArgs);
  return { createPage, deletePage, page };
}
const timeLabels = (svg: string) => [...svg.matchAll(/-time-tickLabels-\d+"[^>]*><tspan[^>]*>([^<]*)</g)].map((m) => m[1]);

describe("the dashboard's chart, drawn when / is created", () => {
  it("draws the sample in the order the page's query reads it (the nodes' creation order, not the store's)", () => {
    const { createPage, deletePage, page } = run({
      PerformanceJson: [node(3, "08:00", 48), node(1, "00:00", 45), node(2, "04:00", 52)],
      Monitoring: [{ performance: [] }],
    });
    expect(deletePage).toHaveBeenCalledWith(page);
    const { performanceChart } = (createPage.mock.calls[0][0] as { context: DashboardContext }).context;
    expect(timeLabels(performanceChart.wide.svg)).toEqual(["00:00", "04:00", "08:00"]);
    expect(performanceChart.wide.svg).toContain("Sample response time in milliseconds and uptime in percent at 00:00, 04:00, 08:00.");
  });

  it("draws the checks' 24 hours when the job has them, and says they are measured", () => {
    const { createPage } = run({
      PerformanceJson: [node(1, "00:00", 45)],
      Monitoring: [
        {
          performance: [
            { time: "06:00", responseTime: null, uptime: 0 },
            { time: "10:00", responseTime: 30, uptime: 100 },
          ],
        },
      ],
    });
    const { performanceChart } = (createPage.mock.calls[0][0] as { context: DashboardContext }).context;
    expect(timeLabels(performanceChart.narrow.svg)).toEqual(["06:00", "10:00"]);
    expect(performanceChart.narrow.svg).toContain("Measured response time in milliseconds and uptime in percent at 06:00, 10:00 UTC.");
  });

  it("draws nothing when there are no points (the page says there is no data)", () => {
    const { createPage, deletePage } = run({ PerformanceJson: [], Monitoring: [{ performance: [] }] });
    expect(createPage).not.toHaveBeenCalled();
    expect(deletePage).not.toHaveBeenCalled();
  });

  it("leaves every other page alone", () => {
    const { createPage, deletePage } = run({ PerformanceJson: [node(1, "00:00", 45)] }, "/servers/");
    expect(createPage).not.toHaveBeenCalled();
    expect(deletePage).not.toHaveBeenCalled();
  });
});
