import fs from "node:fs";
import path from "node:path";
import * as XLSX from "xlsx";
import type { Page } from "@playwright/test";
import { expect, problems, test } from "../fixtures";
import { MEASURED_CHECK_KEY, MEASURED_SECRET_URL } from "./measuredContent";
import { VARIANTS_ROOT, serveBuiltVariant } from "./variantSite";

/**
 * A site built after two runs of the check job (measuredContent.ts): three
 * servers measured (one online, one slow, one that went down), one whose check
 * has not run yet, two without a check.
 */
const siteUrl = serveBuiltVariant(test, "measured", 9203);

const card = (page: Page, name: string) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) });
const fact = async (page: Page, name: string, term: string) =>
  (await card(page, name).locator("dt", { hasText: term }).locator("+ dd").innerText()).trim();
const source = (page: Page, name: string) => card(page, name).locator("[data-source]");

/** When the job's second run finished: the tests set the page's clock from it, so "fresh" and "stale" do not depend on how long the build took. */
const finishedAt = () => {
  const latest = path.join(fs.readFileSync(path.join(VARIANTS_ROOT, "measured.built"), "utf8"), "content", "checks", "latest.json");
  return Date.parse((JSON.parse(fs.readFileSync(latest, "utf8")) as { finishedAt: string }).finishedAt);
};

async function openDashboard(page: Page) {
  await page.goto(siteUrl() + "/");
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
}

test("each card says where its figures come from and how fresh they are", async ({ page, consoleLog }) => {
  await page.clock.install({ time: new Date(finishedAt() + 90_000) });
  await openDashboard(page);
  const fresh = /^Checked 1 min ago$/;
  await expect(source(page, "US-East-1")).toHaveText(fresh);
  await expect(card(page, "US-East-1")).toContainText(/ · HTTP 200 in \d+ ms/);
  await expect(card(page, "EU-West-1")).toContainText(/HTTP 200 in \d+ ms, over the 100 ms threshold/);
  // Three checks are no month: the uptime says what it counts, and since when.
  expect(await fact(page, "EU-West-1", "Uptime")).toMatch(/^100\.0% · 3 checks since \d\d:\d\d (UTC|GMT[+-][\d:]+)$/);
  await expect(source(page, "AP-East-1")).toHaveText(fresh);
  await expect(card(page, "AP-East-1")).toContainText("connection timeout after 300 ms (tried twice)");
  // No answer is not zero.
  expect(await fact(page, "AP-East-1", "Response")).toMatch(/^—\s*no answer$/);
  // Up in the first two runs, down in the third.
  expect(await fact(page, "AP-East-1", "Uptime")).toMatch(/^66\.6% · 3 checks since \d\d:\d\d (UTC|GMT[+-][\d:]+)$/);
  // A 200 whose JSON fails the check's condition: offline, and the card says which condition and what was found.
  await expect(card(page, "SA-East-1")).toContainText("HTTP 200 in");
  await expect(card(page, "SA-East-1")).toContainText('json $.status equals "ok"');
  await expect(card(page, "SA-East-1")).toContainText('"degraded"');
  await expect(card(page, "SA-East-1")).toContainText("Offline");
  await expect(source(page, "AP-South-1")).toHaveText("Sample, not checked yet");
  await expect(source(page, "US-West-2")).toHaveText("Simulated");
  await expect(source(page, "EU-Central-1")).toHaveText("Simulated");
  await expect(
    page.getByText(
      "Figures: 5 servers measured; 1 server with sample figures until their first check; 2 servers without a check simulated in your browser every 30 s.",
    ),
  ).toBeVisible();
  expect(problems(consoleLog)).toEqual([]);
});

