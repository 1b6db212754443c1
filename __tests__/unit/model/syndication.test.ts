/**
 * The RSS feed and the badges, read back with the browser's own XML parser
 * (jsdom's DOMParser), and RSS's titles and descriptions then as HTML, as feed
 * readers take them: markup in the content and non-Latin text come through as
 * the text they are.
 */
import { badgeEndpoint, badgeSvg, escapeXml } from "../../../src/publish/syndication";
import { alertsRss } from "../../../src/publish/feeds";
import type { Alert } from "../../../src/domain/kernel/types";
import type { NoticeIncident, NoticeWindow } from "../../../src/domain/incidents/statusNotices";

const SITE = { title: "Location Tracker", description: "Server status & more <live>", siteUrl: "https://status.example.com/" };
const BUILT = new Date("2026-11-23T12:00:00Z");

const alert = (overrides: Partial<Alert> = {}): Alert => ({
  id: "alert-1",
  server: "AP-East-1",
  type: "error",
  message: "Server offline: connection timeout after 10 s",
  ip: "203.0.113.58",
  location: "Hong Kong, China",
  timestamp: "2026-11-23 10:37 UTC",
  ...overrides,
});

/** What a feed reader shows of an RSS title or description: it reads them as HTML. */
const shown = (html: string | null | undefined) => {
  const document = new DOMParser().parseFromString(html ?? "", "text/html");
  expect(document.body.children).toHaveLength(0); // no element: markup in the content stays text
  return document.body.textContent;
};

const parse = (xml: string, type: DOMParserSupportedType) => {
  const document = new DOMParser().parseFromString(xml, type);
  expect(document.getElementsByTagName("parsererror")).toHaveLength(0);
  return document;
};

describe("escapeXml", () => {
  it("escapes the characters that mean something in XML and drops those XML cannot hold", () => {
    expect(escapeXml(`<b onclick="x">Tom & 'Jerry'</b>\u0000\u0007`)).toBe(
      "&lt;b onclick=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/b&gt;",
    );
    expect(escapeXml("東京 · Zürich · 🚀")).toBe("東京 · Zürich · 🚀");
  });
});

describe("alertsRss", () => {
  const alerts = [
    alert(),
    alert({
      id: "check-x-1",
      server: "<img src=x onerror=alert(1)>",
      message: "Server back online",
      type: "info",
      timestamp: "2026-11-23T09:00:00.000Z",
    }),
    alert({ id: "alert-3", server: "東京-1", message: "High response time: 156 ms, over the 150 ms threshold", type: "warning" }),
  ];
  const document = parse(alertsRss(alerts, SITE, BUILT), "application/xml");

  it("is RSS 2.0 with the site as its channel", () => {
    const rss = document.documentElement;
    expect(rss.nodeName).toBe("rss");
    expect(rss.getAttribute("version")).toBe("2.0");
    const channel = rss.getElementsByTagName("channel")[0];
    expect(shown(channel.getElementsByTagName("title")[0].textContent)).toBe("Location Tracker: alerts");
    expect(channel.getElementsByTagName("link")[0].textContent).toBe("https://status.example.com/");
    expect(shown(channel.getElementsByTagName("description")[0].textContent)).toBe("Server status & more <live>");
    expect(channel.getElementsByTagName("lastBuildDate")[0].textContent).toBe("Mon, 23 Nov 2026 12:00:00 GMT");
  });

  it("has one item per alert, in order, each with a guid, an RFC 822 date and its text as text", () => {
    const items = [...document.getElementsByTagName("item")];
    expect(items).toHaveLength(3);
    const text = (item: Element, tag: string) => item.getElementsByTagName(tag)[0]?.textContent;
    expect(items.map((item) => text(item, "guid"))).toEqual(["alert-1", "check-x-1", "alert-3"]);
    expect(items[0].getElementsByTagName("guid")[0].getAttribute("isPermaLink")).toBe("false");
    expect(text(items[0], "pubDate")).toBe("Mon, 23 Nov 2026 10:37:00 GMT");
    expect(text(items[1], "pubDate")).toBe("Mon, 23 Nov 2026 09:00:00 GMT");
    expect(shown(text(items[1], "title"))).toBe("<img src=x onerror=alert(1)>: Server back online");
    expect(items[1].getElementsByTagName("img")).toHaveLength(0);
    expect(shown(text(items[2], "title"))).toBe("東京-1: High response time: 156 ms, over the 150 ms threshold");
    expect(text(items[2], "category")).toBe("warning");
  });
});

