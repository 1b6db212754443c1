import type { Page } from "@playwright/test";
import { expect, problems, test } from "./fixtures";

/**
 * Back or Forward pressed after the app's code has started but before React has
 * committed the page is followed once it is: the address and the page agree, and
 * nothing breaks (before the fix, Gatsby's history heard it and rendered a page
 * whose data was not loaded: an uncaught error and a blank page).
 *
 * No timing: the page's data is held at the network until the test has pressed
 * Back (or Forward), so the press always lands in that window (before hydration
 * starts; the hold lasts through hydration too: the unit tests of hydrateInSlices).
 * Back stays in the same document only when the entry before belongs to it, so
 * the entries are made by the app's own navigation (a sidebar link) and the page
 * is then reloaded.
 */

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

/** Reloads the page with its page-data held; resolves once Gatsby's runtime has run and waits for it. Gives the release. */
async function reloadHolding(page: Page, pageData: string): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  // (in an object: a promise resolved with a promise would wait for it)
  let held!: (hold: { continued: Promise<void> }) => void;
  const holding = new Promise<{ continued: Promise<void> }>((resolve) => (held = resolve));
  await page.route(
    `**/page-data/${pageData}/page-data.json`,
    (route) => {
      const continued = released.then(() => route.continue());
      held({ continued });
      return continued;
    },
    { times: 1 },
  );
  await page.reload({ waitUntil: "commit" });
  const { continued } = await holding;
  // Gatsby's runtime has run: it sets this before it asks for the page's data.
  await page.waitForFunction(() => "___loader" in window);
  return async () => {
    release();
    await continued;
  };
}

async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const html = document.documentElement;
    return html.hasAttribute("data-hydrated") && !html.hasAttribute("data-hydrating");
  });
}

test("Back and Forward pressed before the page is live are followed once it is", async ({ page, consoleLog, outsideRequests }) => {
  await page.goto("/");
  await settled(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Analytics" }).click();
  await expect(page).toHaveURL("/analytics");
  await expect(heading(page)).toHaveText("Analytics");

  // Back, while /analytics waits for its data: the address is / and the static HTML still Analytics.
  let release = await reloadHolding(page, "analytics");
  await page.evaluate(() => window.history.back());
  await expect(page).toHaveURL("/");
  await expect(heading(page)).toHaveText("Analytics");
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
  await release();
  await settled(page);
  await expect(heading(page)).toHaveText("Server Dashboard");
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("navigation", { name: "Main" }).locator('[aria-current="page"]')).toHaveText("Dashboard");

  // Forward, the same way from /.
  release = await reloadHolding(page, "index");
  await page.evaluate(() => window.history.forward());
  await expect(page).toHaveURL("/analytics");
  await expect(heading(page)).toHaveText("Server Dashboard");
  await release();
  await settled(page);
  await expect(heading(page)).toHaveText("Analytics");
  await expect(page).toHaveURL("/analytics");
  await expect(page.getByRole("navigation", { name: "Main" }).locator('[aria-current="page"]')).toHaveText("Analytics");

  await page.waitForLoadState("networkidle");
  expect(problems(consoleLog)).toEqual([]);
  expect(outsideRequests).toEqual([]);
});