test("the shell tells the truth: which servers need attention, and that monitoring is live", async ({ page }) => {
  await page.clock.install({ time: new Date(finishedAt() + 90_000) });
  await openDashboard(page);
  // AP-East-1 went down and SA-East-1 fails its JSON condition; EU-West-1 answers slowly; AP-South-1's sample says warning.
  await expect(page.locator("#sidebar").getByText("2 servers offline, 2 in warning")).toBeVisible();
  const banner = page.getByRole("banner").filter({ has: page.getByRole("button", { name: "Toggle sidebar" }) });
  await expect(banner.getByRole("status")).toHaveText("Live monitoring active");
  // The page follows the site's own feed: the top bar says when it last answered.
  await expect(banner).toContainText(/· updated \d\d:\d\d:\d\d/);
});

test("after two intervals without a check, the top bar says the checks are late", async ({ page }) => {
  // The two runs were seconds apart, which counts as the shortest interval, a minute: late after two.
  await page.clock.install({ time: new Date(finishedAt() + 3 * 3_600_000) });
  await openDashboard(page);
  const banner = page.getByRole("banner").filter({ has: page.getByRole("button", { name: "Toggle sidebar" }) });
  await expect(banner.getByRole("status")).toHaveText("Checks are late");
  await expect(banner).toContainText("last result 3 h ago");
});

test("measured servers are never simulated; servers without a check still are", async ({ page }) => {
  await page.clock.install();
  await openDashboard(page);
  const before = { response: await fact(page, "US-East-1", "Response"), checked: await fact(page, "US-East-1", "Last checked") };
  const simulatedBefore = await fact(page, "US-West-2", "Last checked");
  await page.clock.runFor(30_000);
  await expect.poll(() => fact(page, "US-West-2", "Last checked")).not.toBe(simulatedBefore);
  expect({ response: await fact(page, "US-East-1", "Response"), checked: await fact(page, "US-East-1", "Last checked") }).toEqual(before);
});

test("the chart shows the measured hours, and the job's alerts come first among the editors'", async ({ page }) => {
  await openDashboard(page);
  await expect(page.getByText(/^Measured by the checks/)).toBeVisible();
  // the build drew the checks' hours (gatsby/pages/dashboardChart.ts), not the editors' sample
  await expect(page.getByRole("img", { name: "24 Hour Performance Overview" })).toHaveAccessibleDescription(
    /^Measured response time in milliseconds and uptime in percent at .+ UTC\.$/,
  );
  const recent = page.getByRole("region", { name: "Recent Alerts" });
  const items = recent.getByRole("listitem");
  await expect(items).toHaveCount(3);
  await expect(items.first()).toContainText("AP-East-1");
  await expect(items.first()).toContainText("Server offline: connection timeout after 300 ms (tried twice)");
  await expect(recent).toContainText(/High response time: \d+ ms, over the 100 ms threshold/);
});

test("the map's list says it too, and the export has a Source column", async ({ page }) => {
  await page.goto(siteUrl() + "/map");
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  const locations = page.getByRole("region", { name: "Server Locations" });
  await expect(locations.getByRole("listitem").filter({ hasText: "US-West-2" }).locator("[data-source]")).toHaveText("Simulated");
  await expect(locations.getByRole("listitem").filter({ hasText: "US-East-1" }).locator("[data-source]")).toHaveText(/^Checked /);

  await openDashboard(page);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export Report" }).click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const rows = XLSX.utils.sheet_to_json<string[]>(XLSX.read(Buffer.concat(chunks)).Sheets["Server Status"], { header: 1 });
  expect(rows[0][7]).toBe("Source");
  const sourceOf = (name: string) => rows.find((r) => r[0] === name)?.[7];
  expect(sourceOf("US-East-1")).toMatch(/^Measured: HTTP 200 in \d+ ms$/);
  expect(sourceOf("AP-East-1")).toBe("Measured: connection timeout after 300 ms (tried twice)");
  // An empty cell, not 0: the server did not answer.
  expect(rows.find((r) => r[0] === "AP-East-1")?.[5]).toBeUndefined();
  expect(sourceOf("AP-South-1")).toBe("Sample (not checked yet)");
  expect(sourceOf("US-West-2")).toBe("Simulated");
  // Checked in a maintenance window: the state says so, and the check's own words stay.
  const north = rows.find((r) => r[0] === "EU-North-1")!;
  expect(north[3]).toBe("Maintenance");
  expect(north[7]).toMatch(/^Measured: unexpected HTTP status 503/);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a measured card says when it was checked, in UTC", async ({ page }) => {
    await page.goto(siteUrl() + "/");
    await expect(source(page, "US-East-1")).toHaveText(/^Checked \d\d:\d\d:\d\d UTC$/);
    // The overall state, in the sidebar's footer and in the top bar, is in the HTML.
    await expect(page.getByRole("complementary", { name: "Sidebar" }).getByText("2 servers offline, 2 in warning")).toBeAttached();
    await expect(page.getByRole("banner").getByText("2 servers offline, 2 in warning")).toBeAttached();
  });
});

