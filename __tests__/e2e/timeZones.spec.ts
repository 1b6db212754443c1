import type { Page } from "@playwright/test";
import { expect, hydrated, problems, test } from "./fixtures";

/**
 * Times readers can trust: the static HTML says UTC and names it; once live a
 * page says the reader's zone with its offset named, and the other form in the
 * title; Settings → Times in UTC turns every time back to UTC. The sample
 * content's first alert is at 2026-11-23 10:37 UTC (AP-East-1).
 */
const alertTime = (page: Page) =>
  page.getByRole("region", { name: "Recent Alerts" }).locator("li", { hasText: "AP-East-1" }).locator("time").first();

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false, timezoneId: "America/New_York" });

  test("times are said in UTC and named so, whatever the reader's zone (the build's zone never shows)", async ({ page }) => {
    await page.goto("/");
    await expect(alertTime(page)).toHaveText("2026-11-23 10:37 UTC");
    await expect(alertTime(page)).toHaveAttribute("datetime", "2026-11-23T10:37:00.000Z");
    await page.goto("/servers/srv-ap-east-1");
    await expect(page.getByRole("region", { name: "Now" }).locator("time").first()).toHaveText(/ UTC$/);
  });
});

for (const [zone, local, offset, iana] of [
  ["America/New_York", "2026-11-23 05:37", "GMT-5", "America/New_York"],
  // Chromium's ICU names Kolkata by its older name.
  ["Asia/Kolkata", "2026-11-23 16:07", "GMT+5:30", "Asia/Calcutta"],
] as const) {
  test.describe(`in ${zone}`, () => {
    test.use({ timezoneId: zone });

    test(`once live, times are the reader's (${offset}), UTC in their title; the page hydrates cleanly`, async ({ page, consoleLog }) => {
      await page.goto("/");
      await hydrated(page);
      await expect(alertTime(page)).toHaveText(`${local} ${offset}`);
      await expect(alertTime(page)).toHaveAttribute("title", "2026-11-23 10:37 UTC");
      expect(problems(consoleLog)).toEqual([]);
    });

    test("Settings → Times in UTC: every time in UTC, with the reader's zone in the title; kept with the other settings", async ({
      page,
    }) => {
      await page.goto("/settings");
      await hydrated(page);
      const toggle = page.getByRole("switch", { name: "Times in UTC" });
      await expect(page.getByText(`in your time zone (${iana})`)).toBeVisible();
      await toggle.focus();
      await page.keyboard.press("Space");
      await expect(toggle).toBeChecked();
      await page.goto("/");
      await hydrated(page);
      await expect(alertTime(page)).toHaveText("2026-11-23 10:37 UTC");
      await expect(alertTime(page)).toHaveAttribute("title", `${local} ${offset} (${iana})`);
      expect(JSON.parse((await page.evaluate(() => localStorage.getItem("settings")))!)).toMatchObject({ utcTimes: true });
    });
  });
}
