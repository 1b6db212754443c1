import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { drawServerCharts } from "../../../gatsby/pages/serverCharts";
import { ServerStory, type ServerStoryProps } from "../../../src/features/server/ServerStory";
import type { ServerHistoryFigures } from "../../../src/domain/checks/serverHistory";
import { makeServer } from "../fixtures";

/** Seven days of hours and 90 days, the newest last: the job's figures as the build gives them. */
const history: ServerHistoryFigures = {
  server: "API",
  asOf: "2026-11-24T12:00:00.000Z",
  firstCheck: "2026-08-27T00:00:00.000Z",
  uptime: [
    { key: "24h", hours: 24, up: 287, total: 288, coveredFrom: null },
    { key: "7d", hours: 168, up: 2000, total: 2016, coveredFrom: null },
    { key: "30d", hours: 720, up: 8600, total: 8640, coveredFrom: null },
    { key: "90d", hours: 2160, up: 25000, total: 25920, coveredFrom: null },
  ],
  days: Array.from({ length: 90 }, (_, i) => ({
    date: new Date(Date.UTC(2026, 7, 27 + i)).toISOString().slice(0, 10),
    up: i === 0 ? 0 : i === 89 ? 143 : 288,
    total: i === 0 ? 0 : i === 89 ? 144 : 288,
  })),
  hourly: Array.from({ length: 168 }, (_, i) => ({
    at: new Date(Date.UTC(2026, 10, 17, 13 + i)).toISOString(),
    total: 12,
    answered: i === 100 ? 0 : 12,
    median: i === 100 ? null : 40,
    p95: i === 100 ? null : 90,
  })),
  daily: Array.from({ length: 90 }, (_, i) => ({
    at: new Date(Date.UTC(2026, 7, 27 + i)).toISOString().slice(0, 10),
    total: 288,
    answered: 288,
    median: 42,
    p95: 95,
  })),
};

const props = (overrides: Partial<ServerStoryProps> = {}): ServerStoryProps => ({
  server: makeServer({ id: "srv-api", name: "API", source: "measured" }),
  check: [{ term: "Check", value: "HTTP GET" }],
  history,
  alerts: [],
  badge: { image: "https://example.org/badges/srv-api.svg", endpoint: "https://img.shields.io/endpoint?url=x", markdown: "[![API](x)](y)" },
  apiHref: "/api/v1/servers/srv-api.json",
  badgeSrc: "/badges/srv-api.svg",
  charts: drawServerCharts(history),
  ...overrides,
});

