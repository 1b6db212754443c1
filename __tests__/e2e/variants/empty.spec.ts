import * as XLSX from "xlsx";
import { expect, test } from "../fixtures";
import { serveBuiltVariant } from "./variantSite";

const siteUrl = serveBuiltVariant(test, "empty", 9202);

const EMPTY_TEXT: Record<string, string[]> = {
  "/": [
    "Across 0 regions",
    "No servers yet",
    "No server online",
    "No alerts. All quiet.",
    "No performance data yet.",
    "No servers are listed yet.",
  ],
  "/map": ["Operational worldwide", "No servers are listed yet."],
  "/analytics": ["No analytics figures yet.", "No server is checked yet."],
  "/servers": ["No servers are listed yet."],
  "/security": ["No security figures yet.", "No security alerts."],
  "/reports": ["No reports yet.", "Ready to download"],
};

for (const [route, texts] of Object.entries(EMPTY_TEXT)) {
  test(`with empty content ${route} says so, with no NaN and no console error`, async ({ page, consoleLog }) => {
    await page.goto(siteUrl() + route);
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    for (const text of texts) await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
    const body = await page.locator("main").innerText();
    expect(body).not.toMatch(/NaN|Infinity|undefined|null/);
    expect(consoleLog.filter((l) => /^(error|warning|pageerror):/.test(l))).toEqual([]);
  });
}

test("with empty content the export still writes both sheets with their headers", async ({ page }) => {
  await page.goto(siteUrl() + "/");
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export Report" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^server-report-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const book = XLSX.read(Buffer.concat(chunks));
  expect(book.SheetNames).toEqual(["Server Status", "Alerts"]);
  expect(XLSX.utils.sheet_to_json(book.Sheets["Server Status"], { header: 1 })).toEqual([
    ["Server Name", "IP Address", "Location", "Status", "Uptime", "Response Time (ms)", "Last Checked", "Source"],
  ]);
  expect(XLSX.utils.sheet_to_json(book.Sheets.Alerts, { header: 1 })).toEqual([
    ["Server", "Type", "Message", "IP Address", "Location", "Timestamp"],
  ]);
});
