import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectAxeCleanInBothThemes, hydrated, problems, test } from "../fixtures";
import { MEASURED_ACK_NOTE } from "./measuredContent";
import { VARIANTS_ROOT, serveBuiltVariant } from "./variantSite";

/**
 * /security over the measured build (#34): US-East-1 is checked over HTTPS by
 * three real runs of the job (measuredContent.ts), which scanned its answers;
 * the page shows what checks/security.json holds, the editors' acknowledgement
 * and their own alerts, each saying where it comes from.
 */
const siteUrl = serveBuiltVariant(test, "measured", 9218);

type SecurityFile = {
  scans: Record<string, { at: string; outcomes: Array<{ rule: string; passed: boolean }> }>;
  findings: Array<{ server: string; rule: string; resolved: string | null }>;
};
const jobFiles = () => {
  const dir = fs.readFileSync(path.join(VARIANTS_ROOT, "measured.built"), "utf8");
  const read = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(dir, "content", file), "utf8")) as T;
  return { security: read<SecurityFile>("checks/security.json"), latest: read<{ finishedAt: string }>("checks/latest.json") };
};

const card = (page: Page, title: string) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

async function expectScan(page: Page) {
  const { security, latest } = jobFiles();
  // the job scanned the one HTTPS check, and kept what each rule found
  expect(Object.keys(security.scans)).toEqual(["srv-us-east-1"]);
  const outcomes = security.scans["srv-us-east-1"].outcomes;
  const passed = outcomes.filter((o) => o.passed).length;
  expect(
    outcomes
      .filter((o) => !o.passed)
      .map((o) => o.rule)
      .sort(),
  ).toEqual(["content-security-policy", "framing", "referrer-policy"]);
  await expect(card(page, "Security Score")).toContainText(
    `${Math.floor((passed / outcomes.length) * 100)}%${passed} rules passed of ${outcomes.length} judged, on 1 serverMeasured by the check job`,
  );
  // two active (the referrer policy is acknowledged), none high
  await expect(card(page, "Active Threats")).toContainText("2None of high severity; 1 acknowledged, not countedMeasured by the check job");
  await expect(card(page, "Last Scan")).toContainText(
    `${latest.finishedAt.slice(11, 16)} UTCOn ${latest.finishedAt.slice(0, 10)}; the next by`,
  );
  await expect(card(page, "Blocked Attacks")).toContainText("1,247This monthTyped by an editor (content/security-cards.json)");

  const alerts = page.getByRole("region", { name: "Security Alerts" }).getByRole("listitem");
  // the job's four findings (HSTS resolved by the second run), then the editors' four alerts
  await expect(alerts).toHaveCount(4 + 4);
  await expect(alerts.nth(0)).toContainText(/^.*: not met on US-East-1First seen .* UTCMeasured by the check jobActive/);
  await expect(alerts.filter({ hasText: "Referrer-Policy: not met on US-East-1" })).toContainText("Acknowledged");
  await expect(alerts.filter({ hasText: "Strict-Transport-Security for six months: not met on US-East-1" })).toContainText(
    /resolved .* UTC.*Resolved/,
  );
  await expect(alerts.nth(4)).toContainText("Typed by an editor (content/security-alerts.json)");
  // how the score is counted: a row per rule judged
  await expect(page.getByRole("table", { name: /^Each rule and the servers that passed it/ }).getByRole("row")).toHaveCount(
    outcomes.length + 1,
  );
}

test("/security shows what the job's scan found, the acknowledgement, and the editors' alerts, each saying so", async ({
  page,
  consoleLog,
}) => {
  await page.goto(`${siteUrl()}/security`);
  await hydrated(page);
  await expectScan(page);
  // View Details: what was seen, why, how to fix, the reference, the editor's note
  await page.getByRole("button", { name: "View details: Referrer-Policy: not met on US-East-1" }).click();
  const dialog = page.getByRole("dialog", { name: "Security finding" });
  await expect(dialog).toContainText("What was seenno Referrer-Policy header");
  await expect(dialog).toContainText("How to fix itSend Referrer-Policy: strict-origin-when-cross-origin");
  await expect(dialog).toContainText(`Acknowledged${MEASURED_ACK_NOTE} (until `);
  await expect(dialog.getByRole("link", { name: "Mozilla HTTP Observatory: tests and scoring" })).toHaveAttribute(
    "href",
    "https://developer.mozilla.org/en-US/observatory/docs/tests_and_scoring",
  );
  await expect(dialog.getByRole("link", { name: "US-East-1" })).toHaveAttribute("href", "/servers/srv-us-east-1");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect(problems(consoleLog)).toEqual([]);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the scan's figures and findings are in the HTML", async ({ page }) => {
    await page.goto(`${siteUrl()}/security`);
    await expectScan(page);
  });
});

for (const width of [1280, 375]) {
  test(`/security has no WCAG 2.1 A/AA violations at ${width}px, light and dark`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${siteUrl()}/security`);
    await hydrated(page);
    await expectAxeCleanInBothThemes(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}
