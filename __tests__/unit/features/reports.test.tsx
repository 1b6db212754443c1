import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ReportsView } from "../../../src/features/reports/ReportsView";
import { MonthReportView } from "../../../src/features/reports/MonthReportView";
import { generatedReportItems } from "../../../src/model/reports/reportPages";
import type { MonthReport } from "../../../src/domain/reports/month";
import type { Report } from "../../../src/domain/kernel/types";
import { makeMonthFigures, makeReportEvents } from "../fixtures";

const figures = (over: Partial<MonthReport["fleet"]> = {}) =>
  makeMonthFigures({ times: { median: 40, p95: 398.5, p99: 401.2, daysKept: 19, daysTimed: 29 }, ...over });

const month = (month: string, status: MonthReport["status"], reason: string | null = null): MonthReport => ({
  month,
  status,
  reason,
  start: `${month}-01T00:00:00.000Z`,
  end: month === "2028-02" ? "2028-03-01T00:00:00.000Z" : "2028-02-01T00:00:00.000Z",
  asOf: "2028-03-02T00:00:00.000Z",
  causedDowntime: "counted",
  fleet: figures(),
  servers: [{ server: "srv-a", ...figures(), outageTimes: [] }],
});

const typed: Report = {
  id: "r1",
  name: "Monthly Performance Report",
  type: "Performance",
  date: "2026-11-01",
  status: "completed",
  size: "2.4 MB",
  file: "/reports/monthly.pdf",
};

describe("the Reports page (#33)", () => {
  it("lists the months' reports first, each saying it is measured, opening its page; the editors' say they are typed", async () => {
    const generated = generatedReportItems([month("2028-01", "failed", "no check ran in this month"), month("2028-02", "completed")]);
    render(<ReportsView reports={[typed]} generated={generated} />);
    const items = screen.getAllByRole("listitem").filter((li) => li.hasAttribute("data-source"));
    expect(items.map((li) => within(li).getAllByRole("paragraph")[0].textContent)).toEqual([
      "Availability report, February 2028",
      "Availability report, January 2028",
      "Monthly Performance Report",
    ]);
    expect(items[0]).toHaveTextContent(/Uptime.*2028-02-29.*Measured by the check job.*Completed/);
    expect(within(items[0]).getByRole("link", { name: "Open Availability report, February 2028" })).toHaveAttribute(
      "href",
      "/reports/2028-02",
    );
    expect(items[1]).toHaveTextContent("no check ran in this month");
    expect(items[2]).toHaveTextContent(/Typed by the editors/);
    expect(within(items[2]).getByRole("link", { name: "Download Monthly Performance Report" })).toBeInTheDocument();
    // the counts and the filter take both
    expect(screen.getByRole("heading", { name: "Total Reports" }).closest("article")).toHaveTextContent(/^Total Reports3/);
    await userEvent.click(screen.getByRole("button", { name: "Filter" }));
    await userEvent.click(screen.getByRole("button", { name: /Failed/ }));
    expect(screen.getAllByRole("listitem").filter((li) => li.hasAttribute("data-source"))).toHaveLength(1);
  });
});

