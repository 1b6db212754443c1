import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, problems, test } from "../fixtures";
import { serveBuiltVariant } from "./variantSite";

/**
 * A server's page over a build whose history was made by running the check job
 * three times against local endpoints (measuredContent.ts): AP-East-1 answered
 * twice and did not answer the third time; EU-West-1 answered every time.
 */
const siteUrl = serveBuiltVariant(test, "measured", 9213);

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
const window = (page: Page, label: string) => page.getByRole("region", { name: "Uptime" }).getByRole("listitem").filter({ hasText: label });

test("the uptime figures and today's bar are what the runs measured", async ({ page, consoleLog }) => {
  await page.goto(`${siteUrl()}/servers/srv-ap-east-1`);
  await hydrated(page);
  // Two of three checks found it up, in every window: the history is minutes old, and each window says so.
  for (const label of ["24 hours", "7 days", "30 days", "90 days"]) {
    await expect(window(page, label)).toContainText("66.6%");
    await expect(window(page, label)).toContainText("2 of 3 checks up");
    await expect(window(page, label)).toContainText(/covers the last \d+ minutes? only/);
  }
  const days = page.getByRole("table", { name: "Uptime per day (UTC), newest first" });
  const today = new Date().toISOString().slice(0, 10);
  await expect(days.getByRole("row").nth(1)).toHaveText(new RegExp(`^${today}\\s*66\\.6%\\s*2\\s*3$`));
  await expect(days.getByRole("row")).toHaveCount(91);
  // The hour with the checks: two answered; the day before has no data.
  const hours = page.getByRole("table", { name: "Response time per hour (UTC), newest first" });
  await expect(hours.getByRole("row").last()).toContainText("2 of 3");
  await expect(page.getByRole("region", { name: "Check" })).toContainText("HTTP GET");
  await expect(page.getByRole("region", { name: "Alerts" })).toContainText("AP-East-1");
  expect(problems(consoleLog)).toEqual([]);
});

test("the published figures of a server are the page's", async ({ request }) => {
  const response = await request.get(`${siteUrl()}/api/v1/servers/srv-eu-west-1.json`);
  const document = (await response.json()) as {
    server: { id: string; source: string };
    history: { uptime: Array<{ key: string; up: number; total: number }>; days: unknown[]; hourly: unknown[]; daily: unknown[] };
    check: Array<{ term: string; value: string }>;
  };
  expect(document.server).toMatchObject({ id: "srv-eu-west-1", source: "measured" });
  expect(document.history.uptime.map((w) => [w.key, w.up, w.total])).toEqual([
    ["24h", 3, 3],
    ["7d", 3, 3],
    ["30d", 3, 3],
    ["90d", 3, 3],
  ]);
  expect([document.history.days.length, document.history.hourly.length, document.history.daily.length]).toEqual([90, 168, 90]);
  expect(document.check).toContainEqual({ term: "Warning above", value: "100 ms" });
  // The check's address, never a query or credentials.
  expect(JSON.stringify(document)).not.toMatch(/SECRET|hooks\.example\.org/);
});

for (const width of [1280, 375]) {
  test(`a server page at ${width}px has no WCAG 2.1 A/AA violations, light and dark`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${siteUrl()}/servers/srv-ap-east-1`);
    await hydrated(page);
    for (const theme of ["light", "dark"]) {
      await page.evaluate((t) => document.documentElement.setAttribute("data-theme", t), theme);
      const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(
        result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
        theme,
      ).toEqual([]);
    }
  });
}
