import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { PageProps } from "gatsby";
import toast from "react-hot-toast";
import * as XLSX from "xlsx";
import { drawPerformance } from "../../../src/charts/drawPerformance";
import DashboardPage from "../../../src/pages/index";
import { fleetRecord } from "../fixtures";
import { renderWithProviders } from "../renderWithProviders";

let mockXlsxLoaded = false;
const mockWrite = jest.fn();
// The real SheetJS mini build, with a hook on write (to count files and to fail one).
jest.mock("xlsx/dist/xlsx.mini.min.js", () => {
  mockXlsxLoaded = true;
  const actual: typeof XLSX = jest.requireActual("xlsx/dist/xlsx.mini.min.js");
  return { ...actual, write: (...args: Parameters<typeof actual.write>) => mockWrite(...args) ?? actual.write(...args) };
});

/** The files handed to the browser as downloads: name and bytes. */
const downloads: Array<{ fileName: string; blob: Blob }> = [];
const blobs = new Map<string, Blob>();
beforeAll(() => {
  let next = 0;
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${(next += 1)}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void blobs.delete(url);
  jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob && this.download) downloads.push({ fileName: this.download, blob });
  });
});

const readBook = async (blob: Blob) => {
  const bytes = await new Promise<ArrayBuffer>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.readAsArrayBuffer(blob);
  });
  return XLSX.read(new Uint8Array(bytes), { type: "array" });
};

const servers = [
  {
    id: "a",
    name: "Alpha",
    ip: "192.0.2.1",
    location: "Dublin, Ireland",
    status: "online",
    uptime: "99.9%",
    responseTime: 40,
    lastChecked: "2026-11-23T09:00:00Z",
    coordinates: [-6.2, 53.3],
  },
  {
    id: "b",
    name: "Bravo",
    ip: "192.0.2.2",
    location: "Mumbai, India",
    status: "warning",
    uptime: "97.2%",
    responseTime: 156,
    lastChecked: "2026-11-23T09:00:00Z",
    coordinates: [72.8, 19],
  },
  {
    id: "c",
    name: "Charlie",
    ip: "192.0.2.3",
    location: "Hong Kong, China",
    status: "offline",
    uptime: "94.1%",
    responseTime: 0,
    lastChecked: "2026-11-23T09:00:00Z",
    coordinates: [114.1, 22.3],
  },
];
const alerts = {
  alertsComplete: true,
  alertTotal: 1,
  alerts: [
    {
      id: "x",
      server: "Charlie",
      type: "error",
      message: "Timeout",
      ip: "192.0.2.3",
      location: "Hong Kong, China",
      timestamp: "2026-11-23 09:30 UTC",
    },
  ],
};
const data = {
  fleet: { ...fleetRecord(servers), ...alerts },
  allPerformanceJson: { nodes: [{ time: "00:00", responseTime: 40, uptime: 99.9 }] },
  monitoring: { performance: [] },
} as unknown as Queries.DashboardPageQuery;

const renderDashboard = () =>
  renderWithProviders(<DashboardPage {...({ data, pageContext: {} } as PageProps<Queries.DashboardPageQuery>)} />);
const card = (name: string) => screen.getByRole("heading", { level: 3, name }).closest("article") as HTMLElement;
const factOf = (server: string, term: string) => within(card(server)).getByText(term).nextElementSibling?.textContent;

beforeEach(() => {
  jest.useFakeTimers({ now: new Date("2026-11-23T10:00:00Z") });
  mockWrite.mockReset();
  downloads.length = 0;
  localStorage.clear();
});
afterEach(() => {
  // react-hot-toast keeps its toasts in a module-wide store.
  act(() => toast.remove());
  jest.useRealTimers();
});

