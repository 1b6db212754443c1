import type { Page } from "@playwright/test";
import { expect, expectAxeCleanInBothThemes, problems, test } from "../fixtures";
import { UNCHECKED_LAST_RUN } from "./uncheckedContent";
import { serveBuiltVariant } from "./variantSite";

/**
 * A site built after the job lost track of EU-West-1 for three intervals
 * (uncheckedContent.ts): nothing shows it green, every page and file says it
 * is not checked, and since when (#44). And US-West-2, down behind
 * AP-South-1 (its dependsOn), which is down too: one alert, the root's, and
 * every page and file says why US-West-2 is down (#47).
 */
const siteUrl = serveBuiltVariant(test, "unchecked", 9243);

const card = (page: Page, name: string) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) });

async function open(page: Page, at: string) {
  await page.clock.install({ time: new Date(UNCHECKED_LAST_RUN + 60_000) });
  await page.goto(siteUrl() + at);
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
}

test("the dashboard shows it Not checked, since when and why, and the shell counts it", async ({ page, consoleLog }) => {
  await open(page, "/");
  const eu = card(page, "EU-West-1");
  await expect(eu).toContainText("Not checked");
  await expect(eu).toContainText("not checked since 2026-11-20 11:40 UTC: the check job's probe failed");
  // Its badge is not its last state; its detail may say what that was.
  await expect(eu.getByText("Online", { exact: true })).toHaveCount(0);
  await expect(eu.locator("dt", { hasText: "Response" }).locator("+ dd")).toHaveText("—not checked");
  await expect(card(page, "US-East-1")).toContainText("Online");
  await expect(page.locator("#sidebar")).toContainText(/\b1 (server )?not checked$/);
  expect(problems(consoleLog)).toEqual([]);
});

test("its own page says it too, in the static HTML", async ({ page, request }) => {
  const html = await (await request.get(siteUrl() + "/servers/srv-eu-west-1/")).text();
  expect(html).toContain("Not checked");
  expect(html).toContain("not checked since 2026-11-20 11:40 UTC");
  await open(page, "/servers/srv-eu-west-1/");
  await expect(page.getByRole("main")).toContainText("Not checked");
});

test("status.json, its badge and Statuspage's components say it, never operational", async ({ request }) => {
  const status = (await (await request.get(siteUrl() + "/api/v1/status.json")).json()) as {
    summary: { online: number; unchecked: number; offline: number };
    overall: { state: string; text: string };
    checksLateAfter: string;
  };
  expect(status.summary).toMatchObject({ online: 1, unchecked: 1, offline: 2 });
  // Two servers offline make an outage (a server not checked alone is "degraded": statusLine.test.ts).
  expect(status.overall.state).toBe("outage");
  expect(status.checksLateAfter).toBe(new Date(UNCHECKED_LAST_RUN + 600_000).toISOString());
  const badge = (await (await request.get(siteUrl() + "/badges/srv-eu-west-1.json")).json()) as { message: string };
  expect(badge.message).toBe("Not checked");
  const components = (await (await request.get(siteUrl() + "/api/v2/components.json")).json()) as {
    components: Array<{ name: string; status: string }>;
  };
  expect(components.components.find((c) => c.name === "EU-West-1")?.status).toBe("degraded_performance");
});

test("a server down behind its root cause says why on its page, linking the root; the root's alert names it, and it has none", async ({
  page,
  consoleLog,
}) => {
  await open(page, "/servers/srv-us-west-2/");
  const why = page.getByRole("main").locator("dt", { hasText: "Why it is down" }).locator("+ dd");
  await expect(why).toHaveText("Unreachable because AP-South-1 is down (it depends on it).");
  await why.getByRole("link", { name: "AP-South-1" }).click();
  await expect(page).toHaveURL(/\/servers\/srv-ap-south-1\/?$/);
  await expect(page.getByRole("main")).toContainText(
    /Server offline: connection timeout after [^;]+; 1 server that depends on it is unreachable: US-West-2/,
  );
  // Its own page lists no alert of its fall: the root's is the one.
  await open(page, "/servers/srv-us-west-2/");
  await expect(page.getByRole("main")).not.toContainText("Server offline");
  await open(page, "/");
  await expect(card(page, "US-West-2")).toContainText("unreachable because AP-South-1 is down");
  expect(problems(consoleLog)).toEqual([]);
});

