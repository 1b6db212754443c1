/** @jest-environment node */
/**
 * The paging services (#47) through the real sending code to local receivers
 * written from their API references (pagingReceivers.ts): a fall opens one
 * incident, its reminders update it, its return closes it; a test pages
 * nobody (PagerDuty) or is a P5 that says it is a test (Opsgenie); 429 with
 * Retry-After is waited for and tried again, a refused event is not; the key
 * never appears in what the job says; and whatever text a server or an editor
 * wrote arrives as the same text.
 */
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import path from "node:path";
import fc from "fast-check";
import { resolveChannel } from "../../../monitor/notify/channelEnv";
import { deliver } from "../../../monitor/notify/send";
import { runChecks } from "../../../monitor/run/runChecks";
import { jobContent, removeJobContents } from "./jobContent";
import type { ChannelConfig, Notice, NotifyMessage, ResolvedChannel } from "../../../src/domain/notify/notifications";
import { opsgenieRequest } from "../../../src/domain/notify/formats/opsgenie";
import { pagerdutyBody } from "../../../src/domain/notify/formats/pagerduty";
import { makeNotice } from "../fixtures";
import { startOpsgenie, startPagerDuty, type OpsgenieReceiver, type PagerDutyReceiver } from "./pagingReceivers";

const ROUTING_KEY = "R0ut1ngK3yF0rTh3T3st5erv1ce00001";
const API_KEY = "0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d";
let pagerduty: PagerDutyReceiver;
let opsgenie: OpsgenieReceiver;

beforeAll(async () => {
  pagerduty = await startPagerDuty(ROUTING_KEY);
  opsgenie = await startOpsgenie(API_KEY);
});
afterAll(async () => {
  await Promise.all([pagerduty.close(), opsgenie.close()]);
});
beforeEach(() => {
  pagerduty.reset();
  opsgenie.reset();
});

function channel(config: ChannelConfig, env: NodeJS.ProcessEnv): ResolvedChannel {
  const resolved = resolveChannel(config, env);
  if (!("channel" in resolved)) throw new Error(`missing ${resolved.missing.join(", ")}`);
  return resolved.channel;
}
const pd = () =>
  channel(
    { id: "pager", type: "pagerduty", routingKeyEnv: "PD_KEY", urlEnv: "PD_URL" },
    { PD_KEY: ROUTING_KEY, PD_URL: `${pagerduty.base}/` },
  );
const og = () =>
  channel({ id: "genie", type: "opsgenie", apiKeyEnv: "OG_KEY", urlEnv: "OG_URL" }, { OG_KEY: API_KEY, OG_URL: opsgenie.base });
const send = (to: ResolvedChannel, notice: Notice) => deliver(to, { kind: "notice", notice }, { backoffMs: 10, timeoutMs: 2000 });

const FELL = "2026-11-29T10:05:01.000Z";
const fall = makeNotice({ key: `srv-1|down|${FELL}`, since: FELL, at: FELL, detail: "connection timeout after 10 s (tried twice)" });
const reminder = makeNotice({
  key: `srv-1|reminder|${FELL}|1`,
  event: "reminder",
  from: "offline",
  since: FELL,
  at: "2026-11-29T11:05:01.000Z",
  durationMs: 3_600_000,
});
const back = makeNotice({
  key: "srv-1|recovered|2026-11-29T11:20:01.000Z",
  event: "recovered",
  from: "offline",
  to: "online",
  since: "2026-11-29T11:20:01.000Z",
  at: "2026-11-29T11:20:01.000Z",
  detail: "HTTP 200 in 40 ms",
  durationMs: 4_500_000,
  problemSince: FELL,
});

