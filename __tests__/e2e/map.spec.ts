import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";
import { routeMapStyle } from "./mapbox";

const TOKEN = "pk.test-token-123456";

/** Types the token and presses Initialize Map, as a reader does. */
async function initializeMap(page: Page) {
  await page.getByLabel("Mapbox public token").fill(TOKEN);
  await page.getByRole("button", { name: "Initialize Map" }).click();
}
const COLORS: Record<string, string> = {
  "US-East-1": "rgb(16, 185, 129)",
  "EU-West-1": "rgb(16, 185, 129)",
  "AP-South-1": "rgb(245, 158, 11)",
  "US-West-2": "rgb(16, 185, 129)",
  "AP-East-1": "rgb(239, 68, 68)",
  "EU-Central-1": "rgb(16, 185, 129)",
};

/** Scripts of mapbox-gl carry its CSS class names; none may load before Initialize Map. */
const isMapboxCode = (body: string) => body.includes("mapboxgl-canvas");

test("the globe: loaded only on Initialize Map, dark style, fog, zoom controls, six coloured markers and text popups", async ({
  page,
  outsideRequests,
}) => {
  const mapboxScripts: string[] = [];
  page.on("response", async (response) => {
    if (response.url().endsWith(".js") && isMapboxCode(await response.text().catch(() => ""))) mapboxScripts.push(response.url());
  });
  const styleRequests = await routeMapStyle(page);
  await page.goto("/map");
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  expect(mapboxScripts).toEqual([]);
  expect(outsideRequests.filter((u) => u.includes("mapbox"))).toEqual([]);
  expect(styleRequests).toEqual([]);

  await initializeMap(page);
  await expect(page.getByRole("heading", { name: "Setup Mapbox" })).toBeHidden({ timeout: 30_000 });
  expect(mapboxScripts.length).toBeGreaterThan(0);
  expect(styleRequests.length).toBeGreaterThan(0);
  expect(styleRequests[0]).toContain("/styles/v1/mapbox/dark-v11");

  const globe = page.getByTestId("globe");
  await expect(globe).toHaveAttribute("data-fog", "on");
  await expect(globe.locator("canvas.mapboxgl-canvas")).toBeVisible();
  await expect(globe.locator(".mapboxgl-ctrl-top-right").getByRole("button", { name: "Zoom in" })).toBeVisible();
  await expect(globe.locator(".mapboxgl-ctrl-top-right").getByRole("button", { name: "Zoom out" })).toBeVisible();

  const markers = globe.locator(".server-marker");
  await expect(markers).toHaveCount(6);
  for (const [name, color] of Object.entries(COLORS)) {
    const marker = globe.getByRole("button", { name: new RegExp(`^${name},`) });
    await expect(marker).toHaveCSS("background-color", color);
    await expect(marker).toHaveCSS("width", "20px");
    await expect(marker).toHaveAttribute("tabindex", "0");
  }
  await expect(globe.locator(".server-marker[data-pulse]")).toHaveCount(5);

  // At the spec's start (centre 0,20, zoom 2, 400px high) most servers lie beyond the globe's
  // horizon, so bring one into view from the list first.
  await page.getByRole("button", { name: "EU-Central-1, show on the map" }).click();
  const popup = globe.locator(".mapboxgl-popup");
  await expect(popup).toBeVisible();
  await expect(popup).toContainText("EU-Central-1");
  await expect(popup).toContainText("198.51.100.63");
  await expect(popup).toContainText("Frankfurt, Germany");
  await expect(popup).toContainText("Online");
  await popup.getByRole("button", { name: "Close popup" }).click();
  await expect(popup).toHaveCount(0);

  // A click on the marker opens it again (the globe redraws continuously, so Playwright never
  // sees the marker as "stable": click it where it is).
  const marker = globe.getByRole("button", { name: /^EU-Central-1,/ });
  await expect(marker).toHaveCSS("opacity", "1");
  await marker.click({ force: true });
  await expect(globe.locator(".mapboxgl-popup")).toContainText("198.51.100.63");

  // Keyboard: Enter on the focused marker closes and reopens its popup.
  await marker.focus();
  await page.keyboard.press("Enter");
  await expect(globe.locator(".mapboxgl-popup")).toHaveCount(0);
  await page.keyboard.press("Enter");
  await expect(globe.locator(".mapboxgl-popup")).toContainText("Frankfurt, Germany");

  // The token is not kept anywhere of ours.
  const kept = await page.evaluate(() =>
    JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, url: location.href, cookie: document.cookie }),
  );
  expect(kept).not.toContain(TOKEN);
});

