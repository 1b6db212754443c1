/**
 * The feeds in their three formats: Atom read back with the browser's XML parser
 * (jsdom's DOMParser), JSON Feed held to its published schema (jsonfeed-schema,
 * version 1.1); and, for generated alerts and incidents with any text, all three
 * stay well-formed and carry the text as text. RSS's own tests are in
 * syndication.test.ts; a real feed reader reads the built feeds in openData.spec.ts.
 */
import Ajv from "ajv";
import addFormats from "ajv-formats";
import fc from "fast-check";
import jsonFeedSchema from "jsonfeed-schema/schema-v1.1.json";
import {
  atomEntryId,
  atomFeed,
  feedEntries,
  jsonFeed,
  rssFeed,
  serverFeedHead,
  siteFeedHead,
  type FeedNotices,
} from "../../../src/publish/feeds";
import type { Alert } from "../../../src/domain/kernel/types";
import { serverFeedPaths } from "../../../src/domain/kernel/paths";
import type { NoticeIncident, NoticeWindow } from "../../../src/domain/incidents/statusNotices";

const SITE = { title: "Location Tracker", description: "Server status & more <live>", siteUrl: "https://status.example.com/ops" };
const BUILT = new Date("2026-11-23T12:00:00Z");

const alert = (overrides: Partial<Alert> = {}): Alert => ({
  id: "check-srv-1-20261123T103700Z-offline",
  server: "AP-East-1",
  type: "error",
  message: "Server offline: connection timeout after 10 s",
  ip: "203.0.113.58",
  location: "Hong Kong, China",
  timestamp: "2026-11-23T10:37:00.000Z",
  ...overrides,
});

const incident: NoticeIncident = {
  id: "db-down",
  title: "<b>Database</b> slow",
  impact: "major",
  status: "identified",
  affected: [{ id: "srv-us-east-1", name: "US-East-1" }],
  updates: [
    { at: "2026-11-23T09:00:00Z", status: "investigating", message: "Looking <now>." },
    { at: "2026-11-23T11:00:00Z", status: "identified", message: "A disk.\nReplacing it." },
  ],
};
const window: NoticeWindow = {
  id: "weekly",
  title: "OS updates",
  message: "One restart.",
  affected: [{ id: "srv-eu-central-1", name: "EU-Central-1" }],
  start: "2026-11-29T02:00:00.000Z",
  end: "2026-11-29T03:00:00.000Z",
  schedule: "Every Sunday at 03:00 (Europe/Berlin), 60 minutes",
};
const NOTICES: FeedNotices = { incidents: [incident], windows: [window] };

const parse = (xml: string) => {
  const document = new DOMParser().parseFromString(xml, "application/xml");
  expect(document.getElementsByTagName("parsererror")).toHaveLength(0);
  return document;
};
const text = (element: Element, tag: string) => element.getElementsByTagName(tag)[0]?.textContent ?? null;

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const validJsonFeed = ajv.compile(jsonFeedSchema);

describe("atomFeed", () => {
  const head = siteFeedHead(SITE);
  const entries = feedEntries([alert()], SITE.siteUrl, BUILT, NOTICES);
  const document = parse(atomFeed(head, entries, BUILT, SITE.siteUrl));
  const feed = document.documentElement;
  const items = [...feed.getElementsByTagName("entry")];

  it("is an Atom feed with its id, title, author, its own address and its page", () => {
    expect(feed.namespaceURI).toBe("http://www.w3.org/2005/Atom");
    expect(feed.nodeName).toBe("feed");
    const own = [...feed.children];
    const first = (tag: string) => own.find((child) => child.nodeName === tag);
    expect(first("id")?.textContent).toBe("https://status.example.com/ops/alerts.atom");
    expect(first("title")?.textContent).toBe("Location Tracker: alerts");
    expect(first("subtitle")?.textContent).toBe("Server status & more <live>");
    expect(text(first("author")!, "name")).toBe("Location Tracker");
    const links = own.filter((child) => child.nodeName === "link").map((link) => [link.getAttribute("rel"), link.getAttribute("href")]);
    expect(links).toEqual([
      ["self", "https://status.example.com/ops/alerts.atom"],
      ["alternate", "https://status.example.com/ops/"],
    ]);
  });

  it("is dated by its newest entry that has happened, not by the build", () => {
    const updated = [...feed.children].find((child) => child.nodeName === "updated")?.textContent;
    expect(updated).toBe("2026-11-23T11:00:00.000Z");
  });

  it("has an entry per window, update and alert, each with a tag URI id, a date, a term and its text as text", () => {
    expect(items.map((entry) => text(entry, "id"))).toEqual([
      "tag:status.example.com,2026:maintenance:weekly:2026-11-29T02:00:00.000Z",
      "tag:status.example.com,2026:incident:db-down:2026-11-23T11:00:00Z",
      "tag:status.example.com,2026:check-srv-1-20261123T103700Z-offline",
      "tag:status.example.com,2026:incident:db-down:2026-11-23T09:00:00Z",
    ]);
    const update = items[1];
    expect(text(update, "title")).toBe("Identified: <b>Database</b> slow (Major impact)");
    expect(update.getElementsByTagName("title")[0].getAttribute("type")).toBe("text");
    expect(update.getElementsByTagName("b")).toHaveLength(0);
    expect(text(update, "summary")).toBe("A disk.\nReplacing it. (Affects US-East-1)");
    expect(update.getElementsByTagName("summary")[0].getAttribute("type")).toBe("text");
    expect(update.getElementsByTagName("link")[0].getAttribute("href")).toBe("https://status.example.com/ops/incidents#db-down");
    expect(text(update, "published")).toBe("2026-11-23T11:00:00.000Z");
    expect(update.getElementsByTagName("category")[0].getAttribute("term")).toBe("incident");
    // A window has not happened: no published date; Atom dates it as the feed (its time is in its title), never in the future.
    expect(text(items[0], "published")).toBeNull();
    expect(text(items[0], "updated")).toBe("2026-11-23T11:00:00.000Z");
  });

  it("gives every entry an id that is a URI, whatever the content's id holds", () => {
    expect(atomEntryId("https://status.example.com", "a b/<c>é")).toBe("tag:status.example.com,2026:a%20b/%3Cc%3E%C3%A9");
    expect(atomEntryId("not a url", "x")).toBe("tag:localhost,2026:x");
    expect(atomEntryId("https://a.example", "x\uD800y")).toBe("tag:a.example,2026:x%EF%BF%BDy");
  });
});

