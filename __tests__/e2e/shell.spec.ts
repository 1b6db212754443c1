import { ROUTES, expect, hydrated, test } from "./fixtures";

const NAV = ["Dashboard", "Server Map", "Analytics", "Servers", "Incidents", "Security", "Reports", "Settings"];

test("the sidebar lists the seven entries and Incidents in order and marks the current one", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link")).toHaveText(NAV);
  await expect(page.getByText("Location Tracker", { exact: true })).toBeVisible();
  await expect(page.getByText("Navigation", { exact: true })).toBeVisible();
  // The sample content has one server offline and one in warning, and its figures are simulated: the shell says so.
  await expect(page.locator("#sidebar").getByText("1 server offline, 1 in warning")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("status")).toHaveText("Simulated data");
  await expect(page.getByRole("banner")).toContainText("· updated every 30 s");
  for (const [i, route] of ROUTES.entries()) {
    await page.goto(route.path);
    const current = nav.locator('[aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveText(NAV[i]);
    // primary tint and a right border
    const style = await current.evaluate((el) => {
      const s = getComputedStyle(el);
      return { border: s.borderRightWidth, borderColor: s.borderRightColor, background: s.backgroundColor };
    });
    expect(style.border).not.toBe("0px");
    expect(style.background).not.toBe("rgba(0, 0, 0, 0)");
  }
  // prefix matching: a deeper path under /servers would still mark Servers; '/' is exact only
  await page.goto("/servers/");
  await expect(nav.locator('[aria-current="page"]')).toHaveText("Servers");
});

test("collapse by the trigger, expand by Ctrl+B, and the state survives a reload", async ({ page, context }) => {
  await page.goto("/");
  await hydrated(page);
  const trigger = page.getByRole("banner").getByRole("button", { name: "Toggle sidebar" });
  const sidebar = page.locator("#sidebar");
  await expect(sidebar).toHaveCSS("width", "256px");
  await expect(trigger).toHaveAttribute("aria-expanded", "true");

  await trigger.click();
  await expect(trigger).toHaveAttribute("aria-expanded", "false");
  await expect(sidebar).toHaveCSS("width", "64px");
  await expect(page.getByText("Navigation", { exact: true })).toBeHidden();
  await expect(page.locator("#sidebar").getByText("1 server offline, 1 in warning")).toBeHidden();
  await expect(page.getByText("Server monitoring", { exact: true })).toBeHidden();
  // titles are hidden from sight but still name the links
  await expect(page.getByRole("link", { name: "Analytics" })).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === "sidebar:state");
  expect(cookie?.value).toBe("false");
  expect(Math.round((cookie!.expires - Date.now() / 1000) / 3600)).toBe(7 * 24);

  // the collapsed state is there before any script of the app runs: no flash
  await page.reload({ waitUntil: "commit" });
  await page.waitForSelector("#sidebar");
  expect(await page.evaluate(() => document.documentElement.dataset.sidebar)).toBe("collapsed");
  await expect(sidebar).toHaveCSS("width", "64px");
  await hydrated(page);
  await expect(trigger).toHaveAttribute("aria-expanded", "false");

  // a tooltip names each icon while collapsed, on hover and on keyboard focus, at once
  await page.getByRole("link", { name: "Reports" }).hover();
  await expect(page.getByRole("tooltip", { name: "Reports" })).toBeVisible();
  await page.mouse.move(600, 400);
  await expect(page.getByRole("tooltip")).toHaveCount(0);
  await page.getByRole("link", { name: "Servers" }).focus();
  await expect(page.getByRole("tooltip", { name: "Servers" })).toBeVisible();
  await page.getByRole("link", { name: "Servers" }).blur();

  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveCSS("width", "256px");
  await expect(trigger).toHaveAttribute("aria-expanded", "true");
  // expanded, the titles are there: no tooltip
  await page.getByRole("link", { name: "Reports" }).hover();
  await expect(page.getByRole("tooltip")).toHaveCount(0);
  await page.reload();
  await hydrated(page);
  await expect(sidebar).toHaveCSS("width", "256px");
  expect((await context.cookies()).find((c) => c.name === "sidebar:state")?.value).toBe("true");
});

test("the rail along the sidebar's edge toggles it", async ({ page }) => {
  await page.goto("/analytics");
  await hydrated(page);
  const sidebar = page.locator("#sidebar");
  const box = (await sidebar.boundingBox())!;
  await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2);
  await expect(sidebar).toHaveCSS("width", "64px");
});

test.describe("at 375px wide", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the sidebar is an off-canvas sheet that keeps focus and closes on Escape", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await expect(page.locator("#sidebar")).toBeHidden();
    const trigger = page.getByRole("banner").getByRole("button", { name: "Toggle sidebar" });
    await trigger.click();
    const sheet = page.getByRole("dialog", { name: "Navigation" });
    await expect(sheet).toBeVisible();
    await expect(sheet).toHaveCSS("width", "288px");
    await expect(sheet.getByRole("link")).toHaveText(NAV);
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press("Tab");
      expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await page.getByRole("dialog").getByRole("link", { name: "Reports" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    await expect(page.getByRole("dialog")).toBeHidden();
  });
});
