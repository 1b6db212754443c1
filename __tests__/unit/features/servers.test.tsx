import { act, screen, waitFor, within, render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SERVERS_PAGE_SIZE, ServerManagement } from "../../../src/features/servers/ServerManagement";
import { LOCATIONS_PAGE_SIZE, ServerLocations } from "../../../src/features/map/ServerLocations";
import type { Server } from "../../../src/domain/kernel/types";
import { makeServer, wholeFleet } from "../fixtures";
import { renderWithProviders } from "../renderWithProviders";

/** n servers: every tenth offline, every seventh in warning, the rest online; every third in Frankfurt. */
function fleet(n: number): Server[] {
  return Array.from({ length: n }, (_, i) =>
    makeServer({
      name: `Node-${String(i + 1).padStart(3, "0")}`,
      status: i % 10 === 9 ? "offline" : i % 7 === 6 ? "warning" : "online",
      location: i % 3 === 0 ? "Frankfurt, Germany" : "Dublin, Ireland",
      ip: `10.1.${Math.floor(i / 200)}.${i % 200}`,
    }),
  );
}

/** The server cards (the counters are articles too, titled with an h2). */
const cards = () => screen.queryAllByRole("article").filter((article) => article.querySelector("h3") !== null);
/** The figure on a counter card, by its title. */
const counter = (title: string) =>
  within(screen.getByRole("heading", { level: 2, name: title }).closest("article")!).getByText(/^\d+$/).textContent;
const resultLine = () => screen.getByText(/^Showing|^No server/);

beforeEach(() => window.history.replaceState(null, "", "/servers"));

describe("/servers: search, status and page in the URL", () => {
  it("shows the first page, problems first, and says how many there are", () => {
    const servers = fleet(30);
    renderWithProviders(<ServerManagement fleet={wholeFleet(servers)} />);
    expect(cards()).toHaveLength(SERVERS_PAGE_SIZE);
    expect(resultLine()).toHaveTextContent(`Showing 1–${SERVERS_PAGE_SIZE} of 30 servers, problems first.`);
    // offline first (Node-010, Node-020, Node-030), then warnings
    expect(within(cards()[0]).getByText("Node-010")).toBeInTheDocument();
    expect(within(cards()[3]).getByText("Node-007")).toBeInTheDocument();
  });

  it("Next and the back button move between pages, through the URL", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ServerManagement fleet={wholeFleet(fleet(30))} />);
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(window.location.search).toBe("?page=2");
    expect(cards()).toHaveLength(30 - SERVERS_PAGE_SIZE);
    expect(screen.getByText("Page 2 of 2")).toBeInTheDocument();
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener("popstate", resolve, { once: true }));
    });
    await waitFor(() => expect(cards()).toHaveLength(SERVERS_PAGE_SIZE));
    expect(window.location.search).toBe("");
  });

  it("typing searches name, location and IP; the counters and the list follow; the URL keeps the search without a history entry per key", async () => {
    const user = userEvent.setup();
    const entries = window.history.length;
    renderWithProviders(<ServerManagement fleet={wholeFleet(fleet(30))} />);
    await user.type(screen.getByRole("searchbox", { name: "Search servers" }), "frankfurt");
    await waitFor(() => expect(cards()).toHaveLength(10));
    expect(window.location.search).toBe("?q=frankfurt");
    expect(window.history.length).toBe(entries);
    expect(resultLine()).toHaveTextContent("Showing all 10 servers.");
    // The counters count what the search found: of the ten in Frankfurt, one offline and two in warning.
    expect([counter("Online/Active"), counter("Warning"), counter("Offline")]).toEqual(["7", "2", "1"]);
  });

  it("an empty result says so", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ServerManagement fleet={wholeFleet(fleet(12))} />);
    await user.type(screen.getByRole("searchbox", { name: "Search servers" }), "tokyo");
    await waitFor(() => expect(resultLine()).toHaveTextContent("No server matches “tokyo”."));
    expect(cards()).toHaveLength(0);
  });

  it("a status in the URL (a shared link, a reload) opens the filters with it chosen; hiding them shows every status", async () => {
    window.history.replaceState(null, "", "/servers?status=warning");
    const user = userEvent.setup();
    renderWithProviders(<ServerManagement fleet={wholeFleet(fleet(30))} />);
    await waitFor(() => expect(screen.getByRole("button", { name: "Warning" })).toHaveAttribute("aria-pressed", "true"));
    expect(cards().every((card) => within(card).queryByText("Warning") !== null)).toBe(true);
    expect(screen.getByRole("button", { name: "Filter" })).toHaveAttribute("aria-expanded", "true");
    await user.click(screen.getByRole("button", { name: "Filter" }));
    expect(window.location.search).toBe("");
    expect(cards()).toHaveLength(SERVERS_PAGE_SIZE);
  });

  it("choosing a status is a history entry", async () => {
    const user = userEvent.setup();
    const entries = window.history.length;
    renderWithProviders(<ServerManagement fleet={wholeFleet(fleet(30))} />);
    await user.click(screen.getByRole("button", { name: "Filter" }));
    await user.click(screen.getByRole("button", { name: "Offline" }));
    expect(window.location.search).toBe("?status=offline");
    expect(window.history.length).toBe(entries + 1);
    expect(cards()).toHaveLength(3);
  });
});

test("the map's Server Locations list pages too, problems first, and searches", async () => {
  window.history.replaceState(null, "", "/map");
  const user = userEvent.setup();
  render(<ServerLocations fleet={wholeFleet(fleet(LOCATIONS_PAGE_SIZE + 5))} onSelect={() => {}} />);
  const rows = () => screen.getAllByRole("button", { name: /, show on the map$/ });
  expect(rows()).toHaveLength(LOCATIONS_PAGE_SIZE);
  expect(rows()[0]).toHaveAccessibleName("Node-010, show on the map");
  await user.click(screen.getByRole("button", { name: "Next" }));
  expect(rows()).toHaveLength(5);
  await user.type(screen.getByRole("searchbox", { name: "Search server locations" }), "10.1.0.4");
  await waitFor(() => expect(rows().map((row) => row.textContent)).toEqual(expect.arrayContaining(["Node-005"])));
  expect(window.location.search).toBe("?q=10.1.0.4");
});