test("the API and Statuspage's components say why it is down", async ({ request }) => {
  const servers = (await (await request.get(siteUrl() + "/api/v1/servers.json")).json()) as {
    servers: Array<{ id: string; status: string; detail: string; unreachableBecause?: { id: string; name: string } }>;
  };
  const west = servers.servers.find((s) => s.id === "srv-us-west-2")!;
  expect(west).toMatchObject({ status: "offline", unreachableBecause: { id: "srv-ap-south-1", name: "AP-South-1" } });
  expect(west.detail).toMatch(/^unreachable because AP-South-1 is down; /);
  expect(servers.servers.find((s) => s.id === "srv-ap-south-1")!.unreachableBecause).toBeUndefined();
  // The job's alerts (the editors' sample ones aside): one fall, the root's.
  const alerts = (await (await request.get(siteUrl() + "/api/v1/alerts.json")).json()) as {
    alerts: Array<{ id: string; server: string; type: string }>;
  };
  expect(alerts.alerts.filter((a) => a.type === "error" && a.id.startsWith("check-")).map((a) => a.server)).toEqual(["AP-South-1"]);
  const components = (await (await request.get(siteUrl() + "/api/v2/components.json")).json()) as {
    components: Array<{ name: string; status: string; description: string | null }>;
  };
  expect(components.components.find((c) => c.name === "US-West-2")).toMatchObject({
    status: "major_outage",
    description: "Portland, USA; unreachable because AP-South-1 is down",
  });
});

test("the month's report shows the dependent's checks a dependency made fail, left out of its availability as the editors asked", async ({
  request,
}) => {
  type Figures = { checks: number; up: number; causedChecks: number; availability: number | null };
  const { report } = (await (await request.get(siteUrl() + "/api/v1/reports/2026-11.json")).json()) as {
    report: { causedDowntime: string; servers: Array<Figures & { server: string }> };
  };
  expect(report.causedDowntime).toBe("excluded");
  const west = report.servers.find((s) => s.server === "srv-us-west-2")!;
  const root = report.servers.find((s) => s.server === "srv-ap-south-1")!;
  // both down in the last two runs of six; only the dependent's are caused, and its availability counts the others only
  expect(root).toMatchObject({ checks: 6, up: 4, causedChecks: 0 });
  expect(west).toMatchObject({ checks: 6, up: 4, causedChecks: 2, availability: 1 });
  expect(root.availability).toBeCloseTo(4 / 6, 12);
  const index = (await (await request.get(siteUrl() + "/api/v1/history.json")).json()) as { causedDowntime: string };
  expect(index.causedDowntime).toBe("excluded");
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the dependent's page says why it is down in the static HTML", async ({ page }) => {
    await page.goto(siteUrl() + "/servers/srv-us-west-2/");
    const why = page.locator("dt", { hasText: "Why it is down" }).locator("+ dd");
    await expect(why).toHaveText("Unreachable because AP-South-1 is down (it depends on it).");
    await expect(why.getByRole("link", { name: "AP-South-1" })).toHaveAttribute("href", /\/servers\/srv-ap-south-1\/?$/);
    await expect(page.locator("dt", { hasText: "Depends on" }).locator("+ dd")).toHaveText(
      "AP-South-1: when it is down too, this server's fall is told as its",
    );
  });

  test("the month's report page says how many checks a dependency made fail, and that they are left out", async ({ page }) => {
    await page.goto(siteUrl() + "/reports/2026-11/");
    const fleet = page.getByRole("region", { name: "The fleet" });
    await expect(fleet.locator("dt", { hasText: "Down because of a dependency" }).locator("+ dd")).toHaveText(
      "2 checks, left out of the availability",
    );
  });
});

for (const width of [1280, 375]) {
  test(`the dependent's page has no WCAG 2.1 A/AA violations at ${width}px, light and dark`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await open(page, "/servers/srv-us-west-2/");
    await expectAxeCleanInBothThemes(page);
  });
}
