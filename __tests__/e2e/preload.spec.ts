import { expect, hydrated, test } from "./fixtures";

test("a failed prefetch dispatches preload-error with its URL; a failed stylesheet logs 'Unable to preload CSS'", async ({
  page,
  consoleLog,
}) => {
  await page.goto("/");
  await hydrated(page);
  await page.route("**/missing-*", (route) => route.fulfill({ status: 404, body: "" }));
  const events = await page.evaluate(async () => {
    const seen: Array<{ url: string; kind: string }> = [];
    window.addEventListener("preload-error", (e) => seen.push((e as CustomEvent<{ url: string; kind: string }>).detail));
    const add = (rel: string, href: string) =>
      new Promise<void>((resolve) => {
        const link = document.createElement("link");
        link.rel = rel;
        link.href = href;
        link.onerror = () => resolve();
        link.onload = () => resolve();
        document.head.append(link);
      });
    await add("prefetch", "/missing-chunk.js");
    await add("stylesheet", "/missing-style.css");
    return seen;
  });
  expect(events).toEqual([
    { url: expect.stringMatching(/\/missing-chunk\.js$/), kind: "prefetch" },
    { url: expect.stringMatching(/\/missing-style\.css$/), kind: "style" },
  ]);
  expect(consoleLog.some((line) => /^error: Unable to preload CSS for .*\/missing-style\.css$/.test(line))).toBe(true);
  expect(consoleLog.some((line) => line.includes("Unable to preload CSS") && line.includes("missing-chunk"))).toBe(false);
});

test("when another page's files cannot be fetched, a link still gets there with a full page load", async ({ page }) => {
  const blocked = /page-data\/reports\/page-data\.json|component---src-pages-reports/;
  await page.route(blocked, (route) => route.abort());
  await page.addInitScript(() => {
    // Gatsby prefetches nothing on what Chromium estimates to be a 2g network or with
    // Save-Data; a busy test machine can make that estimate, so this page says 4g.
    Object.defineProperty(navigator, "connection", { value: { effectiveType: "4g", saveData: false }, configurable: true });
    const w = window as unknown as { __preloadErrors: string[] };
    w.__preloadErrors = [];
    window.addEventListener("preload-error", (e) => w.__preloadErrors.push((e as CustomEvent<{ url: string }>).detail.url));
  });
  await page.goto("/");
  await hydrated(page);
  // Gatsby prefetches the files of the pages its links point to; those of /reports fail
  const preloadErrors = () => page.evaluate(() => (window as unknown as { __preloadErrors: string[] }).__preloadErrors);
  await expect.poll(async () => (await preloadErrors()).length, { timeout: 20_000 }).toBeGreaterThan(0);
  expect((await preloadErrors()).every((url) => blocked.test(url))).toBe(true);
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  // the click cannot render the page in place, so the browser loads it whole: its static HTML has everything
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Reports" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expect(page.getByText("Monthly Performance Report")).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/reports");
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBeUndefined();
});

test("the map's stylesheet failing to load is reported and the map says it could not start", async ({ page, consoleLog }) => {
  await page.goto("/map");
  await hydrated(page);
  await page.route(/\/vendor\/mapbox-gl-.*\.css$/, (route) => route.abort());
  await page.getByLabel("Mapbox public token").fill("pk.test");
  await page.getByRole("button", { name: "Initialize Map" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  expect(consoleLog.some((line) => /^error: Unable to preload CSS for .*\/vendor\/mapbox-gl-.*\.css$/.test(line))).toBe(true);
  await expect(page.getByRole("heading", { name: "Setup Mapbox" })).toBeVisible();
});
