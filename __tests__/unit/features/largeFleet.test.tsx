import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { PageProps } from "gatsby";
import ServersPage from "../../../src/pages/servers";
import DashboardPage from "../../../src/pages/index";
import { DASHBOARD_CARDS } from "../../../src/features/dashboard/ServerStatusGrid";
import { SERVERS_PAGE_SIZE } from "../../../src/features/servers/ServerManagement";
import { INLINE_FLEET_LIMIT } from "../../../src/model/fleet/fleet";
import { serversDocument } from "../../../src/publish/openData";
import { problemsFirst } from "../../../src/domain/kernel/status";
import type { ServerRecord } from "../../../src/model/fleet/graphqlRecords";
import { fleetRecord } from "../fixtures";
import { renderWithProviders } from "../renderWithProviders";

/** n valid server records: every tenth offline, every seventh in warning; a few in Frankfurt. */
function records(n: number): ServerRecord[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `srv-${i}`,
    name: `Node-${String(i).padStart(4, "0")}`,
    ip: `10.0.${Math.floor(i / 250)}.${i % 250}`,
    location: i % 97 === 0 ? "Frankfurt, Germany" : "Dublin, Ireland",
    status: i % 10 === 0 ? "offline" : i % 7 === 0 ? "warning" : "online",
    uptime: "99.9%",
    responseTime: 40,
    lastChecked: "2026-11-23T10:00:00Z",
    coordinates: [i % 97 === 0 ? 8.68 : -6.26, i % 97 === 0 ? 50.11 : 53.35],
    monitored: false,
    measured: null,
  }));
}

const N = 1000;
const all = records(N);
// What a large fleet's /servers page carries: the first page (problems first) and the figures of all.
const firstPage = problemsFirst(all).slice(0, SERVERS_PAGE_SIZE);
const serversData = { fleet: fleetRecord(firstPage, all) } as unknown as Queries.ServersPageQuery;
const published = serversDocument(
  all.map(({ monitored: _m, measured: _r, ...r }) => ({
    ...r,
    coordinates: [r.coordinates[0], r.coordinates[1]] as [number, number],
    responseTime: r.responseTime ?? null,
    source: "simulated" as const,
    detail: null,
    uptimeChecks: null,
  })),
  new Date("2026-11-23T10:00:00Z"),
);

/** What fetch answers (jsdom has no Response): the parts the page reads. */
const answer = (body: unknown, status = 200) => Promise.resolve({ ok: status < 400, status, json: () => Promise.resolve(body) });
let fetchMock: jest.Mock;
beforeEach(() => {
  fetchMock = jest.fn(() => answer(published));
  global.fetch = fetchMock;
  window.history.replaceState(null, "", "/servers");
});

const resultLine = () => screen.getAllByRole("status").find((el) => /Showing|Loading|No server/.test(el.textContent ?? ""))!;
const counter = (title: string) =>
  within(screen.getByRole("heading", { level: 2, name: title }).closest("article")!).getByText(/^[\d,]+$/).textContent;
const cards = () => screen.queryAllByRole("heading", { level: 3 }).filter((h) => h.textContent?.startsWith("Node-"));

describe(`a fleet of more than ${INLINE_FLEET_LIMIT} servers on /servers`, () => {
  it("shows the build's first page and totals at once, then fetches the whole list once and searches all of it", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ServersPage {...({ data: serversData } as PageProps<Queries.ServersPageQuery>)} />);
    expect(resultLine()).toHaveTextContent(`Showing 1–${SERVERS_PAGE_SIZE} of 1,000 servers, problems first.`);
    expect([counter("Online/Active"), counter("Warning"), counter("Offline")]).toEqual(["772", "128", "100"]);
    expect(cards()).toHaveLength(SERVERS_PAGE_SIZE);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0][0]).toBe("/api/v1/servers.json");
    await user.type(screen.getByRole("searchbox", { name: "Search servers" }), "frankfurt");
    // 0, 97, 194, … 970: eleven servers in Frankfurt, found among all 1,000, not only the first page
    await waitFor(() => expect(resultLine()).toHaveTextContent("Showing all 11 servers."));
    expect(cards()).toHaveLength(11);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("says so while a search waits for the list, and when the list cannot come offers to try again", async () => {
    let fail = true;
    fetchMock.mockImplementation(() => (fail ? answer({}, 503) : answer(published)));
    jest.spyOn(console, "error").mockImplementation(() => {});
    window.history.replaceState(null, "", "/servers?q=frankfurt");
    const user = userEvent.setup();
    renderWithProviders(<ServersPage {...({ data: serversData } as PageProps<Queries.ServersPageQuery>)} />);
    expect(resultLine()).toHaveTextContent("Loading the list of all 1,000 servers…");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The full list of servers could not be loaded.");
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(resultLine()).toHaveTextContent("Showing all 11 servers."));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    jest.restoreAllMocks();
  });
});

describe("the dashboard's Server Status", () => {
  const dashboardData = (fleet: unknown) =>
    ({
      fleet: { ...(fleet as object), alertsComplete: true, alertTotal: 0, alerts: [] },
      allPerformanceJson: { nodes: [{ time: "00:00", responseTime: 40, uptime: 99.9 }] },
      monitoring: { performance: [] },
    }) as unknown as Queries.DashboardPageQuery;

  it(`shows the ${DASHBOARD_CARDS} servers that most need attention of a larger fleet, and links to all of them`, () => {
    const thirty = records(30);
    renderWithProviders(
      <DashboardPage {...({ data: dashboardData(fleetRecord(thirty)), pageContext: {} } as PageProps<Queries.DashboardPageQuery>)} />,
    );
    const section = screen.getByRole("region", { name: "Server Status" });
    const shown = within(section).getAllByRole("heading", { level: 3 });
    expect(shown).toHaveLength(DASHBOARD_CARDS);
    // offline first (0, 10, 20), then warning (7, 14, 21, 28), then online
    expect(shown.slice(0, 4).map((h) => h.textContent)).toEqual(["Node-0000", "Node-0010", "Node-0020", "Node-0007"]);
    expect(within(section).getByRole("link", { name: "See all 30 servers" })).toHaveAttribute("href", "/servers");
    // the cards above count the whole fleet
    expect(counter("Total Servers")).toBe("30");
  });
});
