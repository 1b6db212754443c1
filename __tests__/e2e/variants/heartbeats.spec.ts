import type { Page } from "@playwright/test";
import { expect, expectAxeCleanInBothThemes, hydrated, problems, test } from "../fixtures";
import { HEARTBEAT_LAST_RUN, HEARTBEAT_SERVERS } from "./heartbeatContent";
import { serveBuiltVariant } from "./variantSite";

/**
 * Heartbeats (#49) on a site built after real runs of the job across Berlin's
 * change to summer time (heartbeatContent.ts): a heartbeat's page shows its
 * schedule, its last ping and the next time it is due, and the pings it sent
 * beside the times they were due (the night it missed too), with JavaScript
 * off as on; the one that stopped is offline in words.
 */
const siteUrl = serveBuiltVariant(test, "heartbeats", 9246);

async function open(page: Page, at: string) {
  await page.clock.install({ time: new Date(HEARTBEAT_LAST_RUN + 60_000) });
  await page.goto(siteUrl() + at);
  await hydrated(page);
}

const backupPage = `/servers/${HEARTBEAT_SERVERS.backup}/`;
const exportPage = `/servers/${HEARTBEAT_SERVERS.export}/`;

async function expectBackupStory(page: Page) {
  const main = page.getByRole("main");
  const fact = (term: string) => main.locator("dt", { hasText: new RegExp(`^${term}$`) }).locator("+ dd");
  await expect(fact("Heartbeat")).toHaveText("the time of the last ping, from the JSON value $.finishedAt");
  await expect(fact("Expected")).toHaveText('cron "0 3 * * *" (Europe/Berlin), grace 1 h');
  await expect(fact("Last ping")).toHaveText("2026-03-29 01:15 UTC");
  await expect(fact("Next due")).toHaveText("2026-03-30 01:00 UTC");
  await expect(fact("Warning above")).toHaveCount(0);
  const pings = page.getByRole("table", { name: "Pings received and when they were due (UTC)" });
  await expect(pings.getByRole("columnheader")).toHaveText(["Ping received", "Due", "How it came"]);
  const rows = pings.locator("tbody tr");
  await expect(rows).toHaveCount(4);
  // 03:00 in Berlin is 01:00 UTC from the 29th (summer time), 02:00 UTC before.
  await expect(rows.nth(0).locator("td")).toHaveText(["2026-03-29 01:15 UTC", "2026-03-29 01:00 UTC", "15 min after, within the grace"]);
  await expect(rows.nth(1).locator("td")).toHaveText(["2026-03-28 02:40 UTC", "2026-03-28 02:00 UTC", "40 min after, within the grace"]);
  await expect(rows.nth(2).locator("td")).toHaveText(["no ping", "2026-03-27 02:00 UTC", "missed"]);
  await expect(rows.nth(3).locator("td")).toHaveText(["2026-03-26 02:20 UTC", "2026-03-26 02:00 UTC", "20 min after, within the grace"]);
}

test("a heartbeat's page: its schedule, its last ping, when the next is due, and its pings beside their due times", async ({
  page,
  consoleLog,
}) => {
  await open(page, backupPage);
  await expect(page.getByRole("main").getByText("Online").first()).toBeVisible();
  await expectBackupStory(page);
  expect(problems(consoleLog)).toEqual([]);
});

test("the heartbeat that stopped is offline, saying since when; its alerts told it late, then offline", async ({ page, consoleLog }) => {
  await open(page, exportPage);
  const main = page.getByRole("main");
  await expect(main.locator("dt", { hasText: /^What the check saw$/ }).locator("+ dd")).toHaveText(
    "no ping since 2026-03-29 00:00 UTC (1 h 30 min ago): due by 2026-03-29 01:00 UTC",
  );
  await expect(main.locator("dt", { hasText: /^Heartbeat$/ }).locator("+ dd")).toHaveText(
    "the time of the last ping, from the Last-Modified header",
  );
  await expect(main).toContainText("Server offline: no ping since 2026-03-29 00:00 UTC");
  expect(problems(consoleLog)).toEqual([]);
});

test("the backup's missed night is its alerts, in words: its fall and its return (one late run is not confirmed)", async ({ request }) => {
  const data = (await (await request.get(`${siteUrl()}/api/v1/servers/${HEARTBEAT_SERVERS.backup}.json`)).json()) as {
    alerts: Array<{ message: string; timestamp: string }>;
    heartbeat: { lastPing: string; nextDue: string | null; pings: string[] };
  };
  // Its pings as data too, for other tools.
  expect(data.heartbeat).toEqual({
    lastPing: "2026-03-29T01:15:00.000Z",
    nextDue: "2026-03-30T01:00:00.000Z",
    pings: ["2026-03-26T02:20:00.000Z", "2026-03-28T02:40:00.000Z", "2026-03-29T01:15:00.000Z"],
  });
  expect(data.alerts.map((a) => [a.timestamp, a.message])).toEqual([
    ["2026-03-28T02:45:00.000Z", "Server back online"],
    ["2026-03-27T03:30:00.000Z", "Server offline: missed the run due 2026-03-27 02:00 UTC: last ping 2026-03-26 02:20 UTC (1 d 1 h ago)"],
  ]);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the schedule and the pings are in the HTML", async ({ page }) => {
    await page.goto(siteUrl() + backupPage);
    await expectBackupStory(page);
  });
});

for (const width of [1280, 375]) {
  test(`a heartbeat's page has no WCAG 2.1 A/AA violations at ${width}px, light and dark`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await open(page, backupPage);
    await expectAxeCleanInBothThemes(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}
