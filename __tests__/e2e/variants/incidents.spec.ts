import type { Page } from "@playwright/test";
import { axeViolations, expect, test } from "../fixtures";
import { routeMapStyle } from "../mapbox";
import { IMG, INCIDENT_MESSAGE, INCIDENT_TITLE, LONG_WORD, RESOLVED_TITLE, SCRIPT, WINDOW_TITLE } from "./hostileContent";
import { serveBuiltVariant } from "./variantSite";
import ICAL from "ical.js";
import { readFeed } from "../feedReader";

/** The hostile build has a major incident open, a minor one resolved 10 days before it, a window in progress and one in 3 days. */
const siteUrl = serveBuiltVariant(test, "hostile", 9214);

const ROUTES = ["/", "/map", "/analytics", "/servers", "/incidents", "/security", "/reports", "/settings", "/servers/srv-us-east-1"];

const scan = axeViolations;

const banner = (page: Page) => page.getByRole("region", { name: "Incidents and maintenance", exact: true });

test("every route shows the open incident and the maintenance in progress, markup as text; the sidebar is not 'All systems operational'", async ({
  page,
  consoleLog,
}) => {
  await routeMapStyle(page);
  for (const route of ROUTES) {
    await page.goto(siteUrl() + route);
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    const notices = banner(page);
    await expect(notices.getByRole("link", { name: INCIDENT_TITLE })).toHaveAttribute("href", "/incidents#db-down");
    await expect(notices.getByText("Major impact")).toBeVisible();
    await expect(notices.getByText(/^Identified ·/)).toBeVisible();
    await expect(notices.getByRole("link", { name: IMG, exact: true })).toHaveAttribute("href", "/servers/srv-us-east-1");
    await expect(notices.getByRole("link", { name: WINDOW_TITLE })).toBeVisible();
    await expect(notices.getByText("Maintenance in progress:")).toBeVisible();
    expect(await notices.locator("img, script, b").count(), route).toBe(0);
    await expect(page.locator("#sidebar")).toContainText("1 major incident open");
    await expect(page.locator("#sidebar")).toContainText("1 server in maintenance");
  }
  // Every page hydrated its banner without a mismatch (the globe of /map, with the build's token, may complain of the blocked network).
  expect(consoleLog.filter((line) => /^pageerror:|hydrat|did not match/i.test(line))).toEqual([]);
});

test("the dashboard lists the maintenance of the next 7 days", async ({ page }) => {
  await page.goto(siteUrl() + "/");
  const upcoming = page.getByRole("region", { name: "Upcoming maintenance" });
  await expect(upcoming.getByText("Disk swap")).toBeVisible();
});

test("/incidents with JavaScript off: open incident, scheduled maintenance, a resolved incident in the history, each timeline whole", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(siteUrl() + "/incidents");
  const open = page.getByRole("region", { name: "Open incidents" });
  const incident = open.getByRole("article", { name: INCIDENT_TITLE });
  const steps = incident.getByRole("list", { name: /^Updates on/ }).getByRole("listitem");
  await expect(steps).toHaveCount(2);
  await expect(steps.first()).toContainText("Identified");
  await expect(steps.first()).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
  // The message is text, its line break kept.
  expect(await steps.first().locator("p").last().innerText()).toBe(INCIDENT_MESSAGE);
  const scheduled = page.getByRole("region", { name: "Scheduled maintenance" });
  await expect(scheduled.getByRole("article", { name: WINDOW_TITLE })).toContainText("In progress");
  await expect(scheduled.getByRole("article", { name: "Disk swap" })).toContainText("Scheduled");
  const history = page.getByRole("region", { name: "History" });
  const past = history.getByRole("article", { name: RESOLVED_TITLE });
  await expect(past).toContainText("Minor impact");
  await expect(past.getByRole("list", { name: /^Updates on/ }).getByRole("listitem")).toHaveCount(3);
  await expect(
    past
      .getByRole("list", { name: /^Updates on/ })
      .getByRole("listitem")
      .first(),
  ).toContainText("Resolved");
  await expect(past.getByText(IMG)).toBeVisible();
  expect(await page.locator("main img, main script, main b").count()).toBe(0);
  await context.close();
});

