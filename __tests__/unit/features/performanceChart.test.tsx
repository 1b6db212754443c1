import { fireEvent, screen, within, render as renderUi } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PerformanceChart } from "../../../src/features/dashboard/PerformanceChart";

const POINTS = [
  { time: "00:00", responseTime: 45, uptime: 99.9 },
  { time: "04:00", responseTime: 52, uptime: 99.8 },
  { time: "08:00", responseTime: 48, uptime: 99.9 },
];

const render = (measured = false) =>
  renderUi(<PerformanceChart title="24 Hour Performance Overview" points={POINTS} measured={measured} />);
const tooltip = () => document.querySelector(".tooltip");

describe("the 24-hour chart", () => {
  it("is an SVG with its name and a description of its figures, two lines, a dot per point, and its table", () => {
    render();
    const chart = screen.getByRole("img", { name: "24 Hour Performance Overview" });
    expect(chart).toHaveAccessibleDescription("Sample response time in milliseconds and uptime in percent at 00:00, 04:00, 08:00.");
    expect(chart.querySelectorAll("path")).toHaveLength(2);
    expect(chart.querySelectorAll("circle")).toHaveLength(6);
    const table = screen.getByRole("table", { name: "24 Hour Performance Overview" });
    expect(within(table).getAllByRole("row")).toHaveLength(4);
    expect(tooltip()).toBeNull();
  });

  it("the keyboard moves a tooltip over the points, and a screen reader hears each", async () => {
    const user = userEvent.setup();
    render(true);
    const explorer = screen.getByRole("slider", { name: "24 Hour Performance Overview: the figures at one time" });
    await user.tab();
    expect(explorer).toHaveFocus();
    expect(tooltip()).toHaveTextContent("00:00 UTC · Response: 45 ms");
    expect(explorer).toHaveAttribute("aria-valuetext", "00:00 UTC: response time 45 ms, uptime 99.9%");
    await user.keyboard("{ArrowRight}");
    expect(tooltip()).toHaveTextContent("04:00 UTC · Response: 52 msUptime: 99.8%");
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
    render();
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
    expect(tooltip()).toHaveTextContent("08:00 · Response: 48 ms");
    fireEvent.pointerDown(explorer, { clientX: 330 });
    expect(tooltip()).toHaveTextContent("04:00 · Response: 52 ms");
    fireEvent.pointerLeave(explorer);
    expect(tooltip()).toBeNull();
  });

  it("a time where nothing answered is a gap in the line, '—' in the tooltip and the table, and 'no answer' to a screen reader", async () => {
    const user = userEvent.setup();
    const points = [POINTS[0], { time: "04:00", responseTime: null, uptime: 0 }, POINTS[2]];
    renderUi(<PerformanceChart title="24 Hour Performance Overview" points={points} measured />);
    const chart = screen.getByRole("img", { name: "24 Hour Performance Overview" });
    const [response] = chart.querySelectorAll("path");
    // two pieces of line, no dot at the gap: nothing is drawn at 0 ms
    expect(response.getAttribute("d")!.match(/M/g)).toHaveLength(2);
    expect(response.getAttribute("d")).not.toContain("L");
    expect(chart.querySelectorAll("circle")).toHaveLength(5);
    const explorer = screen.getByRole("slider", { name: "24 Hour Performance Overview: the figures at one time" });
    await user.tab();
    await user.keyboard("{ArrowRight}");
    expect(tooltip()).toHaveTextContent("04:00 UTC · Response: —");
    expect(explorer).toHaveAttribute("aria-valuetext", "04:00 UTC: no check answered, uptime 0%");
    const rows = within(screen.getByRole("table", { name: "24 Hour Performance Overview" })).getAllByRole("row");
    expect(rows[2]).toHaveTextContent("04:00—no answer0");
    expect(within(rows[2]).getAllByRole("cell")[0]).toHaveTextContent("no answer");
  });

  it("without points it says there is no data", () => {
    renderUi(<PerformanceChart title="24 Hour Performance Overview" points={[]} />);
    expect(screen.getByText("No performance data yet.")).toBeInTheDocument();
    expect(screen.queryByRole("slider")).not.toBeInTheDocument();
  });
});
