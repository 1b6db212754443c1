import { expect, shapesStyled, test } from "./fixtures";

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("every page shows its figures, lists and chart from the built HTML", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("article").filter({ hasText: "Total Servers" })).toContainText("Across 5 regions");
    await expect(page.getByRole("article").filter({ hasText: "Avg Response" })).toContainText("42 ms");
    await expect(page.getByText("Server offline: connection timeout after 30 s")).toBeVisible();
    // the chart: drawn by the build (Victory, in Node) wide and narrow, titled, with its two lines
    const charts = page.locator("svg", { has: page.locator("title", { hasText: "24 Hour Performance Overview" }) });
    await expect(charts).toHaveCount(2);
    // the wide one shows at this width
    const chart = charts.and(page.locator("svg:visible"));
    await expect(chart).toHaveCount(1);
    await expect(chart).toHaveAttribute("viewBox", "0 0 640 256");
    // its time axis in the order of the table (the build reads the same points as the page's query)
    await expect(chart.locator("text[id*='-time-']")).toHaveText(["00:00", "04:00", "08:00", "12:00", "16:00", "20:00"]);
    await expect(chart.locator('path[style*="stroke:var(--c-chart-response)"]')).toHaveAttribute(
      "d",
      /^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+){5}$/,
    );
    await expect(chart.locator('path[style*="stroke:var(--c-chart-uptime)"]')).toHaveAttribute("d", /^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+){5}$/);
    // and a dot on each of the six points of each line
    expect(await shapesStyled(chart, "fill:var(--c-chart-response)")).toBe(6);
    expect(await shapesStyled(chart, "fill:var(--c-chart-uptime)")).toBe(6);
    await expect(page.getByRole("heading", { level: 3 })).toHaveCount(6);
    // The build cannot know the reader's zone: the time of check says it is UTC.
    const eastCard = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "AP-East-1" }) });
    await expect(eastCard.locator("time")).toHaveText("10:37:02 UTC");
    await expect(eastCard.locator("time")).toHaveAttribute("datetime", "2026-11-23T10:37:02.000Z");

    await page.goto("/map");
    await expect(page.getByRole("group", { name: "World map of the servers" })).toBeVisible();
    await expect(page.locator("[data-server-id]")).toHaveCount(6);
    await expect(page.getByRole("img", { name: /^AP-East-1, Offline/ })).toBeAttached();

    await page.goto("/security");
    await expect(page.getByText("1,247")).toBeVisible();
    await page.goto("/reports");
    await expect(page.getByText("Monthly Performance Report")).toBeVisible();
    await page.goto("/analytics");
    await expect(page.getByText("1,234", { exact: true })).toBeVisible();
  });

  test("the static HTML is fully styled: colours and the active entry need no script", async ({ page }) => {
    await page.goto("/reports");
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(248, 250, 252)");
    const active = page.getByRole("navigation", { name: "Main" }).locator('[aria-current="page"]');
    await expect(active).toHaveText("Reports");
    await expect(active).toHaveCSS("color", "rgb(37, 99, 235)");
    await expect(active).toHaveCSS("background-color", "rgb(239, 246, 255)");
  });

  test("navigation still works at 375px: the entries sit above the page", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Reports" })).toBeVisible();
  });
});
