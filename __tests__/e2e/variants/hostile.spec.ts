import * as XLSX from "xlsx";
import { expect, test } from "../fixtures";
import { routeMapStyle } from "../mapbox";
import { BOLD, IMG, SCRIPT } from "./hostileContent";
import { serveBuiltVariant } from "./variantSite";

const siteUrl = serveBuiltVariant(test, "hostile", 9201);

const ROUTES = ["/", "/map", "/analytics", "/servers", "/security", "/reports", "/settings"];

test("markup in every text field shows as text on every route, and nothing runs", async ({ page }) => {
  const dialogs: string[] = [];
  const strayRequests: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("request", (request) => {
    if (/\/x$/.test(new URL(request.url()).pathname)) strayRequests.push(request.url());
  });
  await routeMapStyle(page);
  const expectations: Record<string, string[]> = {
    "/": [IMG, `${SCRIPT}EU-West-1`, "<b>Ashburn</b>, <i>USA</i>"],
    "/map": [`${SCRIPT}AP-South-1`, "<b>Mumbai</b>, <i>India</i>"],
    "/analytics": [`${BOLD}Total Requests`, `${IMG}1,234`],
    "/servers": [IMG, `${SCRIPT}US-West-2`],
    "/security": [`${BOLD}Security Score`, `${SCRIPT}5 minutes ago`],
    "/reports": [`${IMG} Monthly Performance Report`],
    "/settings": [],
  };
  for (const route of ROUTES) {
    await page.goto(siteUrl() + route);
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    for (const text of expectations[route]) await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
    expect(await page.locator("main img, main script, main b, main i, main u").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  }
  expect(dialogs).toEqual([]);
  expect(strayRequests).toEqual([]);
});

test("with a build-time token the static map page asks for no token: it says the globe is loading", async ({ request }) => {
  const html = await (await request.get(`${siteUrl()}/map`)).text();
  expect(html).not.toContain("Setup Mapbox");
  expect(html).toContain("Loading the globe…");
});

test("the globe starts on its own with the build-time token, and popups show markup as text", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const styleRequests = await routeMapStyle(page);
  await page.goto(`${siteUrl()}/map`);
  const globe = page.getByTestId("globe");
  await expect(globe.locator(".server-marker")).toHaveCount(6, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Setup Mapbox" })).toHaveCount(0);
  expect(styleRequests[0]).toContain("access_token=pk.build-time-test-token");
  await page.getByRole("button", { name: `${IMG}, show on the map` }).click();
  const popup = globe.locator(".mapboxgl-popup");
  await expect(popup).toContainText(IMG);
  expect(await popup.locator("img, script").count()).toBe(0);
  await expect(globe.getByRole("button", { name: new RegExp(`^${IMG.replace(/[()]/g, "\\$&")},`) })).toHaveCount(1);
  expect(dialogs).toEqual([]);
});

test("the export writes the markup as plain text cells", async ({ page }) => {
  await page.goto(siteUrl() + "/");
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export Report" }).click()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const book = XLSX.read(Buffer.concat(chunks));
  const a2 = book.Sheets["Server Status"].A2;
  expect(a2.t).toBe("s");
  expect(a2.v).toBe(IMG);
  expect(book.Sheets.Alerts.C2.v).toContain(SCRIPT);
});
