import fs from "node:fs";
import path from "node:path";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { expect, problems, test } from "../fixtures";
import { PROJECT, buildVariant, makeVariant, serveBuiltVariant, serveVariant } from "./variantSite";
import incidentsFixture from "../../fixtures/incidents.json";
import { formatJson } from "../../../src/editor/prettierJson";
import { startEditorGuard } from "../../../scripts/editorGuard.mjs";

/**
 * The web editor (/admin, #36) against decap-server over a temporary git
 * repository, behind the guard npm run edit puts in front of it
 * (scripts/editorGuard.mjs), as `npm run edit` runs it: everything on 127.0.0.1. The site's
 * /admin comes from the empty build (the editor does not depend on the content);
 * the repository is a copy of the project with the sample content and incidents.
 */
const siteUrl = serveBuiltVariant(test, "empty", 9241);
const DECAP_PORT = 9242;
test.use({ actionTimeout: 15_000 });

let repo = "";
let decap: ChildProcess | undefined;
let guard: Server | undefined;
let guardPort = 0;

function git(...args: string[]): string {
  const result = spawnSync("git", args, { cwd: repo, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout;
}

test.beforeAll(async () => {
  // an incident still being watched (the fixture's, without its resolving update), laid out as the repository lays it out
  const [incident] = incidentsFixture;
  const watched = [{ ...incident, updates: incident.updates.slice(0, -1) }];
  repo = makeVariant("edited", {});
  fs.writeFileSync(path.join(repo, "content", "incidents.json"), await formatJson(JSON.stringify(watched, null, 2)));
  git("init", "-q", "-b", "main");
  git("add", "content");
  git("-c", "user.name=Editor", "-c", "user.email=editor@example.org", "commit", "-qm", "content");
  decap = spawn(process.execPath, [path.join(PROJECT, "node_modules/decap-server/dist/index.js")], {
    env: { ...process.env, PORT: String(DECAP_PORT), BIND_HOST: "127.0.0.1", MODE: "fs", GIT_REPO_DIRECTORY: repo, LOG_LEVEL: "error" },
    stdio: "ignore",
    detached: true,
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${DECAP_PORT}/api/v1`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ action: "info" }),
      });
      if (response.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error("decap-server did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
  // The guard answers for the editor's page only: the site's origin, the guard's own address.
  const started = await startEditorGuard({ port: 0, upstreamPort: DECAP_PORT, siteOrigins: [new URL(siteUrl()).origin] });
  guard = started;
  guardPort = (started.address() as AddressInfo).port;
});

test.afterAll(() => {
  guard?.close();
  if (decap?.pid) {
    try {
      process.kill(-decap.pid, "SIGTERM");
    } catch {
      // gone
    }
  }
});

// Requests still on their way when a test ends are dropped, not failed (Playwright's unrouteAll).
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: "ignoreErrors" });
});

/** The editor's local backend (localhost:8081, as npm run edit starts it) is this test's guard, in front of its decap-server. */
async function openEditor(page: Page, query: string, { login = true } = {}): Promise<void> {
  await page.route("http://localhost:8081/**", async (route) => {
    const url = route.request().url().replace("http://localhost:8081", `http://127.0.0.1:${guardPort}`);
    try {
      const response = await route.fetch({ url });
      await route.fulfill({ response });
    } catch (error) {
      // A request still on its way when the test ends (the editor polls its backend): its page is going, and its
      // answer with it ("Fetch response has been disposed"). Anything else is the test's failure.
      if (!/disposed|has been closed/.test(String(error))) throw error;
    }
  });
  await page.goto(`${siteUrl()}/admin/${query}`);
  // once in, the editor remembers its user for the next load
  if (login) await page.getByRole("button", { name: "Login" }).click();
}

const content = (file: string) => fs.readFileSync(path.join(repo, "content", file), "utf8");

/** The form of the record being added: the last of the list. */
const field = (page: Page, label: RegExp) => page.getByLabel(label).filter({ visible: true }).last();

/** Fills the form of the server being added, a valid one in Oslo but for what is given. */
async function fillServer(
  page: Page,
  given: { id: string; name: string; ip: string; responseTime?: string; lastChecked?: string },
): Promise<void> {
  await field(page, /^ID$/).fill(given.id);
  await field(page, /^Name$/).fill(given.name);
  await field(page, /^IP address$/).fill(given.ip);
  await field(page, /^Location$/).fill("Oslo, Norway");
  await field(page, /^Status$/).fill("online");
  await field(page, /^Uptime$/).fill("99.5%");
  if (given.responseTime !== undefined) await field(page, /^Response time/).fill(given.responseTime);
  await field(page, /^Last checked$/).fill(given.lastChecked ?? "2026-11-23T10:42");
  await field(page, /^Longitude$/).fill("10.75");
  await field(page, /^Latitude$/).fill("59.91");
}

async function publish(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByText("Publish now").click();
}

test("add a server with a check through the form: servers.json gains the record and nothing else, the content validates, the build shows it", async ({
  page,
  consoleLog,
}) => {
  test.setTimeout(6 * 60_000);
  const before = content("servers.json");
  await openEditor(page, "?add=servers");
  await expect(page.getByRole("button", { name: "Add server" })).toBeVisible();
  await expect(field(page, /^ID$/)).toBeVisible();
  await fillServer(page, { id: "srv-edited-1", name: "Edited-1", ip: "192.0.2.200", responseTime: "40" });
  await page.getByRole("button", { name: "Expand" }).filter({ visible: true }).last().click();
  await field(page, /^URL/).fill("https://edited.example.org/health");
  await publish(page);
  await expect.poll(() => content("servers.json"), { timeout: 15_000 }).not.toBe(before);

  const after = content("servers.json");
  const records = JSON.parse(after) as Array<Record<string, unknown>>;
  expect(records.at(-1)).toEqual({
    id: "srv-edited-1",
    name: "Edited-1",
    ip: "192.0.2.200",
    location: "Oslo, Norway",
    status: "online",
    uptime: "99.5%",
    responseTime: 40,
    lastChecked: "2026-11-23T10:42:00Z",
    coordinates: [10.75, 59.91],
    check: { url: "https://edited.example.org/health" },
  });
  // the rest of the file byte for byte: the old text up to its last record, then the new one
  const lastBrace = before.lastIndexOf("}");
  expect(after.slice(0, lastBrace + 1)).toBe(before.slice(0, lastBrace + 1));
  expect(git("status", "--porcelain", "--", "content")).toBe(" M content/servers.json\n");

  const validate = spawnSync("npm", ["run", "--silent", "validate", "--", path.join(repo, "content")], { cwd: PROJECT, encoding: "utf8" });
  expect(validate.status, validate.stdout + validate.stderr).toBe(0);

  // an incident update through the form
  await page.goto("about:blank"); // a new load of the editor, not a change of its address's hash
  await page.goto(`${siteUrl()}/admin/#/collections/content/entries/incidents`);
  await page.getByRole("button", { name: "Expand or collapse Slow responses from EU-West-1 · 2026-11-03-eu-west-1-slow" }).click();
  await page.getByRole("button", { name: "Add update" }).click();
  await field(page, /^At$/).fill("2026-11-03T10:30");
  await field(page, /^Status$/).fill("resolved");
  await field(page, /^Status$/).press("Enter");
  await field(page, /^Message$/).fill("Edited through the web editor: the replica is back.");
  await expect(page.getByRole("button", { name: "Publish" })).toBeEnabled();
  const incidentsBefore = content("incidents.json");
  await publish(page);
  await expect.poll(() => content("incidents.json"), { timeout: 15_000 }).not.toBe(incidentsBefore);
  // a clean console through both saves (Decap logs its version, as info)
  expect(problems(consoleLog)).toEqual([]);

  // the next build shows both
  const { status, output } = buildVariant(repo);
  expect(status, output.slice(-3000)).toBe(0);
  const site = await serveVariant(repo, 9243);
  try {
    await page.goto(`${site.url}/servers/srv-edited-1`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Edited-1");
    await page.goto(`${site.url}/incidents`);
    await expect(page.getByText("Edited through the web editor: the replica is back.")).toBeVisible();
  } finally {
    site.stop();
  }
});

test("an invalid IP address shows the build's message beside the field, and nothing is written", async ({ page }) => {
  const before = content("servers.json");
  await openEditor(page, "?add=servers");
  await fillServer(page, { id: "srv-bad-ip", name: "Bad-IP", ip: "999.1.1.1" });
  await publish(page);
  // beside the field: its box holds the label, the input and the message
  const box = page
    .locator("[aria-label='content-string field']")
    .filter({ has: page.getByLabel(/^IP address$/).filter({ visible: true }) })
    .last();
  await expect(box).toContainText('field "ip": expected an IPv4 or IPv6 address such as 192.0.2.10, found "999.1.1.1"');
  await expect(box).toContainText('record 8 (id "srv-bad-ip", name "Bad-IP")');
  await page.waitForTimeout(500);
  expect(content("servers.json")).toBe(before);
  // mended, it saves
  await field(page, /^IP address$/).clear();
  await field(page, /^IP address$/).fill("192.0.2.201");
  await publish(page);
  await expect.poll(() => content("servers.json"), { timeout: 15_000 }).toContain('"ip": "192.0.2.201"');
});

test("an issue is shown beside its own record's field, not beside another record holding the same value", async ({ page }) => {
  const before = content("servers.json");
  await openEditor(page, "?add=servers");
  await fillServer(page, { id: "srv-twin", name: "EU-West-1", ip: "192.0.2.202" }); // record 2's name
  await publish(page);
  const nameBox = (label: RegExp) =>
    page.locator("[aria-label='content-string field']").filter({ has: page.getByLabel(label).filter({ visible: true }) });
  await expect(nameBox(/^Name$/).last()).toContainText('id "srv-twin"');
  await expect(nameBox(/^Name$/).last()).toContainText("already used by record 2");
  // record 2 holds the same name and is not the one at fault
  await page.getByRole("button", { name: "Expand or collapse EU-West-1 · srv-eu-west-1" }).click();
  await expect(nameBox(/^Name$/).first()).toBeVisible();
  await expect(nameBox(/^Name$/).first()).not.toContainText("already used");
  expect(content("servers.json")).toBe(before);
});

test("a name with markup is text in the preview, as on the site", async ({ page }) => {
  const markup = '<img src=x onerror="alert(1)"><b>Bold</b> server';
  await openEditor(page, "?add=servers");
  await field(page, /^Name$/).fill(markup);
  const preview = page.frameLocator("iframe").first();
  await expect(preview.getByRole("heading", { name: markup, exact: true })).toBeVisible();
  await expect(preview.locator("img, b")).toHaveCount(0);
});

test("a server's Edit link opens its record; the list's controls have names and answer the keyboard", async ({ page }) => {
  await openEditor(page, "?file=servers&record=srv-eu-west-1#/collections/content/entries/servers");
  const toggle = page.getByRole("button", { name: "Expand or collapse EU-West-1 · srv-eu-west-1" });
  await expect(toggle).toBeFocused();
  await expect(field(page, /^ID$/)).toHaveValue("srv-eu-west-1");
  await expect(page.getByRole("button", { name: "Remove EU-West-1 · srv-eu-west-1" })).toBeVisible();
  // an existing record edited through the form: one line of the file changes, the one edited
  const before = content("servers.json");
  await field(page, /^Uptime$/).clear();
  await field(page, /^Uptime$/).fill("99.7%");
  await publish(page);
  await expect.poll(() => content("servers.json"), { timeout: 15_000 }).not.toBe(before);
  const [was, is] = [before.split("\n"), content("servers.json").split("\n")];
  expect(is).toHaveLength(was.length);
  expect(is.filter((line, i) => line !== was[i])).toEqual(['    "uptime": "99.7%",']);
  await toggle.focus();
  // collapse it by keyboard, then add a server by keyboard
  await page.keyboard.press("Enter");
  await expect(page.getByLabel(/^ID$/).filter({ visible: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Add server" }).focus();
  await page.keyboard.press("Enter");
  await expect(field(page, /^ID$/)).toHaveValue("");
  await expect(page.getByLabel("Longitude").filter({ visible: true })).toHaveCount(1);
});

test.describe("in a reader's zone that is not UTC", () => {
  // the pickers are in UTC and say so: the time typed is the time written, wherever the editor sits
  test.use({ timezoneId: "Asia/Kolkata" });
  test("a maintenance window is added to a file that did not exist, its server picked from the servers by name", async ({ page }) => {
    expect(fs.existsSync(path.join(repo, "content", "maintenance.json"))).toBe(false);
    await openEditor(page, "?add=maintenance");
    await field(page, /^ID$/).fill("db-upgrade");
    await field(page, /^Title$/).fill("Database upgrade");
    await field(page, /^Start/).fill("2026-12-01T02:00");
    await field(page, /^End/).fill("2026-12-01T03:00");
    await field(page, /^Affected$/).click();
    await page.keyboard.type("EU-W");
    await page.getByRole("option", { name: "EU-West-1" }).click();
    await publish(page);
    await expect.poll(() => fs.existsSync(path.join(repo, "content", "maintenance.json")), { timeout: 15_000 }).toBe(true);
    expect(JSON.parse(content("maintenance.json"))).toEqual([
      {
        id: "db-upgrade",
        title: "Database upgrade",
        affected: ["srv-eu-west-1"],
        start: "2026-12-01T02:00:00Z",
        end: "2026-12-01T03:00:00Z",
      },
    ]);
  });

  test("a server saved in the session is in the pick lists at once; times keep their seconds", async ({ page }) => {
    page.on("dialog", (dialog) => void dialog.accept()); // leaving a form not saved
    await openEditor(page, "?add=maintenance");
    await field(page, /^Affected$/).click();
    await page.keyboard.type("Osl");
    await expect(page.getByRole("option")).toHaveCount(0); // no server in Oslo yet; the servers are now known to the pick list
    await page.keyboard.press("Escape");
    // back to the list of files, as an editor goes from one file to another
    await page.getByRole("link", { name: /Writing in Content collection/ }).click();
    await page.getByRole("link", { name: "Servers", exact: true }).click();
    await page.getByRole("button", { name: "Add server" }).click();
    await fillServer(page, { id: "srv-oslo-1", name: "Oslo-1", ip: "192.0.2.203", lastChecked: "2026-11-23T10:42:15" });
    await publish(page);
    await expect.poll(() => content("servers.json"), { timeout: 15_000 }).toContain('"lastChecked": "2026-11-23T10:42:15Z"');
    await page.getByRole("link", { name: /Writing in Content collection/ }).click();
    await page.getByRole("link", { name: "Maintenance windows", exact: true }).click();
    await page.getByRole("button", { name: "Add maintenance" }).click();
    await field(page, /^Affected$/).click();
    await page.keyboard.type("Osl");
    await expect(page.getByRole("option", { name: "Oslo-1" })).toBeVisible();
  });
});

test("a file the editor could not read is never written over, and a change that would break another file is refused", async ({ page }) => {
  const broken = '[\n  { "time": "00:00", "responseTime": 45, "uptime": 99.9 },\n';
  fs.writeFileSync(path.join(repo, "content", "performance.json"), broken);
  await openEditor(page, "?add=performance");
  await field(page, /^Time$/).fill("01:00");
  await field(page, /^Response time/).fill("50");
  await field(page, /^Uptime$/).fill("99.5");
  await publish(page);
  await expect(page.getByText(/content\/performance\.json in the repository is not valid JSON now/)).toBeVisible();
  expect(content("performance.json")).toBe(broken);

  // renaming a server that an alert names would stop the build in alerts.json: refused, with the alert's message
  const servers = content("servers.json");
  await page.goto("about:blank");
  await openEditor(page, "?file=servers&record=srv-ap-east-1#/collections/content/entries/servers", { login: false });
  await field(page, /^Name$/).clear();
  await field(page, /^Name$/).fill("AP-East-9");
  await publish(page);
  await expect(page.getByText(/this change would stop the build in another file\. content\/alerts\.json, record \d+/)).toBeVisible();
  expect(content("servers.json")).toBe(servers);
});
