import http from "node:http";
import type net from "node:net";
import type { Page } from "@playwright/test";
import { expect, expectAxeCleanInBothThemes, hydrated, problems, test } from "../fixtures";
import { READERS_LAST_RUN, READERS_SERVERS } from "./readersContent";
import { serveBuiltVariant } from "./variantSite";

/**
 * "Is it me?" (#50) in the browser: a server's page asks the server from the
 * reader's browser on a click only, at the address the page already shows
 * (never its query), and sets what it saw beside the site's checks. Servers on
 * 127.0.0.1 answer, refuse, or hang; each verdict comes within 5 s.
 */
const siteUrl = serveBuiltVariant(test, "readers", 9247);

let answering: http.Server;
let hanging: http.Server;
const held = new Set<net.Socket>();
const asked: string[] = [];
const headersSeen: http.IncomingHttpHeaders[] = [];

test.beforeAll(async () => {
  answering = http.createServer((request, response) => {
    asked.push(request.url ?? "");
    headersSeen.push(request.headers);
    // A moment to answer: a second click meanwhile must ask nothing more.
    setTimeout(() => {
      response.statusCode = 503;
      response.end("busy");
    }, 300);
  });
  hanging = http.createServer((request) => {
    asked.push(request.url ?? "");
    held.add(request.socket);
  });
  await new Promise<void>((resolve) => answering.listen(READERS_SERVERS.answers.port, "127.0.0.1", resolve));
  await new Promise<void>((resolve) => hanging.listen(READERS_SERVERS.hangs.port, "127.0.0.1", resolve));
});

test.afterAll(async () => {
  for (const socket of held) socket.destroy();
  for (const server of [answering, hanging]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function open(page: Page, id: string) {
  await page.clock.install({ time: new Date(READERS_LAST_RUN + 60_000) });
  await page.goto(`${siteUrl()}/servers/${id}/`);
  await hydrated(page);
}

const verdicts = [
  [
    READERS_SERVERS.answers,
    "Answers-Here answers from here and from our checks: if something does not work for you, it is not reaching the server.",
  ],
  [READERS_SERVERS.refuses, "Refuses-Here does not answer from here nor from our checks: you are not alone."],
  [
    READERS_SERVERS.hangs,
    "Hangs-Here does not answer from here (nothing within 4 s), but does from our checks: the problem is likely on your side or in your network (or the server refuses requests from other sites: open its address to be sure).",
  ],
] as const;

for (const [server, words] of verdicts) {
  test(`${server.name}: nothing asked before the click, then one request to its published address and the verdict within 5 s`, async ({
    page,
    consoleLog,
    outsideRequests,
  }) => {
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await open(page, server.id);
    const target = `http://127.0.0.1:${server.port}/health`;
    expect(requests.filter((url) => url.startsWith(`http://127.0.0.1:${server.port}`))).toEqual([]);
    const button = page.getByRole("button", { name: "Is it me? Ask it from here" });
    await button.focus();
    const clicked = Date.now();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: server.name })).toHaveText(words, { timeout: 5000 });
    expect(Date.now() - clicked).toBeLessThan(5000);
    // Its address as the page shows it: the query of the check (which may hold a secret) is never sent, nor anything else.
    expect(requests.filter((url) => url.startsWith(`http://127.0.0.1:${server.port}`))).toEqual([target]);
    expect(requests.every((url) => url.startsWith(siteUrl()) || url === target)).toBe(true);
    expect(outsideRequests).toEqual([]);
    // The browser's own lines about the request it made (a 503, a refused connection) and nothing of the page's.
    const own = (line: string) =>
      /^error: Failed to load resource: (the server responded with a status of 503|net::ERR_CONNECTION_REFUSED)/.test(line);
    expect(problems(consoleLog).filter((line) => !own(line))).toEqual([]);
  });
}

test("the dashboard asks the servers its cards show, each at its published address, and says each verdict", async ({
  page,
  outsideRequests,
}) => {
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  await page.clock.install({ time: new Date(READERS_LAST_RUN + 60_000) });
  await page.goto(`${siteUrl()}/`);
  await hydrated(page);
  expect(requests.filter((url) => /127\.0\.0\.1:947\d/.test(url))).toEqual([]);
  await page.getByRole("button", { name: "Is it me? Ask these servers from here" }).click();
  const region = page.getByRole("region", { name: "Server Status" });
  // The summary is announced; the sample's six servers have no check, so nothing to ask them.
  await expect(region.getByRole("status")).toHaveText(
    "1 of 3 asked answer from here; 6 with no address a browser can ask (not an HTTP check).",
    {
      timeout: 5000,
    },
  );
  await expect(region.getByRole("list", { name: "From your browser" }).getByRole("listitem")).toHaveText(
    verdicts.map(([, words]) => words),
  );
  const asked = requests.filter((url) => /127\.0\.0\.1:947\d/.test(url)).sort();
  expect(asked).toEqual(Object.values(READERS_SERVERS).map((s) => `http://127.0.0.1:${s.port}/health`));
  expect(outsideRequests).toEqual([]);
  await expectAxeCleanInBothThemes(page);
});

test("the server that answers got the request without cookies, referrer or query", async ({ page }) => {
  asked.length = 0;
  headersSeen.length = 0;
  await page.context().addCookies([{ name: "session", value: "reader-secret", domain: "127.0.0.1", path: "/" }]);
  await open(page, READERS_SERVERS.answers.id);
  // A double click: the second, while asking, asks nothing more.
  await page.getByRole("button", { name: "Is it me? Ask it from here" }).dblclick();
  await expect(page.getByRole("status").filter({ hasText: "Answers-Here" })).toContainText("answers from here", { timeout: 5000 });
  expect(asked).toEqual(["/health"]);
  expect(headersSeen[0].cookie).toBeUndefined();
  expect(headersSeen[0].referer).toBeUndefined();
});

for (const width of [1280, 375]) {
  test(`a server page with its verdict has no WCAG 2.1 A/AA violations at ${width}px, light and dark`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await open(page, READERS_SERVERS.refuses.id);
    await page.getByRole("button", { name: "Is it me? Ask it from here" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Refuses-Here" })).toContainText("you are not alone", { timeout: 5000 });
    await expectAxeCleanInBothThemes(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}
