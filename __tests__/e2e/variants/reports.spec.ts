import { MEASURED_OBJECTIVES } from "./measuredContent";
import fs from "node:fs";
import path from "node:path";
import * as XLSX from "xlsx";
import type { Page } from "@playwright/test";
import { compileSchema } from "../../../src/domain/content/schemaIssues";
import { expect, expectAxeCleanInBothThemes, hydrated, problems, test } from "../fixtures";
import { VARIANTS_ROOT, serveBuiltVariant } from "./variantSite";

/**
 * The month's availability report (#33) over the measured build, whose history
 * three real runs of the job made (measuredContent.ts): its figures are held
 * against the job's own files.
 */
const siteUrl = serveBuiltVariant(test, "measured", 9216);

type Result = { server: string; uptimeUp: number; uptimeTotal: number };
const jobFiles = () => {
  const dir = fs.readFileSync(path.join(VARIANTS_ROOT, "measured.built"), "utf8");
  const latest = JSON.parse(fs.readFileSync(path.join(dir, "content", "checks", "latest.json"), "utf8")) as {
    startedAt: string;
    finishedAt: string;
    results: Result[];
  };
  const servers = JSON.parse(fs.readFileSync(path.join(dir, "content", "servers.json"), "utf8")) as Array<{ id: string; name: string }>;
  const alerts = JSON.parse(fs.readFileSync(path.join(dir, "content", "checks", "alerts.json"), "utf8")) as Array<{ type: string }>;
  return { latest, alerts, month: latest.startedAt.slice(0, 7), nameOf: (id: string) => servers.find((s) => s.id === id)!.name };
};
const monthTitle = (month: string) =>
  `Availability report, ${new Date(`${month}-01T00:00:00Z`).toLocaleString("en", { month: "long", timeZone: "UTC" })} ${month.slice(0, 4)}`;
/** 2 of 3 -> "66.66 %", as the report rounds: down, to a hundredth. */
const percent = (up: number, total: number) => `${(Math.floor((up / total) * 10000) / 100).toFixed(2)} %`;

async function expectReport(page: Page) {
  const { latest, month, nameOf } = jobFiles();
  await expect(page.getByRole("heading", { level: 1, name: monthTitle(month) })).toBeVisible();
  await expect(page.getByText(/^In progress: figures as of \d{4}-\d\d-\d\d \d\d:\d\d UTC, the newest check\.$/)).toBeVisible();
  const table = page.getByRole("table", { name: /Each server's figures/ });
  // every server the job has a history for, with its checks as latest.json counts them (a month holds all three runs)
  for (const result of latest.results.filter((r) => r.uptimeTotal > 0 || r.server === "srv-eu-north-1")) {
    const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: nameOf(result.server) }) });
    await expect(row).toHaveCount(1);
    if (result.uptimeTotal > 0) await expect(row.getByRole("cell").first()).toHaveText(percent(result.uptimeUp, result.uptimeTotal));
  }
  // AP-East-1 did not answer the third run: one outage, going on as of the newest run
  const ap = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "AP-East-1" }) });
  await expect(ap.getByRole("cell").nth(2)).toHaveText("1");
  const outages = page.getByRole("table", { name: /^Outages/ });
  await expect(outages.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "AP-East-1" }) })).toContainText("still down");
  // the fleet's availability is every check's
  const up = latest.results.reduce((n, r) => n + r.uptimeUp, 0);
  const total = latest.results.reduce((n, r) => n + r.uptimeTotal, 0);
  const fleet = page.getByRole("region", { name: "The fleet" });
  await expect(fleet.getByText("Availability", { exact: true }).locator("xpath=following-sibling::dd")).toHaveText(percent(up, total));
  await expect(fleet.getByText("Checks", { exact: true }).locator("xpath=following-sibling::dd")).toHaveText(`${up} of ${total} up`);
  // what happened: the job's alerts (all of this month: it keeps 30 days), the editors' window over the third run, no incident
  const { alerts } = jobFiles();
  const count = (type: string) => alerts.filter((a) => a.type === type).length;
  expect(count("error")).toBeGreaterThan(0);
  const kinds = [
    [count("error"), "error"],
    [count("warning"), "warning"],
    [count("info"), "notice"],
  ].flatMap(([n, word]) => (n === 0 ? [] : [`${n} ${word}${n === 1 ? "" : "s"}`]));
  await expect(fleet.getByText("Alerts raised", { exact: true }).locator("xpath=following-sibling::dd")).toHaveText(
    `${alerts.length} (${kinds.join(", ")})`,
  );
  const windows = page.getByRole("table", { name: /^Maintenance/ });
  await expect(windows.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Upgrade of EU-North-1" }) })).toContainText(
    nameOf("srv-eu-north-1"),
  );
  await expect(page.getByText("No incident was open this month.")).toBeVisible();

  // the objectives judged on the month's checks (#48): below target (AP-East-1 down once in six; EU-North-1's check in
  // maintenance counted as down) but on track, the month's budget counting the slots still to come
  const objectives = page.getByRole("table", { name: /^The objectives/ });
  await expect(objectives.getByRole("row")).toHaveCount(MEASURED_OBJECTIVES.length + 1);
  await expect(objectives.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "US-East-1 is up" }) })).toContainText(
    "99.9 %100.000 %on track",
  );
  await expect(objectives.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "The eastern pair is up" }) })).toContainText(
    "99 %83.333 %on track",
  );
  await expect(objectives.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "EU-North-1 this week" }) })).toContainText(
    "95 %, maintenance counted as down66.666 %on track",
  );
}

