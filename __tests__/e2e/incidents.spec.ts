import { expect, hydrated, test } from "./fixtures";

test("Incidents in the sidebar opens /incidents: open incidents, scheduled maintenance and the history, each said even when empty", async ({
  page,
}) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Incidents" }).click();
  await expect(page).toHaveURL(/\/incidents$/);
  await expect(page.getByRole("heading", { level: 1, name: "Incidents" })).toBeVisible();
  // The sample content has no incidents and no maintenance (its examples are the tests' fixtures): nothing is open or planned.
  await expect(page.getByRole("region", { name: "Open incidents" })).toContainText("No incidents are open.");
  await expect(page.getByRole("region", { name: "Scheduled maintenance" })).toContainText("No maintenance is scheduled.");
  await expect(page.getByRole("region", { name: "History" })).toBeVisible();
  await expect(page.getByRole("link", { name: "/api/v1/incidents.json" })).toHaveAttribute("href", "/api/v1/incidents.json");
});

test("without an open incident or maintenance no page has a banner, and the published files say so", async ({ page, request }) => {
  for (const route of ["/", "/incidents", "/servers/srv-eu-west-1"]) {
    await page.goto(route);
    await hydrated(page);
    await expect(page.getByRole("region", { name: "Incidents and maintenance", exact: true })).toHaveCount(0);
  }
  const incidents = (await (await request.get("/api/v1/incidents.json")).json()) as {
    incidents: { id: string; status: string; open: boolean }[];
  };
  expect(incidents.incidents).toEqual([]);
  const status = (await (await request.get("/api/v1/status.json")).json()) as { incidents: unknown; maintenance: unknown };
  expect(status.incidents).toEqual({ open: 0, worstImpact: null });
  expect(status.maintenance).toEqual({ servers: [] });
  const schema = await request.get("/api/v1/incidents.schema.json");
  expect(schema.ok()).toBe(true);
});

test("a server's page has its card of incidents and maintenance windows", async ({ page }) => {
  await page.goto("/servers/srv-eu-west-1");
  const card = page.getByRole("region", { name: "Incidents and maintenance windows" });
  await expect(card).toBeVisible();
});
