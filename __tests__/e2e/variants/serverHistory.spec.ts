import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectAxeCleanInBothThemes, shapesStyled, problems, test } from "../fixtures";
import { MEASURED_MAINTENANCE_SERVER } from "./measuredContent";
import { VARIANTS_ROOT, serveBuiltVariant } from "./variantSite";

/**
 * A server's page over a build whose history was made by running the check job
 * three times against local endpoints (measuredContent.ts): AP-East-1 answered
 * twice and did not answer the third time; EU-West-1 answered every time.
 */
const siteUrl = serveBuiltVariant(test, "measured", 9213);

/** The UTC day of the job's runs (the build's, not the test's clock: a test run can cross midnight). */
const runDay = () => {
  const dir = fs.readFileSync(path.join(VARIANTS_ROOT, "measured.built"), "utf8");
  const latest = JSON.parse(fs.readFileSync(path.join(dir, "content", "checks", "latest.json"), "utf8")) as { startedAt: string };
  return latest.startedAt.slice(0, 10);
};

/** A table of figures is folded under its caption: a reader opens it. */
const unfold = (page: Page, caption: string) => page.locator("summary", { hasText: caption }).click();
const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
const window = (page: Page, label: string) => page.getByRole("region", { name: "Uptime" }).getByRole("listitem").filter({ hasText: label });

test("the uptime figures and today's bar are what the runs measured", async ({ page, consoleLog }) => {
  await page.goto(`${siteUrl()}/servers/srv-ap-east-1`);
  await hydrated(page);
  // Two of three checks found it up, in every window: the history is minutes old, and each window says so.
  for (const label of ["24 hours", "7 days", "30 days", "90 days"]) {
    await expect(window(page, label)).toContainText("66.6%");
    await expect(window(page, label)).toContainText("2 of 3 checks up");
    await expect(window(page, label)).toContainText(/covers the last (minute|\d+ minutes) only/);
  }
  await unfold(page, "Uptime per day (UTC), newest first");
  const days = page.getByRole("table", { name: "Uptime per day (UTC), newest first" });
  const today = runDay();
  await expect(days.getByRole("row").nth(1)).toHaveText(new RegExp(`^${today}\\s*66\\.6%\\s*2\\s*3\\s*—$`));
  await expect(days.getByRole("row")).toHaveCount(91);
  // The hour with the checks: two answered; the day before has no data.
  await unfold(page, "Response time per hour (UTC), newest first");
  const hours = page.getByRole("table", { name: "Response time per hour (UTC), newest first" });
  await expect(hours.getByRole("row").last()).toContainText("2 of 3");
  await expect(page.getByRole("region", { name: "Check" })).toContainText("HTTP GET");
  // the job's alert for the run it did not answer, newest first
  await expect(page.getByRole("region", { name: "Alerts" }).getByRole("listitem").first()).toContainText(
    "Server offline: connection timeout after 300 ms (tried twice)",
  );
  expect(problems(consoleLog)).toEqual([]);
});

test("a server checked inside a maintenance window: shown in maintenance, no alert, that check counted in no uptime", async ({
  page,
  request,
  consoleLog,
}) => {
  await page.goto(`${siteUrl()}/`);
  await hydrated(page);
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "EU-North-1" }) });
  await expect(card).toContainText("Maintenance");
  await expect(page.getByRole("region", { name: "Recent Alerts" })).not.toContainText("EU-North-1");

  await page.goto(`${siteUrl()}/servers/${MEASURED_MAINTENANCE_SERVER}`);
  await hydrated(page);
  // Up in the two runs before the window; the third, in it, failed and is not counted.
  await expect(window(page, "24 hours")).toContainText("2 of 2 checks up");
  const today = runDay();
  const bars = page.getByRole("slider", { name: /Uptime per day/ }).first();
  await expect(bars).toHaveAttribute("aria-valuetext", `${today}: 100.0% up (2 of 2 checks; 1 check in maintenance, not counted)`);

  const api = (await (await request.get(`${siteUrl()}/api/v1/servers/${MEASURED_MAINTENANCE_SERVER}.json`)).json()) as {
    server: { status: string };
    history: { days: Array<{ date: string; up: number; total: number; maintenance?: number }> };
  };
  expect(api.server.status).toBe("maintenance");
  expect(api.history.days.at(-1)).toEqual({ date: today, up: 2, total: 2, maintenance: 1 });
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