describe("a server's story", () => {
  it("asks the server from the reader's browser only on a click, and says whose side the problem is on (#50)", async () => {
    // The reader's network: nothing answers from here.
    const fetched = jest.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    const before = globalThis.fetch;
    globalThis.fetch = fetched;
    try {
      render(
        <ServerStory
          {...props({ ask: "https://api.example.org/health", server: makeServer({ name: "API", status: "online", source: "measured" }) })}
        />,
      );
      expect(fetched).not.toHaveBeenCalled();
      await userEvent.click(screen.getByRole("button", { name: "Is it me? Ask it from here" }));
      expect(
        await screen.findByText(
          "API does not answer from here, but does from our checks: the problem is likely on your side or in your network (or the server refuses requests from other sites: open its address to be sure).",
        ),
      ).toBeInTheDocument();
      expect(fetched).toHaveBeenCalledTimes(1);
      expect(fetched).toHaveBeenCalledWith(
        new URL("https://api.example.org/health"),
        expect.objectContaining({ mode: "no-cors", credentials: "omit", referrerPolicy: "no-referrer" }),
      );
    } finally {
      globalThis.fetch = before;
    }
  });

  it("offers no asking for a check a browser cannot ask (no address given)", () => {
    render(<ServerStory {...props()} />);
    expect(screen.queryByRole("button", { name: /Is it me/ })).toBeNull();
  });

  it("shows the build's three charts, each named and described, with a key", () => {
    render(<ServerStory {...props()} />);
    const [bars] = screen.getAllByRole("img", { name: "Uptime per day, last 90 days" });
    expect(bars).toHaveAccessibleDescription(
      "Uptime of each of the last 90 UTC days, one bar a day coloured by its band: 88 at 99.9 % or more, 1 at 99 % to 99.9 %, 1 with no data.",
    );
    expect(screen.getAllByRole("img", { name: "Response time per hour, last 7 days" })[0]).toHaveAccessibleDescription(
      "Median and 95th percentile response time for each hour of the last 7 days (UTC): medians from 40 ms to 40 ms; 1 hour without an answer (gaps).",
    );
    expect(screen.getAllByRole("img", { name: "Response time per day, last 90 days" })).toHaveLength(2);
    // the first check, months ago, with its date (in UTC until the page is live)
    expect(screen.getByText(/^Share of checks that found the server up/)).toHaveTextContent(/Measured since 2026-08-27 \d\d:\d\d/);
    const bands = screen.getByRole("list", { name: "Bands" });
    expect(
      within(bands)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["99.9 % or more", "99 % to 99.9 %", "95 % to 99 %", "under 95 %", "maintenance only", "no data"]);
  });

  it("a keyboard reaches each day's figure, starting at the newest", async () => {
    const user = userEvent.setup();
    render(<ServerStory {...props()} />);
    const days = screen.getByRole("slider", { name: "Uptime per day, last 90 days: the figures at one time" });
    act(() => days.focus());
    expect(days).toHaveAttribute("aria-valuetext", "2026-11-24: 99.3% up (143 of 144 checks)");
    await user.keyboard("{ArrowLeft}");
    expect(days).toHaveAttribute("aria-valuetext", "2026-11-23: 100.0% up (288 of 288 checks)");
    // Page Down: nine days back (a tenth of 90)
    await user.keyboard("{PageDown}");
    expect(days).toHaveAttribute("aria-valuetext", "2026-11-14: 100.0% up (288 of 288 checks)");
    await user.keyboard("{Home}");
    expect(days).toHaveAttribute("aria-valuetext", "2026-08-27: no data");
    const hours = screen.getByRole("slider", { name: "Response time per hour, last 7 days: the figures at one time" });
    act(() => hours.focus());
    expect(hours).toHaveAttribute("aria-valuetext", "2026-11-24 12:00 UTC: median 40 ms, 95th percentile 90 ms (12 of 12 answered)");
  });

  it("checks from several places: a table of what each place saw, none from one place (#32)", () => {
    const { unmount } = render(
      <ServerStory
        {...props({
          places: [
            { location: "ap-south", status: "offline", responseTime: null, detail: "timeout" },
            { location: "eu-west", status: "online", responseTime: 42, detail: "HTTP 200 in 42 ms" },
          ],
        })}
      />,
    );
    const table = screen.getByRole("table", { name: "What each place saw in the newest run" });
    // The only telling of these figures (no chart above it): shown open, not folded.
    expect(table.closest("details")).toHaveAttribute("open");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual(["ap-south", "eu-west"]);
    expect(rows[0]).toHaveTextContent(/offline.*no answer.*timeout/i);
    expect(rows[1]).toHaveTextContent(/online.*42 ms.*HTTP 200 in 42 ms/i);
    unmount();
    render(<ServerStory {...props()} />);
    expect(screen.queryByRole("table", { name: "What each place saw in the newest run" })).toBeNull();
    expect(screen.queryByRole("table", { name: "Each place over the last 24 hours" })).toBeNull();
    expect(screen.getByText("Response time")).toBeInTheDocument();
  });

  it("from several places: each place's last 24 hours, and the headline time says whose median it is (#32)", () => {
    const seen = (location: string, responseTime: number | null) =>
      ({ location, status: responseTime === null ? "offline" : "online", responseTime, detail: "HTTP 200" }) as const;
    render(
      <ServerStory
        {...props({
          server: makeServer({ id: "srv-api", name: "API", source: "measured", responseTime: 48 }),
          places: [seen("ap-south", 120), seen("eu-west", 48), seen("us-east", 30)],
          history: {
            ...history,
            places24h: [
              { location: "ap-south", answered: 0, median: null, p95: null },
              { location: "eu-west", answered: 288, median: 45, p95: 61 },
            ],
          },
        })}
      />,
    );
    expect(screen.getByText("Response time (median of 3 places)")).toBeInTheDocument();
    expect(screen.queryByText("Not updated by the newest run")).toBeNull();
    const table = screen.getByRole("table", { name: "Each place over the last 24 hours" });
    expect(table.closest("details")).toHaveAttribute("open");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent(/^ap-south0—no answer—no answer$/);
    expect(rows[1]).toHaveTextContent(/^eu-west28845 ms61 ms$/);
  });

  it("a result the newest run kept, too few places having reported it, says so (#32)", () => {
    render(<ServerStory {...props({ held: "only 1 of the 2 places its quorum needs reported it (eu-west)" })} />);
    const term = screen.getByText("Not updated by the newest run");
    expect(term.nextElementSibling).toHaveTextContent("Its state holds: only 1 of the 2 places its quorum needs reported it (eu-west).");
  });

  it("the response and daily uptime tables are made when their folds open; until then they point to the published file (#45)", async () => {
    const user = userEvent.setup();
    render(<ServerStory {...props()} />);
    expect(screen.queryByRole("table", { name: "Response time per hour (UTC), newest first" })).toBeNull();
    const fold = screen.getByText("Response time per hour (UTC), newest first").closest("details")!;
    expect(within(fold).getByRole("link", { name: "/api/v1/servers/srv-api.json" })).toHaveAttribute(
      "href",
      "/api/v1/servers/srv-api.json",
    );
    await user.click(within(fold).getByText("Response time per hour (UTC), newest first"));
    const table = await screen.findByRole("table", { name: "Response time per hour (UTC), newest first" });
    // 167 hours answered or not (one with no answer is still a row), newest first, and the fold stays open
    expect(within(table).getAllByRole("row")).toHaveLength(169);
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent("2026-11-24 12:00");
    expect(fold).toHaveAttribute("open");
    // the 90 days' table too: not in the markup until its fold opens, then 90 days, newest first
    const days = "Uptime per day (UTC), newest first";
    expect(screen.queryByRole("table", { name: days, hidden: true })).toBeNull();
    const dayFold = screen.getByText(days).closest("details")!;
    expect(within(dayFold).getByRole("link", { name: "/api/v1/servers/srv-api.json" })).toBeInTheDocument();
    await user.click(within(dayFold).getByText(days));
    const dayTable = await screen.findByRole("table", { name: days });
    expect(within(dayTable).getAllByRole("row")).toHaveLength(91);
    expect(within(dayTable).getAllByRole("row")[1]).toHaveTextContent(/^2026-11-24/);
  });

  it("without a history it says so and draws nothing", () => {
    render(<ServerStory {...props({ history: null, charts: null, check: null })} />);
    expect(screen.getByText("No measured history: this server has no check.")).toBeInTheDocument();
    expect(screen.queryByRole("slider")).toBeNull();
    expect(screen.queryByRole("img", { name: /Uptime per day/ })).toBeNull();
  });

  it("the Now card says when a judged certificate expires (issue #23, part B)", () => {
    const server = makeServer({ id: "srv-api", name: "API", source: "measured", certificateExpires: "2026-11-29T12:00:00.000Z" });
    render(<ServerStory {...props({ server })} />);
    const now = screen.getByRole("region", { name: "Now" });
    expect(within(now).getByText("Certificate expires")).toBeInTheDocument();
    expect(within(now).getByText("Certificate expires").nextElementSibling).toHaveTextContent(/2026-11-29/);
  });
});