describe("a month's report page (#33)", () => {
  it("says the status, the fleet's figures in words, and a row per server with a link to its page", () => {
    const outageTimes = [
      { from: "2028-02-10T03:00:00.000Z", to: "2028-02-10T04:00:00.000Z" },
      { from: "2028-02-29T23:00:00.000Z", to: "2028-03-01T01:00:00.000Z" },
    ];
    const report = {
      ...month("2028-02", "completed"),
      servers: [{ server: "srv-a", name: "API <b>", ...figures(), outageTimes }],
      events: makeReportEvents(),
    };
    render(<MonthReportView report={report} siteName="Location Tracker" apiHref="/api/v1/reports/2028-02.json" />);
    expect(screen.getByRole("heading", { level: 1, name: "Availability report, February 2028" })).toBeInTheDocument();
    expect(screen.getByText("Completed: the month is closed.")).toBeInTheDocument();
    const fleet = screen.getByRole("region", { name: "The fleet" });
    expect(within(fleet).getByText("Availability").nextElementSibling).toHaveTextContent("99.71 %");
    expect(within(fleet).getByText("Downtime").nextElementSibling).toHaveTextContent("2 h");
    expect(within(fleet).getByText("Response time").nextElementSibling).toHaveTextContent("median 40 ms, p95 399 ms, p99 401 ms");
    expect(fleet).toHaveTextContent("Response times from 19 of 29 days with answers (the others' times were not kept).");
    expect(within(fleet).getByText("Checks covered").nextElementSibling).toHaveTextContent("100 % of the month");
    const table = screen.getByRole("table", { name: /Each server's figures/ });
    const row = within(table).getAllByRole("row")[1];
    // a name is text, never markup
    expect(within(row).getByRole("link", { name: "API <b>" })).toHaveAttribute("href", "/servers/srv-a");
    expect(row).toHaveTextContent(/99\.71 %\s*2 h\s*2\s*1 h\s*1 h\s*40 ms\s*399 ms\s*401 ms\s*100 %/);
    // each outage of the month, whole, the one that ran into March with its end
    const outages = within(screen.getByRole("table", { name: /Outages/ }))
      .getAllByRole("row")
      .slice(1);
    expect(outages.map((r) => r.textContent)).toEqual([
      "API <b>2028-02-10 03:00 UTC2028-02-10 04:00 UTC1 h",
      "API <b>2028-02-29 23:00 UTC2028-03-01 01:00 UTC2 h",
    ]);
  });

  it("judges each objective on the month's checks, in a table, only when content has objectives (#48)", () => {
    const objective = {
      id: "api",
      name: "API <up>",
      availability: 99.9,
      maintenance: "counted" as const,
      servers: 2,
      attained: 0.998536,
      met: false,
      slots: { good: 16380, bad: 24, unknown: 288, maintenance: 12 },
      budget: { slots: 16.404, seconds: 4921.2, remainingSlots: -7.596, remainingSeconds: -2278.8, remainingShare: -0.463 },
    };
    const events = makeReportEvents();
    const { unmount } = render(
      <MonthReportView
        report={{ ...month("2028-02", "completed"), servers: [], events, objectives: [objective] }}
        siteName="S"
        apiHref="/x.json"
      />,
    );
    const rows = within(screen.getByRole("table", { name: /The objectives, February 2028/ })).getAllByRole("row");
    expect(rows.map((r) => r.textContent)).toEqual([
      "ObjectiveTargetAttainedMetBudget leftNot checked",
      "API <up>99.9 %, maintenance counted as down99.853 %missedoverspent by 37 min1.7 % of the slots",
    ]);
    unmount();
    render(
      <MonthReportView report={{ ...month("2028-02", "completed"), servers: [], events, objectives: [] }} siteName="S" apiHref="/x.json" />,
    );
    expect(screen.queryByRole("region", { name: "Objectives" })).toBeNull();
  });

  it("says the checks a dependency made fail, and whether the availability counts them, only when there is something to say", () => {
    const events = makeReportEvents();
    const { unmount } = render(
      <MonthReportView report={{ ...month("2028-02", "completed"), servers: [], events }} siteName="S" apiHref="/x.json" />,
    );
    expect(screen.queryByText("Down because of a dependency")).toBeNull();
    unmount();
    const caused = { ...month("2028-02", "completed"), servers: [], fleet: figures({ causedChecks: 1200 }), events };
    const counted = render(<MonthReportView report={caused} siteName="S" apiHref="/x.json" />);
    const fact = () =>
      within(screen.getByRole("region", { name: "The fleet" })).getByText("Down because of a dependency").nextElementSibling;
    expect(fact()).toHaveTextContent("1,200 checks, counted in the availability");
    counted.unmount();
    render(<MonthReportView report={{ ...caused, causedDowntime: "excluded" }} siteName="S" apiHref="/x.json" />);
    expect(fact()).toHaveTextContent("1,200 checks, left out of the availability");
    expect(screen.getByText(/leaving out those a server's dependency made fail/)).toBeInTheDocument();
  });

  it("tells the month's incidents and maintenance, names as text, and how far the alerts are known", () => {
    const affected = [{ server: "srv-a", name: "API <b>" }];
    const events = makeReportEvents({
      incidents: [
        { id: "i1", title: "Database <i>slow</i>", impact: "major", affected, began: "2028-02-03T10:00:00.000Z", resolved: null },
      ],
      maintenance: [
        { id: "w1", title: "Patching", affected, start: "2028-02-06T01:30:00.000Z", end: "2028-02-06T02:30:00.000Z" },
        { id: "w1", title: "Patching", affected, start: "2028-03-05T01:30:00.000Z", end: "2028-03-05T02:30:00.000Z" },
      ],
      alerts: { error: 2, warning: 1, info: 0, from: "2028-02-11T00:00:00.000Z", whole: false },
    });
    render(<MonthReportView report={{ ...month("2028-02", "completed"), servers: [], events }} siteName="S" apiHref="/x.json" />);
    const incidents = within(screen.getByRole("table", { name: /Incidents/ })).getAllByRole("row");
    expect(incidents[1].textContent).toBe("Database <i>slow</i>Major impactAPI <b>2028-02-03 10:00 UTCopen");
    const windows = within(screen.getByRole("table", { name: /Maintenance/ }))
      .getAllByRole("row")
      .slice(1);
    // the second is after the figures' time (2028-03-02): planned
    expect(windows.map((r) => r.querySelector("th")?.textContent)).toEqual(["Patching", "Patching (planned)"]);
    const fleet = screen.getByRole("region", { name: "The fleet" });
    expect(within(fleet).getByText("Alerts raised").nextElementSibling).toHaveTextContent(
      "3 (2 errors, 1 warning), from 11 February on (the job keeps its alerts 30 days)",
    );
  });

  it("says when the month had no incident and no window", () => {
    render(
      <MonthReportView
        report={{ ...month("2028-02", "completed"), servers: [], events: makeReportEvents() }}
        siteName="S"
        apiHref="/x.json"
      />,
    );
    expect(screen.getByText("No incident was open this month.")).toBeInTheDocument();
    expect(screen.getByText("No maintenance window this month.")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "The fleet" })).getByText("Alerts raised").nextElementSibling).toHaveTextContent(
      "none",
    );
  });

  it("a month in progress says as of when; a failed one says why", () => {
    const { unmount } = render(
      <MonthReportView
        report={{ ...month("2028-02", "processing"), servers: [], events: makeReportEvents() }}
        siteName="S"
        apiHref="/x.json"
      />,
    );
    expect(screen.getByText("In progress: figures as of 2028-03-02 00:00 UTC, the newest check.")).toBeInTheDocument();
    expect(screen.getByText("No server was checked this month.")).toBeInTheDocument();
    unmount();
    render(
      <MonthReportView
        report={{ ...month("2028-01", "failed", "no check ran in this month"), servers: [], events: makeReportEvents() }}
        siteName="S"
        apiHref="/x.json"
      />,
    );
    expect(screen.getByText("Failed: no check ran in this month.")).toBeInTheDocument();
  });
});

describe("Generate Report (#33)", () => {
  const index = {
    version: 1,
    generatedAt: "2028-03-02T10:20:00.000Z",
    asOf: "2028-03-02T10:15:00.000Z",
    intervalMs: 300_000,
    servers: [
      { server: "web", name: "Web <b>", url: "https://status.example.org/api/v1/history/web.json" },
      { server: "db", name: "Database", url: "https://status.example.org/api/v1/history/db.json" },
    ],
  };
  const answer = (body: unknown, status = 200) => Promise.resolve({ ok: status < 400, status, json: () => Promise.resolve(body) });
  let fetchMock: jest.Mock;
  beforeEach(() => {
    fetchMock = jest.fn(() => answer(index));
    global.fetch = fetchMock;
  });

  const open = async () => {
    const user = userEvent.setup();
    render(<ReportsView reports={[]} />);
    await user.click(screen.getByRole("button", { name: "Generate Report" }));
    const dialog = await screen.findByRole("dialog", { name: "Generate a report" });
    return { user, dialog };
  };

  it("opens on the newest run's month so far, every checked server named as text, loaded only now", async () => {
    expect(fetchMock).not.toHaveBeenCalled();
    const { dialog } = await open();
    expect(await within(dialog).findByLabelText("First day (UTC)")).toHaveValue("2028-03-01");
    expect(fetchMock).toHaveBeenCalledWith("/api/v1/history.json", { cache: "no-cache" });
    expect(within(dialog).getByLabelText("Last day (UTC)")).toHaveValue("2028-03-02");
    expect(within(dialog).getByRole("radio", { name: /Availability over days you pick/ })).toBeChecked();
    expect(within(dialog).getByRole("radio", { name: "All 2 checked servers" })).toBeChecked();
    expect(within(dialog).getByRole("option", { name: "Web <b>" })).toBeInTheDocument();
    expect(within(dialog).getByLabelText("First day (UTC)")).toHaveAccessibleDescription("From 2027-01-28: the history keeps 400 days.");
    expect(within(dialog).getByLabelText("Last day (UTC)")).toHaveAccessibleDescription("Up to 2028-03-02, the newest check (10:15 UTC).");
  });

  it("a period that cannot be made is said beside its fields, and nothing is fetched or made", async () => {
    const { user, dialog } = await open();
    const from = await within(dialog).findByLabelText("First day (UTC)");
    await user.clear(from);
    await user.type(from, "2028-02-20");
    const to = within(dialog).getByLabelText("Last day (UTC)");
    await user.clear(to);
    await user.type(to, "2028-02-10");
    await user.click(within(dialog).getByRole("radio", { name: "Only those chosen below" }));
    await user.click(within(dialog).getByRole("button", { name: "Generate" }));
    expect(within(dialog).getByText("The last day cannot come before the first.")).toBeInTheDocument();
    expect(to).toHaveAttribute("aria-invalid", "true");
    // the first field to mend has the focus
    expect(to).toHaveFocus();
    expect(within(dialog).getByText("Choose at least one server, or report on all of them.")).toBeInTheDocument();
    expect(within(dialog).getByRole("listbox", { name: "Servers to report on" })).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("without a measured history, offers the current status and says why the period is not offered", async () => {
    fetchMock.mockImplementation(() => answer({ ...index, asOf: null, servers: [] }));
    const { dialog } = await open();
    expect(
      await within(dialog).findByText("No server has a measured history yet: the check job has not run for this site."),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole("radio", { name: /Availability over days you pick/ })).toBeDisabled();
    expect(within(dialog).getByRole("radio", { name: /The current status/ })).toBeChecked();
    expect(within(dialog).queryByLabelText("First day (UTC)")).not.toBeInTheDocument();
  });

  it("a list that cannot be loaded is said, and the current status can still be downloaded", async () => {
    fetchMock.mockImplementation(() => answer("down", 503));
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    const { dialog } = await open();
    await waitFor(() =>
      expect(within(dialog).getByRole("alert")).toHaveTextContent(
        "The list of measured histories could not be loaded (/api/v1/history.json answered 503); the current status can still be downloaded.",
      ),
    );
    expect(within(dialog).getByRole("radio", { name: /The current status/ })).toBeChecked();
  });
});
