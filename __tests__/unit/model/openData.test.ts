/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { alertsDocument, incidentsDocument, serversDocument, statusDocument } from "../../../src/publish/openData";
import { alertsSchema, feedServerSchema, incidentsSchema, serversSchema, statusSchema } from "../../../src/publish/openDataSchemas";
import { mergeAlerts, toServers, type ServerRecord } from "../../../src/model/fleet/graphqlRecords";
import { compileSchema } from "../../../src/domain/content/schemaIssues";
import type { Alert, Server } from "../../../src/domain/kernel/types";
import { makeServer } from "../fixtures";
import type { Incident } from "../../../src/domain/incidents/incidents";
import type { MaintenanceWindow } from "../../../src/domain/incidents/maintenance";
import { noticeWindows, siteNotices } from "../../../src/domain/incidents/schedule";
import { noticesAt } from "../../../src/domain/incidents/statusNotices";
import windows from "../../fixtures/maintenance.json";

const CONTENT = path.join(__dirname, "..", "..", "..", "content");
const read = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(CONTENT, file), "utf8")) as T;
const servers = toServers(read<ServerRecord[]>("servers.json"));
const alerts = mergeAlerts(read<Alert[]>("alerts.json"), []);
const AT = new Date("2026-11-23T12:00:00Z");

describe("the open data documents", () => {
  it("servers.json carries every server as the pages show it, and validates against its schema", () => {
    const document = serversDocument(servers, AT);
    expect(document.version).toBe(1);
    expect(document.generatedAt).toBe("2026-11-23T12:00:00.000Z");
    expect(document.servers.map((s) => s.name)).toEqual(["US-East-1", "EU-West-1", "AP-South-1", "US-West-2", "AP-East-1", "EU-Central-1"]);
    expect(document.servers[4]).toMatchObject({
      status: "offline",
      responseTime: null,
      source: "simulated",
      detail: null,
      uptimeChecks: null,
      coordinates: [114.1694, 22.3193],
    });
    const validate = compileSchema(serversSchema());
    expect(validate(JSON.parse(JSON.stringify(document)))).toBe(true);
  });

  it("alerts.json and status.json validate against theirs; status holds the dashboard's cards", () => {
    expect(compileSchema(alertsSchema())(JSON.parse(JSON.stringify(alertsDocument(alerts, AT))))).toBe(true);
    const status = statusDocument(servers, null, AT);
    expect(compileSchema(statusSchema())(JSON.parse(JSON.stringify(status)))).toBe(true);
    expect(status.sources).toEqual({ measured: 0, simulated: 6, sample: 0 });
    expect(status.summaryOf).toBe("all");
    expect(status.summary).toEqual({
      total: 6,
      regions: 5,
      online: 4,
      warning: 1,
      offline: 1,
      unchecked: 0,
      onlinePercent: 67,
      avgResponseMs: 42,
      needAttention: 1,
    });
    expect(status.newestCheck).toBeNull();
  });

  it("the schemas refuse what the content's rules refuse", () => {
    const validate = compileSchema(serversSchema());
    const bad = serversDocument([makeServer({ ip: "300.1.1.1" })], AT);
    expect(validate(JSON.parse(JSON.stringify(bad)))).toBe(false);
    expect(validate({ version: 2, generatedAt: AT.toISOString(), servers: [] })).toBe(false);
  });

  it("a feed record has exactly the model's fields: the check stays out, where the figures come from is in", () => {
    const fields = Object.keys((feedServerSchema() as { properties: Record<string, unknown> }).properties).sort();
    // certificateExpires, placeTimes and unreachableBecause are optional: a server without a judged certificate, checked from
    // one place, or not down behind another, has none.
    const model: Server = makeServer({
      certificateExpires: "2026-11-29T12:00:00.000Z",
      placeTimes: [{ location: "eu-west", ms: 40 }],
      unreachableBecause: { id: "core-switch-1", name: "Core switch 1" },
    });
    expect(fields).toEqual(Object.keys(model).sort());
    expect(fields).not.toContain("check");
    expect(fields).not.toContain("dependsOn");
  });
});

