import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../fixtures";
import { VARIANTS_ROOT, serveBuiltVariant } from "./variantSite";
import { MEASURED_OBJECTIVES } from "./measuredContent";
import { parse } from "yaml";
import { objectiveFromOpenSlo } from "../../../src/publish/openslo";

/**
 * /metrics.txt (#48) of the measured variant (measuredContent.ts), as
 * Prometheus reads it: Debian's prometheus scrapes the built site (served by
 * gatsby serve on 127.0.0.1) and its series have the job's figures; promtool
 * checks the file.
 */
const siteUrl = serveBuiltVariant(test, "measured", 9220);
const PROMETHEUS_PORT = 9290;

type Result = { server: string; status: string; responseTime: number | null; maintenance?: true };
const latest = () => {
  const file = path.join(fs.readFileSync(path.join(VARIANTS_ROOT, "measured.built"), "utf8"), "content", "checks", "latest.json");
  return JSON.parse(fs.readFileSync(file, "utf8")) as { finishedAt: string; results: Result[] };
};

test("/api/v1/openslo/: each objective as an OpenSLO v1 document, held to the schema beside it, read back as the objective", async ({
  request,
}) => {
  const index = (await (await request.get(`${siteUrl()}/api/v1/openslo/index.json`)).json()) as {
    documents: Array<{ id: string; file: string | null }>;
  };
  expect(index.documents.map((d) => d.id)).toEqual(MEASURED_OBJECTIVES.map((o) => o.id));
  const schema = (await (await request.get(`${siteUrl()}/api/v1/openslo/openslo-v1.schema.json`)).json()) as object;
  const { default: Ajv } = await import("ajv");
  const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
  for (const [i, { file }] of index.documents.entries()) {
    const response = await request.get(`${siteUrl()}${file}`);
    expect(response.status()).toBe(200);
    const document = parse(await response.text()) as unknown;
    expect(validate(document) ? [] : validate.errors).toEqual([]);
    expect(objectiveFromOpenSlo(document)).toEqual({ objective: MEASURED_OBJECTIVES[i] });
  }
});

