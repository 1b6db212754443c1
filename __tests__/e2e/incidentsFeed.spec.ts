import type { Page, Route } from "@playwright/test";
import { expect, hydrated, problems, test } from "./fixtures";

/**
 * Pages that follow the status feed learn about incidents between builds from
 * the site's /api/v1/incidents.json. The sample site follows no feed, so the
 * reader points Settings at the site's own servers.json; incidents.json is
 * answered by the test (page.route), the build's file until a test says otherwise.
 */
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

const withIncident = () => ({
  version: 1,
  generatedAt: iso(Date.now()),
  incidents: [
    {
      id: "db-down",
      title: "Database unreachable",
      impact: "major",
      affected: ["srv-us-east-1"],
      updates: [{ at: iso(Date.now() - 5 * MINUTE), status: "investigating", message: "The primary does not answer." }],
      status: "investigating",
      open: true,
    },
  ],
  maintenance: [],
});

type Answer = "build" | "incident" | "500" | "not json";
async function followWith(page: Page, answers: { next: Answer }, baseURL: string) {
  await page.route("**/api/v1/incidents.json", async (route: Route) => {
    if (answers.next === "build") return route.continue();
    if (answers.next === "500") return route.fulfill({ status: 500, body: "" });
    if (answers.next === "not json") return route.fulfill({ status: 200, contentType: "application/json", body: "{ not json" });
    return route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(withIncident()) });
  });
  await page.addInitScript(
    (url) => localStorage.setItem("settings", JSON.stringify({ feedUrl: url, refreshInterval: 3600 })),
    `${baseURL}/api/v1/servers.json`,
  );
}

const banner = (page: Page) => page.getByRole("region", { name: "Incidents and maintenance", exact: true });
const failure = (page: Page) => page.getByRole("status").filter({ hasText: "Incidents and maintenance could not be updated" });

test("a new open incident in incidents.json shows in the banner and the top bar after a refresh, without a reload", async ({
  page,
  baseURL,
  consoleLog,
}) => {
  const answers = { next: "build" as Answer };
  await followWith(page, answers, baseURL!);
  const first = page.waitForResponse((r) => r.url().endsWith("/api/v1/incidents.json"));
  await page.goto("/");
  await hydrated(page);
  await first;
  // The sample content has no incident: no banner, and the top bar shows no trouble.
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByRole("banner")).not.toContainText("incident");

  answers.next = "incident";
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(banner(page).getByRole("link", { name: "Database unreachable" })).toBeVisible();
  await expect(banner(page)).toContainText("The primary does not answer.");
  await expect(banner(page).getByRole("link", { name: "US-East-1" })).toHaveAttribute("href", "/servers/srv-us-east-1");
  // A major incident is not 'all systems operational': the top bar and the sidebar say so.
  await expect(page.getByRole("banner")).toContainText("1 major incident open");
  await expect(page.getByRole("complementary", { name: "Sidebar" })).toContainText("1 major incident open");
  // /incidents, opened in the same visit, lists what the visit knows.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Incidents" }).click();
  await expect(page.getByRole("region", { name: "Open incidents" })).toContainText("Database unreachable");
  expect(problems(consoleLog)).toEqual([]);
});

test("a fetch of incidents.json that fails keeps the build's notices, says so on the page, and the page keeps working", async ({
  page,
  baseURL,
  consoleLog,
}) => {
  const answers = { next: "500" as Answer };
  await followWith(page, answers, baseURL!);
  await page.goto("/");
  await hydrated(page);
  // After SPEC §7's retries (1 s, 2 s, 4 s): a visible notice, since when and why.
  await expect(failure(page)).toHaveText(
    /^Incidents and maintenance could not be updated since \d\d:\d\d:\d\d (UTC|GMT[+-][\d:]+): it answered HTTP 500\. The notices shown are those of the build\.$/,
    { timeout: 20_000 },
  );
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Server Dashboard" })).toBeVisible();
  expect(
    consoleLog.some((line) =>
      /^warning: Incidents \/api\/v1\/incidents\.json: it answered HTTP 500; the notices on the page stay\./.test(line),
    ),
  ).toBe(true);
  expect(consoleLog.filter((line) => line.startsWith("pageerror"))).toEqual([]);
});

test("an answer that is not JSON after a good one keeps the incident the page learned, and says so", async ({ page, baseURL }) => {
  const answers = { next: "incident" as Answer };
  await followWith(page, answers, baseURL!);
  await page.goto("/");
  await hydrated(page);
  await expect(banner(page).getByRole("link", { name: "Database unreachable" })).toBeVisible();
  answers.next = "not json";
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(failure(page)).toContainText("its answer is not JSON. The notices shown are those fetched at", { timeout: 20_000 });
  await expect(banner(page).getByRole("link", { name: "Database unreachable" })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText("1 major incident open");
});
