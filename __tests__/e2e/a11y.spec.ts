import { axeViolations, expect, hydrated, ROUTES, test } from "./fixtures";

const scan = axeViolations;

/**
 * Every route, at 1280 px and 375 px, with the sidebar expanded and collapsed
 * (at 375 px: the sheet open and closed), in the light and the dark theme.
 */
for (const route of [
  ...ROUTES,
  { path: "/objectives", heading: "Objectives", title: "Objectives" },
  { path: "/no-such-page", heading: "Oops! Page not found", title: "" },
]) {
  for (const width of [1280, 375]) {
    test(`${route.path} at ${width}px has no WCAG 2.1 A/AA violations: sidebar expanded and collapsed, light and dark`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(route.path);
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      const toggle = page.getByRole("banner").getByRole("button", { name: "Toggle sidebar" });
      for (const sidebar of ["as loaded", "toggled"]) {
        if (sidebar === "toggled") {
          await toggle.click();
          if (width === 375) await expect(page.getByRole("dialog")).toBeVisible();
          else await expect(page.locator("html")).toHaveAttribute("data-sidebar", "collapsed");
        }
        for (const theme of ["light", "dark"]) {
          await page.evaluate((t) => document.documentElement.setAttribute("data-theme", t), theme);
          expect(await scan(page), `${sidebar} sidebar, ${theme}`).toEqual([]);
        }
      }
    });
  }
}

test("a 'Skip to content' link is the first Tab stop on every route, and it moves focus to the page's content", async ({ page }) => {
  for (const route of ROUTES) {
    await page.goto(route.path);
    await hydrated(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
  }
});

test("the keyboard reaches every control of the dashboard with a visible focus ring", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const seen: string[] = [];
  // skip link, 8 entries, the sidebar trigger, Refresh, Export Report, the server named by each recent alert, the chart, the chart's table toggle
  for (let i = 0; i < 17; i += 1) {
    await page.keyboard.press("Tab");
    const focus = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      return {
        name: el.getAttribute("aria-label") ?? el.textContent?.trim() ?? "",
        outline: style.outlineStyle,
        width: style.outlineWidth,
      };
    });
    expect(focus).not.toBeNull();
    expect(focus!.outline).not.toBe("none");
    expect(focus!.width).not.toBe("0px");
    seen.push(focus!.name);
  }
  expect(seen[0]).toBe("Skip to content");
  expect(seen).toEqual([
    "Skip to content",
    "Dashboard",
    "Server Map",
    "Analytics",
    "Servers",
    "Incidents",
    "Security",
    "Reports",
    "Settings",
    "Toggle sidebar",
    "Refresh",
    "Export Report",
    "AP-East-1",
    "AP-South-1",
    "EU-West-1",
    "24 Hour Performance Overview: the figures at one time",
    "Show the figures as a table",
  ]);
});

test("with reduced motion nothing pulses or spins", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.clock.install();
  await page.goto("/");
  await hydrated(page);
  const moving = () =>
    page.evaluate(() =>
      [...document.querySelectorAll("main *")]
        .map((el) => getComputedStyle(el))
        .filter((style) => style.animationName !== "none")
        .map((style) => parseFloat(style.animationDuration)),
    );
  const dashboard = await moving();
  expect(dashboard.length).toBeGreaterThan(0); // the status dots
  // the Refresh spinner, while it turns (the clock stands still, so it turns until we look)
  await page.clock.pauseAt(new Date((await page.evaluate(() => Date.now())) + 1000));
  await page.getByRole("button", { name: "Refresh" }).click();
  const refreshing = await moving();
  expect(refreshing.length).toBeGreaterThan(dashboard.length);
  for (const seconds of refreshing) expect(seconds).toBeLessThan(0.001);
  // the flat map's dots
  await page.clock.resume();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Server Map" }).click();
  await expect(page.getByRole("group", { name: "World map of the servers" })).toBeVisible();
  const map = await moving();
  expect(map.length).toBeGreaterThan(0);
  for (const seconds of map) expect(seconds).toBeLessThan(0.001);
});

test("without reduced motion the same things do move (so the test above can fail)", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.goto("/map");
  await hydrated(page);
  const durations = await page.evaluate(() =>
    [...document.querySelectorAll("main *")]
      .map((el) => getComputedStyle(el))
      .filter((s) => s.animationName !== "none")
      .map((s) => parseFloat(s.animationDuration)),
  );
  expect(durations.some((seconds) => seconds >= 1)).toBe(true);
});

test("the chart keeps its name, its description and its table of figures", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const chart = page.getByRole("img", { name: "24 Hour Performance Overview" });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleDescription(/response time/i);
  await page.getByText("Show the figures as a table").click();
  const table = page.getByRole("table");
  await expect(table).toBeVisible();
  // a header row and the six points of SPEC's 24 hours
  await expect(table.getByRole("row")).toHaveCount(7);
  // the slider reads one point out as text
  await expect(page.getByRole("slider", { name: "24 Hour Performance Overview: the figures at one time" })).toHaveAttribute(
    "aria-valuetext",
    /ms/,
  );
});

test("Settings → Notifications, with the note that Push Notifications cannot show, has no WCAG 2.1 A/AA violations, light and dark", async ({
  page,
}) => {
  // On, without the browser's permission: the tab shows its note in the problem colour.
  await page.addInitScript(() => localStorage.setItem("settings", JSON.stringify({ pushNotifications: true })));
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/settings#notifications");
    await hydrated(page);
    await expect(page.getByText(/^Push Notifications is on, but/)).toBeVisible();
    for (const theme of ["light", "dark"]) {
      await page.evaluate((t) => document.documentElement.setAttribute("data-theme", t), theme);
      expect(await scan(page), `${width}px, ${theme}`).toEqual([]);
    }
  }
});