test("a very long word wraps inside the banner and the timeline at 375 px: the page never scrolls sideways", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const route of ["/", "/incidents"]) {
    await page.goto(siteUrl() + route);
    await expect(banner(page).getByText(LONG_WORD, { exact: false }).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, route).toBeLessThanOrEqual(0);
    const message = banner(page).getByText(SCRIPT, { exact: false }).first();
    const box = await message.boundingBox();
    expect(box!.x + box!.width, route).toBeLessThanOrEqual(375);
  }
});

test("the banner and /incidents have no WCAG 2.1 A/AA violations at 1280 and 375 px, light and dark", async ({ page }) => {
  for (const route of ["/", "/incidents", "/servers/srv-us-east-1"]) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(siteUrl() + route);
      await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
      for (const theme of ["light", "dark"]) {
        await page.evaluate((t) => document.documentElement.setAttribute("data-theme", t), theme);
        expect(await scan(page), `${route} ${width}px ${theme}`).toEqual([]);
      }
    }
  }
});

test("a server's page lists the incidents and windows that name it; incidents.json and the feed publish them", async ({
  page,
  request,
}) => {
  await page.goto(siteUrl() + "/servers/srv-us-east-1");
  const card = page.getByRole("region", { name: "Incidents and maintenance windows" });
  await expect(card.getByRole("article", { name: INCIDENT_TITLE })).toBeVisible();
  await page.goto(siteUrl() + "/servers/srv-us-west-2");
  await expect(
    page.getByRole("region", { name: "Incidents and maintenance windows" }).getByRole("article", { name: WINDOW_TITLE }),
  ).toBeVisible();
  const data = (await (await request.get(`${siteUrl()}/api/v1/incidents.json`)).json()) as {
    incidents: { id: string; open: boolean }[];
    maintenance: { id: string; next: unknown[] }[];
  };
  expect(data.incidents.map((i) => [i.id, i.open])).toEqual([
    ["db-down", true],
    ["slow-last-week", false],
  ]);
  expect(data.maintenance.map((w) => [w.id, w.next.length])).toEqual([
    ["rack-move", 1],
    ["disk-swap", 1],
  ]);
  const status = (await (await request.get(`${siteUrl()}/api/v1/status.json`)).json()) as { overall: { state: string } };
  expect(status.overall.state).toBe("outage");
  const rss = await (await request.get(`${siteUrl()}/alerts.xml`)).text();
  expect(rss).toContain('<guid isPermaLink="false">incident:db-down:');
  expect(rss).toContain('<guid isPermaLink="false">maintenance:rack-move:');
});

test("a feed reader reads the incidents and windows with their markup as text; /maintenance.ics holds the windows incidents.json lists", async ({
  request,
}) => {
  for (const address of ["/alerts.xml", "/alerts.atom", "/feeds/srv-us-east-1.atom", "/feeds/srv-us-west-2.xml"]) {
    const feed = readFeed(await (await request.get(`${siteUrl()}${address}`)).body());
    expect(feed.bozo, `${address}: ${feed.problem}`).toBe(false);
    const titles = feed.entries.map((e) => e.title ?? "");
    if (address.includes("us-west-2")) expect(titles.some((t) => t.startsWith(`Maintenance: ${WINDOW_TITLE}, `))).toBe(true);
    else expect(titles).toContain(`Identified: ${INCIDENT_TITLE} (Major impact)`);
  }
  const json = (await (await request.get(`${siteUrl()}/feeds/srv-us-east-1.json`)).json()) as {
    items: { title: string; content_text: string }[];
  };
  expect(json.items.map((i) => i.title)).toContain(`Identified: ${INCIDENT_TITLE} (Major impact)`);
  expect(json.items.some((i) => i.content_text.startsWith(INCIDENT_MESSAGE))).toBe(true);

  const data = (await (await request.get(`${siteUrl()}/api/v1/incidents.json`)).json()) as {
    maintenance: { id: string; title: string; next: { start: string; end: string }[] }[];
  };
  const calendar = new ICAL.Component(ICAL.parse(await (await request.get(`${siteUrl()}/maintenance.ics`)).text()));
  const events = calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      id: event.uid.replace(/^maintenance-/, "").replace(/@[^@]*$/, ""),
      title: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
    };
  });
  expect(events).toEqual(
    data.maintenance.map((w) => ({
      id: w.id,
      title: `Maintenance: ${w.title}`,
      start: new Date(w.next[0].start).toISOString(),
      end: new Date(w.next[0].end).toISOString(),
    })),
  );
  expect(events.map((e) => e.title)).toContain(`Maintenance: ${WINDOW_TITLE}`);
});