describe("PagerDuty (Events API v2)", () => {
  it("a fall triggers one incident, its reminder updates it, its return resolves it", async () => {
    for (const notice of [fall, reminder]) expect(await send(pd(), notice)).toMatchObject({ ok: true });
    expect([...pagerduty.incidents.values()]).toEqual([
      { status: "triggered", triggers: 2, summary: "Web 1 (srv-1) is offline", severity: "critical" },
    ]);
    const [key] = pagerduty.incidents.keys();
    expect(key).toBe("check-srv-1-20261129T100501Z");
    expect(await send(pd(), back)).toMatchObject({ ok: true });
    expect(pagerduty.incidents.get(key)!.status).toBe("resolved");
    const trigger = pagerduty.requests[0].body!;
    expect(trigger).toMatchObject({
      event_action: "trigger",
      payload: { source: "Web 1 (10.0.0.1)", component: "srv-1", group: "Frankfurt", class: "down", timestamp: FELL },
      links: [{ href: "https://status.example.org/servers/srv-1", text: "Open Web 1 on the site" }],
    });
    expect((trigger.payload as { custom_details: Record<string, string> }).custom_details["What the check saw"]).toBe(
      "connection timeout after 10 s (tried twice)",
    );
  });

  it("a test is a change event: PagerDuty records it, nobody is paged", async () => {
    const test: NotifyMessage = { kind: "test", channel: "pager", at: "2026-11-29T10:00:00.000Z", siteUrl: null };
    expect(await deliver(pd(), test, { backoffMs: 10 })).toMatchObject({ ok: true });
    expect(pagerduty.changes).toHaveLength(1);
    expect(pagerduty.incidents.size).toBe(0);
    expect(pagerduty.requests[0].path).toBe("/v2/change/enqueue");
  });

  it("waits out a 429's Retry-After and tries again; a refused event is final and names no key", async () => {
    pagerduty.throttle(1, 1);
    const began = Date.now();
    expect(await send(pd(), fall)).toMatchObject({ ok: true, attempts: 2 });
    expect(Date.now() - began).toBeGreaterThanOrEqual(900);
    const wrong = channel(
      { id: "pager", type: "pagerduty", routingKeyEnv: "PD_KEY", urlEnv: "PD_URL" },
      { PD_KEY: "Wr0ngK3yWr0ngK3yWr0ngK3y00000000", PD_URL: pagerduty.base },
    );
    const refused = await send(wrong, fall);
    expect(refused).toMatchObject({ ok: false, attempts: 1 });
    expect((refused as { error: string }).error).toContain("HTTP 400");
    expect((refused as { error: string }).error).not.toContain("Wr0ngK3y");
  });

  it("sends to the region's host unless an address is named", () => {
    const eu = resolveChannel({ id: "p", type: "pagerduty", routingKeyEnv: "K", region: "eu" }, { K: ROUTING_KEY });
    expect(eu).toEqual({ channel: { id: "p", type: "pagerduty", url: "https://events.eu.pagerduty.com", routingKey: ROUTING_KEY } });
    expect(resolveChannel({ id: "p", type: "pagerduty", routingKeyEnv: "K" }, {})).toEqual({ missing: ["K"] });
  });
});

describe("Opsgenie (Alert API)", () => {
  it("a fall creates one alert, its reminder is counted on it, its return closes it", async () => {
    for (const notice of [fall, reminder]) expect(await send(og(), notice)).toMatchObject({ ok: true });
    expect([...opsgenie.alerts.entries()]).toEqual([
      [
        "check-srv-1-20261129T100501Z",
        { status: "open", count: 2, message: "Web 1 (srv-1) is offline", priority: "P1", entity: "Web 1 (srv-1)" },
      ],
    ]);
    expect(await send(og(), back)).toMatchObject({ ok: true });
    expect(opsgenie.alerts.get("check-srv-1-20261129T100501Z")!.status).toBe("closed");
    expect(opsgenie.requests.at(-1)!.path).toBe("/v2/alerts/check-srv-1-20261129T100501Z/close?identifierType=alias");
  });

  it("waits out a 429 and tries again; a wrong key is final and never said", async () => {
    opsgenie.throttle(1, 1);
    expect(await send(og(), fall)).toMatchObject({ ok: true, attempts: 2 });
    const wrong = channel(
      { id: "genie", type: "opsgenie", apiKeyEnv: "OG_KEY", urlEnv: "OG_URL" },
      { OG_KEY: "ffffffff-wrong-key-ffff-ffffffffffff", OG_URL: opsgenie.base },
    );
    const refused = await send(wrong, fall);
    expect(refused).toMatchObject({ ok: false, attempts: 1 });
    expect((refused as { error: string }).error).toContain("HTTP 401");
    expect((refused as { error: string }).error).not.toContain("wrong-key");
  });

  it("sends to the region's host unless an address is named", () => {
    const eu = resolveChannel({ id: "o", type: "opsgenie", apiKeyEnv: "K", region: "eu" }, { K: API_KEY });
    expect(eu).toEqual({ channel: { id: "o", type: "opsgenie", url: "https://api.eu.opsgenie.com", apiKey: API_KEY } });
  });
});

