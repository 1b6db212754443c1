import { fireEvent, screen, within, render as renderUi } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { drawPerformance } from "../../../src/charts/drawPerformance";
import { PerformanceChart } from "../../../src/features/dashboard/PerformanceChart";
import { performanceDescription } from "../../../src/model/charts/performanceChart";
import type { ChartPoint } from "../../../src/domain/kernel/types";
import { inlineChartStyles } from "../fixtures";

const TITLE = "24 Hour Performance Overview";
const POINTS = [
  { time: "00:00", responseTime: 45, uptime: 99.9 },
  { time: "04:00", responseTime: 52, uptime: 99.8 },
  { time: "08:00", responseTime: 48, uptime: 99.9 },
];

/** The chart as the build draws it for the page (gatsby/pages/dashboardChart.ts). */
const renderChart = (points: ChartPoint[], measured = false) =>
  renderUi(
    <PerformanceChart
      title={TITLE}
      points={points}
      measured={measured}
      drawings={drawPerformance(points, { id: "performance", title: TITLE, description: performanceDescription(points, measured) })}
    />,
  );
const tooltip = () => document.querySelector(".tip");

describe("the 24-hour chart", () => {
  it("is the build's drawing with its name and a description of its figures, and its table", () => {
    renderChart(POINTS);
    // drawn wide and narrow: the stylesheet shows one
    const chart = inlineChartStyles(screen.getAllByRole("img", { name: TITLE })[0]);
    expect(chart).toHaveAccessibleDescription("Sample response time in milliseconds and uptime in percent at 00:00, 04:00, 08:00.");
    expect(chart.querySelectorAll("path[style*='--c-chart-uptime']")).toHaveLength(4);
    const table = screen.getByRole("table", { name: TITLE });
    expect(within(table).getAllByRole("row")).toHaveLength(4);
    expect(tooltip()).toBeNull();
  });

  it("the keyboard moves a tooltip over the points, and a screen reader hears each", async () => {
    const user = userEvent.setup();
    renderChart(POINTS, true);
    const explorer = screen.getByRole("slider", { name: `${TITLE}: the figures at one time` });
    await user.tab();
    expect(explorer).toHaveFocus();
    expect(tooltip()).toHaveTextContent("00:00 UTC: response time 45 ms, uptime 99.9%");
    expect(explorer).toHaveAttribute("aria-valuetext", "00:00 UTC: response time 45 ms, uptime 99.9%");
    await user.keyboard("{ArrowRight}");
    expect(tooltip()).toHaveTextContent("04:00 UTC: response time 52 ms, uptime 99.8%");
    await user.keyboard("{End}");
    expect(explorer).toHaveAttribute("aria-valuenow", "2");
    await user.keyboard("{ArrowRight}");
    expect(explorer).toHaveAttribute("aria-valuenow", "2");
    await user.keyboard("{Home}");
    expect(explorer).toHaveAttribute("aria-valuetext", "00:00 UTC: response time 45 ms, uptime 99.9%");
    await user.tab();
    expect(tooltip()).toBeNull();
  });

  it("a pointer or a touch shows the nearest point; leaving hides it", () => {
    renderChart(POINTS);
    const explorer = screen.getByRole("slider");
    explorer.getBoundingClientRect = () => ({
      left: 0,
      width: 640,
      top: 0,
      height: 256,
      right: 640,
      bottom: 256,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    fireEvent.pointerMove(explorer, { clientX: 600 });
    expect(tooltip()).toHaveTextContent("08:00: response time 48 ms");
    fireEvent.pointerDown(explorer, { clientX: 330 });
    expect(tooltip()).toHaveTextContent("04:00: response time 52 ms");
    fireEvent.pointerLeave(explorer);
    expect(tooltip()).toBeNull();
  });

  it("a time where nothing answered is a gap in the line, 'no check answered' in the tooltip and 'no answer' in the table", async () => {
    const user = userEvent.setup();
    renderChart([POINTS[0], { time: "04:00", responseTime: null, uptime: 0 }, POINTS[2]], true);
    const chart = inlineChartStyles(screen.getAllByRole("img", { name: TITLE })[0]);
    const response = chart.querySelector("path[style*='stroke:var(--c-chart-response)']")!;
    // two pieces of line, no dot at the gap: nothing is drawn at 0 ms
    expect(response.getAttribute("d")!.match(/M/g)).toHaveLength(2);
    expect(chart.querySelectorAll("path[style*='fill:var(--c-chart-response)']")).toHaveLength(2);
    const explorer = screen.getByRole("slider", { name: `${TITLE}: the figures at one time` });
    await user.tab();
    await user.keyboard("{ArrowRight}");
    expect(tooltip()).toHaveTextContent("04:00 UTC: no check answered, uptime 0%");
    expect(explorer).toHaveAttribute("aria-valuetext", "04:00 UTC: no check answered, uptime 0%");
    const rows = within(screen.getByRole("table", { name: TITLE })).getAllByRole("row");
    expect(rows[2]).toHaveTextContent("04:00—no answer0");
    expect(within(rows[2]).getAllByRole("cell")[0]).toHaveTextContent("no answer");
  });

  it("without points it says there is no data", () => {
    renderUi(<PerformanceChart title={TITLE} points={[]} drawings={null} />);
    expect(screen.getByText("No performance data yet.")).toBeInTheDocument();
    expect(screen.queryByRole("slider")).not.toBeInTheDocument();
  });

  it("without a drawing (none was made for the page) the figures are still there as a table", () => {
    renderUi(<PerformanceChart title={TITLE} points={POINTS} drawings={null} />);
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    expect(screen.queryByRole("slider")).not.toBeInTheDocument();
    expect(within(screen.getByRole("table", { name: TITLE })).getAllByRole("row")).toHaveLength(4);
  });
});