describe("badges", () => {
  it.each([
    ["online", "Online", "047857"],
    ["warning", "Warning", "b45309"],
    ["offline", "Offline", "b91c1c"],
    ["maintenance", "Maintenance", "475569"],
  ])("a measured %s server's badge says %s, in a colour white text reads on", (status, message, colour) => {
    const svg = parse(badgeSvg({ name: "EU-West-1", status, source: "measured" }), "image/svg+xml").documentElement;
    expect(svg.nodeName).toBe("svg");
    expect(svg.getAttribute("aria-label")).toBe(`EU-West-1: ${message}`);
    expect(svg.getElementsByTagName("title")[0].textContent).toBe(`EU-West-1: ${message}`);
    expect([...svg.getElementsByTagName("text")].map((t) => t.textContent)).toEqual(["EU-West-1", message]);
    expect(svg.getElementsByTagName("rect")[1].getAttribute("fill")).toBe(`#${colour}`);
    expect(badgeEndpoint({ name: "EU-West-1", status, source: "measured" })).toEqual({
      schemaVersion: 1,
      label: "EU-West-1",
      message,
      color: colour,
    });
  });

  it.each([
    ["simulated", "not measured"],
    ["sample", "sample"],
  ] as const)("a %s server's badge says %s in grey, whatever status its figures say", (source, message) => {
    for (const status of ["online", "offline", "warning"]) {
      const svg = parse(badgeSvg({ name: "EU-West-1", status, source }), "image/svg+xml").documentElement;
      expect(svg.getAttribute("aria-label")).toBe(`EU-West-1: ${message}`);
      expect([...svg.getElementsByTagName("text")].map((t) => t.textContent)).toEqual(["EU-West-1", message]);
      expect(svg.getElementsByTagName("rect")[1].getAttribute("fill")).toBe("#475569");
      expect(badgeEndpoint({ name: "EU-West-1", status, source })).toEqual({
        schemaVersion: 1,
        label: "EU-West-1",
        message,
        color: "475569",
      });
    }
  });

  it("markup and non-Latin names stay text, and the badge grows with them", () => {
    const name = "<script>alert(1)</script> 東京";
    const svg = parse(badgeSvg({ name, status: "online", source: "measured" }), "image/svg+xml").documentElement;
    expect(svg.getElementsByTagName("script")).toHaveLength(0);
    expect(svg.getElementsByTagName("text")[0].textContent).toBe(name);
    const short = parse(badgeSvg({ name: "A", status: "online", source: "measured" }), "image/svg+xml").documentElement;
    expect(Number(svg.getAttribute("width"))).toBeGreaterThan(Number(short.getAttribute("width")) + 150);
  });
});

describe("alertsRss with incidents and maintenance", () => {
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
  const later = { ...window, start: "2026-12-06T02:00:00.000Z", end: "2026-12-06T03:00:00.000Z" };
  const xml = alertsRss([alert()], SITE, BUILT, { incidents: [incident], windows: [window, later] });
  const items = [...parse(xml, "application/xml").getElementsByTagName("item")];
  const text = (item: Element, tag: string) => item.getElementsByTagName(tag)[0]?.textContent;

  it("has an item per incident update, newest first among the alerts, linked to the incident, its markup as text", () => {
    expect(items.map((i) => text(i, "guid"))).toEqual([
      "maintenance:weekly:2026-11-29T02:00:00.000Z",
      "incident:db-down:2026-11-23T11:00:00Z",
      "alert-1",
      "incident:db-down:2026-11-23T09:00:00Z",
    ]);
    const update = items[1];
    expect(shown(text(update, "title"))).toBe("Identified: <b>Database</b> slow (Major impact)");
    expect(shown(text(update, "description"))).toBe("A disk.\nReplacing it. (Affects US-East-1)");
    expect(text(update, "link")).toBe("https://status.example.com/incidents#db-down");
    expect(text(update, "pubDate")).toBe("Mon, 23 Nov 2026 11:00:00 GMT");
    expect(text(update, "category")).toBe("incident");
  });

  it("has an item per window, for its next time, with its rule", () => {
    const item = items[0];
    expect(shown(text(item, "title"))).toBe("Maintenance: OS updates, 2026-11-29 02:00 UTC to 2026-11-29 03:00 UTC");
    expect(shown(text(item, "description"))).toBe("One restart. Every Sunday at 03:00 (Europe/Berlin), 60 minutes. (Affects EU-Central-1)");
    expect(text(item, "link")).toBe("https://status.example.com/incidents#maintenance");
    expect(text(item, "category")).toBe("maintenance");
  });
});
