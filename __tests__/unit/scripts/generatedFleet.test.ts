import path from "node:path";
import { readContentTexts, staticFiles } from "../../../io/contentFiles";
import { validateContent } from "../../../src/domain/content/validate";
import { MAX_ALERTS, generateFleet } from "../../../scripts/generatedFleet";

const CONTENT = path.resolve(__dirname, "..", "..", "..", "content");

function validate(count: number, seed: number) {
  const { servers, alerts } = generateFleet(count, seed);
  const texts = { ...readContentTexts(CONTENT), "servers.json": JSON.stringify(servers), "alerts.json": JSON.stringify(alerts) };
  return { servers, alerts, result: validateContent(texts, { staticFiles: staticFiles() }) };
}

test("a generated fleet is valid content, with alerts that name its servers", () => {
  const { servers, alerts, result } = validate(2000, 3);
  expect(result.errors).toEqual([]);
  expect(servers).toHaveLength(2000);
  expect(new Set(servers.map((s) => s.id)).size).toBe(2000);
  expect(new Set(servers.map((s) => s.name)).size).toBe(2000);
  expect(new Set(servers.map((s) => s.ip)).size).toBe(2000);
  expect(alerts.length).toBeGreaterThan(0);
  expect(alerts.length).toBeLessThanOrEqual(MAX_ALERTS);
  const byName = new Map(servers.map((s) => [s.name, s]));
  for (const alert of alerts) expect(byName.get(alert.server)?.ip).toBe(alert.ip);
});

test("statuses are mixed, and the figures follow them (offline has no response time, warning over 150 ms)", () => {
  const { servers } = generateFleet(1000, 5);
  const count = (status: string) => servers.filter((s) => s.status === status).length;
  expect(count("online")).toBeGreaterThan(700);
  for (const status of ["warning", "offline", "maintenance"]) expect(count(status)).toBeGreaterThan(5);
  for (const s of servers) {
    if (s.status === "offline") expect(s.responseTime).toBeNull();
    if (s.status === "warning") expect(s.responseTime).toBeGreaterThan(150);
  }
});

test("the same seed gives the same fleet; another seed another", () => {
  expect(generateFleet(300, 9)).toEqual(generateFleet(300, 9));
  expect(generateFleet(300, 10).servers).not.toEqual(generateFleet(300, 9).servers);
});

test("servers stand within a few kilometres of real cities", () => {
  const { servers } = generateFleet(500, 2);
  const dublin = servers.filter((s) => s.location === "Dublin, Ireland");
  expect(dublin.length).toBeGreaterThan(0);
  for (const s of dublin) {
    expect(Math.abs(s.coordinates[0] - -6.2603)).toBeLessThanOrEqual(0.05);
    expect(Math.abs(s.coordinates[1] - 53.3498)).toBeLessThanOrEqual(0.05);
  }
});
