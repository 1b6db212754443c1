import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectAxeCleanInBothThemes, hydrated, problems, test } from "../fixtures";
import { VARIANTS_ROOT, serveBuiltVariant } from "./variantSite";

/**
 * /analytics over the measured build (#34): the fleet over time from the
 * history three real runs of the job made (measuredContent.ts), held against
 * the job's own files: its figures, the cards, the servers to look at and the
 * week's outages.
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
    name: string;
    location: string;
  }>;
  const alerts = JSON.parse(fs.readFileSync(path.join(dir, "content", "checks", "alerts.json"), "utf8")) as Array<{
    id: string;
    type: string;
  }>;
  const folder = path.join(dir, "content", "checks", "servers");
  const outages = fs
    .readdirSync(folder)
    .flatMap((f) => (JSON.parse(fs.readFileSync(path.join(folder, f), "utf8")) as { outages?: [string, string | null][] }).outages ?? []);
  return { latest, servers, alerts, outages };
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
  // and its table, behind a fold: 90 days, today's the job's checks of today
  const dayRows = page
    .getByRole("table", { name: /^The fleet's availability per UTC day/, includeHidden: true })
    .getByRole("row", { includeHidden: true });
  await expect(dayRows).toHaveCount(91);
  await expect(dayRows.nth(1).getByRole("cell", { includeHidden: true }).nth(2)).toHaveText(String(total));
  await expectCards(page);
  await expectRankings(page);
}

const name = (id: string) => jobFiles().servers.find((s) => s.id === id)!.name;

async function expectCards(page: Page) {
  const { servers } = jobFiles();
  const card = (title: string) => page.getByRole("article").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
  const median = await page
    .getByText("Response time, median (30 days)", { exact: true })
    .locator("xpath=following-sibling::dd")
    .innerText();
  await expect(card("Response Time")).toContainText(`${median.split(" (")[0]}The fleet's median over 30 days`);
  await expect(card("Total Requests")).toContainText(
    /^Total Requests[\d,]+ checksMade by the check job in the last 30 days, to \d+ serversMeasured by the check job$/,
  );
  const countries = new Set(servers.map((s) => s.location.split(",")[1].trim())).size;
  await expect(card("Global Coverage")).toContainText(`${countries}Countries the servers are inFrom the servers' locations`);
  await expect(card("Active Users")).toContainText("Typed by an editor (content/analytics-cards.json)");
}

async function expectRankings(page: Page) {
  const { latest, alerts, outages } = jobFiles();
  const rowNames = (table: string) => page.getByRole("table", { name: table }).getByRole("rowheader");
  // the least available: those with a failed check, lowest first (the runs were all today: the job's own counts)
  const failing = latest.results
    .filter((r) => r.uptimeTotal > 0 && r.uptimeUp < r.uptimeTotal)
    .sort((a, b) => a.uptimeUp / a.uptimeTotal - b.uptimeUp / b.uptimeTotal)
    .map((r) => name(r.server));
  expect(failing.length).toBeGreaterThan(1);
  await expect(rowNames("The servers with the lowest availability, last 30 days")).toHaveText(failing.slice(0, 5));
  // each name opens its server's page
  const first = latest.results.find((r) => name(r.server) === failing[0])!.server;
  await expect(page.getByRole("link", { name: failing[0], exact: true }).first()).toHaveAttribute("href", `/servers/${first}`);
  // the most alerted: the job's outage and warning alerts, by the server each id names
  const alerted = latest.results
    .map((r) => ({ name: name(r.server), n: alerts.filter((a) => a.type !== "info" && a.id.startsWith(`check-${r.server}-`)).length }))
    .filter((r) => r.n > 0);
  expect(alerted.length).toBeGreaterThan(1);
  const alertRows = page.getByRole("table", { name: /^The servers the check job alerted most often/ }).getByRole("row");
  await expect(alertRows).toHaveCount(alerted.length + 1);
  for (const { name: n, n: count } of alerted) {
    const cells = await alertRows.filter({ hasText: n }).getByRole("cell").allInnerTexts();
    expect(cells.reduce((sum, c) => sum + Number(c), 0)).toBe(count);
  }
  // this week's outages: those the job's files hold (all began in the three runs), the unended still going on
  const week = page
    .getByRole("table", { name: /^Outages that began each week/ })
    .getByRole("row")
    .last();
  expect(outages.length).toBeGreaterThan(0);
  await expect(week.getByRole("cell").nth(0)).toHaveText(String(outages.length));
  await expect(week.getByRole("cell").nth(1)).toHaveText(String(outages.filter(([, to]) => to === null).length));
  await expect(page.getByRole("img", { name: "Outages that began each week, last 13 weeks" }).first()).toBeAttached();
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