test("the Reports page lists the month's report, measured, and it opens with the job's figures", async ({ page, consoleLog }) => {
  const { month } = jobFiles();
  await page.goto(`${siteUrl()}/reports`);
  await hydrated(page);
  const item = page.getByRole("listitem").filter({ hasText: monthTitle(month) });
  await expect(item).toContainText("Measured by the check job");
  await expect(item).toContainText("Processing");
  // the editors' reports stay, said to be typed
  await expect(page.getByRole("listitem").filter({ hasText: "Monthly Performance Report" })).toContainText("Typed by the editors");
  await item.getByRole("link", { name: `Open ${monthTitle(month)}` }).click();
  await expect(page).toHaveURL(new RegExp(`/reports/${month}$`));
  await expectReport(page);
  expect(problems(consoleLog)).toEqual([]);
});

test("Download workbook writes the month's report: its sheets, the fleet's figures as numbers, each outage", async ({
  page,
  consoleLog,
}) => {
  const { latest, month } = jobFiles();
  await page.goto(`${siteUrl()}/reports/${month}`);
  await hydrated(page);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download workbook" }).click()]);
  expect(download.suggestedFilename()).toBe(`availability-report-${month}.xlsx`);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const book = XLSX.read(Buffer.concat(chunks));
  expect(book.SheetNames).toEqual(["Summary", "Servers", "Outages", "Incidents", "Maintenance", "Objectives"]);
  const objectives = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Objectives, { header: 1 });
  expect(objectives.slice(1).map((r) => [r[1], r[5]])).toEqual([
    ["east-up", "on track"],
    ["east-pair", "on track"],
    ["north-week", "on track"],
  ]);
  const windows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Maintenance, { header: 1 });
  expect(windows.slice(1).map((r) => r.slice(0, 2))).toEqual([["Upgrade of EU-North-1", "EU-North-1"]]);
  const summary = new Map(XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Summary, { header: 1 }).map((r) => [r[0], r[1]] as const));
  const up = latest.results.reduce((n, r) => n + r.uptimeUp, 0);
  const total = latest.results.reduce((n, r) => n + r.uptimeTotal, 0);
  expect(summary.get("Checks up")).toBe(up);
  expect(summary.get("Availability")).toBeCloseTo(up / total, 12);
  const outages = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Outages, { header: 1 });
  expect(outages.find((r) => r[0] === "AP-East-1")?.[2]).toBe("still down");
  await expect(page.getByText("Excel file downloaded successfully")).toBeVisible();
  expect(problems(consoleLog)).toEqual([]);
});

