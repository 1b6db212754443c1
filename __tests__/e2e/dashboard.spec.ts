import * as XLSX from "xlsx";
import { expect, hydrated, problems, test } from "./fixtures";
import type { Page } from "@playwright/test";

const SERVERS = ["US-East-1", "EU-West-1", "AP-South-1", "US-West-2", "AP-East-1", "EU-Central-1"];

/** The values a server card shows. */
async function cardValues(page: Page, name: string) {
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) });
  const fact = async (term: string) => (await card.locator("dt", { hasText: term }).locator("+ dd").innerText()).trim();
  // A time of check is said with its zone ('10:37:02 UTC', '16:07:02 GMT+5:30'): the clock, and the zone apart.
  const [lastChecked, checkedZone] = (await fact("Last checked")).split(" ");
  return {
    status: (await card.locator("h3 + span").innerText()).trim(),
    ip: await fact("IP"),
    location: await fact("Location"),
    uptime: await fact("Uptime"),
    response: await fact("Response"),
    lastChecked,
    checkedZone,
  };
}

/** SheetJS announces itself in its code; no script of the first load may contain it. */
const isSheetJs = (body: string) => body.includes("SheetJS") || /\.version\s*=\s*"0\.18\.5"/.test(body);

/** HH:MM:SS of an ISO time in the browser's own zone (the cards show local time). */
async function localClock(page: Page, iso: string): Promise<string> {
  return page.evaluate((at) => new Date(at).toTimeString().slice(0, 8), iso);
}

/** Stops the page's clock a moment from now, so no 30-second tick lands between two reads. */
async function freezeClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(new Date(now + 1000));
}

test("an offline server's card shows '—' for its response time, read as 'no answer', not 0 ms", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { level: 3, name: "AP-East-1", exact: true }) });
  const response = card.locator("dt", { hasText: "Response" }).locator("+ dd");
  await expect(response).toHaveText("—no answer");
  await expect(response).not.toContainText("0 ms");
  await expect(response.getByText("—")).toHaveAttribute("aria-hidden", "true");
  await expect(response.getByText("no answer")).toBeAttached();
});