test("with measured servers, pages follow the site's own /api/v1/servers.json: a newer file shows without a reload", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("settings", JSON.stringify({ refreshInterval: 5 })));
  const asked: string[] = [];
  page.on("request", (r) => asked.push(new URL(r.url()).pathname));
  await openDashboard(page);
  await expect.poll(() => asked.filter((p) => p === "/api/v1/servers.json").length).toBeGreaterThanOrEqual(1);
  // A new build publishes newer figures: the next fetch brings them.
  const current = (await (await page.request.get(siteUrl() + "/api/v1/servers.json")).json()) as {
    servers: Array<Record<string, unknown>>;
  };
  const newer = {
    ...current,
    servers: current.servers.map((s) =>
      s.name === "US-East-1" ? { ...s, responseTime: 123, lastChecked: new Date().toISOString(), detail: "HTTP 200 in 123 ms" } : s,
    ),
  };
  await page.route("**/api/v1/servers.json", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(newer) }),
  );
  await expect.poll(() => fact(page, "US-East-1", "Response"), { timeout: 15_000 }).toBe("123 ms");
  await expect(card(page, "US-East-1")).toContainText("HTTP 200 in 123 ms");
});

test("Settings lists the site's notification channels by id and type; no page or published file holds a secret of the build's environment", async ({
  page,
}) => {
  await page.goto(siteUrl() + "/settings#notifications");
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  const card = page.getByRole("region", { name: "Sent by this site" });
  await expect(card.getByRole("list", { name: "Notification channels" }).getByRole("listitem")).toHaveText([
    "ops-slack (Slack)every server: down, slow, recovered, reminders, certificate expiry",
    "pager (ntfy)srv-us-east-1: down",
    "on-call (email)every server: down, slow, recovered, reminders, certificate expiry",
  ]);
  // Id and type only: neither the variables' names nor the addresses reach the page.
  await expect(card).not.toContainText(/NOTIFY_|example\.org/);
  // The build ran with NOTIFY_SLACK_URL and a check's header key set, and the job with the key: their values are in no file
  // the build wrote nor in the job's files (content/checks/), though the check sent the key (US-East-1 is measured online).
  const secrets = [new URL(MEASURED_SECRET_URL).pathname.split("/").pop()!, MEASURED_CHECK_KEY];
  const built = fs.readFileSync(path.join(VARIANTS_ROOT, "measured.built"), "utf8");
  for (const dir of [path.join(built, "public"), path.join(built, "content", "checks")]) {
    const holding = (fs.readdirSync(dir, { recursive: true }) as string[])
      .map((file) => path.join(dir, file))
      .filter((file) => fs.statSync(file).isFile() && secrets.some((secret) => fs.readFileSync(file).includes(secret)));
    expect(holding).toEqual([]);
  }
  const published = (await (await page.request.get(`${siteUrl()}/api/v1/servers.json`)).json()) as {
    servers: Array<{ name: string; status: string }>;
  };
  expect(published.servers.find((s) => s.name === "US-East-1")?.status).toBe("online");
});