test("Generate Report makes a period's report in the browser from the published histories: the month so far is the month's report", async ({
  page,
  consoleLog,
}) => {
  const { latest, month, nameOf } = jobFiles();
  const requested: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/v1/")) requested.push(new URL(request.url()).pathname);
  });
  await page.goto(`${siteUrl()}/reports`);
  await hydrated(page);
  await page.getByRole("button", { name: "Generate Report" }).click();
  const dialog = page.getByRole("dialog", { name: "Generate a report" });
  await expect(dialog.getByLabel("First day (UTC)")).toHaveValue(`${month}-01`);
  await expect(dialog.getByLabel("Last day (UTC)")).toHaveValue(latest.finishedAt.slice(0, 10));
  const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Generate" }).click()]);
  expect(download.suggestedFilename()).toBe(`availability-report-${month}-01-to-${latest.finishedAt.slice(0, 10)}.xlsx`);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const book = XLSX.read(Buffer.concat(chunks));
  const summary = new Map(XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Summary, { header: 1 }).map((r) => [r[0], r[1]] as const));
  // the same days as the month's report so far: the same figures, made in the browser from /api/v1/history/<id>.json
  const monthly = (await (await page.request.get(`${siteUrl()}/api/v1/reports/${month}.json`)).json()) as {
    report: { fleet: { checks: number; up: number; outages: number }; servers: Array<{ server: string }> };
  };
  expect([summary.get("Checks"), summary.get("Checks up"), summary.get("Outages")]).toEqual([
    monthly.report.fleet.checks,
    monthly.report.fleet.up,
    monthly.report.fleet.outages,
  ]);
  expect(requested.filter((p) => p.startsWith("/api/v1/history/")).sort()).toEqual(
    monthly.report.servers.map((s) => `/api/v1/history/${s.server}.json`).sort(),
  );
  await expect(page.getByText("Excel file downloaded successfully")).toBeVisible();

  // Two servers only, as JSON
  await dialog.getByRole("radio", { name: "Only those chosen below" }).check();
  await dialog
    .getByRole("listbox", { name: "Servers to report on" })
    .selectOption([{ label: nameOf("srv-us-east-1") }, { label: "AP-East-1" }]);
  await dialog.getByRole("radio", { name: /^JSON/ }).check();
  const [json] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Generate" }).click()]);
  expect(json.suggestedFilename()).toMatch(/\.json$/);
  const text: Buffer[] = [];
  for await (const chunk of await json.createReadStream()) text.push(chunk as Buffer);
  const made = JSON.parse(Buffer.concat(text).toString("utf8")) as { report: { servers: Array<{ name: string; outages: number }> } };
  expect(made.report.servers.map((s) => s.name)).toEqual([nameOf("srv-us-east-1"), "AP-East-1"]);
  expect(made.report.servers[1].outages).toBe(1);
  expect(problems(consoleLog)).toEqual([]);
});

