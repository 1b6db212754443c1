import { expect, hydrated, problems, test } from "./fixtures";

/**
 * Each server's page (/servers/<id>/) on the sample site, whose servers have no
 * check: reached from the lists, complete without JavaScript, honest about the
 * history it does not have. (Measured history: variants/serverHistory.spec.ts.)
 */
test("a server card's name opens the server's page, which says it has no measured history", async ({ page, consoleLog }) => {
  await page.goto("/servers");
  await hydrated(page);
  await page.getByRole("article").getByRole("link", { name: "AP-East-1", exact: true }).click();
  await expect(page).toHaveURL(/\/servers\/srv-ap-east-1$/);
  await expect(page.getByRole("heading", { level: 1, name: "AP-East-1" })).toBeVisible();
  await expect(page).toHaveTitle(/^AP-East-1 · /);
  const history = page.getByRole("region", { name: "History" });
  await expect(history).toHaveText(/No measured history: this server has no check\./);
  await expect(page.getByRole("region", { name: "Check" })).toContainText("This server has no check");
  // Its alert from the content, by its whole name.
  await expect(page.getByRole("region", { name: "Alerts" })).toContainText("Server offline: connection timeout after 30 s");
  await expect(page.getByRole("navigation").getByRole("link", { name: "Servers", exact: true })).toHaveAttribute("aria-current", "page");
  expect(problems(consoleLog)).toEqual([]);
});

test("the Now card's figures are live, as on the other pages: the build's in the HTML, the simulation's once the page has the fleet", async ({
  page,
  consoleLog,
}) => {
  await page.goto("/servers/srv-us-west-2");
  await hydrated(page);
  const now = page.getByRole("region", { name: "Now" });
  // opened directly: the page simulates this server alone (the whole list is not fetched)
  await expect(now.getByText("Simulated in the browser: this server has no check, so nothing is measured.")).toBeVisible();
  // The build's words keep their place (the card keeps its size) but are not shown, nor read.
  await expect(now.getByText(/as of this page's build/)).toBeHidden();
  expect(problems(consoleLog)).toEqual([]);
});

test("an alert on the dashboard links to its server's page", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("region", { name: "Recent Alerts" }).getByRole("link", { name: "AP-East-1" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "AP-East-1" })).toBeVisible();
});

test("the badge's Markdown is copied by its button, and the badge and the page's data are there", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await page.goto("/servers/srv-eu-west-1");
  await hydrated(page);
  const markdown = page.getByRole("textbox", { name: "Markdown" });
  await expect(markdown).toHaveValue(
    /^\[!\[EU-West-1\]\(http:\/\/[^)]+\/badges\/srv-eu-west-1\.svg\)\]\(http:\/\/[^)]+\/servers\/srv-eu-west-1\)$/,
  );
  await page.getByRole("button", { name: "Copy Markdown" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await markdown.inputValue());
  await expect(page.getByText("Markdown copied.")).toBeAttached();
  const badge = page.getByRole("img", { name: "EU-West-1 status badge" });
  await expect.poll(() => badge.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const api = page.getByRole("link", { name: /\/api\/v1\/servers\/srv-eu-west-1\.json$/ });
  const response = await page.request.get((await api.getAttribute("href")) ?? "");
  const document = (await response.json()) as { version: number; server: { id: string; source: string }; history: unknown; check: unknown };
  expect(document).toMatchObject({ version: 1, server: { id: "srv-eu-west-1", source: "simulated" }, history: null, check: null });
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a server's page is complete: its figures, its check's absence, its badge and its place on the map", async ({ page }) => {
    await page.goto("/servers/srv-us-west-2");
    await expect(page.getByRole("heading", { level: 1, name: "US-West-2" })).toBeVisible();
    // without JavaScript nothing is simulated: the figures are the build's, and the page says so
    await expect(
      page
        .getByRole("region", { name: "Now" })
        .getByText(/as of this page's build/)
        .filter({ visible: true }),
    ).toHaveCount(1);
    await expect(page.getByRole("region", { name: "Now" }).getByText(/Simulated in the browser/)).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Now" })).toContainText("Response time");
    await expect(page.getByRole("textbox", { name: "shields.io endpoint" })).toHaveValue(
      /^https:\/\/img\.shields\.io\/endpoint\?url=http%3A%2F%2F.+%2Fbadges%2Fsrv-us-west-2\.json$/,
    );
    await expect(page.getByRole("region", { name: "Location" }).locator('[data-server-id="srv-us-west-2"]')).toBeVisible();
  });
});
