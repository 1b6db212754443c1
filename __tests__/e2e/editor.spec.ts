import { ROUTES, expect, hydrated, test } from "./fixtures";

/**
 * The site and its web editor (/admin, #36). This build names no GitHub
 * repository: its editor is the local one (npm run edit), usable on the machine
 * that runs it. Served on 127.0.0.1, the pages lead to it; seen from a public
 * host, they explain instead, and /admin loads nothing of the CMS.
 */
test("on this machine, Add Server opens the editor's new-server form and a server's page links to its record", async ({ page }) => {
  await page.goto("/servers");
  await hydrated(page);
  await expect(page.getByRole("link", { name: "Add Server" })).toHaveAttribute(
    "href",
    "/admin/?add=servers#/collections/content/entries/servers",
  );
  await page.goto("/servers/srv-us-east-1");
  await hydrated(page);
  await expect(page.getByRole("link", { name: "Edit US-East-1 in the content editor" })).toHaveAttribute(
    "href",
    "/admin/?file=servers&record=srv-us-east-1#/collections/content/entries/servers",
  );
});

test("no page but /admin asks for any of the editor", async ({ page }) => {
  const asked: string[] = [];
  page.on("request", (request) => {
    if (/\/admin\//.test(request.url())) asked.push(request.url());
  });
  for (const route of [...ROUTES.map((r) => r.path), "/servers/srv-us-east-1"]) {
    await page.goto(route);
    await hydrated(page);
  }
  expect(asked).toEqual([]);
});
