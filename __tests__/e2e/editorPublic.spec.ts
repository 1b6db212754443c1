import { expect, test } from "@playwright/test";
import { hydrated } from "./fixtures";

/**
 * The site seen from a public host (status.example.org, mapped to this server):
 * a build that names no GitHub repository has no editor its readers can use, so
 * the pages explain how content is edited, and /admin says so without loading
 * any of the CMS. Every other host's requests are aborted.
 */
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--host-resolver-rules=MAP status.example.org 127.0.0.1", "--disable-background-networking", "--disable-quic"],
  },
});

test("Add Server explains, no page links to the editor, and /admin says how to edit without loading the CMS", async ({ page, baseURL }) => {
  const site = `http://status.example.org:${new URL(baseURL!).port}`;
  const asked: string[] = [];
  await page.context().route(
    (url) => url.hostname !== "status.example.org",
    (route) => route.abort(),
  );
  page.on("request", (request) => asked.push(new URL(request.url()).pathname));
  await page.goto(`${site}/servers`);
  await hydrated(page);
  await page.getByRole("button", { name: "Add Server" }).click();
  await expect(page.getByRole("dialog", { name: "Add a server" })).toContainText("npm run validate");
  await page.keyboard.press("Escape");
  await page.goto(`${site}/servers/srv-us-east-1`);
  await hydrated(page);
  await expect(page.getByRole("link", { name: /in the content editor/ })).toHaveCount(0);
  await page.goto(`${site}/admin/`);
  await expect(page.getByRole("heading", { name: "Content editor" })).toBeVisible();
  await expect(page.getByText(/npm run edit/)).toBeVisible();
  expect(asked.filter((p) => /decap-cms/.test(p))).toEqual([]);
});
