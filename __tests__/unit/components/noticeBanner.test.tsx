import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useStaticQuery } from "gatsby";
import { PageWrapper } from "../../../src/components/layout/PageWrapper";
import { IncidentsStory } from "../../../src/features/incidents/IncidentsStory";
import type { NoticeIncident, NoticeWindow } from "../../../src/domain/incidents/statusNotices";
import { renderWithProviders } from "../renderWithProviders";

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const MARKUP = "<img src=x onerror=alert(1)>";
const LONG = "x".repeat(300);

const incident: NoticeIncident = {
  id: "db-down",
  title: `${MARKUP} Database down`,
  impact: "major",
  status: "identified",
  affected: [
    { id: "srv-us-east-1", name: "US-East-1" },
    { id: "srv-eu-west-1", name: "EU-West-1" },
  ],
  updates: [
    { at: "2026-11-24T09:00:00Z", status: "investigating", message: "Looking into it." },
    { at: "2026-11-24T10:00:00Z", status: "identified", message: `A disk is full.\nWe are moving data. ${LONG}` },
  ],
};

const window = (id: string, start: number, end: number): NoticeWindow => ({
  id,
  title: `Window ${id}`,
  message: "One restart.",
  affected: [{ id: "srv-eu-central-1", name: "EU-Central-1" }],
  start: iso(start),
  end: iso(end),
  schedule: null,
});

function answer(notices: { builtAt: string; open: NoticeIncident[]; windows: NoticeWindow[] }) {
  jest.mocked(useStaticQuery).mockReturnValue({
    site: { siteMetadata: { title: "Location Tracker", tagline: "t", description: "d", siteUrl: "http://localhost" } },
    monitoring: {
      total: 6,
      online: 6,
      warning: 0,
      offline: 0,
      unchecked: 0,
      other: 0,
      measured: 0,
      newestCheck: null,
      intervalSeconds: null,
    },
    statusNotices: notices,
  });
}

const renderShell = () =>
  renderWithProviders(
    <PageWrapper pathname="/map">
      <h1>Page</h1>
    </PageWrapper>,
  );

afterEach(() => jest.mocked(useStaticQuery).mockReset());

const sidebar = () => screen.getByRole("complementary", { name: "Sidebar" });

describe("the shell's banner", () => {
  it("shows nothing and keeps 'All systems operational' without open incidents or maintenance", () => {
    answer({ builtAt: iso(Date.now()), open: [], windows: [] });
    renderShell();
    expect(screen.queryByRole("region", { name: "Incidents and maintenance" })).not.toBeInTheDocument();
    expect(screen.getByText("All systems operational")).toBeInTheDocument();
  });

  it("shows an open incident: impact, title linked to /incidents, newest update with its status, servers linked; markup as text", () => {
    answer({ builtAt: iso(Date.now()), open: [incident], windows: [] });
    renderShell();
    const banner = screen.getByRole("region", { name: "Incidents and maintenance" });
    expect(within(banner).getByText("Major impact")).toBeInTheDocument();
    expect(within(banner).getByRole("link", { name: `${MARKUP} Database down` })).toHaveAttribute("href", "/incidents#db-down");
    expect(within(banner).getByRole("link", { name: "US-East-1" })).toHaveAttribute("href", "/servers/srv-us-east-1");
    expect(within(banner).getByRole("link", { name: "EU-West-1" })).toHaveAttribute("href", "/servers/srv-eu-west-1");
    expect(within(banner).getByText(/^Identified/)).toBeInTheDocument();
    const message = within(banner).getByText(/A disk is full\./);
    expect(message.textContent).toContain("A disk is full.\nWe are moving data.");
    expect(within(banner).queryByText("Looking into it.")).not.toBeInTheDocument();
    expect(banner.querySelector("img")).toBeNull();
    // The sidebar's line and the top bar say it too: a major incident is not 'All systems operational'.
    expect(within(sidebar()).getByText("1 major incident open")).toBeInTheDocument();
    expect(within(screen.getByRole("banner")).getByText("1 major incident open")).toBeInTheDocument();
  });

  it("decides maintenance with the browser's clock, not the build's: a window begun since the build shows, one ended does not", async () => {
    const now = Date.now();
    answer({
      builtAt: iso(now - 2 * HOUR),
      open: [],
      windows: [window("begun", now - HOUR, now + HOUR), window("ended", now - 3 * HOUR, now - HOUR / 2)],
    });
    renderShell();
    const banner = screen.getByRole("region", { name: "Incidents and maintenance" });
    const link = within(banner).getByRole("link", { name: "Window begun" });
    expect(link).toHaveAttribute("href", "/incidents#maintenance");
    expect(within(banner).getByText("Maintenance in progress:")).toBeInTheDocument();
    expect(within(banner).queryByText("Window ended")).not.toBeInTheDocument();
    expect(within(sidebar()).getByText("1 server in maintenance")).toBeInTheDocument();
    expect(within(screen.getByRole("banner")).getByText("1 server in maintenance")).toBeInTheDocument();
    // The banner's links are in the tab order after the skip link and the shell's controls.
    const user = userEvent.setup();
    link.focus();
    await user.tab();
    expect(within(banner).getByRole("link", { name: "EU-Central-1" })).toHaveFocus();
  });
});

describe("/incidents", () => {
  const resolved: NoticeIncident = {
    ...incident,
    id: "old",
    title: "Slow responses",
    impact: "minor",
    status: "resolved",
    updates: [...incident.updates, { at: "2026-11-24T11:00:00Z", status: "resolved", message: "Fixed." }],
  };

  it("lists open incidents, scheduled maintenance and the history, each incident with its timeline newest first", () => {
    const now = Date.now();
    answer({ builtAt: iso(now), open: [], windows: [] });
    renderWithProviders(
      <IncidentsStory
        builtAt={iso(now)}
        open={[incident]}
        history={[resolved]}
        windows={[window("soon", now + 2 * HOUR, now + 3 * HOUR), window("soon", now + 26 * HOUR, now + 27 * HOUR)]}
      />,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Incidents" })).toBeInTheDocument();
    const open = screen.getByRole("region", { name: "Open incidents" });
    const article = within(open).getByRole("article", { name: `${MARKUP} Database down` });
    const steps = within(within(article).getByRole("list", { name: /^Updates on/ })).getAllByRole("listitem");
    expect(steps.map((s) => s.textContent?.slice(0, 12))).toEqual(["Identified20", "Investigatin"]);
    const scheduled = screen.getByRole("region", { name: "Scheduled maintenance" });
    const entry = within(scheduled).getByRole("article", { name: "Window soon" });
    expect(within(within(entry).getByRole("list", { name: "Times of Window soon" })).getAllByRole("listitem")).toHaveLength(2);
    const history = screen.getByRole("region", { name: "History" });
    const past = within(history).getByRole("article", { name: "Slow responses" });
    expect(within(past).getByText("Minor impact")).toBeInTheDocument();
    expect(within(past).getAllByText("Resolved").length).toBeGreaterThan(0);
    expect(within(past).getByText("Fixed.")).toBeInTheDocument();
  });

  it("says so when there is nothing to tell", () => {
    answer({ builtAt: iso(Date.now()), open: [], windows: [] });
    renderWithProviders(<IncidentsStory builtAt={iso(Date.now())} open={[]} history={[]} windows={[]} />);
    expect(screen.getByText("No incidents are open.")).toBeInTheDocument();
    expect(screen.getByText("No maintenance is scheduled.")).toBeInTheDocument();
    expect(screen.getByText("No incidents in the last 90 days.")).toBeInTheDocument();
  });
});