test("Generate Report's dialog works from the keyboard and has no WCAG 2.1 A/AA violations at 375px, light and dark", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${siteUrl()}/reports`);
  await hydrated(page);
  await page.getByRole("button", { name: "Generate Report" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Generate a report" });
  await expect(dialog.getByLabel("First day (UTC)")).toHaveValue(/^\d{4}-\d\d-01$/);
  await expectAxeCleanInBothThemes(page);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Generate Report" })).toBeFocused();
});

test("/api/v1/history.json lists each checked server's history; each file follows its schema", async ({ request }) => {
  const index = (await (await request.get(`${siteUrl()}/api/v1/history.json`)).json()) as { servers: Array<{ server: string }> };
  expect(compileSchema((await (await request.get(`${siteUrl()}/api/v1/history-index.schema.json`)).json()) as object)(index)).toBe(true);
  expect(index.servers.length).toBeGreaterThan(0);
  const schema = compileSchema((await (await request.get(`${siteUrl()}/api/v1/history.schema.json`)).json()) as object);
  for (const { server } of index.servers) {
    expect(schema(await (await request.get(`${siteUrl()}/api/v1/history/${server}.json`)).json())).toBe(true);
  }
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the report page is whole in its HTML", async ({ page }) => {
    await page.goto(`${siteUrl()}/reports/${jobFiles().month}`);
    await expectReport(page);
  });
});

test("printed, the report is the page alone: no navigation, a header with the site and the period, rows kept whole", async ({ page }) => {
  const { month } = jobFiles();
  await page.goto(`${siteUrl()}/reports/${month}`);
  await hydrated(page);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByRole("link", { name: "← All reports" })).toBeHidden();
  await expect(
    page.getByText(new RegExp(`^Location Tracker · ${monthTitle(month)} · ${month}-01 to \\d{4}-\\d\\d-01 \\(UTC\\)$`)),
  ).toBeVisible();
  const rows = page.getByRole("table", { name: /Each server's figures/ }).getByRole("row");
  for (const row of await rows.all()) expect(await row.evaluate((tr) => getComputedStyle(tr).breakInside)).toBe("avoid");
  const pdf = await page.pdf({ format: "A4", printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  // the report and its outages: two A4 pages, the tables' headers repeated on each
  expect(pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g)?.length).toBeGreaterThanOrEqual(1);
  const heads = page.getByRole("table", { name: /Each server's figures/ }).locator("thead");
  expect(await heads.evaluate((thead) => getComputedStyle(thead).display)).toBe("table-header-group");
  // a reader in the dark theme prints on paper too: dark text on a light page
  await page.evaluate(() => document.documentElement.setAttribute("data-theme", "dark"));
  const colours = await page.evaluate(() => ({
    text: getComputedStyle(document.querySelector("h1")!).color,
    page: getComputedStyle(document.body).backgroundColor,
  }));
  expect(colours).toEqual({ text: "rgb(15, 23, 42)", page: expect.stringMatching(/^rgb\(2[45]\d, 2[45]\d, 2[45]\d\)$/) });
  await page.emulateMedia({ media: "screen" });
  expect(await page.evaluate(() => getComputedStyle(document.querySelector("h1")!).color)).toBe("rgb(241, 245, 249)");
});

for (const width of [1280, 375]) {
  test(`the report page has no WCAG 2.1 A/AA violations at ${width}px, light and dark`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${siteUrl()}/reports/${jobFiles().month}`);
    await hydrated(page);
    await expectAxeCleanInBothThemes(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}

test("/api/v1/reports.json lists the month; its file follows its schema and says what the page says", async ({ request }) => {
  const { month, latest } = jobFiles();
  const index = (await (await request.get(`${siteUrl()}/api/v1/reports.json`)).json()) as {
    reports: Array<{ month: string; url: string }>;
  };
  expect(index.reports.map((r) => r.month)).toEqual([month]);
  expect(compileSchema((await (await request.get(`${siteUrl()}/api/v1/reports.schema.json`)).json()) as object)(index)).toBe(true);
  const document = (await (await request.get(`${siteUrl()}/api/v1/reports/${month}.json`)).json()) as {
    report: { status: string; asOf: string; fleet: { up: number; checks: number }; objectives: Array<{ id: string; met: boolean | null }> };
  };
  expect(compileSchema((await (await request.get(`${siteUrl()}/api/v1/report.schema.json`)).json()) as object)(document)).toBe(true);
  expect(document.report).toMatchObject({ status: "processing", asOf: latest.finishedAt });
  expect(document.report.fleet.up).toBe(latest.results.reduce((n, r) => n + r.uptimeUp, 0));
  expect(document.report.objectives.map((o) => [o.id, o.met])).toEqual([
    ["east-up", true],
    ["east-pair", true],
    ["north-week", true],
  ]);
});