it("shows the 24-hour chart the build drew for it (gatsby/pages/dashboardChart.ts gives it in the page's context)", () => {
  const performanceChart = drawPerformance(data.allPerformanceJson.nodes, {
    id: "performance",
    title: "24 Hour Performance Overview",
    description: "d",
  });
  renderWithProviders(
    <DashboardPage {...({ data, pageContext: { performanceChart } } as unknown as PageProps<Queries.DashboardPageQuery>)} />,
  );
  expect(screen.getAllByRole("img", { name: "24 Hour Performance Overview" })).toHaveLength(2);
  expect(screen.getByRole("slider", { name: "24 Hour Performance Overview: the figures at one time" })).toHaveAttribute(
    "aria-valuetext",
    "00:00: response time 40 ms, uptime 99.9%",
  );
});

describe("the 30-second simulation", () => {
  it("gives online servers a new response time from 20 to 69 ms and checks every server", async () => {
    renderDashboard();
    expect(factOf("Alpha", "Response")).toBe("40 ms");
    for (let tick = 1; tick <= 5; tick += 1) {
      await act(async () => {
        jest.advanceTimersByTime(30_000);
      });
      const ms = Number(factOf("Alpha", "Response")?.replace(" ms", ""));
      expect(Number.isInteger(ms)).toBe(true);
      expect(ms).toBeGreaterThanOrEqual(20);
      expect(ms).toBeLessThanOrEqual(69);
      expect(factOf("Bravo", "Response")).toBe("156 ms");
      expect(factOf("Charlie", "Response")).toBe("—no answer");
      const expected = `10:${String(Math.floor((tick * 30) / 60)).padStart(2, "0")}:${tick % 2 === 1 ? "30" : "00"} UTC`;
      for (const name of ["Alpha", "Bravo", "Charlie"]) expect(factOf(name, "Last checked")).toBe(expected);
    }
  });

  it("the summary cards follow the live values", async () => {
    const random = jest.spyOn(Math, "random").mockReturnValue(0.5);
    renderDashboard();
    const avg = screen.getByRole("heading", { level: 2, name: "Avg Response" }).closest("article") as HTMLElement;
    expect(avg).toHaveTextContent("40 ms");
    await act(async () => {
      jest.advanceTimersByTime(30_000);
    });
    expect(avg).toHaveTextContent("45 ms");
    random.mockRestore();
  });

  it("does nothing before 30 seconds", async () => {
    renderDashboard();
    await act(async () => {
      jest.advanceTimersByTime(29_999);
    });
    expect(factOf("Alpha", "Last checked")).toBe("09:00:00 UTC");
  });

  it("says on the page that the values are simulated", () => {
    renderDashboard();
    expect(screen.getByText(/simulated in your browser every 30 s/)).toBeInTheDocument();
  });
});

describe("Refresh", () => {
  it("is disabled and busy for 1000 ms, then updates lastChecked and shows the toast", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderDashboard();
    const button = screen.getByRole("button", { name: "Refresh" });
    expect(button.querySelector("svg")).not.toHaveClass("spinning");
    await user.click(button);
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(button).toHaveFocus();
    expect(button.querySelector("svg")).toHaveClass("spinning");
    await act(async () => {
      jest.advanceTimersByTime(999);
    });
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(factOf("Alpha", "Last checked")).toBe("09:00:00 UTC");
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(button).not.toHaveAttribute("aria-disabled");
    expect(factOf("Alpha", "Last checked")).toBe("10:00:01 UTC");
    expect(factOf("Charlie", "Last checked")).toBe("10:00:01 UTC");
    expect(factOf("Alpha", "Response")).toBe("40 ms");
    expect(await screen.findByText("Data Refreshed")).toBeInTheDocument();
    expect(screen.getByText("Server status updated successfully")).toBeInTheDocument();
  });

  it("a second click during a refresh does not start another one", async () => {
    renderDashboard();
    const button = screen.getByRole("button", { name: "Refresh" });
    // two clicks before React re-renders: the disabled attribute cannot stop the second, the guard must
    act(() => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await act(async () => {
      jest.advanceTimersByTime(2000);
    });
    expect(screen.getAllByText("Data Refreshed")).toHaveLength(1);
  });
});

