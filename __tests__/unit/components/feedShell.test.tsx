/**
 * The shell beside a page that follows a status feed (the real feed client,
 * fed by a stubbed fetch): the top bar, the notice and the page agree on where
 * the figures come from, and the feed's state leaves with the page.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { PageWrapper } from "../../../src/components/layout/PageWrapper";
import { formatClock } from "../../../src/domain/kernel/format";
import { forgetFeeds } from "../../../src/state/feedClient";
import { useLiveFleet } from "../../../src/state/useLiveFleet";
import type { FleetRecord } from "../../../src/model/fleet/fleet";
import { fleetRecord } from "../fixtures";
import { renderWithProviders } from "../renderWithProviders";

const FEED_URL = "https://feed.example.org/api/v1/servers.json";
const MINUTE = 60_000;

const record = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  name: id.toUpperCase(),
  ip: "192.0.2.1",
  location: "Dublin, Ireland",
  status: "online",
  uptime: "99.9%",
  responseTime: 42,
  lastChecked: new Date(Date.now() - 2 * MINUTE).toISOString(),
  coordinates: [-6.26, 53.35],
  source: "measured",
  detail: null,
  ...overrides,
});
const build = fleetRecord([
  { ...record("a"), source: undefined, detail: undefined },
  { ...record("b"), source: undefined, detail: undefined },
] as never);

let answer: unknown;
let warn: jest.SpyInstance;
beforeEach(() => {
  localStorage.setItem("settings", JSON.stringify({ feedUrl: FEED_URL, refreshInterval: 3600 }));
  global.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => answer })) as unknown as typeof fetch;
  warn = jest.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  forgetFeeds();
  localStorage.clear();
  warn.mockRestore();
});

function Dashboard({ fleet }: { fleet: FleetRecord }) {
  const { servers } = useLiveFleet(fleet);
  return (
    <>
      <h1>Server Dashboard</h1>
      <ul aria-label="Servers">
        {servers.map((s) => (
          <li key={s.id}>
            {s.name}: {s.source}
          </li>
        ))}
      </ul>
    </>
  );
}

const indicator = () => within(screen.getByRole("banner")).getByRole("status");
const footer = () => screen.getByRole("navigation", { name: "Main" }).parentElement!;

it("a feed of simulated records is not live: the top bar says simulated data", async () => {
  answer = {
    version: 1,
    generatedAt: new Date().toISOString(),
    servers: [record("a", { source: "simulated" }), record("b", { source: "simulated", status: "offline" })],
  };
  renderWithProviders(
    <PageWrapper pathname="/">
      <Dashboard fleet={build} />
    </PageWrapper>,
  );
  await waitFor(() => expect(global.fetch).toHaveBeenCalled());
  await waitFor(() => expect(screen.getByText("B: simulated")).toBeInTheDocument());
  await new Promise((r) => setTimeout(r, 50));
  expect(indicator()).toHaveTextContent("Simulated data");
  expect(screen.getByRole("banner")).not.toHaveTextContent("Live monitoring active");
});

it("'updated' is the time of the feed's data, not of the fetch", async () => {
  const generatedAt = new Date(Date.now() - MINUTE);
  answer = { version: 1, generatedAt: generatedAt.toISOString(), servers: [record("a"), record("b")] };
  renderWithProviders(
    <PageWrapper pathname="/">
      <Dashboard fleet={build} />
    </PageWrapper>,
  );
  await waitFor(() => expect(screen.getByRole("banner")).toHaveTextContent(/· updated /));
  expect(indicator()).toHaveTextContent("Live monitoring active");
  expect(screen.getByRole("banner")).toHaveTextContent(`· updated ${formatClock(generatedAt)}`);
});

it("the feed's state leaves with the page that follows it: a page that does not follow shows the build's", async () => {
  answer = { version: 1, generatedAt: new Date().toISOString(), servers: [record("a"), record("b", { status: "offline" })] };
  const { rerender } = renderWithProviders(
    <PageWrapper pathname="/">
      <Dashboard fleet={build} />
    </PageWrapper>,
  );
  await waitFor(() => expect(indicator()).toHaveTextContent("Live monitoring active"));
  expect(footer()).toHaveTextContent("1 server offline");
  rerender(
    <PageWrapper pathname="/settings">
      <h1>Settings</h1>
    </PageWrapper>,
  );
  // The build (the test's) has no measured servers and lists none.
  await waitFor(() => expect(indicator()).toHaveTextContent("Simulated data"));
  expect(footer()).toHaveTextContent("No servers listed");
});

it("the notice counts records, not problems, and names a record without an id", async () => {
  const { id: _id, ...noId } = record("c", { name: "Nameless" });
  answer = {
    version: 1,
    generatedAt: new Date().toISOString(),
    servers: [record("a"), record("b", { ip: "300.1.1.1", responseTime: -1 }), noId],
  };
  renderWithProviders(
    <PageWrapper pathname="/">
      <Dashboard fleet={build} />
    </PageWrapper>,
  );
  const notice = await screen.findByRole("region", { name: /^The status feed sent 2 records that were left out/ });
  expect(notice).toHaveTextContent('record 2 (id "b", name "B")');
  expect(notice).toHaveTextContent('record 3 (no id, name "Nameless")');
  expect(notice).toHaveTextContent(/field "ip".*field "responseTime"/);
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('left out record 3 (no id, name "Nameless"): field "id"'));
  // B keeps its last good figures; no server is dropped for the record that names none.
  expect(screen.getByRole("list", { name: "Servers" }).children).toHaveLength(2);
});
