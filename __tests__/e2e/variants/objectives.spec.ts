import type { Page } from "@playwright/test";
import { expect, expectAxeCleanInBothThemes, hydrated, problems, test } from "../fixtures";
import { serveBuiltVariant } from "./variantSite";
import { MEASURED_OBJECTIVES } from "./measuredContent";

/**
 * /objectives and the server pages' Objectives section (#48) over the measured
 * build: the figures shown are those /api/v1/objectives.json publishes (the
 * model's), in the static HTML, with each objective's burndown and its table.
 */
const siteUrl = serveBuiltVariant(test, "measured", 9221);

type Published = {
  id: string;
  name: string;
  attained: number | null;
  slots: { good: number; bad: number } | null;
  budget: { remainingShare: number | null } | null;
  burnRates: Record<"30m" | "6h" | "3d", number | null> | null;
  latencyFigures: { checks: { good: number; bad: number; unknown: number } } | null;
};

/** The value of a term of a figure list, within a region. */
const fact = (region: ReturnType<Page["getByRole"]>, term: string) =>
  region.getByText(term, { exact: true }).locator("xpath=following-sibling::dd");

async function expectObjectives(page: Page) {
  const document = (await (await page.request.get(`${siteUrl()}/api/v1/objectives.json`)).json()) as { objectives: Published[] };
  expect(document.objectives.map((o) => o.id)).toEqual(MEASURED_OBJECTIVES.map((o) => o.id));
  for (const published of document.objectives) {
    const section = page.getByRole("region", { name: published.name });
    const written = MEASURED_OBJECTIVES.find((o) => o.id === published.id)!;
    const over = { "7d": "the last 7 days", "30d": "the last 30 days", month: "the calendar month (UTC)" }[written.window]!;
    const counted = "maintenance" in written && written.maintenance === "counted" ? ", maintenance counted as down" : "";
    await expect(fact(section, "Target")).toHaveText(`${written.availability} % of slots good over ${over}${counted}`);
    const { good, bad } = published.slots!;
    const attained = `${(Math.floor(published.attained! * 100000) / 1000).toFixed(3)} %`;
    await expect(fact(section, "Attained")).toHaveText(`${attained} (${good} good of ${good + bad} slots measured)`);
    const left = published.budget!.remainingShare!;
    const tenths = (share: number) => `${(Math.trunc(share * 1000) / 10).toFixed(1)} %`;
    // an objective overspent (EU-North-1's: its check in maintenance counted as down) says by how much
    await expect(fact(section, "Budget left")).toContainText(left < 0 ? `of it spent` : `${tenths(left)} left`);
    if (left < 0) await expect(fact(section, "Budget left")).toContainText(`(${tenths(1 - left)} of it spent)`);
    const rate = (r: number | null) => (r === null ? "—" : `${Math.round(r * 10) / 10}×`);
    const { "30m": m30, "6h": h6, "3d": d3 } = published.burnRates!;
    await expect(fact(section, "Burn rate now")).toHaveText(`30 min ${rate(m30)}, 6 h ${rate(h6)}, 3 d ${rate(d3)}`);
    // its burndown, named, and the days as a table: today's slots down are the window's (the runs were all today)
    await expect(
      section.getByRole("img", { name: `${published.name}: error budget left at the end of each UTC day` }).first(),
    ).toBeAttached();
    await section.getByText("The days as a table").click();
    const today = section
      .getByRole("table", { name: /the budget left at the end of each UTC day/ })
      .getByRole("row")
      .nth(1);
    await expect(today.getByRole("cell").first()).toHaveText(String(bad));
  }
  // US-East-1's latency target: its three checks answered on 127.0.0.1, all under 5 s
  const east = page.getByRole("region", { name: "US-East-1 is up" });
  const latency = document.objectives[0].latencyFigures!;
  expect(latency.checks).toEqual({ good: 3, bad: 0, unknown: 0 });
  await expect(fact(east, "Latency target")).toHaveText(
    /^90 % of checks answered under 5,000 ms, over whole UTC days from \d{4}-\d\d-\d\d$/,
  );
  await expect(fact(east, "Latency attained")).toHaveText("100.000 % (3 of 3 checks under it)");
  // AP-East-1 down in the last run: the pair burns far faster than a page's 6×, and says so.
  await expect(fact(page.getByRole("region", { name: "The eastern pair is up" }), "Alert")).toHaveText(/^Burning fast: .*\(page\)$/);
  await expect(fact(page.getByRole("region", { name: "US-East-1 is up" }), "Alert")).toHaveText(/^Within budget/);
}

test("/objectives shows each objective as /api/v1/objectives.json publishes it, with its burndown", async ({ page, consoleLog }) => {
  await page.goto(`${siteUrl()}/objectives/`);
  await hydrated(page);
  await expectObjectives(page);
  // a server it counts opens that server's page, where the server's own figures are
  await page.getByRole("region", { name: "The eastern pair is up" }).getByRole("link", { name: "AP-East-1" }).click();
  await expect(page).toHaveURL(/\/servers\/srv-ap-east-1\/?$/);
  const own = page.getByRole("region", { name: "Objectives" });
  // one bad slot of AP-East-1's three: its own figures, not the pair's
  await expect(fact(own, "Attained")).toHaveText("66.666 % (2 good of 3 slots measured)");
  await expect(own.getByRole("link", { name: "The eastern pair is up" })).toHaveAttribute("href", /\/objectives#east-pair$/);
  await expect(own).toContainText("(one of its 2 servers)");
  expect(problems(consoleLog)).toEqual([]);
});

test("the reports page leads to the objectives; a server no objective counts has no such section", async ({ page }) => {
  await page.goto(`${siteUrl()}/reports/`);
  await page.getByRole("link", { name: "Open the objectives" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Objectives" })).toBeVisible();
  await page.goto(`${siteUrl()}/servers/srv-sa-east-1/`);
  await expect(page.getByRole("heading", { name: "Uptime" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Objectives" })).toHaveCount(0);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("every figure, the burndowns and their tables are in the HTML", async ({ page }) => {
    await page.goto(`${siteUrl()}/objectives/`);
    await expectObjectives(page);
  });
});

for (const width of [1280, 375]) {
  test(`/objectives has no WCAG 2.1 A/AA violations at ${width}px, light and dark`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${siteUrl()}/objectives/`);
    await hydrated(page);
    await expectAxeCleanInBothThemes(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}