test("Export Report downloads a workbook that matches the page, and xlsx loads only on the click", async ({ page, consoleLog }) => {
  await page.clock.install();
  const scripts: Array<{ url: string; sheetJs: boolean }> = [];
  page.on("response", async (response) => {
    if (!response.url().endsWith(".js")) return;
    const body = await response.text().catch(() => "");
    scripts.push({ url: response.url(), sheetJs: isSheetJs(body) });
  });
  await page.goto("/");
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.sheetJs)).toEqual([]);

  await freezeClock(page);
  const shown = await Promise.all(SERVERS.map(async (name) => ({ name, ...(await cardValues(page, name)) })));
  // The workbook is written off the page's thread, in a worker that starts on the click.
  const workers: string[] = [];
  page.on("worker", (worker) => workers.push(new URL(worker.url()).pathname));
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export Report" }).click()]);
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  });
  expect(download.suggestedFilename()).toBe(`server-report-${today}.xlsx`);
  await expect(page.getByText("Report Exported")).toBeVisible();
  await expect(page.getByText("Excel file downloaded successfully")).toBeVisible();
  // SheetJS loads inside that worker, whose own requests Playwright does not always report
  // to the page; budget.spec checks that only the worker's runtime can load it.
  expect(workers).toEqual([expect.stringMatching(/^\/workbook-[0-9a-f]+\.js$/)]);

  const book = XLSX.read(
    await download.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    }),
  );
  expect(book.SheetNames).toEqual(["Server Status", "Alerts"]);
  const servers = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets["Server Status"], { header: 1 });
  expect(servers[0]).toEqual(["Server Name", "IP Address", "Location", "Status", "Uptime", "Response Time (ms)", "Last Checked", "Source"]);
  expect(servers).toHaveLength(1 + SERVERS.length);
  for (const [i, row] of servers.slice(1).entries()) {
    const card = shown[i];
    const [name, ip, location, status, , response] = row as [string, string, string, string, number, number | undefined];
    // A server that did not answer: '—' on its card, an empty cell in the workbook, never 0.
    expect({ name, ip, location, status, response: response === undefined ? "—" : `${response} ms` }).toEqual({
      name: card.name,
      ip: card.ip,
      location: card.location,
      status: card.status,
      // what a screen reader hears after the dash is not shown
      response: card.response.replace(/\s*no answer$/, ""),
    });
    // Last Checked is a date with its time, the time the card shows.
    const checkedCell = book.Sheets["Server Status"][`G${i + 2}`];
    expect(checkedCell.t).toBe("n");
    expect(checkedCell.w).toBe(`2026-11-23 ${card.lastChecked}`);
    const uptimeCell = book.Sheets["Server Status"][`E${i + 2}`];
    expect(uptimeCell.t).toBe("n");
    expect(uptimeCell.w).toBe(card.uptime);
    expect(book.Sheets["Server Status"][`F${i + 2}`]?.t).toBe(response === undefined ? undefined : "n");
  }
  const alerts = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Alerts, { header: 1 });
  expect(alerts[0]).toEqual(["Server", "Type", "Message", "IP Address", "Location", "Timestamp"]);
  expect(alerts[1].slice(0, 5)).toEqual([
    "AP-East-1",
    "error",
    "Server offline: connection timeout after 30 s",
    "203.0.113.58",
    "Hong Kong, China",
  ]);
  // The alert's time is a date, in the reader's local time as the page shows it.
  expect(book.Sheets.Alerts.F2.t).toBe("n");
  expect(book.Sheets.Alerts.F2.w).toBe(
    `${await page.evaluate(() => {
      const at = new Date("2026-11-23T10:37:00Z");
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}:00`;
    })}`,
  );
  expect(problems(consoleLog)).toEqual([]);
});

test("when the xlsx code cannot load, the reader is told and the page keeps working", async ({ page, consoleLog }) => {
  await page.goto("/");
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  await page.route(/\.js$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    return isSheetJs(body) ? route.abort() : route.fulfill({ response, body });
  });
  await page.getByRole("button", { name: "Export Report" }).click();
  await expect(page.getByText("Export failed")).toBeVisible();
  await expect(
    page.getByText("The Excel file could not be created: its code could not be loaded; check the connection and try again"),
  ).toBeVisible();
  await expect(page.getByText("Report Exported")).toHaveCount(0);
  expect(consoleLog.some((line) => line.startsWith("error:") && /Export failed/.test(line))).toBe(true);
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByText("Data Refreshed")).toBeVisible();
  // Once the code can load again, the next click exports.
  await page.unroute(/\.js$/);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export Report" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^server-report-\d{4}-\d{2}-\d{2}\.xlsx$/);
});

test("every 30 seconds online servers get a new response time from 20 to 69 ms; the others keep theirs", async ({ page }) => {
  await page.clock.install({ time: new Date("2026-11-23T08:00:00") });
  await page.goto("/");
  await hydrated(page);
  const before = Object.fromEntries(await Promise.all(SERVERS.map(async (n) => [n, await cardValues(page, n)] as const)));
  const seen = new Set<string>();
  let previousCheck = before["US-East-1"].lastChecked;
  for (let tick = 0; tick < 4; tick += 1) {
    await page.clock.runFor(30_000);
    const checked = (await cardValues(page, "US-East-1")).lastChecked;
    expect(checked).toMatch(/^08:0\d:\d\d$/);
    expect(checked).not.toBe(previousCheck);
    previousCheck = checked;
    for (const name of SERVERS) {
      const now = await cardValues(page, name);
      if (before[name].status === "Online") {
        const ms = Number(now.response.replace(" ms", ""));
        expect(ms).toBeGreaterThanOrEqual(20);
        expect(ms).toBeLessThanOrEqual(69);
        seen.add(now.response);
      } else {
        expect(now.response).toBe(before[name].response);
      }
      expect(now.lastChecked).toBe(checked);
    }
  }
  expect(seen.size).toBeGreaterThan(1);
});

test("Refresh: disabled while refreshing, then every server is checked and a toast says so", async ({ page }) => {
  await page.clock.install({ time: new Date("2026-11-23T08:00:00") });
  await page.goto("/");
  await hydrated(page);
  // Stop the clock so the 1000 ms can be stepped through exactly.
  await freezeClock(page);
  const paused = await page.evaluate(() => Date.now());
  const refresh = page.getByRole("button", { name: "Refresh" });
  await refresh.click();
  await expect(refresh).toHaveAttribute("aria-disabled", "true");
  await expect(refresh).toBeFocused();
  await page.clock.runFor(999);
  await expect(refresh).toHaveAttribute("aria-disabled", "true");
  expect((await cardValues(page, "AP-East-1")).lastChecked).toBe(await localClock(page, "2026-11-23T10:37:02Z"));
  await page.clock.runFor(1);
  await expect(refresh).not.toHaveAttribute("aria-disabled");
  const checked = (await cardValues(page, "AP-East-1")).lastChecked;
  const expected = new Date(paused + 1000);
  expect(checked).toBe(`08:${String(expected.getMinutes()).padStart(2, "0")}:${String(expected.getSeconds()).padStart(2, "0")}`);
  for (const name of SERVERS) expect((await cardValues(page, name)).lastChecked).toBe(checked);
  await expect(page.getByText("Data Refreshed")).toBeVisible();
  await expect(page.getByText("Server status updated successfully")).toBeVisible();
});

test("live values survive moving between the dashboard, the map and the servers page", async ({ page }) => {
  await page.clock.install({ time: new Date("2026-11-23T08:00:00") });
  await page.goto("/");
  await hydrated(page);
  await page.clock.runFor(30_000);
  const live = await cardValues(page, "US-East-1");
  expect(live.lastChecked).toMatch(/^08:00:\d\d$/);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Servers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Server Management" })).toBeVisible();
  expect(await cardValues(page, "US-East-1")).toEqual(live);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Server Dashboard" })).toBeVisible();
  expect(await cardValues(page, "US-East-1")).toEqual(live);
});

test.describe("in another time zone", () => {
  test.use({ timezoneId: "Asia/Kolkata" });

  test("a time of check reads in the reader's local time once the page is live, without a hydration error", async ({
    page,
    consoleLog,
  }) => {
    await page.goto("/");
    await hydrated(page);
    // 10:37:02 UTC is 16:07:02 in India (UTC+5:30), and the card names the offset.
    const values = await cardValues(page, "AP-East-1");
    expect([values.lastChecked, values.checkedZone]).toEqual(["16:07:02", "GMT+5:30"]);
    expect(problems(consoleLog)).toEqual([]);
  });
});

test("toasts can be seen, not only read: fully opaque, in the bottom-right corner, stacked without overlapping", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  // The opacity a reader sees: the text's own times every ancestor's.
  const seen = (text: string) =>
    page.getByText(text, { exact: true }).evaluate((el) => {
      let opacity = 1;
      for (let node: Element | null = el; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
      const box = el.closest("[role=status]")!.getBoundingClientRect();
      return { opacity, top: box.top, bottom: box.bottom, right: box.right };
    });
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByText("Data Refreshed", { exact: true })).toBeVisible();
  await expect.poll(async () => (await seen("Data Refreshed")).opacity).toBe(1);
  await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export Report" }).click()]);
  await expect.poll(async () => (await seen("Report Exported")).opacity).toBe(1);
  const [first, second] = [await seen("Data Refreshed"), await seen("Report Exported")];
  const viewport = page.viewportSize()!;
  expect(second.right).toBeGreaterThan(viewport.width - 40);
  expect(second.bottom).toBeGreaterThan(viewport.height - 120);
  // One above the other (react-hot-toast stacks them by their measured heights).
  expect(first.bottom <= second.top || second.bottom <= first.top).toBe(true);
});

test("the chart drawn at build time is there after client-side navigation, and keys, pointer and a phone's narrow drawing work", async ({
  page,
}) => {
  await page.goto("/servers");
  await hydrated(page);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.getByRole("navigation").getByRole("link", { name: "Dashboard" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  // the drawing came with the page's data: the wide one shows at this width
  const chart = page.getByRole("img", { name: "24 Hour Performance Overview" });
  await expect(chart).toHaveCount(1);
  await expect(chart).toHaveAttribute("viewBox", "0 0 640 256");
  await expect(chart.locator("text[id*='-time-']")).toHaveText(["00:00", "04:00", "08:00", "12:00", "16:00", "20:00"]);
  const slider = page.getByRole("slider", { name: "24 Hour Performance Overview: the figures at one time" });
  await slider.focus();
  await page.keyboard.press("ArrowRight");
  await expect(slider).toHaveAttribute("aria-valuetext", "04:00: response time 52 ms, uptime 99.8%");
  const tooltip = page.locator("[data-size='wide'] [data-align]");
  await expect(tooltip).toHaveText("04:00: response time 52 ms, uptime 99.8%");
  await expect(tooltip).toBeVisible();
  // the pointer: the last point is at the right of the chart
  await slider.scrollIntoViewIfNeeded();
  const box = (await slider.boundingBox())!;
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
  await expect(slider).toHaveAttribute("aria-valuenow", "5");
  // no script loaded for the chart holds Victory
  for (const url of scripts) expect(await (await page.request.get(url)).text(), url).not.toContain("VictoryChart");

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(chart).toHaveAttribute("viewBox", "0 0 340 240");
  // the narrow drawing has its own axes and draws the wide one's lines by reference (#45): they span its plot
  const share = async () => (await chart.locator("use").boundingBox())!.width / (await chart.boundingBox())!.width;
  await expect.poll(share).toBeGreaterThan(0.8);
  await page.mouse.move(0, 0);
  await slider.scrollIntoViewIfNeeded();
  const phoneBox = (await slider.boundingBox())!;
  await page.mouse.move(phoneBox.x + 2, phoneBox.y + phoneBox.height / 2);
  await expect(slider).toHaveAttribute("aria-valuenow", "0");
  await expect(page.locator("[data-size='narrow'] [data-align]")).toBeVisible();
});
