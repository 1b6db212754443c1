import type { Page } from "@playwright/test";
import { expect, problems, test } from "../fixtures";
import { UNCHECKED_LAST_RUN } from "./uncheckedContent";
import { serveBuiltVariant } from "./variantSite";

/**
 * A site built after the job lost track of EU-West-1 for three intervals
 * (uncheckedContent.ts): nothing shows it green, every page and file says it
 * is not checked, and since when (#44).
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
    summary: { online: number; unchecked: number };
    overall: { state: string; text: string };
    checksLateAfter: string;
  };
  expect(status.summary).toMatchObject({ online: 1, unchecked: 1 });
  expect(status.overall.state).toBe("degraded");
  expect(status.checksLateAfter).toBe(new Date(UNCHECKED_LAST_RUN + 600_000).toISOString());
  const badge = (await (await request.get(siteUrl() + "/badges/srv-eu-west-1.json")).json()) as { message: string };
  expect(badge.message).toBe("Not checked");
  const components = (await (await request.get(siteUrl() + "/api/v2/components.json")).json()) as {
    components: Array<{ name: string; status: string }>;
  };
  expect(components.components.find((c) => c.name === "EU-West-1")?.status).toBe("degraded_performance");
});