describe("any text, through both services", () => {
  it("property: whatever a server's name and detail hold arrives as the same text, within the services' limits", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 300, unit: "grapheme" }),
        fc.string({ maxLength: 2000, unit: "binary" }),
        async (name, detail) => {
          pagerduty.reset();
          opsgenie.reset();
          const notice = makeNotice({ server: { id: "srv-x", name, ip: "10.0.0.9", location: "Oslo" }, detail });
          expect(await send(pd(), notice)).toMatchObject({ ok: true });
          expect(await send(og(), notice)).toMatchObject({ ok: true });
          const summary = (pagerduty.requests[0].body!.payload as { summary: string }).summary;
          const full = `${name} (srv-x) is offline`;
          expect(full.startsWith(summary.replace(/…$/, ""))).toBe(true);
          const details = (pagerduty.requests[0].body!.payload as { custom_details: Record<string, string> }).custom_details;
          expect(details["What the check saw"]).toBe(detail || "nothing recorded");
          const message = String(opsgenie.requests[0].body!.message);
          expect(message.length).toBeLessThanOrEqual(130);
          expect(full.startsWith(message.replace(/…$/, ""))).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("never makes a digest: a paging service is sent each notice", () => {
    const digest: NotifyMessage = { kind: "digest", notices: [fall], siteUrl: null };
    expect(() => pagerdutyBody(digest)).toThrow(/never a digest/);
    expect(() => opsgenieRequest(digest)).toThrow(/never a digest/);
  });
});

describe("through the check job", () => {
  it("a fall and a return reach both services; a refused send is told in the log; no key is in the job's files or its log", async () => {
    let answering = true;
    const target = http.createServer((_request, response) => {
      if (answering) response.end("ok");
      else response.destroy();
    });
    await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(target.address() as net.AddressInfo).port}/health`;
    const dir = jobContent([{ id: "srv-pay", check: { url, confirmRuns: { offline: 1 } } }], {
      prefix: "paging-job-",
      notifications: {
        channels: [
          { id: "pager", type: "pagerduty", routingKeyEnv: "PD_KEY", urlEnv: "PD_URL" },
          { id: "genie", type: "opsgenie", apiKeyEnv: "OG_KEY", urlEnv: "OG_URL", region: "eu" },
          { id: "genie-wrong", type: "opsgenie", apiKeyEnv: "OG_WRONG_KEY", urlEnv: "OG_URL" },
        ],
        routes: [{ channels: ["pager", "genie", "genie-wrong"] }],
      },
    });
    const WRONG = "99999999-aaaa-bbbb-cccc-wrongwrong99";
    const logs: string[] = [];
    const run = (minutes: number) =>
      runChecks({
        contentDir: dir,
        log: (line) => logs.push(line),
        warn: (line) => logs.push(`warning: ${line}`),
        retryPauseMs: 0,
        now: () => new Date(Date.now() + minutes * 60_000),
        notify: {
          resolve: resolveChannel,
          deliver: (to, message) => deliver(to, message, { backoffMs: 10, timeoutMs: 2000 }),
          env: { PD_KEY: ROUTING_KEY, PD_URL: pagerduty.base, OG_KEY: API_KEY, OG_WRONG_KEY: WRONG, OG_URL: opsgenie.base },
          siteUrl: "https://status.example.org",
        },
      });
    try {
      await run(0);
      answering = false;
      await run(5);
      expect([...pagerduty.incidents.values()].map((i) => i.status)).toEqual(["triggered"]);
      expect([...opsgenie.alerts.values()].map((a) => a.status)).toEqual(["open"]);
      answering = true;
      await run(10);
      expect([...pagerduty.incidents.values()].map((i) => i.status)).toEqual(["resolved"]);
      expect([...opsgenie.alerts.values()].map((a) => a.status)).toEqual(["closed"]);
      expect(logs.join("\n")).toContain("genie-wrong");
      expect(logs.join("\n")).toContain("HTTP 401");
      const files = (fs.readdirSync(path.join(dir, "checks"), { recursive: true }) as string[])
        .map((name) => path.join(dir, "checks", name))
        .filter((file) => fs.statSync(file).isFile());
      const written = files.map((file) => fs.readFileSync(file, "utf8")).join("\n");
      for (const secret of [ROUTING_KEY, API_KEY, WRONG]) {
        expect(written).not.toContain(secret);
        expect(logs.join("\n")).not.toContain(secret);
      }
    } finally {
      target.closeAllConnections();
      target.close();
      removeJobContents();
    }
  });
});
