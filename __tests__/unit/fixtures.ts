import fs from "node:fs";
import path from "node:path";
import type { MonthReport } from "../../src/domain/reports/month";
import type { ReportDocument } from "../../src/publish/reportData";
import type { FleetRecord } from "../../src/model/fleet/fleet";
import type { Notice } from "../../src/domain/notify/notifications";
import { fleetFigures } from "../../src/model/fleet/summary";
import { toServers, type ServerRecord } from "../../src/model/fleet/graphqlRecords";
import type { Server } from "../../src/domain/kernel/types";
import type { LiveFleet } from "../../src/state/useLiveFleet";
import type { MetricsServer } from "../../src/publish/metrics";

let next = 0;

/** A valid server; override what the test is about. */
export function makeServer(overrides: Partial<Server> = {}): Server {
  next += 1;
  return {
    id: `srv-${next}`,
    name: `Server-${next}`,
    ip: `192.0.2.${next % 250}`,
    location: "Dublin, Ireland",
    status: "online",
    uptime: "99.9%",
    uptimeChecks: null,
    responseTime: 42,
    lastChecked: "2026-11-23T10:00:00Z",
    coordinates: [-6.26, 53.35],
    source: "simulated",
    detail: null,
    ...overrides,
  };
}

/** A page's live fleet holding every one of these servers, as a small fleet's page has it. */
export function wholeFleet(servers: readonly Server[]): LiveFleet {
  return { servers, complete: true, figures: fleetFigures(servers), buildPlaces: [], loadState: "idle", retry: () => {} };
}

/** A page query's fleet of these records: whole (a small fleet), or the first of a larger one with its figures. */
export function fleetRecord(records: readonly ServerRecord[], whole: readonly ServerRecord[] = records): FleetRecord {
  const figures = fleetFigures(toServers(whole));
  return { ...figures, complete: records.length === whole.length, servers: records, places: [] };
}

/** A server's news, as the check job hands it to a channel; override what the test is about. */
export function makeNotice(overrides: Partial<Notice> = {}): Notice {
  return {
    key: "srv-1:down:2025-03-01T12:00:05.000Z",
    event: "down",
    server: { id: "srv-1", name: "Web 1", ip: "10.0.0.1", location: "Frankfurt" },
    from: "online",
    to: "offline",
    since: "2025-03-01T12:00:05.000Z",
    at: "2025-03-01T12:00:05.000Z",
    detail: "connection refused",
    durationMs: null,
    url: "https://status.example.org/servers/srv-1",
    ...overrides,
  };
}

/** A month's figures as a report holds them (February 2028's server a of monthReport.test.ts, worked out by hand). */
export function makeMonthFigures(overrides: Partial<MonthReport["fleet"]> = {}): MonthReport["fleet"] {
  return {
    checks: 8328,
    up: 8304,
    maintenanceChecks: 24,
    causedChecks: 0,
    availability: 8304 / 8328,
    downtimeMs: 2 * 3_600_000,
    outages: 2,
    longestOutageMs: 3_600_000,
    medianRecoveryMs: 3_600_000,
    times: { median: 40, p95: 398.5, p99: 401.2, daysKept: 29, daysTimed: 29 },
    covered: 1,
    ...overrides,
  };
}

/** What happened in a month, as a report document carries it: nothing, unless told. */
export function makeReportEvents(overrides: Partial<ReportDocument["report"]["events"]> = {}): ReportDocument["report"]["events"] {
  return {
    incidents: [],
    maintenance: [],
    alerts: { error: 0, warning: 0, info: 0, from: "2028-02-01T00:00:00.000Z", whole: true },
    ...overrides,
  };
}

/** What three places (ap-south, eu-west, us-east) saw of a server, by their times (null: offline from there). */
export const placesSeen = (ms: Array<number | null>) =>
  ["ap-south", "eu-west", "us-east"].map((location, i) => ({
    location,
    status: ms[i] === null ? ("offline" as const) : ("online" as const),
    responseTime: ms[i],
    detail: "HTTP 200",
  }));

/**
 * The site stylesheet's rules for the charts' classes (`.chart-…` in src/styles/global.css, the axes
 * of the charts written by hand), as one style each: `fill:none;stroke:…`.
 */
function siteChartRules(): Map<string, string> {
  const css = fs.readFileSync(path.join(__dirname, "../../src/styles/global.css"), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  const rules = new Map<string, string>();
  for (const [, selectors, body] of css.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    const declarations = body
      .split(";")
      .map((d) => d.trim().replace(/\s*:\s*/, ":"))
      .filter(Boolean);
    for (const selector of selectors.split(",").map((s) => s.trim())) {
      if (/^\.chart-[\w-]+$/.test(selector))
        rules.set(selector.slice(1), [rules.get(selector.slice(1)), ...declarations].filter(Boolean).join(";"));
    }
  }
  return rules;
}

/**
 * A drawn chart as the browser styles it: each class of the chart's own <style> (a style that
 * repeats, written once: src/charts/frame.ts) or of the site's stylesheet (`chart-…`) put back
 * as the element's style, so a test reads every element's look from its attribute. A class
 * without its rule, or a rule of the chart's no element uses, throws.
 */
export function inlineChartStyles(svg: Element): Element {
  const rules = new Map([...(svg.querySelector("style")?.textContent ?? "").matchAll(/\.([\w-]+)\{([^}]*)\}/g)].map((m) => [m[1], m[2]]));
  const site = siteChartRules();
  const used = new Set<string>();
  for (const element of svg.querySelectorAll("[class]")) {
    const name = element.getAttribute("class")!;
    const rule = rules.get(name) ?? site.get(name);
    if (rule === undefined) throw new Error(`class ${name} has no rule in the chart's <style> or the site's stylesheet`);
    used.add(name);
    element.setAttribute("style", rule);
  }
  const unused = [...rules.keys()].filter((name) => !used.has(name));
  if (unused.length > 0) throw new Error(`rules no element uses: ${unused.join(", ")}`);
  return svg;
}

/** A measured server as /metrics.txt tells it (#48): online, answering in 42 ms, checked over 24 hours and 30 days. */
export const makeMetricsServer = (overrides: Partial<MetricsServer> = {}): MetricsServer => ({
  id: "web-1",
  name: "Web 1",
  location: "Lisbon, Portugal",
  ip: "192.0.2.10",
  kind: "http",
  status: "online",
  responseTimeMs: 42,
  uptime: { "1d": { up: 287, total: 288 }, "30d": { up: 8630, total: 8640 }, "365d": { up: 0, total: 0 } },
  url: "https://status.example.org/servers/web-1/",
  ...overrides,
});