describe("Export Report", () => {
  it("loads xlsx only on the click and downloads server-report-<date>.xlsx with both sheets", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderDashboard();
    expect(mockXlsxLoaded).toBe(false);
    await user.click(screen.getByRole("button", { name: "Export Report" }));
    expect(await screen.findByText("Report Exported")).toBeInTheDocument();
    expect(screen.getByText("Excel file downloaded successfully")).toBeInTheDocument();
    expect(mockXlsxLoaded).toBe(true);
    expect(downloads.map((d) => d.fileName)).toEqual(["server-report-2026-11-23.xlsx"]);
    expect(downloads[0].blob.type).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const book = await readBook(downloads[0].blob);
    expect(book.SheetNames).toEqual(["Server Status", "Alerts"]);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets["Server Status"], { header: 1 });
    expect(rows[1]).toEqual([
      "Alpha",
      "192.0.2.1",
      "Dublin, Ireland",
      "Online",
      0.999,
      40,
      46349 + 9 / 24, // 2026-11-23 09:00 as a spreadsheet date
      "Simulated",
    ]);
  });

  it("a second click while exporting does not write a second file", async () => {
    renderDashboard();
    const button = screen.getByRole("button", { name: "Export Report" });
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    expect(await screen.findByText("Report Exported")).toBeInTheDocument();
    expect(mockWrite).toHaveBeenCalledTimes(1);
    expect(downloads).toHaveLength(1);
  });

  it("a failure says what failed, logs it, keeps the page working and shows no success toast", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const consoleError = jest.spyOn(console, "error").mockImplementation(() => undefined);
    mockWrite.mockImplementation(() => {
      throw new Error("disk full");
    });
    renderDashboard();
    await user.click(screen.getByRole("button", { name: "Export Report" }));
    expect(await screen.findByText("Export failed")).toBeInTheDocument();
    expect(screen.getByText(/disk full/)).toBeInTheDocument();
    expect(screen.queryByText("Report Exported")).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Export Report" })).toBeEnabled();
    consoleError.mockRestore();
  });
});

describe("with measured servers", () => {
  const measured = {
    ...data,
    fleet: {
      ...alerts,
      ...fleetRecord(
        servers.map((s) => ({
          ...s,
          monitored: true,
          measured: {
            status: s.status,
            responseTime: s.responseTime,
            checkedAt: "2026-11-23T09:58:00.000Z",
            detail: `HTTP 200 in ${s.responseTime} ms`,
            uptimeUp: 999,
            uptimeTotal: 1000,
          },
        })),
      ),
    },
  } as unknown as Queries.DashboardPageQuery;
  const renderMeasured = () =>
    renderWithProviders(<DashboardPage {...({ data: measured, pageContext: {} } as PageProps<Queries.DashboardPageQuery>)} />);

  it("are never simulated: a tick changes nothing, and each card says when it was checked", async () => {
    renderMeasured();
    await act(async () => {
      jest.advanceTimersByTime(60_000);
    });
    expect(factOf("Alpha", "Response")).toBe("40 ms");
    expect(factOf("Alpha", "Last checked")).toBe("09:58:00 UTC");
    expect(factOf("Alpha", "Uptime")).toBe("99.9% · 1,000 checks");
    expect(within(card("Alpha")).getByText("Checked 3 min ago")).toHaveAttribute("data-source", "measured");
    expect(screen.getByText("Figures: 3 servers measured.")).toBeInTheDocument();
  });

  it("Refresh does not pretend to measure again: the times stay, and the toast says where new figures come from", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderMeasured();
    await user.click(screen.getByRole("button", { name: "Refresh" }));
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    expect(factOf("Alpha", "Last checked")).toBe("09:58:00 UTC");
    expect(await screen.findByText("These are the newest measured figures; the next check run brings new ones.")).toBeInTheDocument();
    expect(screen.queryByText("Server status updated successfully")).not.toBeInTheDocument();
  });
});
