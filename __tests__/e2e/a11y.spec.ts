import AxeBuilder from "@axe-core/playwright";
import { ROUTES, expect, hydrated, test } from "./fixtures";

for (const route of [...ROUTES, { path: "/no-such-page", heading: "Oops! Page not found", title: "" }]) {
  test(`${route.path} has no WCAG 2 A/AA violations (light, then dark)`, async ({ page }) => {
    await page.goto(route.path);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    const scan = () => new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const light = await scan();
    expect(light.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await page.evaluate(() => document.documentElement.setAttribute("data-theme", "dark"));
    const dark = await scan();
    expect(dark.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}

test("the keyboard reaches every control of the dashboard with a visible focus ring", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const seen: string[] = [];
  // skip link, 7 entries, the sidebar trigger, Refresh, Export Report, the chart's table toggle
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press("Tab");
    const focus = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      return { name: el.getAttribute("aria-label") ?? el.textContent?.trim() ?? "", outline: style.outlineStyle, width: style.outlineWidth };
    });
    expect(focus).not.toBeNull();
    expect(focus!.outline).not.toBe("none");
    expect(focus!.width).not.toBe("0px");
    seen.push(focus!.name);
  }
  expect(seen[0]).toBe("Skip to content");
  expect(seen).toEqual(["Skip to content", "Dashboard", "Server Map", "Analytics", "Servers", "Security", "Reports", "Settings", "Toggle sidebar", "Refresh", "Export Report", "Show the figures as a table"]);
});

test("with reduced motion nothing pulses or spins", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  await hydrated(page);
  const durations = await page.evaluate(() =>
    [...document.querySelectorAll("span[aria-hidden='true']")].map((el) => getComputedStyle(el).animationDuration).filter((d) => d !== "0s"),
  );
  expect(durations.length).toBeGreaterThan(0);
  for (const d of durations) expect(parseFloat(d)).toBeLessThan(0.001);
});
