import { expect, hydrated, problems, test } from "./fixtures";

test("Dark Mode applies at once and is there again after a reload, before any script runs", async ({ page }) => {
  await page.goto("/settings");
  await hydrated(page);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe("rgb(248, 250, 252)");
  await page.getByRole("switch", { name: "Dark Mode" }).click();
  await expect(page.getByRole("switch", { name: "Dark Mode" })).toBeChecked();
  await expect.poll(background).toBe("rgb(11, 17, 32)");
  await page.reload({ waitUntil: "commit" });
  await page.waitForSelector("body");
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
  await hydrated(page);
  expect(await background()).toBe("rgb(11, 17, 32)");
  await expect(page.getByRole("switch", { name: "Dark Mode" })).toBeChecked();
});

test("an invalid refresh interval shows an inline message and is not applied", async ({ page }) => {
  await page.goto("/settings");
  await hydrated(page);
  const field = page.getByLabel("Refresh Interval (seconds)");
  for (const bad of ["2", "4000", "12.5", ""]) {
    await field.fill(bad);
    await field.press("Enter");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("alert").filter({ hasText: /Enter a/ })).toBeVisible();
  }
  await page.reload();
  await hydrated(page);
  await expect(page.getByLabel("Refresh Interval (seconds)")).toHaveValue("30");
  const stored = await page.evaluate(() => localStorage.getItem("settings"));
  expect(stored === null || JSON.parse(stored).refreshInterval === 30).toBe(true);

  await page.getByLabel("Refresh Interval (seconds)").fill("45");
  await page.getByLabel("Refresh Interval (seconds)").blur();
  await expect(page.getByText("Refresh interval saved in this browser.")).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByText(/simulated in your browser every 45 s/)).toBeVisible();
});

test("Auto-refresh off pauses the simulation, and the page says so", async ({ page }) => {
  await page.clock.install({ time: new Date("2026-11-23T08:00:00") });
  await page.goto("/settings");
  await hydrated(page);
  await page.getByRole("switch", { name: "Auto-refresh" }).click();
  await expect(page.getByRole("switch", { name: "Auto-refresh" })).not.toBeChecked();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByText(/^Simulation paused: Auto-refresh is off/)).toBeVisible();
  await expect(page.getByRole("banner").getByRole("status")).toHaveText("Simulation paused");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "US-East-1", exact: true }) });
  const checked = await card.locator("time").innerText();
  await page.clock.runFor(120_000);
  await expect(card.locator("time")).toHaveText(checked);
});

test("the profile is checked, then saved in this browser", async ({ page }) => {
  await page.goto("/settings");
  await hydrated(page);
  await page.getByLabel("First Name", { exact: true }).fill("Ada");
  await page.getByLabel("Email").fill("not-an-address");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Enter an email address such as name@example.com.")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("settings"))).toBeNull();
  await page.getByLabel("Email").fill("ada@example.com");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile saved in this browser.")).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(page.getByLabel("First Name", { exact: true })).toHaveValue("Ada");
  await expect(page.getByLabel("Email")).toHaveValue("ada@example.com");
});

test("Advanced: the webhook must be https; Export Data downloads the settings; Reset brings back the defaults", async ({
  page,
  consoleLog,
}) => {
  await page.goto("/settings#advanced");
  await hydrated(page);
  await expect(page.getByRole("tab", { name: "Advanced" })).toHaveAttribute("aria-selected", "true");
  await page.getByLabel("Webhook URL").fill("http://hooks.example.com/x");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("The webhook URL must start with https://.")).toBeVisible();
  await page.getByLabel("API Key").fill("sk-secret-123");
  await page.getByLabel("Webhook URL").fill("https://hooks.example.com/x");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Integration settings saved in this browser.")).toBeVisible();

  await page.getByRole("switch", { name: "Debug Mode" }).click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export Data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^settings-\d{4}-\d{2}-\d{2}\.json$/);
  const stream = await download.createReadStream();
  let text = "";
  for await (const chunk of stream) text += chunk;
  expect(JSON.parse(text)).toMatchObject({ debugMode: true, refreshInterval: 30 });
  expect(text).not.toContain("sk-secret-123");
  expect(text).not.toContain("hooks.example.com");

  await page.getByRole("button", { name: "Reset Settings" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Reset all settings?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Reset Settings" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("switch", { name: "Debug Mode" })).not.toBeChecked();
  await expect(page.getByLabel("Webhook URL")).toHaveValue("");
  expect(problems(consoleLog)).toEqual([]);
});

test("the Security tab says why its controls are off; Security Center's button opens it", async ({ page }) => {
  await page.goto("/security");
  await hydrated(page);
  await page.getByRole("link", { name: "Security Settings" }).click();
  await expect(page.getByRole("tab", { name: "Security" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("This site has no sign-in yet, so there is no password to change.")).toBeVisible();
  await expect(page.getByLabel("New Password", { exact: true })).toBeDisabled();
  await expect(page.getByRole("switch", { name: "Two-Factor Authentication" })).toBeDisabled();
});
