/** @jest-environment node */
/**
 * /grafana-dashboard.json (#48): a dashboard Grafana imports, whose panels read
 * only series /metrics.txt has.
 */
import { NO_BURN } from "../../../src/domain/objectives/budget";
import { grafanaDashboard } from "../../../src/publish/grafanaDashboard";
import { metricsText } from "../../../src/publish/metrics";
import { makeMetricsServer } from "../fixtures";

/** Every family name /metrics.txt can hold: one of everything it tells. */
function publishedNames(): Set<string> {
  const text = metricsText(
    [
      makeMetricsServer({
        placeTimes: [{ location: "eu-west", ms: 40 }],
        certificateExpires: "2027-01-01T00:00:00Z",
        uptime: { "1d": { up: 1, total: 1 }, "30d": { up: 1, total: 1 }, "365d": { up: 1, total: 1 } },
      }),
    ],
    "2026-11-29T11:55:00Z",
    new Date("2026-11-29T12:00:00Z"),
    [
      {
        objective: { id: "web", name: "Web", servers: ["web-1"], availability: 99.9, window: "30d" },
        budget: {
          good: 1,
          bad: 0,
          unknown: 0,
          maintenance: 0,
          attained: 1,
          total: 1,
          remaining: 1,
          remainingShare: 1,
          unknownShare: 0,
          from: 0,
          to: 1,
        },
        burn: {
          ...NO_BURN,
          "30m": { good: 1, bad: 0 },
          "6h": { good: 1, bad: 0 },
          "3d": { good: 1, bad: 0 },
        },
        why: null,
      },
    ],
  );
  return new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));
}

describe("/grafana-dashboard.json (#48)", () => {
  const dashboard = grafanaDashboard('Site "A" <b>') as {
    title: string;
    panels: Array<{ type: string; title: string; gridPos: { x: number; w: number }; targets?: Array<{ expr: string; refId: string }> }>;
    templating: { list: Array<{ name: string; type: string }> };
  };

  it("asks for the Prometheus to read, and each panel fits the grid with its own query ids", () => {
    expect(dashboard.templating.list).toEqual([expect.objectContaining({ name: "datasource", type: "datasource" })]);
    expect(dashboard.title).toBe('Site "A" <b>: status');
    for (const panel of dashboard.panels) {
      expect(panel.gridPos.x + panel.gridPos.w).toBeLessThanOrEqual(24);
      const ids = (panel.targets ?? []).map((t) => t.refId);
      expect(new Set(ids).size).toBe(ids.length);
    }
    expect(dashboard.panels.filter((p) => p.type !== "row").length).toBeGreaterThanOrEqual(9);
  });

  it("every query reads series /metrics.txt has", () => {
    const names = publishedNames();
    const functions = new Set(["time", "max", "sum", "count", "vector", "on", "group_left", "or"]);
    for (const panel of dashboard.panels) {
      for (const { expr } of panel.targets ?? []) {
        // identifiers outside braces and quotes: metric names, functions, keywords and the labels of on (…) / group_left (…)
        const bare = expr
          .replace(/\{[^}]*\}/g, "")
          .replace(/"[^"]*"/g, "")
          .replace(/\((server|name)\)/g, "()");
        const used = [...bare.matchAll(/[a-z_][a-z0-9_]*/g)].map((m) => m[0]).filter((word) => !functions.has(word));
        for (const metric of used) expect([panel.title, metric, names.has(metric)]).toEqual([panel.title, metric, true]);
      }
    }
  });
});
