import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MonthReportView } from "../../../src/features/reports/MonthReportView";
import { monthReportForPage } from "../../../src/model/reports/reportPages";
import type { MonthReport } from "../../../src/domain/reports/month";
import { buildMonthWorkbook } from "../../../src/model/reports/monthWorkbook";
import { exportSpec } from "../../../src/components/domain/exportWorkbook";
import { makeMonthFigures, makeReportEvents } from "../fixtures";

// The workbook's making is watched, not run: what matters here is which report it is made of.
jest.mock("../../../src/model/reports/monthWorkbook", () => ({ buildMonthWorkbook: jest.fn(() => ({ sheets: [] })) }));
jest.mock("../../../src/components/domain/exportWorkbook", () => ({ exportSpec: jest.fn(() => Promise.resolve()) }));

const figures = (over: Partial<MonthReport["fleet"]> = {}) =>
  makeMonthFigures({ times: { median: 40, p95: 398.5, p99: 401.2, daysKept: 19, daysTimed: 29 }, ...over });

const month = (month: string): MonthReport => ({
  month,
  status: "completed",
  reason: null,
  start: `${month}-01T00:00:00.000Z`,
  end: "2028-03-01T00:00:00.000Z",
  asOf: "2028-03-02T00:00:00.000Z",
  causedDowntime: "counted",
  fleet: figures(),
  servers: [],
});
describe("a month's report of a large fleet (#45)", () => {
  /** 5 servers; srv-3 and srv-1 had the most downtime. */
  const servers = [0, 40, 0, 90, 10].map((minutes, i) => ({
    server: `srv-${i}`,
    name: `Server ${i}`,
    ...figures({ downtimeMs: minutes * 60_000 }),
    outageTimes: [],
  }));
  const whole = { ...month("2028-02"), servers, events: makeReportEvents() };
  const answer = (body: unknown, status = 200) => Promise.resolve({ ok: status < 400, status, json: () => Promise.resolve(body) });
  const rows = () =>
    within(screen.getByRole("table", { name: "Each server's figures, February 2028" }))
      .getAllByRole("rowheader")
      .map((r) => r.textContent);

  it("the page carries the servers with the most downtime, in the report's order, and says how many there are", () => {
    const page = monthReportForPage(whole, 2);
    expect(page.serversInAll).toBe(5);
    expect(page.report.servers.map((s) => s.server)).toEqual(["srv-1", "srv-3"]);
    expect(page.report.fleet).toBe(whole.fleet);
    // up to the limit it is the report as it is
    expect(monthReportForPage(whole, 5)).toEqual({ report: whole });
  });

  it("shows them first, then every server once the month's file came", async () => {
    global.fetch = jest.fn(() => answer({ version: 1, generatedAt: "x", report: whole })) as unknown as typeof fetch;
    const page = monthReportForPage(whole, 2);
    render(<MonthReportView report={page.report} serversInAll={page.serversInAll} siteName="S" apiHref="/api/v1/reports/2028-02.json" />);
    expect(screen.getByRole("region", { name: "The fleet" })).toHaveTextContent("5 checked servers.");
    expect(rows()).toEqual(["Server 1", "Server 3"]);
    expect(screen.getByRole("status")).toHaveTextContent(
      "The 2 servers with the most downtime, of 5; the others are loading. Every server's figures are in /api/v1/reports/2028-02.json.",
    );
    await waitFor(() => expect(rows()).toEqual(["Server 0", "Server 1", "Server 2", "Server 3", "Server 4"]));
    expect(screen.queryByText(/the others are loading/)).toBeNull();
    expect(global.fetch).toHaveBeenCalledTimes(1);
    expect(global.fetch).toHaveBeenCalledWith("/api/v1/reports/2028-02.json", { cache: "no-cache" });
  });

  it("a file that cannot come, or is another month's, is said, and the page keeps the servers it has", async () => {
    for (const reply of [answer({}, 503), answer({ version: 1, report: { ...whole, month: "2028-01" } })]) {
      global.fetch = jest.fn(() => reply) as unknown as typeof fetch;
      const page = monthReportForPage(whole, 2);
      const { unmount } = render(
        <MonthReportView report={page.report} serversInAll={page.serversInAll} siteName="S" apiHref="/api/v1/reports/2028-02.json" />,
      );
      expect(await screen.findByText(/the others could not be loaded/)).toHaveTextContent(
        /The 2 servers with the most downtime, of 5: the others could not be loaded \(\/api\/v1\/reports\/2028-02\.json (answered 503|is not the report of 2028-02)\)\./,
      );
      expect(rows()).toEqual(["Server 1", "Server 3"]);
      unmount();
    }
  });

  it("the workbook, asked for before the rest came, is made of every server", async () => {
    let reply: (value: unknown) => void = () => {};
    global.fetch = jest.fn(() => new Promise((resolve) => (reply = resolve))) as unknown as typeof fetch;
    const page = monthReportForPage(whole, 2);
    render(<MonthReportView report={page.report} serversInAll={page.serversInAll} siteName="S" apiHref="/api/v1/reports/2028-02.json" />);
    await userEvent.click(screen.getByRole("button", { name: "Download workbook" }));
    expect(buildMonthWorkbook).not.toHaveBeenCalled();
    reply({ ok: true, status: 200, json: () => Promise.resolve({ version: 1, report: whole }) });
    await waitFor(() => expect(exportSpec).toHaveBeenCalledTimes(1));
    expect((buildMonthWorkbook as jest.Mock).mock.calls[0][0].servers).toHaveLength(5);
    // one fetch for the page and the workbook
    expect(global.fetch).toHaveBeenCalledTimes(1);
  });
});