test("choosing a server in the list flies the globe there and opens its popup", async ({ page }) => {
  await routeMapStyle(page);
  await page.goto("/map");
  await hydrated(page);
  await initializeMap(page);
  const globe = page.getByTestId("globe");
  await expect(globe.locator(".server-marker")).toHaveCount(6, { timeout: 30_000 });
  await page.getByRole("button", { name: "EU-Central-1, show on the map" }).click();
  await expect(globe.locator(".mapboxgl-popup")).toContainText("EU-Central-1");
  await expect(page.getByRole("button", { name: "EU-Central-1, show on the map" })).toHaveAttribute("aria-current", "true");
});

test("without a globe, choosing a server highlights its dot on the flat map", async ({ page }) => {
  await page.goto("/map");
  await hydrated(page);
  await page.getByRole("button", { name: "EU-Central-1, show on the map" }).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByRole("group", { name: "World map of the servers" })).not.toBeInViewport({ ratio: 0.9 });
  await page.getByRole("button", { name: "AP-South-1, show on the map" }).click();
  // the map comes into view so the choice can be seen
  await expect(page.getByRole("group", { name: "World map of the servers" })).toBeInViewport({ ratio: 0.9 });
  const flatMap = page.getByRole("group", { name: "World map of the servers" });
  await expect(flatMap.locator('[data-server-id="srv-ap-south-1"]')).toHaveAttribute("data-selected", "true");
  await expect(flatMap.locator("[data-selected]")).toHaveCount(1);
});

