import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { expect, hydrated, problems, test } from "./fixtures";

/**
 * Browser notifications: with Push Notifications on and the permission
 * granted, a page that follows the status feed shows a system notification
 * when the feed turns a measured server offline. The page's Notification is
 * wrapped so the test sees what was shown (the real one is still called).
 */
const record = (status: string, detail: string) => ({
  id: "srv-us-east-1",
  name: "US-East-1",
  ip: "192.0.2.10",
  location: "Ashburn, USA",
  status,
  uptime: "99.9%",
  responseTime: status === "offline" ? null : 42,
  lastChecked: new Date().toISOString(),
  coordinates: [-77.4874, 39.0438],
  source: "measured",
  detail,
});
const feedOf = (status: string, detail: string) => ({
  version: 1,
  generatedAt: new Date().toISOString(),
  servers: [record(status, detail)],
});

const feed = { answers: [] as unknown[], url: "" };
let server: http.Server;
test.beforeAll(async () => {
  server = http.createServer((request, response) => {
    response.setHeader("Access-Control-Allow-Origin", "*");
    const answer = feed.answers.length > 1 ? feed.answers.shift() : feed.answers[0];
    response.writeHead(answer ? 200 : 503, { "content-type": "application/json" });
    response.end(answer ? JSON.stringify(answer) : "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  feed.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/servers.json`;
});
test.afterAll(() => server.close());
test.describe.configure({ mode: "serial" });

/** Records each notification the page constructs (title, body, and whether the browser showed it or failed). */
async function recordNotifications(page: Page) {
  await page.addInitScript(() => {
    const Real = window.Notification;
    const seen: Array<{ title: string; body: string; tag: string; outcome: string }> = [];
    (window as unknown as { seenNotifications: typeof seen }).seenNotifications = seen;
    class Recorded extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        const entry = { title, body: options?.body ?? "", tag: options?.tag ?? "", outcome: "constructed" };
        seen.push(entry);
        this.addEventListener("show", () => (entry.outcome = "shown"));
        this.addEventListener("error", () => (entry.outcome = "error"));
      }
    }
    window.Notification = Recorded;
  });
}
const seen = (page: Page) =>
  page.evaluate(() => (window as unknown as { seenNotifications: Array<{ title: string; body: string }> }).seenNotifications);

test("with permission granted and Push Notifications on, a feed turning a server offline shows a notification", async ({
  page,
  context,
  baseURL,
  consoleLog,
}) => {
  await context.grantPermissions(["notifications"], { origin: baseURL! });
  await recordNotifications(page);
  await page.addInitScript((url) => localStorage.setItem("settings", JSON.stringify({ feedUrl: url, refreshInterval: 5 })), feed.url);
  feed.answers = [feedOf("online", "HTTP 200 in 42 ms"), feedOf("offline", "connection refused")];

  // The reader turns Push Notifications on: the permission is there already, so no question.
  await page.goto("/settings#notifications");
  await hydrated(page);
  const push = page.getByRole("switch", { name: "Push Notifications" });
  await push.click();
  await expect(push).toBeChecked();
  await expect(page.getByRole("alert")).toHaveCount(0);

  // The dashboard follows the feed: online first (where the page starts), then offline.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { level: 3, name: "US-East-1", exact: true }) });
  await expect(card).toContainText("Offline", { timeout: 15_000 });
  await expect
    .poll(() => seen(page))
    .toEqual([
      {
        title: "US-East-1 is down",
        body: "srv-us-east-1 (Ashburn, USA) is offline, was online. connection refused.",
        tag: "srv-us-east-1 offline",
        outcome: expect.stringMatching(/^(constructed|shown)$/),
      },
    ]);
  expect(problems(consoleLog)).toEqual([]);
});

test("no notification when Push Notifications is off, and the page never asks for permission", async ({ page }) => {
  await recordNotifications(page);
  await page.addInitScript(() => {
    (window as unknown as { asked: number }).asked = 0;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...args) => {
      (window as unknown as { asked: number }).asked += 1;
      return ask(...args);
    };
  });
  await page.addInitScript((url) => localStorage.setItem("settings", JSON.stringify({ feedUrl: url, refreshInterval: 5 })), feed.url);
  feed.answers = [feedOf("online", "HTTP 200 in 42 ms"), feedOf("offline", "connection refused")];
  await page.goto("/");
  await hydrated(page);
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { level: 3, name: "US-East-1", exact: true }) });
  await expect(card).toContainText("Offline", { timeout: 15_000 });
  await page.goto("/settings#notifications");
  await hydrated(page);
  await expect(page.getByRole("switch", { name: "Push Notifications" })).not.toBeChecked();
  expect(await seen(page)).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(0);
});

test("a site without content/notifications.json says it sends none", async ({ page }) => {
  await page.goto("/settings#notifications");
  await hydrated(page);
  const card = page.getByRole("region", { name: "Sent by this site" });
  await expect(card).toContainText("This site sends no notifications: its content has no notifications.json.");
  await expect(card).toContainText("CONTENT.md (Notifications), in the project's repository says how");
});