test("promtool finds nothing wrong in the file, served as text", async ({ request }) => {
  const response = await request.get(`${siteUrl()}/metrics.txt`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  const text = await response.text();
  expect(() => execFileSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8", stdio: "pipe" })).not.toThrow();
});

test("/api/v1/objectives.json: each objective's slots as the job counted them, held to its schema, told in the metrics too", async ({
  request,
}) => {
  type Published = {
    id: string;
    attained: number | null;
    slots: { good: number; bad: number; unknown: number; maintenance: number } | null;
    budget: { remainingShare: number | null } | null;
    why: string | null;
  };
  const document = (await (await request.get(`${siteUrl()}/api/v1/objectives.json`)).json()) as {
    intervalMs: number;
    objectives: Published[];
  };
  const schema = (await (await request.get(`${siteUrl()}/api/v1/objectives.schema.json`)).json()) as object;
  const { default: Ajv } = await import("ajv");
  const { default: addFormats } = await import("ajv-formats");
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  expect(ajv.validate(schema, document) ? [] : ajv.errors).toEqual([]);
  expect(document.objectives.map((o) => o.id)).toEqual(MEASURED_OBJECTIVES.map((o) => o.id));
  const [east, pair] = document.objectives;
  // US-East-1 answered each of the three runs: three good slots, none bad, its budget untouched.
  expect(east).toMatchObject({ attained: 1, slots: { good: 3, bad: 0, maintenance: 0 }, budget: { remainingShare: 1 }, why: null });
  // With AP-East-1, down in the last run: one bad slot of six.
  expect(pair).toMatchObject({ slots: { good: 5, bad: 1, maintenance: 0 }, why: null });
  expect(pair.attained).toBeCloseTo(5 / 6, 12);
  const metrics = await (await request.get(`${siteUrl()}/metrics.txt`)).text();
  expect(metrics).toContain(`objective_attained_ratio{objective="east-pair"} ${pair.attained}\n`);
  expect(metrics).toContain(`objective_target_ratio{objective="east-up",name="US-East-1 is up",window="30d"} 0.999\n`);
});

test.describe("scraped by Prometheus", () => {
  let prometheus: ChildProcess | undefined;
  let dir: string;
  const api = `http://127.0.0.1:${PROMETHEUS_PORT}/api/v1`;
  const query = async (q: string) => {
    const answer = (await (await fetch(`${api}/query?query=${encodeURIComponent(q)}`)).json()) as {
      data: { result: Array<{ metric: Record<string, string>; value: [number, string] }> };
    };
    return answer.data.result.map((r) => ({ ...r.metric, value: Number(r.value[1]) }) as Record<string, string> & { value: number });
  };

  test.beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "prometheus-"));
    const site = new URL(siteUrl());
    // The site's own rules, as an operator loads them.
    fs.writeFileSync(path.join(dir, "rules.yml"), await (await fetch(`${siteUrl()}/prometheus-rules.yml`)).text());
    fs.writeFileSync(
      path.join(dir, "prometheus.yml"),
      [
        "global:",
        "  scrape_interval: 1s",
        "  evaluation_interval: 1s",
        "rule_files:",
        `  - ${path.join(dir, "rules.yml")}`,
        "scrape_configs:",
        "  - job_name: status-site",
        "    metrics_path: /metrics.txt",
        "    static_configs:",
        `      - targets: ["${site.host}"]`,
        "",
      ].join("\n"),
    );
    prometheus = spawn(
      "prometheus",
      [
        `--config.file=${path.join(dir, "prometheus.yml")}`,
        `--storage.tsdb.path=${path.join(dir, "data")}`,
        `--web.listen-address=127.0.0.1:${PROMETHEUS_PORT}`,
      ],
      { stdio: "ignore" },
    );
    // Up, and the site scraped once: the target's health is known.
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        const targets = (await (await fetch(`${api}/targets`)).json()) as { data: { activeTargets: Array<{ health: string }> } };
        if (targets.data.activeTargets.some((t) => t.health !== "unknown")) break;
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) throw new Error("Prometheus did not scrape the site within 60 s");
      await new Promise((r) => setTimeout(r, 250));
    }
  });
  test.afterAll(() => {
    prometheus?.kill("SIGTERM");
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("the site's rules file passes promtool and loads: a staleness rule and each objective's three burn-rate rules", async () => {
    expect(() =>
      execFileSync("promtool", ["check", "rules", path.join(dir, "rules.yml")], { encoding: "utf8", stdio: "pipe" }),
    ).not.toThrow();
    const rules = (await (await fetch(`${api}/rules`)).json()) as {
      data: { groups: Array<{ name: string; rules: Array<{ name: string; health: string; labels: Record<string, string> }> }> };
    };
    const loaded = rules.data.groups.flatMap((g) => g.rules);
    expect(loaded.map((r) => [r.name, r.labels.objective ?? null])).toEqual([
      ["StatusSiteStale", null],
      ...MEASURED_OBJECTIVES.flatMap((o) => [
        ["ObjectiveBudgetBurnFast", o.id],
        ["ObjectiveBudgetBurnFast", o.id],
        ["ObjectiveBudgetBurnSlow", o.id],
      ]),
    ]);
    expect(loaded.every((r) => r.health !== "err")).toBe(true);
  });

  test("the burn-rate rules fire (promtool test rules): a pair whose two windows burn pages, one with a calm short window does not", () => {
    type Rule = { alert: string; labels: Record<string, string>; annotations: Record<string, string> };
    const groups = parse(fs.readFileSync(path.join(dir, "rules.yml"), "utf8")) as { groups: Array<{ rules: Rule[] }> };
    const rule = (alert: string, objective: string, windows: string) =>
      groups.groups[0].rules.find((r) => r.alert === alert && r.labels.objective === objective && r.labels.windows === windows)!;
    const fast = rule("ObjectiveBudgetBurnFast", "east-up", "6h/30m");
    const series = (objective: string, window: string, values: string) => ({
      series: `objective_burn_rate{objective="${objective}",window="${window}"}`,
      values,
    });
    const tests = {
      rule_files: ["rules.yml"],
      evaluation_interval: "1m",
      tests: [
        {
          interval: "1m",
          input_series: [
            // east-up: both windows at 7×, a page; east-pair: 6 hours at 7×, the last 30 minutes calm, nothing
            series("east-up", "6h", "7x10"),
            series("east-up", "30m", "7x10"),
            series("east-pair", "6h", "7x10"),
            series("east-pair", "30m", "1x10"),
            { series: "monitoring_last_run_timestamp_seconds", values: "0x10" },
          ],
          alert_rule_test: [
            {
              eval_time: "5m",
              alertname: "ObjectiveBudgetBurnFast",
              exp_alerts: [{ exp_labels: { ...fast.labels, window: "6h" }, exp_annotations: fast.annotations }],
            },
            { eval_time: "5m", alertname: "ObjectiveBudgetBurnSlow", exp_alerts: [] },
          ],
        },
      ],
    };
    fs.writeFileSync(path.join(dir, "rules.test.yml"), JSON.stringify(tests));
    const run = spawnSync("promtool", ["test", "rules", path.join(dir, "rules.test.yml")], { encoding: "utf8" });
    expect(`${run.stdout}${run.stderr}`).toContain("SUCCESS");
    expect(run.status).toBe(0);
  });

  test("the target is up, and each measured server's series have the job's figures", async () => {
    const targets = (await (await fetch(`${api}/targets`)).json()) as {
      data: { activeTargets: Array<{ health: string; lastError: string }> };
    };
    expect(targets.data.activeTargets.map((t) => [t.health, t.lastError])).toEqual([["up", ""]]);
    const { finishedAt, results } = latest();
    expect(await query("monitoring_last_run_timestamp_seconds")).toEqual([
      expect.objectContaining({ value: Date.parse(finishedAt) / 1000 }),
    ]);
    const measured = results.filter((r) => !r.maintenance);
    const states = await query("server_state");
    expect(states.map((s) => s.server).sort()).toEqual(results.map((r) => r.server).sort());
    for (const r of measured) {
      expect(states.find((s) => s.server === r.server)).toMatchObject({ state: r.status, value: 1 });
      const up = await query(`server_up{server="${r.server}"}`);
      expect(up.map((s) => s.value)).toEqual([r.status === "offline" ? 0 : 1]);
      const time = await query(`server_response_time_seconds{server="${r.server}"}`);
      // no answer is no sample, never 0
      expect(time.map((s) => s.value)).toEqual(r.responseTime === null ? [] : [r.responseTime / 1000]);
      const kuma = await query(`monitor_response_time{monitor_id="${r.server}"}`);
      expect(kuma.map((s) => s.value)).toEqual(r.responseTime === null ? [] : [r.responseTime]);
    }
    // Uptime over 24 hours and 30 days: a ratio of checks, as the job counted them (the 365 days hold the same runs).
    const ratios = await query(`server_uptime_ratio{window="30d"}`);
    expect(ratios.map((r) => r.server).sort()).toEqual(results.map((r) => r.server).sort());
    for (const ratio of ratios) expect(ratio.value).toBeGreaterThanOrEqual(0);
    for (const ratio of ratios) expect(ratio.value).toBeLessThanOrEqual(1);
    expect(await query(`server_uptime_ratio{window="365d"}`)).toEqual(ratios.map((r) => ({ ...r, window: "365d" })));
  });
});
