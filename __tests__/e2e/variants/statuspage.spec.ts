import fs from "node:fs";
import path from "node:path";
import { Statuspage } from "statuspage.io";
import { compileSchema } from "../../../src/domain/content/schemaIssues";
import { expect, test } from "../fixtures";
import { INCIDENT_TITLE, RESOLVED_TITLE, WINDOW_TITLE } from "./hostileContent";
import { STATUSPAGE_SCHEMAS } from "./statuspageSchema";
import { statuspageId } from "../../../src/publish/statuspage";
import { VARIANTS_ROOT, serveBuiltVariant } from "./variantSite";

/**
 * /api/v2 in Statuspage's shapes (#35), over the hostile build (a major
 * incident open, a minor one resolved, a window in progress and one in three
 * days, markup in every text): read by a client written for Statuspage
 * (the npm package statuspage.io 3.1.1, pointed at the site on 127.0.0.1), and
 * every file held to Statuspage's documented fields.
 */
const siteUrl = serveBuiltVariant(test, "hostile", 9219);

const servers = () => {
  const dir = fs.readFileSync(path.join(VARIANTS_ROOT, "hostile.built"), "utf8");
  return JSON.parse(fs.readFileSync(path.join(dir, "content", "servers.json"), "utf8")) as Array<{
    id: string;
    name: string;
    status: string;
  }>;
};

test("every /api/v2 file has Statuspage's documented fields, types and values, and nothing else", async ({ request }) => {
  for (const [file, schema] of Object.entries(STATUSPAGE_SCHEMAS)) {
    const response = await request.get(`${siteUrl()}/api/v2/${file}`);
    expect(response.status(), file).toBe(200);
    const validate = compileSchema(schema);
    const document: unknown = await response.json();
    expect(validate(document), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
  }
});

test("a Statuspage client reads the site: summary, status, components, unresolved incidents, upcoming and active maintenance", async ({
  request,
}) => {
  const client = new Statuspage("location-tracker");
  client.setApiUrl(siteUrl());

  // statuspage.io 3.1.1 types its Summary as an intersection that reduces to never (two `status` fields): read as what it is.
  type Summary = Awaited<ReturnType<typeof client.api.getStatus>> & Awaited<ReturnType<typeof client.api.incidents.getAll>>;
  const summary = (await client.api.getSummary()) as unknown as Summary;
  expect(summary.page.name).toBe("Location Tracker");
  // a major incident is open: the page says so, whatever the servers do
  expect(summary.status.indicator === "major" || summary.status.indicator === "critical").toBe(true);
  expect(summary.incidents.map((i) => i.name)).toEqual([INCIDENT_TITLE]);

  const status = await client.api.getStatus();
  expect(status.status).toEqual(summary.status);

  // each server a component, under its region's group, its state mapped as README.md says
  const { components } = await client.api.getComponents();
  const members = components.filter((c) => !c.group);
  const mapped: Record<string, string> = { online: "operational", warning: "degraded_performance", offline: "major_outage" };
  const inWindow = "srv-us-west-2";
  for (const server of servers()) {
    const component = members.find((c) => c.name === server.name)!;
    expect(component.status, server.name).toBe(server.id === inWindow ? "under_maintenance" : mapped[server.status]);
    expect(components.find((c) => c.id === component.group_id)?.group).toBe(true);
  }

  const unresolved = await client.api.incidents.getUnresolved();
  expect(unresolved.incidents.map((i) => [i.name, i.status, i.impact])).toEqual([[INCIDENT_TITLE, "identified", "major"]]);
  expect(unresolved.incidents[0].incident_updates.map((u) => u.status)).toEqual(["identified", "investigating"]);
  const all = await client.api.incidents.getAll();
  expect(all.incidents.map((i) => i.name)).toEqual([INCIDENT_TITLE, RESOLVED_TITLE]);

  // (its ScheduledMaintenance type reduces to never too)
  type Maintenances = { scheduled_maintenances: Array<{ name: string; status: string }> };
  const upcoming = (await client.api.scheduledMaintenances.getUpcoming()) as unknown as Maintenances;
  expect(upcoming.scheduled_maintenances.map((m) => [m.name, m.status])).toEqual([["Disk swap", "scheduled"]]);
  // statuspage.io 3.1.1 asks upcoming.json for its getActive and getAll too (its Endpoints.js): those files are read as any other client would
  const active = (await (await request.get(`${siteUrl()}/api/v2/scheduled-maintenances/active.json`)).json()) as Maintenances;
  expect(active.scheduled_maintenances.map((m) => [m.name, m.status])).toEqual([[WINDOW_TITLE, "in_progress"]]);
  const maintenances = (await (await request.get(`${siteUrl()}/api/v2/scheduled-maintenances.json`)).json()) as Maintenances;
  expect(maintenances.scheduled_maintenances.map((m) => m.name)).toEqual(["Disk swap", WINDOW_TITLE]);
});

test("ids stay the same across builds: made from our own ids, not from the build", async ({ request }) => {
  const { components } = (await (await request.get(`${siteUrl()}/api/v2/components.json`)).json()) as {
    components: Array<{ id: string; name: string }>;
  };
  const first = servers()[0];
  expect(components.find((c) => c.name === first.name)?.id).toBe(statuspageId("component", first.id));
});
