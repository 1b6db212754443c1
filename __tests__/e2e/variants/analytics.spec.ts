import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectAxeCleanInBothThemes, hydrated, problems, test } from "../fixtures";
import { VARIANTS_ROOT, serveBuiltVariant } from "./variantSite";

/**
 * /analytics over the measured build (#34, first part): the fleet over time from
 * the history three real runs of the job made (measuredContent.ts), held against
 * the job's own files.
 */
const siteUrl = serveBuiltVariant(test, "measured", 9217);

type Result = { server: string; uptimeUp: number; uptimeTotal: number };
const jobFiles = () => {
  const dir = fs.readFileSync(path.join(VARIANTS_ROOT, "measured.built"), "utf8");
  const latest = JSON.parse(fs.readFileSync(path.join(dir, "content", "checks", "latest.json"), "utf8")) as {
    finishedAt: string;
    results: Result[];
  };
  const servers = JSON.parse(fs.readFileSync(path.join(dir, "content", "servers.json"), "utf8")) as Array<{
    id: string;
    location: string;
  }>;
  return { latest, servers };
};
const percent = (up: number, total: number) => `${(Math.floor((up / total) * 10000) / 100).toFixed(2)} %`;

async function expectFleetFigures(page: Page) {
  const { latest, servers } = jobFiles();
  const dashboard = page.getByRole("region", { name: "Analytics Dashboard" });
  await expect(dashboard).toContainText(`as of ${latest.finishedAt.slice(0, 16).replace("T", " ")} UTC`);
  // every check the job counted in its 30 days: the same availability
  const up = latest.results.reduce((n, r) => n + r.uptimeUp, 0);
  const total = latest.results.reduce((n, r) => n + r.uptimeTotal, 0);
  await expect(dashboard.getByText("Availability (30 days)", { exact: true }).locator("xpath=following-sibling::dd")).toHaveText(
    percent(up, total),
  );
  await expect(dashboard.getByText("Response time, median (30 days)", { exact: true }).locator("xpath=following-sibling::dd")).toHaveText(
    /^\d+ ms \(the 30 days before: no answers kept\)$/,
  );
  // a row per region of the servers the job has a history of (one given its check after the runs has none), by name
  const measured = new Set(latest.results.map((r) => r.server));
  const regions = [...new Set(servers.filter((s) => measured.has(s.id)).map((s) => s.location.split(",")[1].trim()))].sort();
  const rows = page.getByRole("table", { name: /Each region's availability/ }).getByRole("row");
  await expect(rows).toHaveCount(regions.length + 1);
  for (const [i, region] of regions.entries()) await expect(rows.nth(i + 1).getByRole("rowheader")).toHaveText(region);
  // the 90 days' bars, today's the fleet's checks
  await expect(page.getByRole("region", { name: "Availability, last 90 days" })).toBeVisible();
}

test("/analytics shows the fleet over time as the job measured it, and says so", async ({ page, consoleLog }) => {
  await page.goto(`${siteUrl()}/analytics`);
  await hydrated(page);
  await expectFleetFigures(page);
  expect(problems(consoleLog)).toEqual([]);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the figures, the bars and the regions' table are in the HTML", async ({ page }) => {
    await page.goto(`${siteUrl()}/analytics`);
    await expectFleetFigures(page);
  });
});

for (const width of [1280, 375]) {
  test(`/analytics has no WCAG 2.1 A/AA violations at ${width}px, light and dark`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${siteUrl()}/analytics`);
    await hydrated(page);
    await expectAxeCleanInBothThemes(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}