describe("what the published figures cover", () => {
  it("a measured server that did not answer has a null response time and says what its uptime counts, and the schema takes both", () => {
    const offline = makeServer({
      status: "offline",
      responseTime: null,
      source: "measured",
      detail: "connection refused",
      uptime: "0.0%",
      uptimeChecks: { up: 0, total: 3, since: "2026-11-23T11:50:00.000Z" },
    });
    const document = JSON.parse(JSON.stringify(serversDocument([offline], AT))) as { servers: Array<Record<string, unknown>> };
    expect(document.servers[0].responseTime).toBeNull();
    expect(document.servers[0].uptimeChecks).toEqual({ up: 0, total: 3, since: "2026-11-23T11:50:00.000Z" });
    expect(compileSchema(serversSchema())(document)).toBe(true);
    const wrong = { ...document, servers: [{ ...document.servers[0], uptimeChecks: { up: 4, total: "3" } }] };
    expect(compileSchema(serversSchema())(wrong)).toBe(false);
  });

  it("a judged certificate's expiry is published with its server, and the schema holds it to a date and time (issue #23, part B)", () => {
    const server = makeServer({ source: "measured", detail: "HTTP 200 in 40 ms", certificateExpires: "2026-11-29T12:00:00.000Z" });
    const document = JSON.parse(JSON.stringify(serversDocument([server], AT))) as { servers: Array<Record<string, unknown>> };
    expect(document.servers[0].certificateExpires).toBe("2026-11-29T12:00:00.000Z");
    expect(compileSchema(serversSchema())(document)).toBe(true);
    const wrong = { ...document, servers: [{ ...document.servers[0], certificateExpires: "next Sunday" }] };
    expect(compileSchema(serversSchema())(wrong)).toBe(false);
  });

  it("status.json counts the servers by source, and its summary is over the measured ones when there are any", () => {
    const fleet = [
      makeServer({ source: "measured", status: "online", responseTime: 20 }),
      makeServer({ source: "measured", status: "offline", responseTime: null }),
      makeServer({ source: "simulated", status: "online", responseTime: 60 }),
      makeServer({ source: "sample", status: "online", responseTime: 80 }),
    ];
    const status = statusDocument(fleet, "2026-11-23T11:55:00.000Z", AT);
    expect(status.sources).toEqual({ measured: 2, simulated: 1, sample: 1 });
    expect(status.summaryOf).toBe("measured");
    expect(status.summary).toMatchObject({ total: 2, online: 1, offline: 1, onlinePercent: 50, avgResponseMs: 20, needAttention: 1 });
    expect(compileSchema(statusSchema())(JSON.parse(JSON.stringify(status)))).toBe(true);
    expect(compileSchema(statusSchema())({ ...status, summaryOf: "some" })).toBe(false);
  });
});

describe("incidents and maintenance in the open data", () => {
  // the tests' example incident (content/ has none)
  const incidents = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", "fixtures", "incidents.json"), "utf8")) as Incident[];
  const open: Incident = {
    id: "db-down",
    title: "<b>Database</b> down",
    impact: "major",
    affected: ["srv-us-east-1"],
    updates: [{ at: "2026-11-23T11:00:00Z", status: "investigating", message: "Looking." }],
  };
  const named = servers.map(({ id, name }) => ({ id, name }));

  it("incidents.json has every incident with its status and every window with its next times, and validates", () => {
    const occurrences = noticeWindows(windows as MaintenanceWindow[], named, AT);
    const document = incidentsDocument([...incidents, open], windows as MaintenanceWindow[], occurrences, AT);
    expect(document.incidents.map((i) => [i.id, i.status, i.open])).toEqual([
      ["2026-11-03-eu-west-1-slow", "resolved", false],
      ["db-down", "investigating", true],
    ]);
    expect(document.maintenance.map((w) => [w.id, w.next.length])).toEqual([
      ["weekly-os-updates", 5],
      ["2026-05-rack-move", 0],
    ]);
    expect(document.maintenance[0].next[0]).toEqual({ start: "2026-11-29T02:00:00.000Z", end: "2026-11-29T03:00:00.000Z" });
    const validate = compileSchema(incidentsSchema());
    expect(validate(JSON.parse(JSON.stringify(document)))).toBe(true);
    expect(validate({ ...document, incidents: [{ ...document.incidents[1], status: "fixed" }] })).toBe(false);
  });

  it("status.json is not operational with a major incident open, and names servers in maintenance", () => {
    const calm = servers.map((s) => ({ ...s, status: "online" }));
    expect(statusDocument(calm, null, AT).overall).toEqual({ state: "operational", text: "All systems operational" });
    const notices = siteNotices([open], [], named, AT);
    const withIncident = statusDocument(calm, null, AT, { open: notices.open, inProgress: [] });
    expect(withIncident.overall).toEqual({ state: "outage", text: "1 major incident open" });
    expect(withIncident.incidents).toEqual({ open: 1, worstImpact: "major" });
    const sunday = new Date("2026-11-29T02:30:00Z");
    const inProgress = noticesAt(
      { open: [], windows: noticeWindows(windows as MaintenanceWindow[], named, sunday) },
      sunday.getTime(),
    ).inProgress;
    const maintenance = statusDocument(calm, null, sunday, { open: [], inProgress });
    expect(maintenance.maintenance).toEqual({ servers: ["srv-eu-central-1"] });
    expect(maintenance.overall).toEqual({ state: "maintenance", text: "1 server in maintenance" });
    expect(compileSchema(statusSchema())(JSON.parse(JSON.stringify(withIncident)))).toBe(true);
  });
});
