/** @jest-environment node */
/**
 * /metrics.txt (#48): the measured figures in Prometheus's text format 0.0.4,
 * our names beside those Uptime Kuma's and Gatus's dashboards read. Read back
 * here by a reader of the format written from its specification (the browser
 * tests have Prometheus itself scrape the built file, and promtool check it).
 */
import { NO_BURN } from "../../../src/domain/objectives/budget";
import fc from "fast-check";
import { metricsText } from "../../../src/publish/metrics";
import { makeMetricsServer } from "../fixtures";

const NOW = new Date("2026-11-29T12:00:00Z");
const server = makeMetricsServer;

type Sample = { name: string; labels: Record<string, string>; value: number };
/** The format read back: each family's HELP and TYPE before its samples, names and labels as the format allows, values numbers. */
function parse(text: string): { samples: Sample[]; types: Map<string, string>; help: Map<string, string> } {
  expect(text.endsWith("\n")).toBe(true);
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  const help = new Map<string, string>();
  for (const line of text.slice(0, -1).split("\n")) {
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line);
    if (meta) {
      const [, what, name, rest] = meta;
      if (what === "TYPE") {
        expect(types.has(name)).toBe(false);
        types.set(name, rest);
      } else help.set(name, rest.replace(/\\n/g, "\n").replace(/\\\\/g, "\\"));
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{([^]*)\})? (\S+)$/.exec(line);
    if (!sample) throw new Error(`not a sample line: ${JSON.stringify(line)}`);
    const [, name, set = "", value] = sample;
    expect(types.get(name)).toBe("gauge");
    const labels: Record<string, string> = {};
    const pair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\\\|\\"|\\n)*)"(,|$)/y;
    let at = 0;
    while (at < set.length) {
      pair.lastIndex = at;
      const m = pair.exec(set);
      if (!m) throw new Error(`bad labels at ${at}: ${set}`);
      labels[m[1]] = m[2].replace(/\\(\\|"|n)/g, (_, c: string) => (c === "n" ? "\n" : c));
      at = pair.lastIndex;
    }
    expect(Number.isFinite(Number(value))).toBe(true);
    samples.push({ name, labels, value: Number(value) });
  }
  return { samples, types, help };
}
const valueOf = (text: string, name: string, labels: Record<string, string> = {}) =>
  parse(text)
    .samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .map((s) => s.value);

describe("/metrics.txt (#48)", () => {
  it("tells each measured figure under our names, Uptime Kuma's and Gatus's, and the job's newest run", () => {
    const text = metricsText(
      [
        server({
          certificateExpires: "2026-12-09T18:00:00Z",
          placeTimes: [
            { location: "eu-west", ms: 40 },
            { location: "us-east", ms: null },
          ],
        }),
        server({ id: "db-1", name: "DB 1", status: "offline", responseTimeMs: null, kind: "tcp" }),
        server({ id: "old", name: "Old", status: "unchecked", responseTimeMs: null }),
        server({ id: "maint", name: "Maint", status: "maintenance", responseTimeMs: 12 }),
      ],
      "2026-11-29T11:55:03.000Z",
      NOW,
    );
    expect(valueOf(text, "monitoring_last_run_timestamp_seconds")).toEqual([Date.parse("2026-11-29T11:55:03Z") / 1000]);
    expect(valueOf(text, "monitoring_build_timestamp_seconds")).toEqual([NOW.getTime() / 1000]);
    expect(valueOf(text, "monitoring_servers")).toEqual([4]);
    expect(valueOf(text, "server_state", { server: "old", state: "unchecked" })).toEqual([1]);
    // No state known, no up: never 0 (down) nor 1 for a server without a recent result, or in maintenance.
    expect(
      parse(text)
        .samples.filter((s) => s.name === "server_up")
        .map((s) => [s.labels.server, s.value]),
    ).toEqual([
      ["web-1", 1],
      ["db-1", 0],
    ]);
    expect(valueOf(text, "server_response_time_seconds", { server: "web-1" })).toEqual([0.042]);
    expect(valueOf(text, "server_response_time_seconds", { server: "db-1" })).toEqual([]);
    expect(valueOf(text, "server_place_response_time_seconds", { server: "web-1" })).toEqual([0.04]);
    expect(valueOf(text, "server_uptime_ratio", { server: "web-1", window: "1d" })).toEqual([287 / 288]);
    // A window without checks has no ratio (never 0 %, never 100 %).
    expect(valueOf(text, "server_uptime_ratio", { server: "web-1", window: "365d" })).toEqual([]);
    expect(valueOf(text, "server_certificate_expiry_timestamp_seconds", { server: "web-1" })).toEqual([
      Date.parse("2026-12-09T18:00:00Z") / 1000,
    ]);
    expect(valueOf(text, "server_info", { server: "web-1" })).toEqual([1]);
    // Uptime Kuma's: 1 up, 0 down, 2 pending, 3 maintenance; its labels.
    expect(
      parse(text)
        .samples.filter((s) => s.name === "monitor_status")
        .map((s) => [s.labels.monitor_name, s.value]),
    ).toEqual([
      ["Web 1", 1],
      ["DB 1", 0],
      ["Old", 2],
      ["Maint", 3],
    ]);
    expect(parse(text).samples.find((s) => s.name === "monitor_status")!.labels).toEqual({
      monitor_id: "web-1",
      monitor_name: "Web 1",
      monitor_type: "http",
      monitor_url: "https://status.example.org/servers/web-1/",
      monitor_hostname: "192.0.2.10",
    });
    expect(valueOf(text, "monitor_response_time", { monitor_id: "web-1" })).toEqual([42]);
    expect(valueOf(text, "monitor_cert_days_remaining", { monitor_id: "web-1" })).toEqual([10]);
    // whether a certificate is valid is the check's judgement, not its expiry's: not told (no monitor_cert_is_valid)
    expect(valueOf(text, "monitor_cert_is_valid")).toEqual([]);
    expect(valueOf(text, "monitor_uptime_ratio", { monitor_id: "web-1", window: "30d" })).toEqual([8630 / 8640]);
    // Gatus's.
    expect(valueOf(text, "gatus_results_endpoint_success", { key: "db-1", type: "TCP" })).toEqual([0]);
    expect(valueOf(text, "gatus_results_duration_seconds", { key: "web-1" })).toEqual([0.042]);
    expect(valueOf(text, "gatus_results_certificate_expiration_seconds", { key: "web-1" })).toEqual([10.25 * 86_400]);
  });

  it("tells each objective's target, attained and budget left; an objective without figures only its target", () => {
    const objective = { id: "web", name: "Web is up", servers: ["web-1"], availability: 99.9, window: "30d" as const };
    const budget = {
      good: 95,
      bad: 5,
      unknown: 0,
      maintenance: 0,
      attained: 0.95,
      total: 8.64,
      remaining: 3.64,
      remainingShare: 3.64 / 8.64,
      unknownShare: 0,
      from: 0,
      to: 1,
    };
    const text = metricsText([], null, NOW, [
      {
        objective,
        budget,
        burn: {
          ...NO_BURN,
          "30m": { good: 3, bad: 3 },
          "6h": { good: 70, bad: 2 },
          "3d": { good: 0, bad: 0 },
        },
        why: null,
      },
      { objective: { ...objective, id: "later" }, budget: null, burn: null, why: "the check job has not run yet" },
    ]);
    expect(
      parse(text)
        .samples.filter((s) => s.name === "objective_target_ratio")
        .map((s) => [s.labels.objective, s.value]),
    ).toEqual([
      ["web", 0.999],
      ["later", 0.999],
    ]);
    expect(valueOf(text, "objective_attained_ratio")).toEqual([0.95]);
    expect(valueOf(text, "objective_budget_remaining_ratio", { objective: "web" })).toEqual([3.64 / 8.64]);
    expect(valueOf(text, "objective_unknown_ratio")).toEqual([0]);
    // half of 30 minutes' checks down against 0.1 % allowed: 500 times too fast; 3 days without a check: no sample
    expect(
      parse(text)
        .samples.filter((s) => s.name === "objective_burn_rate")
        .map((s) => [s.labels.window, s.value]),
    ).toEqual([
      ["30m", 500],
      ["6h", 27.777778],
    ]);
  });

  it("a figure that is not a number is no sample, and the file stays whole", () => {
    const text = metricsText([server({ certificateExpires: "not a time" })], "not a time either", NOW);
    expect(valueOf(text, "monitoring_last_run_timestamp_seconds")).toEqual([]);
    expect(valueOf(text, "server_certificate_expiry_timestamp_seconds")).toEqual([]);
    expect(valueOf(text, "server_up")).toEqual([1]);
  });

  it("before the job ran, and with no measured server, it still says when it was built, and nothing else is made up", () => {
    const text = metricsText([], null, NOW);
    expect(parse(text).samples.map((s) => s.name)).toEqual(["monitoring_build_timestamp_seconds", "monitoring_servers"]);
  });

  it("property: any names, places and figures make a file the format reads, the names coming back as they were", () => {
    const hostile = fc.string({ maxLength: 40, unit: "binary" });
    const anyServer = fc.record({
      id: fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,20}$/),
      name: hostile,
      location: hostile,
      status: fc.constantFrom("online", "warning", "offline", "maintenance", "unchecked"),
      responseTimeMs: fc.option(fc.integer({ min: 0, max: 60_000 })),
      kind: fc.option(fc.constantFrom("http", "tcp", "tls", "dns")),
      up: fc.nat(1000),
      more: fc.nat(1000),
    });
    fc.assert(
      fc.property(fc.uniqueArray(anyServer, { selector: (s) => s.id, maxLength: 6 }), (list) => {
        const servers = list.map((s) =>
          server({
            ...s,
            uptime: { "1d": { up: s.up, total: s.up + s.more }, "30d": { up: 0, total: 0 }, "365d": { up: s.up, total: s.up } },
          }),
        );
        const text = metricsText(servers, "2026-11-29T11:55:03.000Z", NOW);
        const { samples } = parse(text);
        for (const s of servers) {
          const info = samples.find((x) => x.name === "server_info" && x.labels.server === s.id)!;
          // an empty label is no label: the format cannot tell them apart
          expect(info.labels.name ?? "").toBe(s.name);
          expect(info.labels.location ?? "").toBe(s.location);
        }
        for (const ratio of samples.filter((x) => x.name.endsWith("uptime_ratio"))) expect(ratio.value).toBeGreaterThanOrEqual(0);
        for (const ratio of samples.filter((x) => x.name.endsWith("uptime_ratio"))) expect(ratio.value).toBeLessThanOrEqual(1);
        // each series once
        const keys = samples.map((x) => `${x.name}${JSON.stringify(Object.entries(x.labels).sort())}`);
        expect(new Set(keys).size).toBe(keys.length);
      }),
    );
  });
});
