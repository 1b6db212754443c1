import * as XLSX from "xlsx";
import type { Page } from "@playwright/test";
import { expect, expectAxeCleanInBothThemes, problems, test } from "../fixtures";
import { serveBuiltVariant } from "./variantSite";
import { PLACES_OBJECTIVE } from "./placesContent";

/**
 * A site checked from three places by real runs of the job, one a place, then
 * merged (placesContent.ts): US-East-1 is refused from ap-south and reached
 * from eu-west (about 40 ms) and us-east (a few ms); EU-West-1 is reached from
 * all three, ap-south slowest (about 90 ms). Two rounds.
 */
const siteUrl = serveBuiltVariant(test, "places", 9215);

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
const rowsOf = (page: Page, caption: string | RegExp) => page.getByRole("table", { name: caption }).getByRole("row");

/** What the server page says of each place, with or without JavaScript. */
async function expectPlaceFigures(page: Page) {
  const places = page.getByRole("region", { name: "From each place" });
  await expect(places).toBeVisible();
  const newest = rowsOf(page, "What each place saw in the newest run");
  await expect(newest).toHaveCount(4);
  await expect(newest.nth(1)).toHaveText(/^ap-south\s*Offline\s*—\s*no answer\s*network error: ECONNRESET \(tried twice\)$/);
  await expect(newest.nth(2)).toHaveText(/^eu-west\s*Online\s*\d+ ms\s*HTTP 200 in \d+ ms$/);
  await expect(newest.nth(3)).toHaveText(/^us-east\s*Online\s*\d+ ms\s*HTTP 200 in \d+ ms$/);
  const day = rowsOf(page, "Each place over the last 24 hours");
  await expect(day).toHaveCount(4);
  await expect(day.nth(1)).toHaveText(/^ap-south\s*0\s*—\s*no answer\s*—\s*no answer$/);
  await expect(day.nth(2)).toHaveText(/^eu-west\s*2\s*\d+ ms\s*\d+ ms$/);
  await expect(day.nth(3)).toHaveText(/^us-east\s*2\s*\d+ ms\s*\d+ ms$/);
  // The headline: a warning that names the place, and a time that says whose it is.
  await expect(page.getByText("Response time (median of 2 places)")).toBeVisible();
  await expect(
    page.getByText("unreachable from ap-south: network error: ECONNRESET (tried twice); eu-west and us-east reach it"),
  ).toBeVisible();
}

test("a server page shows what each place saw and each place's last 24 hours", async ({ page, consoleLog }) => {
  await page.goto(`${siteUrl()}/servers/srv-us-east-1`);
  await hydrated(page);
  await expectPlaceFigures(page);
  expect(problems(consoleLog)).toEqual([]);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the places' figures are in the static HTML", async ({ page }) => {
    await page.goto(`${siteUrl()}/servers/srv-us-east-1`);
    await expectPlaceFigures(page);
  });
});

