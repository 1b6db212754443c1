import { expect, test } from "@playwright/test";
import { buildVariant, makeVariant, readContent } from "./variantSite";

test("a build from one bad content file fails and says what is wrong, where", async () => {
  test.setTimeout(5 * 60_000);
  const servers = readContent()["servers.json"] as Array<Record<string, unknown>>;
  const broken = servers.map((s, i) => (i === 2 ? { ...s, ip: "300.1.2.3", coordinates: [19.076, 172.8777] } : s));
  const dir = makeVariant("bad", { "servers.json": broken });
  const { status, output } = buildVariant(dir);
  expect(status).not.toBe(0);
  expect(output).toContain(
    'content/servers.json, record 3 (id "srv-ap-south-1", name "AP-South-1"), field "ip": expected an IPv4 or IPv6 address',
  );
  expect(output).toContain('found "300.1.2.3"');
  expect(output).toContain('field "coordinates[1]": expected a latitude from -90 to 90, found number 172.8777');
  expect(output).toContain("The pair looks swapped");
  expect(output).toContain("The content has 2 errors");
  // The editor's message leads; no stack trace stands in for it.
  expect(output).not.toMatch(/^\s+at .+\(.+:\d+:\d+\)$/m);
});

test("npm run validate checks the content alone and exits 1 on an error", async () => {
  test.setTimeout(2 * 60_000);
  const dir = makeVariant("bad-validate", { "alerts.json": '[{"id": "a", }]' });
  const { spawnSync } = await import("node:child_process");
  const started = Date.now();
  const result = spawnSync("npm", ["run", "--silent", "validate", "--", `${dir}/content`], { cwd: process.cwd(), encoding: "utf8" });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("content/alerts.json, line 1, column 14: this is not valid JSON");
  expect(Date.now() - started).toBeLessThan(60_000);
});
