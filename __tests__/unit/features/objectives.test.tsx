import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { drawBudget } from "../../../src/charts/drawBudget";
import { ObjectivesView } from "../../../src/features/objectives/ObjectivesView";
import { budgetOf } from "../../../src/domain/objectives/budget";
import { figuresOf, type BudgetDay } from "../../../src/model/objectives/objectivesPage";
import { objectivesDocument } from "../../../src/publish/objectivesData";

const ASOF = Date.parse("2028-02-03T12:00:00Z");
const objective = { id: "api", name: "The API is up", servers: ["srv-a", "srv-b"], availability: 99, window: "month" as const };
const budget = budgetOf({ good: 1000, bad: 4, unknown: 20, maintenance: 0, expected: 1024 }, 2, 0.99, { calendar: "month" }, ASOF, 300_000);
const published = objectivesDocument([{ objective, budget, burn: null, why: null }], new Date(ASOF), 300_000, new Date()).objectives[0];
const days: BudgetDay[] = [
  { date: "2028-02-01", bad: 0, remainingSeconds: 1000, share: null },
  { date: "2028-02-02", bad: 4, remainingSeconds: 900, share: 0.9 },
  { date: "2028-02-03", bad: 0, remainingSeconds: 900, share: 0.9 },
];

describe("/objectives", () => {
  it("each objective is a region named after it: its servers linked, its figures, its burndown and its days behind a fold", async () => {
    render(
      <ObjectivesView
        asOf={new Date(ASOF).toISOString()}
        objectives={[
          {
            figures: figuresOf(published),
            servers: [
              { id: "srv-a", name: "A" },
              { id: "srv-b", name: "B" },
            ],
            days,
            chart: drawBudget(days, { id: "budget-api", title: "The API is up: budget", description: "d" }),
          },
        ]}
      />,
    );
    const region = screen.getByRole("region", { name: "The API is up" });
    expect(within(region).getByRole("link", { name: "B" })).toHaveAttribute("href", "/servers/srv-b");
    expect(within(region).getByText("Attained").nextSibling).toHaveTextContent("99.601 % (1,000 good of 1,004 slots measured)");
    expect(within(region).getAllByRole("img", { name: "The API is up: budget" }).length).toBeGreaterThan(0);
    await userEvent.click(within(region).getByText("The days as a table"));
    const rows = within(within(region).getByRole("table")).getAllByRole("row");
    // newest first; the day before anything was measured has no figure
    expect(rows.map((r) => r.textContent)).toEqual([
      "DaySlots downBudget leftShare left",
      "2028-02-03015 min90.0 %",
      "2028-02-02415 min90.0 %",
      "2028-02-010——",
    ]);
    expect(screen.getByRole("link", { name: "/api/v1/objectives.json" })).toBeInTheDocument();
  });

  it("without objectives, says what one is and where to add it", () => {
    render(<ObjectivesView asOf={null} objectives={[]} />);
    expect(screen.getByRole("region", { name: "No objectives yet" })).toHaveTextContent("content/objectives.json");
  });
});
