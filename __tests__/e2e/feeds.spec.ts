import fs from "node:fs";
import path from "node:path";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import ICAL from "ical.js";
import jsonFeedSchema from "jsonfeed-schema/schema-v1.1.json";
import { expect, hydrated, test } from "./fixtures";
import { readFeed } from "./feedReader";
import { LOCAL_SITE_URL } from "../../src/publish/siteAddress";

/** The feeds and the calendar as readers take them: a real feed reader (feedparser), JSON Feed's schema, an iCalendar library. */
const CONTENT = path.resolve(__dirname, "..", "..", "content");
const content = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(CONTENT, file), "utf8")) as T;
const SERVERS = content<Array<{ id: string; name: string }>>("servers.json");
const ALERTS = content<Array<{ id: string; server: string }>>("alerts.json");
// The build's address when SITE_URL is not set (LOCAL_SITE_URL): the feeds' links start with it.
const SITE = LOCAL_SITE_URL;
const HOST = new URL(SITE).hostname;

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const validJsonFeed = ajv.compile(jsonFeedSchema);

test("a feed reader reads /alerts.xml and /alerts.atom as well-formed RSS 2.0 and Atom 1.0, an entry per alert, text as text", async ({
  request,
}) => {
  for (const [address, version] of [
    ["/alerts.xml", "rss20"],
    ["/alerts.atom", "atom10"],
  ] as const) {
    const response = await request.get(address);
    expect(response.ok(), address).toBe(true);
    const feed = readFeed(await response.body());
    expect(feed.bozo, `${address}: ${feed.problem}`).toBe(false);
    expect(feed.version).toBe(version);
    expect(feed.title).toBe("Location Tracker: alerts");
    expect(feed.entries).toHaveLength(ALERTS.length);
    for (const entry of feed.entries) {
      expect(entry.published, address).toBeTruthy();
      expect(entry.link).toBe(`${SITE}/`);
    }
    if (version === "atom10") {
      expect(feed.entries.map((e) => e.id)).toEqual(ALERTS.map((a) => `tag:${HOST},2026:${a.id}`));
      expect(feed.entries.every((e) => e.title_type === "text/plain" && e.summary_type === "text/plain")).toBe(true);
      expect(feed.links).toContainEqual(["self", "application/atom+xml", `${SITE}/alerts.atom`]);
    } else {
      expect(feed.entries.map((e) => e.id)).toEqual(ALERTS.map((a) => a.id));
    }
  }
});

test("/alerts.json is a JSON Feed 1.1 by its published schema, with the same items", async ({ request }) => {
  const response = await request.get("/alerts.json");
  expect(response.ok()).toBe(true);
  const feed = (await response.json()) as { version: string; feed_url: string; items: { id: string; content_text: string }[] };
  expect(validJsonFeed(feed), JSON.stringify(validJsonFeed.errors)).toBe(true);
  expect(feed.version).toBe("https://jsonfeed.org/version/1.1");
  expect(feed.feed_url).toBe(`${SITE}/alerts.json`);
  expect(feed.items.map((i) => i.id)).toEqual(ALERTS.map((a) => a.id));
});

test("each server has its own feeds, of its alerts only, in the three formats", async ({ request }) => {
  for (const server of SERVERS) {
    const own = ALERTS.filter((a) => a.server === server.name).map((a) => a.id);
    for (const format of ["xml", "atom"]) {
      const feed = readFeed(await (await request.get(`/feeds/${server.id}.${format}`)).body());
      expect(feed.bozo, `${server.id}.${format}: ${feed.problem}`).toBe(false);
      expect(feed.title).toBe(`Location Tracker: ${server.name}`);
      expect(feed.entries.map((e) => e.id?.replace(`tag:${HOST},2026:`, "")).sort()).toEqual([...own].sort());
    }
    const json = (await (await request.get(`/feeds/${server.id}.json`)).json()) as { home_page_url: string; items: { id: string }[] };
    expect(validJsonFeed(json), JSON.stringify(validJsonFeed.errors)).toBe(true);
    expect(json.home_page_url).toBe(`${SITE}/servers/${server.id}`);
    expect(json.items.map((i) => i.id).sort()).toEqual([...own].sort());
  }
});

test("every page names the site's feeds in its head; a server's page names its own first", async ({ page }) => {
  await page.goto("/servers");
  await hydrated(page);
  const alternates = () =>
    page.locator('link[rel="alternate"]').evaluateAll((links) => links.map((l) => [l.getAttribute("type"), l.getAttribute("href")]));
  // Gatsby's Head takes over the static head's tags while hydrating: for a moment both are there.
  await expect.poll(alternates).toEqual([
    ["application/rss+xml", "/alerts.xml"],
    ["application/atom+xml", "/alerts.atom"],
    ["application/feed+json", "/alerts.json"],
  ]);
  const server = SERVERS[0];
  await page.goto(`/servers/${server.id}`);
  await hydrated(page);
  await expect.poll(alternates).toEqual([
    ["application/rss+xml", `/feeds/${server.id}.xml`],
    ["application/atom+xml", `/feeds/${server.id}.atom`],
    ["application/feed+json", `/feeds/${server.id}.json`],
    ["application/rss+xml", "/alerts.xml"],
    ["application/atom+xml", "/alerts.atom"],
    ["application/feed+json", "/alerts.json"],
  ]);
});

test("Subscribe, with the keyboard: a server's feeds and badge, the site's feeds, the calendar and the APIs; every link answers", async ({
  page,
  request,
}) => {
  const server = SERVERS[1];
  await page.goto(`/servers/${server.id}`);
  await hydrated(page);
  const subscribe = page.getByText("Subscribe", { exact: true });
  await subscribe.focus();
  await page.keyboard.press("Enter");
  const own = page.getByRole("list", { name: `${server.name}'s feed` });
  await expect(own.getByRole("link", { name: "Atom" })).toBeVisible();
  await expect(own.getByRole("link", { name: "RSS" })).toHaveAttribute("href", `/feeds/${server.id}.xml`);
  await expect(page.getByRole("list", { name: "The site's feed" }).getByRole("link", { name: "JSON Feed" })).toHaveAttribute(
    "href",
    "/alerts.json",
  );
  const hrefs = await page
    .locator("details")
    .filter({ hasText: "Subscribe" })
    .getByRole("link")
    .evaluateAll((links) => links.map((l) => l.getAttribute("href")!));
  expect(hrefs).toContain("/maintenance.ics");
  for (const href of hrefs.filter((h) => h.startsWith("/"))) expect((await request.get(href)).ok(), href).toBe(true);
  await page.getByRole("link", { name: "Badge" }).click();
  await expect(page).toHaveURL(/#badge$/);
  // The menu closes as it opened; Escape closes it and gives the focus back to its button; so does leaving it.
  await subscribe.focus();
  await page.keyboard.press("Enter");
  await expect(own).toBeHidden();
  await page.keyboard.press("Enter");
  await expect(own).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Escape");
  await expect(own).toBeHidden();
  await expect(subscribe).toBeFocused();
  await page.keyboard.press("Enter");
  for (let i = 0; i < 12; i += 1) await page.keyboard.press("Tab");
  await expect(own).toBeHidden();
});

test("/maintenance.ics is a calendar an iCalendar library reads (the sample content plans no maintenance)", async ({ request }) => {
  const response = await request.get("/maintenance.ics");
  expect(response.ok()).toBe(true);
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  expect(calendar.name).toBe("vcalendar");
  expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Location Tracker: maintenance");
  expect(calendar.getAllSubcomponents("vevent")).toHaveLength(0);
});