describe("jsonFeed", () => {
  const entries = feedEntries([alert({ server: "<img src=x>" })], SITE.siteUrl, BUILT, NOTICES);
  const feed = jsonFeed(siteFeedHead(SITE), entries);

  it("is JSON Feed 1.1 by its published schema", () => {
    expect(validJsonFeed(feed)).toBe(true);
    expect(feed.version).toBe("https://jsonfeed.org/version/1.1");
    expect(feed.feed_url).toBe("https://status.example.com/ops/alerts.json");
    expect(feed.home_page_url).toBe("https://status.example.com/ops/");
  });

  it("gives text as content_text, never as HTML, and dates only what has happened", () => {
    expect(feed.items.map((item) => item.id)).toEqual(entries.map((entry) => entry.id));
    expect(feed.items.every((item) => !("content_html" in item))).toBe(true);
    const alertItem = feed.items.find((item) => item.tags[0] === "error")!;
    expect(alertItem.title).toBe("<img src=x>: Server offline: connection timeout after 10 s");
    expect(alertItem.date_published).toBe("2026-11-23T10:37:00.000Z");
    expect(feed.items[0].tags).toEqual(["maintenance"]);
    expect(feed.items[0].date_published).toBeUndefined();
  });
});

describe("a server's feed", () => {
  it("lives under /feeds/<id> in each format, titled by the server and linked to its page", () => {
    expect(serverFeedPaths("srv-1")).toEqual({ rss: "/feeds/srv-1.xml", atom: "/feeds/srv-1.atom", json: "/feeds/srv-1.json" });
    const head = serverFeedHead(SITE, { id: "srv-1", name: "AP-East-1" }, "/servers/srv-1");
    expect(head.title).toBe("Location Tracker: AP-East-1");
    expect(head.home).toBe("https://status.example.com/ops/servers/srv-1");
    expect(head.self.atom).toBe("https://status.example.com/ops/feeds/srv-1.atom");
    // Its alerts link to the server's page, not the dashboard.
    const [entry] = feedEntries([alert()], SITE.siteUrl, BUILT, { incidents: [], windows: [] }, "/servers/srv-1");
    expect(entry.link).toBe("https://status.example.com/ops/servers/srv-1");
  });
});

describe("any content", () => {
  // XML 1.0 cannot hold some characters (escapeXml drops them); the rest must come back exactly.
  const xmlText = (s: string) => s.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "");
  // XML parsers normalise line ends (CR LF and CR become LF).
  const readBack = (s: string) => xmlText(s).replace(/\r\n?/g, "\n");
  const anyText = fc.oneof(
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 20 }),
  );
  const anyAlert = fc.record({
    id: anyText,
    server: anyText,
    type: fc.constantFrom("error" as const, "warning" as const, "info" as const),
    message: anyText,
    ip: anyText,
    location: anyText,
    timestamp: fc.oneof(
      anyText,
      fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }).map((d) => d.toISOString()),
    ),
  });

  it("keeps all three feeds well-formed (and the JSON Feed valid), with every title and text as the text it is", () => {
    fc.assert(
      fc.property(fc.array(anyAlert, { maxLength: 6 }), anyText, (alerts, title) => {
        const site = { ...SITE, title };
        const head = siteFeedHead(site);
        const entries = feedEntries(alerts, site.siteUrl, BUILT, { incidents: [], windows: [] });
        const rss = parse(rssFeed(head, entries, BUILT));
        const atom = parse(atomFeed(head, entries, BUILT, site.siteUrl));
        const feed = jsonFeed(head, entries);
        expect(validJsonFeed(feed)).toBe(true);
        const rssItems = [...rss.getElementsByTagName("item")];
        const atomEntries = [...atom.getElementsByTagName("entry")];
        expect(rssItems).toHaveLength(alerts.length);
        expect(atomEntries).toHaveLength(alerts.length);
        entries.forEach((entry, i) => {
          // RSS is read as HTML (rssText): what a reader shows is the text (in a paragraph, where HTML keeps leading spaces).
          const html = `<p>${text(rssItems[i], "title") ?? ""}</p>`;
          expect(new DOMParser().parseFromString(html, "text/html").body.textContent).toBe(readBack(entry.title));
          expect(text(atomEntries[i], "summary")).toBe(readBack(entry.text));
          expect(feed.items[i].content_text).toBe(entry.text);
          expect(text(atomEntries[i], "id")).toMatch(/^tag:[^\s<>"]+$/);
        });
        // Atom ids differ wherever the content's ids do (ids of printable ASCII: a character XML cannot hold is dropped, half a surrogate pair read as U+FFFD).
        const plain = atomEntries.filter((_, i) => /^[\x20-\x7e]*$/.test(alerts[i].id));
        const plainIds = new Set(alerts.map((a) => a.id).filter((id) => /^[\x20-\x7e]*$/.test(id)));
        expect(new Set(plain.map((entry) => text(entry, "id"))).size).toBe(plainIds.size);
      }),
      { numRuns: 150 },
    );
  });
});
