import fs from "node:fs";
import path from "node:path";
import { compileSchema } from "../../src/domain/content/schemaIssues";
import { expect, hydrated, test } from "./fixtures";

/** The site's data for other tools, as a reader of /api/v1, a feed reader and a README embed get it. */
const CONTENT = path.resolve(__dirname, "..", "..", "content");
const content = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(CONTENT, file), "utf8")) as T;
const SERVERS = content<Array<{ id: string; name: string; status: string }>>("servers.json");
const ALERTS = content<Array<{ id: string }>>("alerts.json");

test("/api/v1/*.json validate against their published schemas and match the content", async ({ request }) => {
  for (const name of ["servers", "alerts", "status"]) {
    const document: unknown = await (await request.get(`/api/v1/${name}.json`)).json();
    const schema = (await (await request.get(`/api/v1/${name}.schema.json`)).json()) as object;
    const validate = compileSchema(schema);
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    expect((document as { version: number }).version).toBe(1);
  }
  const servers = (await (await request.get("/api/v1/servers.json")).json()) as {
    servers: Array<{ id: string; name: string; source: string }>;
  };
  expect(servers.servers.map((s) => [s.id, s.name])).toEqual(SERVERS.map((s) => [s.id, s.name]));
  expect(servers.servers.every((s) => s.source === "simulated")).toBe(true);
  const alerts = (await (await request.get("/api/v1/alerts.json")).json()) as { alerts: Array<{ id: string }> };
  expect(alerts.alerts.map((a) => a.id).sort()).toEqual(ALERTS.map((a) => a.id).sort());
  const status = (await (await request.get("/api/v1/status.json")).json()) as {
    summary: Record<string, number>;
    newestCheck: string | null;
    sources: Record<string, number>;
    summaryOf: string;
  };
  expect(status.sources).toEqual({ measured: 0, simulated: 6, sample: 0 });
  expect(status.summaryOf).toBe("all");
  expect(status.summary).toMatchObject({ total: 6, online: 4, warning: 1, offline: 1, needAttention: 1 });
  expect(status.newestCheck).toBeNull();
});

test("/alerts.xml is an RSS 2.0 feed a reader can parse, one item per alert, and every page links to it", async ({ page, request }) => {
  const response = await request.get("/alerts.xml");
  expect(response.ok()).toBe(true);
  const xml = await response.text();
  await page.goto("/");
  const feed = await page.evaluate((text) => {
    const document = new DOMParser().parseFromString(text, "application/xml");
    return {
      errors: document.getElementsByTagName("parsererror").length,
      root: document.documentElement.nodeName,
      items: [...document.getElementsByTagName("item")].map((item) => ({
        guid: item.getElementsByTagName("guid")[0]?.textContent,
        date: item.getElementsByTagName("pubDate")[0]?.textContent,
      })),
    };
  }, xml);
  expect(feed.errors).toBe(0);
  expect(feed.root).toBe("rss");
  // The sample content has no incidents: the items are its alerts (incident updates: variants/incidents.spec.ts).
  expect(feed.items.map((i) => i.guid)).toEqual(["alert-1", "alert-2", "alert-3"]);
  for (const item of feed.items)
    expect(item.date).toMatch(
      /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$/,
    );
  // Once live (Gatsby's Head takes over the static head's tags while hydrating), one link to the feed.
  await hydrated(page);
  const link = page.locator('link[rel="alternate"][type="application/rss+xml"]');
  await expect(link).toHaveCount(1);
  await expect(link).toHaveAttribute("href", "/alerts.xml");
});

test("a server that does not answer has a null response time in /api/v1, never 0", async ({ request }) => {
  const servers = (await (await request.get("/api/v1/servers.json")).json()) as {
    servers: Array<{ name: string; status: string; responseTime: number | null; uptimeChecks: unknown }>;
  };
  const offline = servers.servers.filter((s) => s.status === "offline");
  expect(offline.map((s) => s.name)).toEqual(["AP-East-1"]);
  expect(offline[0].responseTime).toBeNull();
  expect(servers.servers.every((s) => s.uptimeChecks === null)).toBe(true);
});

test("every server has a badge: valid SVG that says what is known, and a shields.io endpoint", async ({ page, request }) => {
  await page.goto("/");
  for (const server of SERVERS) {
    const svg = await (await request.get(`/badges/${server.id}.svg`)).text();
    const parsed = await page.evaluate((text) => {
      const document = new DOMParser().parseFromString(text, "image/svg+xml");
      return {
        errors: document.getElementsByTagName("parsererror").length,
        root: document.documentElement.nodeName,
        label: document.documentElement.getAttribute("aria-label"),
      };
    }, svg);
    // Every server of the sample site is simulated: no badge claims a status nobody measured.
    expect(parsed).toEqual({ errors: 0, root: "svg", label: `${server.name}: not measured` });
    const endpoint = (await (await request.get(`/badges/${server.id}.json`)).json()) as Record<string, unknown>;
    expect(endpoint).toEqual({ schemaVersion: 1, label: server.name, message: "not measured", color: "475569" });
  }
});

test("a site with sample figures only has nothing to follow: it fetches no feed and loads no feed code", async ({ page }) => {
  const fetched: string[] = [];
  const scripts: string[] = [];
  page.on("request", (r) => fetched.push(new URL(r.url()).pathname));
  page.on("response", async (r) => {
    if (r.url().endsWith(".js")) scripts.push(await r.text().catch(() => ""));
  });
  await page.goto("/");
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  expect(fetched).not.toContain("/api/v1/servers.json");
  // The feed client's own words are in no script the page loaded.
  expect(scripts.some((body) => body.includes("status-feed"))).toBe(false);
  await expect(page.getByRole("banner").getByRole("status")).toHaveText("Simulated data");
});

test("Settings → Advanced: a status feed on another machine must be https; the bad value is not kept", async ({ page }) => {
  await page.goto("/settings#advanced");
  await hydrated(page);
  const field = page.getByLabel("Status feed URL");
  await field.fill("http://status.example.com/api/v1/servers.json");
  await page.getByRole("button", { name: "Save feed" }).click();
  await expect(page.getByText("A feed on another machine must use https:// (http:// is only for localhost and 127.0.0.1).")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("settings"))).toBeNull();
  await field.fill("https://status.example.com/api/v1/servers.json");
  await page.getByRole("button", { name: "Save feed" }).click();
  await expect(page.getByText("Status feed saved in this browser.")).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem("settings")))!)).toMatchObject({
    feedUrl: "https://status.example.com/api/v1/servers.json",
  });
});
