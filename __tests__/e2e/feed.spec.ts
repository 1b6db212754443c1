import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";

/**
 * Pages that follow a status feed, against a feed served on 127.0.0.1 by the
 * test: the answers are scripted one by one (an answer not scripted is a 503).
 */
type Answer = { status: number; body?: unknown };

const record = (id: string, name: string, overrides: Record<string, unknown> = {}) => ({
  id,
  name,
  ip: "192.0.2.10",
  location: "Ashburn, USA",
  status: "online",
  uptime: "99.9%",
  responseTime: 42,
  lastChecked: new Date().toISOString(),
  coordinates: [-77.4874, 39.0438],
  source: "measured",
  detail: "HTTP 200 in 42 ms",
  ...overrides,
});
const feedOf = (...servers: unknown[]): Answer => ({ status: 200, body: { version: 1, generatedAt: new Date().toISOString(), servers } });
const usEast = (responseTime: number, overrides: Record<string, unknown> = {}) =>
  record("srv-us-east-1", "US-East-1", { responseTime, detail: `HTTP 200 in ${responseTime} ms`, ...overrides });

const feed = { answers: [] as Answer[], requests: 0, url: "" };
let server: http.Server;

test.beforeAll(async () => {
  server = http.createServer((request, response) => {
    response.setHeader("Access-Control-Allow-Origin", "*");
    feed.requests += 1;
    const answer = feed.answers.shift() ?? { status: 503 };
    response.writeHead(answer.status, { "content-type": "application/json" });
    response.end(answer.body === undefined ? "" : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  feed.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/servers.json`;
});
test.afterAll(() => server.close());
test.beforeEach(() => {
  feed.answers = [];
  feed.requests = 0;
});
// One feed for the file: its tests take turns.
test.describe.configure({ mode: "serial" });

/** The reader points Settings at the feed (every 5 s) and opens the dashboard. */
async function followFeed(page: Page) {
  await page.addInitScript((url) => localStorage.setItem("settings", JSON.stringify({ feedUrl: url, refreshInterval: 5 })), feed.url);
  await page.goto("/");
  await hydrated(page);
}

const card = (page: Page, name: string) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) });
const response = (page: Page, name: string) => card(page, name).locator("dt", { hasText: "Response" }).locator("+ dd");
const indicator = (page: Page) => page.getByRole("banner").getByRole("status");

test("new values appear without a reload, and the top bar says when the feed last answered", async ({ page }) => {
  feed.answers = [feedOf(usEast(71)), feedOf(usEast(172, { status: "warning" }))];
  await followFeed(page);
  await expect(response(page, "US-East-1")).toHaveText("71 ms");
  await expect(indicator(page)).toHaveText("Live monitoring active");
  await expect(page.getByRole("banner")).toContainText(/· updated \d\d:\d\d:\d\d/);
  await expect(response(page, "US-East-1")).toHaveText("172 ms", { timeout: 15_000 });
  await expect(card(page, "US-East-1")).toContainText("Warning");
  await expect(card(page, "US-East-1").locator("[data-source]")).toHaveText(/^Checked (just now|1 min ago)$/);
  // One summary for the change of states, read out politely.
  await expect(page.getByRole("status").filter({ hasText: /^Status updated: / })).toHaveText("Status updated: 1 server in warning.");
});

test("a feed that fails twice, then answers, is retried and shown", async ({ page }) => {
  feed.answers = [{ status: 503 }, { status: 500 }, feedOf(usEast(83))];
  await followFeed(page);
  await expect(response(page, "US-East-1")).toHaveText("83 ms", { timeout: 15_000 });
  expect(feed.requests).toBe(3);
  await expect(indicator(page)).toHaveText("Live monitoring active");
});

test("a feed that stays down keeps the last figures on screen and says since when", async ({ page }) => {
  feed.answers = [feedOf(usEast(64))];
  await followFeed(page);
  await expect(response(page, "US-East-1")).toHaveText("64 ms");
  // The next fetch, after 5 s, fails, and so do its three retries (1 s, 2 s, 4 s).
  await expect(indicator(page)).toHaveText("Status feed unreachable", { timeout: 25_000 });
  await expect(page.getByRole("banner")).toContainText(/· since \d\d:\d\d:\d\d/);
  await expect(response(page, "US-East-1")).toHaveText("64 ms");
  expect(feed.requests).toBeGreaterThanOrEqual(5);
});

test("a feed with bad records shows a notice that names them, and the good ones", async ({ page }) => {
  feed.answers = [feedOf(usEast(58), record("srv-eu-west-1", "EU-West-1", { ip: "300.1.2.3" }))];
  await followFeed(page);
  await expect(response(page, "US-East-1")).toHaveText("58 ms");
  const notice = page.getByRole("region", { name: /The status feed sent 1 record that was left out/ });
  await expect(notice).toBeVisible();
  await notice.getByText("What was wrong").click();
  await expect(notice).toContainText('record 2 (id "srv-eu-west-1", name "EU-West-1"):field "ip": expected an IPv4 or IPv6 address');
  // EU-West-1 keeps its last good figures: the ones the page came with.
  await expect(response(page, "EU-West-1")).toHaveText("32 ms");
});

test("Refresh asks the feed at once", async ({ page }) => {
  feed.answers = [feedOf(usEast(40)), feedOf(usEast(99))];
  await page.addInitScript((url) => localStorage.setItem("settings", JSON.stringify({ feedUrl: url, refreshInterval: 3600 })), feed.url);
  await page.goto("/");
  await hydrated(page);
  await expect(response(page, "US-East-1")).toHaveText("40 ms");
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(response(page, "US-East-1")).toHaveText("99 ms");
  await expect(page.getByText("Server status updated successfully")).toBeVisible();
  expect(feed.requests).toBe(2);
});

test("one record with two bad fields is one record left out; a record without an id is named, and its server is not dropped", async ({
  page,
  consoleLog,
}) => {
  const { id: _id, ...noId } = record("srv-ap-south-1", "AP-South-1");
  feed.answers = [feedOf(usEast(58), record("srv-eu-west-1", "EU-West-1", { ip: "300.1.2.3", responseTime: -4 }), noId)];
  await followFeed(page);
  await expect(response(page, "US-East-1")).toHaveText("58 ms");
  const notice = page.getByRole("region", { name: /^The status feed sent 2 records that were left out/ });
  await expect(notice).toBeVisible();
  await notice.getByText("What was wrong").click();
  await expect(notice.getByRole("listitem").filter({ hasText: /^record 2 \(id "srv-eu-west-1", name "EU-West-1"\):/ })).toContainText(
    'field "ip": expected an IPv4 or IPv6 address',
  );
  await expect(notice).toContainText('record 3 (no id, name "AP-South-1")');
  expect(consoleLog.some((line) => line.includes('left out record 3 (no id, name "AP-South-1"): field "id"'))).toBe(true);
  // Every server of the page is still there, EU-West-1 with the figures the page came with.
  await expect(response(page, "EU-West-1")).toHaveText("32 ms");
  await expect(card(page, "AP-South-1")).toBeVisible();
});

test("a feed of simulated records never shows 'Live monitoring active', and the header says where the figures come from", async ({
  page,
}) => {
  const simulated = (id: string, name: string) => record(id, name, { source: "simulated", detail: null });
  feed.answers = [feedOf(simulated("srv-us-east-1", "US-East-1"), simulated("srv-eu-west-1", "EU-West-1"))];
  await followFeed(page);
  await expect.poll(() => feed.requests).toBe(1);
  await expect(indicator(page)).toHaveText("Simulated data");
  await expect(page.getByRole("banner")).toContainText("the status feed has sent no measured figures");
  await expect(page.getByRole("banner")).not.toContainText("Live monitoring active");
  await expect(page.getByText(/the status feed has sent no measured figures\.$/)).toBeVisible();
  await expect(page.getByText(/no live backend/)).toHaveCount(0);
});

test("'updated' is the time of the feed's data, not of the fetch", async ({ page }) => {
  const generatedAt = new Date(Date.now() - 2 * 60_000);
  feed.answers = [{ status: 200, body: { version: 1, generatedAt: generatedAt.toISOString(), servers: [usEast(71)] } }];
  await followFeed(page);
  await expect(response(page, "US-East-1")).toHaveText("71 ms");
  const clock = await page.evaluate((at) => {
    const d = new Date(at);
    return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, "0")).join(":");
  }, generatedAt.getTime());
  await expect(page.getByRole("banner")).toContainText(`· updated ${clock}`);
});

test("leaving the pages that follow the feed leaves its state behind: /settings and /analytics show the build's", async ({ page }) => {
  feed.answers = [feedOf(usEast(71))];
  await followFeed(page);
  await expect(indicator(page)).toHaveText("Live monitoring active");
  for (const [link, heading] of [
    ["Settings", "Settings"],
    ["Analytics", "Analytics"],
  ] as const) {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: link }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    // The build of these tests has no measured servers: its pages say the figures are simulated.
    await expect(indicator(page)).toHaveText("Simulated data");
  }
});
