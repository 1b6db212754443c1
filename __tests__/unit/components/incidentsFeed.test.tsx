/**
 * The shell beside a page that follows the status feed: the site's published
 * incidents (/api/v1/incidents.json, the real feed client, a stubbed fetch)
 * replace the build's in the banner, the sidebar's line and the top bar's
 * overall state; a fetch that fails keeps the build's and says so.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { useStaticQuery } from "gatsby";
import { PageWrapper } from "../../../src/components/layout/PageWrapper";
import type { FleetRecord } from "../../../src/model/fleet/fleet";
import type { NoticeIncident } from "../../../src/domain/incidents/statusNotices";
import { forgetFeeds } from "../../../src/state/feedClient";
import { useLiveFleet } from "../../../src/state/useLiveFleet";
import { fleetRecord } from "../fixtures";
import { renderWithProviders } from "../renderWithProviders";

const FEED_URL = "https://feed.example.org/api/v1/servers.json";
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

const record = (id: string, name: string) => ({
  id,
  name,
  ip: "192.0.2.1",
  location: "Dublin, Ireland",
  status: "online",
  uptime: "99.9%",
  responseTime: 42,
  lastChecked: iso(Date.now() - 60_000),
  coordinates: [-6.26, 53.35],
  source: "measured",
  detail: null,
});
const build = fleetRecord([{ ...record("srv-a", "A-Server"), source: undefined, detail: undefined }] as never);

const buildIncident: NoticeIncident = {
  id: "build-minor",
  title: "Slow answers (from the build)",
  impact: "minor",
  status: "investigating",
  affected: [{ id: "srv-a", name: "A-Server" }],
  updates: [{ at: iso(Date.now() - 2 * HOUR), status: "investigating", message: "Looking." }],
};

const incidentsDocument = (generatedAt: string) => ({
  version: 1,
  generatedAt,
  incidents: [
    {
      id: "db-down",
      title: "Database unreachable",
      impact: "major",
      affected: ["srv-a"],
      updates: [{ at: iso(Date.now() - HOUR / 2), status: "investigating", message: "The primary does not answer." }],
      status: "investigating",
      open: true,
    },
    { ...buildIncidentRecord(), status: "resolved", open: false },
  ],
  maintenance: [],
});
function buildIncidentRecord() {
  return {
    id: buildIncident.id,
    title: buildIncident.title,
    impact: buildIncident.impact,
    affected: ["srv-a"],
    updates: [...buildIncident.updates, { at: iso(Date.now() - HOUR), status: "resolved", message: "Fixed." }],
  };
}

type Reply = { ok: boolean; status: number; json: () => Promise<unknown> };
let incidentsReply: () => Reply;
let warn: jest.SpyInstance;
beforeEach(() => {
  localStorage.setItem("settings", JSON.stringify({ feedUrl: FEED_URL, refreshInterval: 3600 }));
  jest.mocked(useStaticQuery).mockReturnValue({
    site: { siteMetadata: { title: "Location Tracker", tagline: "t", description: "d", siteUrl: "http://localhost" } },
    monitoring: {
      total: 1,
      online: 1,
      warning: 0,
      offline: 0,
      unchecked: 0,
      other: 0,
      measured: 1,
      newestCheck: iso(Date.now()),
      intervalSeconds: 300,
    },
    statusNotices: { builtAt: iso(Date.now() - HOUR), open: [buildIncident], windows: [] },
  });
  global.fetch = jest.fn(async (url: string) =>
    url === FEED_URL
      ? { ok: true, status: 200, json: async () => ({ version: 1, generatedAt: iso(Date.now()), servers: [record("srv-a", "A-Server")] }) }
      : incidentsReply(),
  ) as unknown as typeof fetch;
  warn = jest.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  forgetFeeds();
  localStorage.clear();
  warn.mockRestore();
  jest.mocked(useStaticQuery).mockReset();
});

function Dashboard({ fleet }: { fleet: FleetRecord }) {
  useLiveFleet(fleet);
  return <h1>Server Dashboard</h1>;
}
const renderDashboard = () =>
  renderWithProviders(
    <PageWrapper pathname="/">
      <Dashboard fleet={build} />
    </PageWrapper>,
  );
const banner = () => screen.getByRole("region", { name: "Incidents and maintenance" });
const topBar = () => screen.getByRole("banner");

it("the build's incident shows until the site's incidents.json brings newer ones: then the banner, the sidebar and the top bar follow it", async () => {
  incidentsReply = () => ({ ok: true, status: 200, json: async () => incidentsDocument(iso(Date.now())) });
  renderDashboard();
  // The first render is the build's: a minor incident, in the top bar's words and the warning tone.
  expect(within(banner()).getByRole("link", { name: "Slow answers (from the build)" })).toBeInTheDocument();
  expect(within(topBar()).getByText("1 minor incident open").closest("p")).toHaveAttribute("data-tone", "warning");

  expect(await within(banner()).findByRole("link", { name: "Database unreachable" })).toHaveAttribute("href", "/incidents#db-down");
  expect(global.fetch).toHaveBeenCalledWith("/api/v1/incidents.json", expect.objectContaining({ credentials: "omit" }));
  // The build's incident was resolved since: it is gone; the new one names its server as the page knows it.
  expect(within(banner()).queryByText("Slow answers (from the build)")).not.toBeInTheDocument();
  expect(within(banner()).getByRole("link", { name: "A-Server" })).toHaveAttribute("href", "/servers/srv-a");
  // A major incident is not 'All systems operational': the top bar says it in the impact's colour, and so does the sidebar.
  const overall = within(topBar()).getByText("1 major incident open").closest("p");
  expect(overall).toHaveAttribute("data-state", "outage");
  expect(overall).toHaveAttribute("data-tone", "offline");
  expect(within(screen.getByRole("complementary", { name: "Sidebar" })).getByText("1 major incident open")).toBeInTheDocument();
  // Read out once, politely, as a change the feed brings.
  await waitFor(() => expect(screen.getAllByRole("status").map((s) => s.textContent)).toContain("Status updated: 1 major incident open."));
});

it("a fetch that fails keeps the build's banner and says since when and why; the page keeps working", async () => {
  incidentsReply = () => ({ ok: false, status: 500, json: async () => ({}) });
  renderDashboard();
  const notice = await screen.findByText(/Incidents and maintenance could not be updated/, undefined, { timeout: 12_000 });
  expect(notice.closest("[role=status]")).toHaveTextContent(
    /^Incidents and maintenance could not be updated since \d\d:\d\d:\d\d UTC: it answered HTTP 500\. The notices shown are those of the build\.$/,
  );
  expect(within(banner()).getByRole("link", { name: "Slow answers (from the build)" })).toBeInTheDocument();
  expect(within(topBar()).getByText("1 minor incident open")).toBeInTheDocument();
  expect(warn).toHaveBeenCalledWith("Incidents /api/v1/incidents.json: it answered HTTP 500; the notices on the page stay.");
  expect(screen.getByRole("heading", { level: 1, name: "Server Dashboard" })).toBeInTheDocument();
}, 20_000);

it("an answer that is not an incidents document is not taken either", async () => {
  incidentsReply = () => ({ ok: true, status: 200, json: async () => ({ version: 1, generatedAt: iso(Date.now()), servers: [] }) });
  renderDashboard();
  const notice = await screen.findByText(/Incidents and maintenance could not be updated/, undefined, { timeout: 12_000 });
  expect(notice.closest("[role=status]")).toHaveTextContent(/it does not follow its schema/);
  expect(within(banner()).getByRole("link", { name: "Slow answers (from the build)" })).toBeInTheDocument();
}, 20_000);
