import fs from "node:fs";
import path from "node:path";
import { ROUTES, expect, hydrated, problems, test } from "../fixtures";
import { PREFIXED, VARIANTS_ROOT, serveUnderPrefix } from "./variantSite";

/**
 * The site built with SITE_URL=https://status.example.org PATH_PREFIX=/status and
 * served under /status/ only, as on a GitHub Pages project site or a folder behind
 * nginx: every page, asset, API file and published link lives under the folder.
 */
const { prefix, siteUrl: publicHost } = PREFIXED;
const published = `${publicHost}${prefix}`;

test.describe.configure({ mode: "default" });
let site: { url: string; stop: () => void } | undefined;
let dir = "";
test.beforeAll(async () => {
  dir = fs.readFileSync(path.join(VARIANTS_ROOT, "prefixed.built"), "utf8");
  site = await serveUnderPrefix(dir, prefix, 9205);
});
test.afterAll(() => site?.stop());
const base = () => `${site!.url}${prefix}`;

test("every route loads under the folder: no failed request, nothing asked for outside it, no console error", async ({
  page,
  consoleLog,
  outsideRequests,
}) => {
  test.setTimeout(120_000);
  const failed: string[] = [];
  const outsideFolder: string[] = [];
  page.on("requestfailed", (request) => {
    // A request cut short by the next navigation (the favicon) is not a failure; a missing file answers 404 below.
    if (request.failure()?.errorText !== "net::ERR_ABORTED") failed.push(`${request.url()} ${request.failure()?.errorText ?? ""}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) failed.push(`${response.url()} ${response.status()}`);
  });
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith("http") && !url.pathname.startsWith(`${prefix}/`) && url.pathname !== prefix)
      outsideFolder.push(request.url());
  });
  for (const route of ROUTES) {
    await page.goto(`${base()}${route.path === "/" ? "" : route.path}`);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: route.heading })).toBeVisible();
    // The sidebar knows the page it is on, folder or not.
    await expect(page.getByRole("navigation").first().locator('[aria-current="page"]')).toHaveCount(1);
  }
  expect(failed).toEqual([]);
  expect(outsideFolder).toEqual([]);
  expect(outsideRequests).toEqual([]);
  expect(problems(consoleLog)).toEqual([]);
});

test("the pages link into the folder, and client navigation stays in it", async ({ page, consoleLog }) => {
  await page.goto(`${base()}/`);
  await hydrated(page);
  // The head's links and the page's scripts.
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", `${prefix}/alerts.xml`);
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", `${prefix}/favicon.svg`);
  const scripts = await page.locator("script[src]").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("src") ?? ""));
  expect(scripts.length).toBeGreaterThan(0);
  for (const src of scripts) expect(src.startsWith(`${prefix}/`)).toBe(true);

  await page.getByRole("link", { name: "Servers" }).first().click();
  await expect(page).toHaveURL(`${base()}/servers`);
  await expect(page.getByRole("heading", { level: 1, name: "Server Management" })).toBeVisible();
  await page.getByRole("link", { name: "Dashboard" }).first().click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/?$`));
  await expect(page.getByRole("heading", { level: 1, name: "Server Dashboard" })).toBeVisible();
  expect(problems(consoleLog)).toEqual([]);
});

test("Reports: the page's fetch of the API and the report files come from the folder", async ({ page, consoleLog }) => {
  await page.goto(`${base()}/reports`);
  await hydrated(page);
  const file = await page
    .getByRole("link", { name: /^Download / })
    .first()
    .getAttribute("href");
  expect(file).toMatch(new RegExp(`^${prefix}/reports/.+\\.csv$`));
  expect((await page.request.get(`${site!.url}${file}`)).ok()).toBe(true);

  const servers = page.waitForResponse((response) => response.url() === `${base()}/api/v1/servers.json`);
  await page.getByRole("button", { name: "Generate Report" }).click();
  const dialog = page.getByRole("dialog", { name: "Generate a report" });
  await expect(dialog.getByRole("radio", { name: /The current status/ })).toBeChecked();
  const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Generate" }).click()]);
  expect((await servers).ok()).toBe(true);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  expect(problems(consoleLog)).toEqual([]);
});

test("the API, the RSS feed and the badges are under the folder and link to the public address", async ({ request }) => {
  const servers = (await (await request.get(`${base()}/api/v1/servers.json`)).json()) as { servers: Array<{ id: string }> };
  expect(servers.servers.length).toBeGreaterThan(0);
  const schema = (await (await request.get(`${base()}/api/v1/servers.schema.json`)).json()) as { $id: string };
  expect(schema.$id).toBe(`${published}/api/v1/servers.schema.json`);

  const rss = await (await request.get(`${base()}/alerts.xml`)).text();
  expect(rss).toContain(`<atom:link href="${published}/alerts.xml" rel="self"`);
  const links = [...rss.matchAll(/<link>([^<]*)<\/link>/g)].map((m) => m[1]);
  expect(links.length).toBeGreaterThan(1);
  for (const link of links) expect(link).toBe(`${published}/`);
  expect(rss).not.toContain("localhost");

  // Statuspage's API (#35): under the folder, its page's address the public one
  const summary = (await (await request.get(`${base()}/api/v2/summary.json`)).json()) as { page: { url: string } };
  expect(summary.page.url).toBe(published);

  const id = servers.servers[0].id;
  const badge = await request.get(`${base()}/badges/${id}.json`);
  expect(badge.ok()).toBe(true);
  expect((await badge.json()) as object).toMatchObject({ schemaVersion: 1 });
  expect((await request.get(`${base()}/badges/${id}.svg`)).ok()).toBe(true);
  // The globe's stylesheet, loaded with the map: published in the folder.
  const vendor = fs.readdirSync(path.join(dir, "public", "vendor")).find((f) => f.startsWith("mapbox-gl-"));
  expect((await request.get(`${base()}/vendor/${vendor}`)).ok()).toBe(true);
  // Nothing is served outside the folder.
  expect((await request.get(`${site!.url}/api/v1/servers.json`)).status()).toBe(404);
});

test("the build left the stray content file out, named it in a warning, and gave no localhost warning", () => {
  const log = fs.readFileSync(path.join(VARIANTS_ROOT, "prefixed.log"), "utf8");
  expect(log).toContain(`content/${PREFIXED.strayFile} is not a content file the site knows; it was left out`);
  expect(log).not.toContain("publishes the address http://localhost");
});

test("a CI build without SITE_URL warns that its links point at localhost, and still builds", () => {
  // The empty variant is built with CI set and no SITE_URL.
  const log = fs.readFileSync(path.join(VARIANTS_ROOT, "empty.log"), "utf8");
  expect(log).toContain("This CI build publishes the address http://localhost:9000");
  expect(fs.existsSync(path.join(VARIANTS_ROOT, "empty.built"))).toBe(true);
});