test("a keyboard reaches today's bar and its figure; the response chart starts at the newest hour", async ({ page }) => {
  await page.goto(`${siteUrl()}/servers/srv-ap-east-1`);
  await hydrated(page);
  const bars = page.getByRole("slider", { name: "Uptime per day, last 90 days: the figures at one time" });
  // Tab from the last control before the charts (the days' table under "Uptime" has none): the bars come first.
  await page.getByRole("link", { name: "← All servers" }).focus();
  for (let i = 0; i < 10 && !(await bars.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(bars).toBeFocused();
  const today = runDay();
  await expect(bars).toHaveAttribute("aria-valuetext", `${today}: 66.6% up (2 of 3 checks)`);
  // the tooltip shows the same words over the bar
  await expect(page.locator("[data-size='wide'] [data-align]").first()).toHaveText(`${today}: 66.6% up (2 of 3 checks)`);
  await page.keyboard.press("ArrowLeft");
  await expect(bars).toHaveAttribute("aria-valuetext", /: no data$/);
  const hours = page.getByRole("slider", { name: "Response time per hour, last 7 days: the figures at one time" });
  await hours.focus();
  await expect(hours).toHaveAttribute(
    "aria-valuetext",
    /^\d{4}-\d\d-\d\d \d\d:00 UTC: median \d+ ms, 95th percentile \d+ ms \(2 of 3 answered\)$/,
  );
});

test("client-side navigation from the dashboard to a server page shows its charts", async ({ page, consoleLog }) => {
  await page.goto(`${siteUrl()}/`);
  await hydrated(page);
  await page.evaluate(() => document.documentElement.setAttribute("data-same-document", ""));
  await page.getByRole("article").getByRole("link", { name: "AP-East-1", exact: true }).click();
  await expect(page).toHaveURL(/\/servers\/srv-ap-east-1$/);
  // the same document: no full load happened (the mark set before the click is still there)
  await expect(page.locator("html[data-same-document]")).toHaveCount(1);
  for (const name of ["Uptime per day, last 90 days", "Response time per hour, last 7 days", "Response time per day, last 90 days"]) {
    await expect(page.getByRole("img", { name }).first()).toBeVisible();
  }
  expect(await shapesStyled(page.getByRole("img", { name: "Uptime per day, last 90 days" }).first(), "--c-band-")).toBe(90);
  expect(problems(consoleLog)).toEqual([]);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the bars and the charts are in the HTML, their tables a link away", async ({ page }) => {
    await page.goto(`${siteUrl()}/servers/srv-ap-east-1`);
    const bars = page.getByRole("img", { name: "Uptime per day, last 90 days" }).first();
    await expect(bars).toBeVisible();
    // 89 days without checks, and today under 95 % (2 of 3)
    expect(await shapesStyled(bars, "--c-band-none")).toBe(89);
    expect(await shapesStyled(bars, "--c-band-low")).toBe(1);
    const hourly = page.getByRole("img", { name: "Response time per hour, last 7 days" }).first();
    await expect(hourly).toBeVisible();
    await expect(hourly).toHaveAccessibleDescription(
      /^Median and 95th percentile response time for each hour of the last 7 days \(UTC\): medians from \d+ ms/,
    );
    // one hour answered: a dot, since a line needs two
    expect(await shapesStyled(hourly, "fill:var(--c-chart-response)")).toBe(1);
    await expect(page.getByRole("img", { name: "Response time per day, last 90 days" }).first()).toBeVisible();
    // the tables' folds open without JavaScript (<details>) and point to the same figures in the server's file (#45)
    await unfold(page, "Uptime per day (UTC), newest first");
    const fold = page.locator("details", { has: page.locator("summary", { hasText: "Uptime per day (UTC), newest first" }) });
    await expect(fold.getByRole("link", { name: "/api/v1/servers/srv-ap-east-1.json" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Uptime per day (UTC), newest first" })).toHaveCount(0);
  });
});

for (const width of [1280, 375]) {
  test(`a server page at ${width}px has no WCAG 2.1 A/AA violations, light and dark`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${siteUrl()}/servers/srv-ap-east-1`);
    await hydrated(page);
    await expectAxeCleanInBothThemes(page);
  });
}

test("opened directly, a server's page follows its own file only; arrived from the servers list, the fleet it came with", async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on("request", (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith("/api/")) fetched.push(pathname);
  });
  await page.goto(`${siteUrl()}/servers/srv-eu-west-1`);
  await hydrated(page);
  const now = page.getByRole("region", { name: "Now" });
  // Live from its own file: the live words show, the build's keep their place hidden.
  await expect(now.getByText("Measured by the check job.", { exact: true })).toBeVisible();
  await expect(now.getByText("Measured by the check job, as of this page's build.")).toBeHidden(); // the hidden copy that keeps the card's size
  await page.waitForLoadState("networkidle");
  expect(fetched).toContain("/api/v1/servers/srv-eu-west-1.json");
  expect(fetched).not.toContain("/api/v1/servers.json");
  // The file answered: the top bar does not say the feed is unreachable (its state otherwise depends on the checks' age).
  await expect(page.getByRole("banner").getByRole("status")).not.toContainText("Status feed unreachable");

  fetched.length = 0;
  await page.goto(`${siteUrl()}/servers`);
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  await page.getByRole("link", { name: "EU-West-1", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "EU-West-1" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Now" }).getByText("Measured by the check job.", { exact: true })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(fetched.filter((p) => p.startsWith("/api/v1/servers/"))).toEqual([]);
});

test("opened directly, a server's page raises a system notification when its own file says it went down, as the dashboard does", async ({
  page,
  context,
  consoleLog,
}) => {
  const origin = siteUrl();
  await context.grantPermissions(["notifications"], { origin });
  // What the page constructs is recorded (the real Notification is still called).
  await page.addInitScript(() => {
    // (globalThis: this file's `window` is a helper of its own)
    const Real = globalThis.Notification;
    const seen: Array<{ title: string; body: string }> = [];
    (globalThis as unknown as { seenNotifications: typeof seen }).seenNotifications = seen;
    globalThis.Notification = class extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        seen.push({ title, body: options?.body ?? "" });
      }
    };
    localStorage.setItem("settings", JSON.stringify({ pushNotifications: true, refreshInterval: 5 }));
  });
  // The server's own file answers online, then offline, then offline again.
  const file = "/api/v1/servers/srv-eu-west-1.json";
  const real = (await (await page.request.get(`${origin}${file}`)).json()) as { server: Record<string, unknown> };
  const states = ["online", "offline"];
  await page.route(`${origin}${file}`, (route) => {
    const status = states.length > 1 ? states.shift()! : states[0];
    const down = status === "offline";
    return route.fulfill({
      json: {
        ...real,
        server: { ...real.server, status, responseTime: down ? null : 42, detail: down ? "connection refused" : "HTTP 200 in 42 ms" },
      },
    });
  });
  await page.goto(`${origin}/servers/srv-eu-west-1`);
  await hydrated(page);
  await expect
    .poll(
      () => page.evaluate(() => (window as unknown as { seenNotifications: Array<{ title: string; body: string }> }).seenNotifications),
      {
        timeout: 20_000,
      },
    )
    .toEqual([{ title: "EU-West-1 is down", body: expect.stringContaining("is offline, was online. connection refused.") }]);
  expect(problems(consoleLog)).toEqual([]);
});

/**
 * A page's visible words, line by line, with what differs from one build to the next masked: the
 * runs' dates and times, a month's day under a chart ("Nov 29"), the local server's port, a time
 * ago, how many minutes a young history covers, the run of a value axis's ticks (as many as
 * the answers' times need) as one line, and a calendar month's objective's budget (BY_THE_CALENDAR). The figures the runs measured (66.6 %, 2 of 3) stay.
 */
function visibleWords(text: string): string[] {
  const lines = text
    .replace(/\b\d{4}-\d\d-\d\d\b/g, "<date>")
    .replace(/\b\d\d:\d\d(?::\d\d)?\b/g, "<time>")
    .replace(/\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}\b/g, "<day>")
    .replace(/127\.0\.0\.1:\d+/g, "127.0.0.1:<port>")
    .replace(/\b(?:\d+ (?:min|h|days) ago|just now)\b/g, "<ago>")
    .replace(/the last (?:minute|\d+ minutes)/g, "the last <minutes>")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => (/^\d+$/.test(line) ? "<tick>" : line));
  return lines
    .filter((line, i) => !(line === "<tick>" && lines[i - 1] === "<tick>"))
    .map((line, i, all) => (BY_THE_CALENDAR.has(all[i - 1]) ? "<of the month's days>" : line));
}

/** A calendar month's objective: its budget counts the month's slots to come, so these depend on the day the build ran. */
const BY_THE_CALENDAR = new Set(["Error budget", "Budget left", "Not checked"]);

/** The words of the server page's <main>: with JavaScript, once the page is live and its own file has come. */
async function serverPageWords(page: Page, id: string, javaScript: boolean): Promise<string[]> {
  await page.goto(`${siteUrl()}/servers/${id}`);
  if (javaScript) {
    await hydrated(page);
    await page.waitForLoadState("networkidle");
  }
  return visibleWords(await page.getByRole("main").innerText());
}

test.describe("what a reader sees of a server page (#45: its weight moved, not its words)", () => {
  test.describe("with JavaScript off", () => {
    test.use({ javaScriptEnabled: false });
    test("the words are the snapshot's", async ({ page }) => {
      // Recorded before #45 moved the drawings, the tables and the history out of the page data;
      // a change here is a change readers see: look at it before updating (--update-snapshots).
      expect(`${(await serverPageWords(page, "srv-ap-east-1", false)).join("\n")}\n`).toMatchSnapshot("server-page-words.txt");
    });
  });

  test("with JavaScript on, the same words, but for what the live page tells differently", async ({ browser, page }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const off = await serverPageWords(await context.newPage(), "srv-ap-east-1", false);
    await context.close();
    const on = await serverPageWords(page, "srv-ap-east-1", true);
    // Only these: the newest check's time as a time ago, the Now card's words once its file has come, and the editor's link.
    const live = new Map([
      ["Checked <time> UTC", "Checked <ago>"],
      ["Measured by the check job, as of this page's build.", "Measured by the check job."],
    ]);
    expect(on).toEqual([...off.map((line) => live.get(line) ?? line), "Edit"]);
  });
});