test("a refused token keeps the panel, says what failed and logs it without the token", async ({ page, consoleLog }) => {
  await routeMapStyle(page, { status: 401 });
  await page.goto("/map");
  await hydrated(page);
  await initializeMap(page);
  await expect(page.getByRole("alert")).toContainText("refused the token", { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Setup Mapbox" })).toBeVisible();
  await expect(page.getByRole("group", { name: "World map of the servers" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Initialize Map" })).toBeEnabled();
  expect(consoleLog.some((line) => line.startsWith("error:") && line.includes("Map initialisation failed"))).toBe(true);
  expect(consoleLog.join("\n")).not.toContain(TOKEN);
});

test("when the map library cannot load, the reader is told and can try again", async ({ page }) => {
  await page.goto("/map");
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  let block = true;
  await page.route(/\.js$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    return block && isMapboxCode(body) ? route.abort() : route.fulfill({ response, body });
  });
  await initializeMap(page);
  await expect(page.getByRole("alert")).toContainText("map library could not be loaded");
  await expect(page.getByRole("heading", { name: "Setup Mapbox" })).toBeVisible();
  block = false;
});

test("leaving the map page removes the globe; coming back makes a fresh one", async ({ page }) => {
  await routeMapStyle(page);
  await page.goto("/map");
  await hydrated(page);
  await initializeMap(page);
  await expect(page.getByTestId("globe").locator(".server-marker")).toHaveCount(6, { timeout: 30_000 });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Servers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Server Management" })).toBeVisible();
  await expect(page.locator(".mapboxgl-canvas")).toHaveCount(0);
  await expect(page.locator(".server-marker")).toHaveCount(0);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Server Map" }).click();
  await expect(page.getByRole("heading", { name: "Setup Mapbox" })).toBeVisible();
  await initializeMap(page);
  await expect(page.getByTestId("globe").locator(".server-marker")).toHaveCount(6, { timeout: 30_000 });
  await expect(page.locator(".mapboxgl-canvas")).toHaveCount(1);
});

test("markers follow the live values without a new map (at the pace set in Settings)", async ({ page }) => {
  await routeMapStyle(page);
  await page.goto("/settings");
  await hydrated(page);
  const interval = page.getByLabel("Refresh Interval (seconds)");
  await interval.fill("5");
  await interval.press("Enter");
  await expect(page.getByText("Refresh interval saved in this browser.")).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Server Map" }).click();
  await initializeMap(page);
  const globe = page.getByTestId("globe");
  await expect(globe.locator(".server-marker")).toHaveCount(6, { timeout: 30_000 });
  const canvas = await globe.locator("canvas.mapboxgl-canvas").elementHandle();
  await page.getByRole("button", { name: "AP-East-1, show on the map" }).click();
  const popup = globe.locator(".mapboxgl-popup");
  await expect(popup).toContainText("203.0.113.58");
  await expect(popup).toContainText("Offline");
  const before = await popup.innerText();
  await expect(popup).not.toHaveText(before, { timeout: 15_000 });
  await expect(popup).toContainText("AP-East-1");
  expect(await canvas?.evaluate((el) => el.isConnected)).toBe(true);
  await expect(page.locator(".mapboxgl-canvas")).toHaveCount(1);
});

test("a token in the field before the page is live counts: typed early on a slow phone, or filled in by a password manager", async ({
  page,
}) => {
  // Hold the site's code back until the field has been filled in the static page.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/app-[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/map", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Mapbox public token").fill(TOKEN);
  release();
  await hydrated(page);
  await expect(page.getByRole("button", { name: "Initialize Map" })).toBeEnabled();
});

for (const width of [1280, 375]) {
  test(`at ${width}px the first view of the globe shows all six servers: every marker visible and inside the card`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await routeMapStyle(page);
    await page.goto("/map");
    await hydrated(page);
    await initializeMap(page);
    const globe = page.getByTestId("globe");
    await expect(globe.locator(".server-marker")).toHaveCount(6, { timeout: 30_000 });
    // Give the globe a few frames to settle its markers' occlusion fading.
    await page.waitForTimeout(500);
    const card = (await globe.boundingBox())!;
    for (const name of Object.keys(COLORS)) {
      const marker = globe.getByRole("button", { name: new RegExp(`^${name},`) });
      const box = (await marker.boundingBox())!;
      expect(box.x, `${name} left edge`).toBeGreaterThanOrEqual(card.x);
      expect(box.y, `${name} top edge`).toBeGreaterThanOrEqual(card.y);
      expect(box.x + box.width, `${name} right edge`).toBeLessThanOrEqual(card.x + card.width);
      expect(box.y + box.height, `${name} bottom edge`).toBeLessThanOrEqual(card.y + card.height);
      const opacity = Number(await marker.evaluate((el) => getComputedStyle(el).opacity));
      expect(opacity, `${name} is not faded behind the horizon`).toBeGreaterThan(0.9);
      // What is at the marker's centre is the marker: it can be clicked.
      const hit = await page.evaluate(
        ([x, y]) => (document.elementFromPoint(x, y) as HTMLElement | null)?.closest(".server-marker")?.getAttribute("aria-label") ?? null,
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      expect(hit, `${name} can be clicked`).toMatch(new RegExp(`^${name},`));
    }
  });
}

test("a token refused after the globe is up (a 401 from a later request) brings the panel back with the message", async ({
  page,
  consoleLog,
}) => {
  await routeMapStyle(page);
  // The sessions request is answered only once the globe is up: the refusal comes after 'load'.
  let globeUp = () => {};
  const up = new Promise<void>((resolve) => (globeUp = resolve));
  await page.route(/^https:\/\/(api|events)\.mapbox\.com\/(map-sessions|events)\//, async (route) => {
    await up;
    await route.fulfill({
      status: 401,
      contentType: "application/json",
      body: JSON.stringify({ message: "Not Authorized - Invalid Token" }),
    });
  });
  await page.goto("/map");
  await hydrated(page);
  await initializeMap(page);
  // The globe comes up first (the style was accepted), then the refusal arrives.
  await expect(page.getByRole("region", { name: "Interactive globe of the servers" })).toBeVisible({ timeout: 30_000 });
  globeUp();
  await expect(page.getByRole("alert")).toContainText("refused the token", { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Setup Mapbox" })).toBeVisible();
  await expect(page.getByRole("group", { name: "World map of the servers" })).toBeVisible();
  await expect(page.getByText("Loading the map…")).toHaveCount(0);
  await expect(page.getByTestId("globe").locator("canvas")).toHaveCount(0);
  expect(consoleLog.join("\n")).not.toContain(TOKEN);
});
