import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type ConsoleMessage, type Locator, type Page } from "@playwright/test";

export const ROUTES = [
  { path: "/", heading: "Server Dashboard", title: "Server Dashboard" },
  { path: "/map", heading: "Global Server Map", title: "Global Server Map" },
  { path: "/analytics", heading: "Analytics", title: "Analytics" },
  { path: "/servers", heading: "Server Management", title: "Server Management" },
  { path: "/incidents", heading: "Incidents", title: "Incidents" },
  { path: "/security", heading: "Security Center", title: "Security Center" },
  { path: "/reports", heading: "Reports", title: "Reports" },
  { path: "/settings", heading: "Settings", title: "Settings" },
] as const;

type Fixtures = {
  /** console messages and page errors of this test, as text */
  consoleLog: string[];
  /** requests that tried to leave 127.0.0.1 */
  outsideRequests: string[];
};

/**
 * Every test: outside requests are aborted (and recorded), and console output
 * is collected so tests can insist on a clean console.
 */
export const test = base.extend<Fixtures>({
  outsideRequests: async ({ context }, use) => {
    const outside: string[] = [];
    await context.route(
      (url) => url.hostname !== "127.0.0.1",
      (route) => {
        outside.push(route.request().url());
        return route.abort();
      },
    );
    await use(outside);
  },
  consoleLog: async ({ page, outsideRequests }, use) => {
    void outsideRequests;
    const log: string[] = [];
    page.on("console", (message: ConsoleMessage) => log.push(`${message.type()}: ${message.text()}`));
    page.on("pageerror", (error) => log.push(`pageerror: ${error.message}`));
    await use(log);
  },
});

export { expect };

/** Errors, warnings and hydration complaints; debug/info lines are fine. */
export function problems(log: readonly string[]): string[] {
  return log.filter((line) => /^(error|warning|pageerror):/.test(line) || /hydrat|did not match/i.test(line));
}

/** Waits until React has hydrated the page (Gatsby sets this once the app runs). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
}

/** The page's WCAG 2.1 A and AA violations as axe finds them, each as "rule: the elements". */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** No violation in the light theme, then none in the dark one. */
export async function expectAxeCleanInBothThemes(page: Page): Promise<void> {
  for (const theme of ["light", "dark"]) {
    await page.evaluate((t) => document.documentElement.setAttribute("data-theme", t), theme);
    expect(await axeViolations(page), theme).toEqual([]);
  }
}

/**
 * How many shapes of a drawn chart are styled with a declaration: a path's sub-paths (each "M"
 * of its d: the daily bars of a colour are one path, #45), counted where the path's own style, or
 * the rule of its class that the chart's <style> writes once (a style that repeats), holds it.
 */
export async function shapesStyled(chart: Locator, declaration: string): Promise<number> {
  return chart.locator("path").evaluateAll(
    (paths, text) =>
      paths
        .filter((p) => {
          const own = p.getAttribute("style");
          if (own !== null) return own.includes(text);
          const sheet = p.closest("svg")?.querySelector("style")?.textContent ?? "";
          const rule = new RegExp(`\\.${p.getAttribute("class")}\\{([^}]*)\\}`).exec(sheet);
          return rule !== null && rule[1].includes(text);
        })
        .reduce((shapes, p) => shapes + (p.getAttribute("d")?.match(/M/g)?.length ?? 0), 0),
    declaration,
  );
}