for (const width of [1280, 375]) {
  test(`the places' tables have no WCAG 2.1 A/AA violations at ${width}px, light and dark`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${siteUrl()}/servers/srv-us-east-1`);
    await hydrated(page);
    await expectAxeCleanInBothThemes(page);
    // the tables fit the page: nothing scrolls sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}

test("the map's list names the fastest and slowest place, and the export has a column per place", async ({ page }) => {
  await page.goto(`${siteUrl()}/map`);
  await hydrated(page);
  const locations = page.getByRole("region", { name: "Server Locations" });
  await expect(locations.getByRole("listitem").filter({ hasText: "US-East-1" })).toContainText(
    /From each place: fastest us-east \d+ ms, slowest eu-west \d+ ms; no answer from ap-south/,
  );
  await expect(locations.getByRole("listitem").filter({ hasText: "EU-West-1" })).toContainText(
    /From each place: fastest us-east \d+ ms, slowest ap-south \d+ ms/,
  );

  await page.goto(`${siteUrl()}/`);
  await hydrated(page);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export Report" }).click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const rows = XLSX.utils.sheet_to_json<Array<string | number>>(XLSX.read(Buffer.concat(chunks)).Sheets["Server Status"], { header: 1 });
  expect(rows[0].slice(8)).toEqual([
    "Response Time from ap-south (ms)",
    "Response Time from eu-west (ms)",
    "Response Time from us-east (ms)",
  ]);
  const us = rows.find((r) => r[0] === "US-East-1")!;
  // no answer from ap-south: an empty cell, never 0
  expect(us[8]).toBeUndefined();
  expect(typeof us[9]).toBe("number");
  expect(typeof us[10]).toBe("number");
  const eu = rows.find((r) => r[0] === "EU-West-1")!;
  expect(Number(eu[8])).toBeGreaterThan(Number(eu[10]));
  // a server checked from nowhere has none
  expect(rows.find((r) => r[0] === "AP-South-1")!.slice(8)).toEqual([]);
});

test("an objective's places' windows count each place's check, and burn only when its quorum's checks do (#48)", async ({ page }) => {
  const document = (await (await page.request.get(`${siteUrl()}/api/v1/objectives.json`)).json()) as {
    objectives: Array<{ id: string; burnRates: Record<string, number | null> }>;
  };
  const [objective] = document.objectives;
  expect(objective.id).toBe(PLACES_OBJECTIVE.id);
  // two rounds of three places: ap-south refused each time, but the quorum reached US-East-1 (a warning): no budget spent,
  // so its places' windows (the 5 minutes and the hour, which have figures from two places on) do not burn either
  expect(objective.burnRates).toMatchObject({ "5m": 0, "1h": 0, "30m": 0 });
  await page.goto(`${siteUrl()}/objectives`);
  const section = page.getByRole("region", { name: PLACES_OBJECTIVE.name });
  await expect(section.getByText("Burn rate now", { exact: true }).locator("xpath=following-sibling::dd")).toHaveText(
    "30 min 0×, 6 h 0×, 3 d 0×, 5 min 0×, 1 h 0×",
  );
  await expect(section.getByText("Alert", { exact: true }).locator("xpath=following-sibling::dd")).toHaveText(/^Within budget/);
});

test("/api/v1/servers/<id>.json has each place's newest figures, its last 24 hours and its hours", async ({ request }) => {
  const server = (await (await request.get(`${siteUrl()}/api/v1/servers/srv-us-east-1.json`)).json()) as {
    places: Array<{ location: string; status: string }>;
    history: { places24h: Array<{ location: string; answered: number }>; hourly: Array<{ places?: Record<string, { answered: number }> }> };
  };
  expect(server.places.map((p) => [p.location, p.status])).toEqual([
    ["ap-south", "offline"],
    ["eu-west", "online"],
    ["us-east", "online"],
  ]);
  expect(server.history.places24h.map((p) => [p.location, p.answered])).toEqual([
    ["ap-south", 0],
    ["eu-west", 2],
    ["us-east", 2],
  ]);
  const hour = server.history.hourly.filter((h) => h.places).at(-1)!;
  expect(Object.keys(hour.places!)).toEqual(["eu-west", "us-east"]);
});

test("the month's report has each place's response times, the fleet's and each server's, from the places' own sketches", async ({
  page,
  request,
}) => {
  const index = (await (await request.get(`${siteUrl()}/api/v1/reports.json`)).json()) as { reports: Array<{ month: string }> };
  const month = index.reports[0].month;
  await page.goto(`${siteUrl()}/reports/${month}`);
  const rows = rowsOf(page, /^Each place.s response times/);
  // all servers: ap-south (it reached EU-West-1), eu-west, us-east; then each server's places that answered
  await expect(rows.nth(1)).toHaveText(/^All servers\s*ap-south\s*2\s*\d+ ms\s*\d+ ms\s*\d+ ms\s*1 of 1 server-days$/);
  await expect(rows.filter({ hasText: "US-East-1" })).toHaveCount(2);
  await expect(rows.filter({ hasText: "EU-West-1" })).toHaveCount(3);
  const document = (await (await request.get(`${siteUrl()}/api/v1/reports/${month}.json`)).json()) as {
    report: { fleet: { places: Array<{ place: string; answered: number }> } };
  };
  expect(document.report.fleet.places.map((p) => [p.place, p.answered])).toEqual([
    ["ap-south", 2],
    ["eu-west", 4],
    ["us-east", 4],
  ]);
});
