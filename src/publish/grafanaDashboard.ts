/**
 * A Grafana dashboard for /metrics.txt (#48), written by the build beside it
 * (/grafana-dashboard.json): import it in Grafana (Dashboards → New → Import)
 * and pick the Prometheus that scrapes the site. Its panels read our own names
 * (server_*, objective_*, monitoring_*): the freshness of the figures, the
 * fleet's state, response times and uptime, and the objectives' budgets and
 * burn rates. Nothing an editor wrote is in it: it shows what the series say.
 */
export const GRAFANA_DASHBOARD_PATH = "/grafana-dashboard.json";

type Panel = Record<string, unknown>;

/** The dashboard's JSON model; `title` is the site's name (Grafana shows it as text). */
export function grafanaDashboard(title: string): Record<string, unknown> {
  const datasource = { type: "prometheus", uid: "${datasource}" };
  let id = 0;
  const panel = (
    type: string,
    name: string,
    gridPos: { x: number; y: number; w: number; h: number },
    targets: Array<{ expr: string; legendFormat?: string }>,
    defaults: Record<string, unknown> = {},
    options: Record<string, unknown> = {},
  ): Panel => ({
    id: (id += 1),
    type,
    title: name,
    gridPos,
    datasource,
    targets: targets.map((t, i) => ({ refId: String.fromCharCode(65 + i), datasource, ...t })),
    fieldConfig: { defaults, overrides: [] },
    options,
  });
  const row = (name: string, y: number): Panel => ({
    id: (id += 1),
    type: "row",
    title: name,
    collapsed: false,
    gridPos: { x: 0, y, w: 24, h: 1 },
    panels: [],
  });
  const ratio = { unit: "percentunit", min: 0, max: 1, decimals: 3 };
  return {
    title: `${title}: status`,
    uid: "status-site",
    description: "The status site's /metrics.txt: measured servers and objectives (docs/readers.md, Metrics for Prometheus).",
    editable: true,
    schemaVersion: 39,
    tags: ["status-site"],
    time: { from: "now-24h", to: "now" },
    refresh: "1m",
    templating: {
      list: [{ name: "datasource", label: "Prometheus", type: "datasource", query: "prometheus", current: {}, hide: 0 }],
    },
    panels: [
      row("The fleet", 0),
      panel(
        "stat",
        "Age of the newest check run",
        { x: 0, y: 1, w: 6, h: 4 },
        [{ expr: "time() - max(monitoring_last_run_timestamp_seconds)" }],
        {
          unit: "s",
          thresholds: {
            mode: "absolute",
            steps: [
              { color: "green", value: null },
              { color: "orange", value: 600 },
              { color: "red", value: 900 },
            ],
          },
        },
      ),
      panel("stat", "Servers up", { x: 6, y: 1, w: 6, h: 4 }, [
        { expr: "sum(server_up)", legendFormat: "up" },
        { expr: "count(server_up)", legendFormat: "with a state" },
      ]),
      panel("stat", "Servers offline", { x: 12, y: 1, w: 6, h: 4 }, [{ expr: 'count(server_state{state="offline"}) or vector(0)' }], {
        thresholds: {
          mode: "absolute",
          steps: [
            { color: "green", value: null },
            { color: "red", value: 1 },
          ],
        },
      }),
      panel(
        "stat",
        "Servers not checked for too long",
        { x: 18, y: 1, w: 6, h: 4 },
        [{ expr: 'count(server_state{state="unchecked"}) or vector(0)' }],
        {
          thresholds: {
            mode: "absolute",
            steps: [
              { color: "green", value: null },
              { color: "orange", value: 1 },
            ],
          },
        },
      ),
      panel(
        "timeseries",
        "Response time",
        { x: 0, y: 5, w: 12, h: 8 },
        [{ expr: "server_response_time_seconds * on (server) group_left (name) server_info", legendFormat: "{{name}}" }],
        { unit: "s" },
      ),
      panel(
        "bargauge",
        "Uptime over 30 days",
        { x: 12, y: 5, w: 12, h: 8 },
        [{ expr: 'server_uptime_ratio{window="30d"} * on (server) group_left (name) server_info', legendFormat: "{{name}}" }],
        ratio,
        { displayMode: "basic", orientation: "horizontal" },
      ),
      row("Objectives", 13),
      panel(
        "bargauge",
        "Attained over each objective's window",
        { x: 0, y: 14, w: 8, h: 8 },
        [{ expr: "objective_attained_ratio", legendFormat: "{{objective}}" }],
        ratio,
        { displayMode: "basic", orientation: "horizontal" },
      ),
      panel(
        "bargauge",
        "Error budget left",
        { x: 8, y: 14, w: 8, h: 8 },
        [{ expr: "objective_budget_remaining_ratio", legendFormat: "{{objective}}" }],
        {
          unit: "percentunit",
          max: 1,
          thresholds: {
            mode: "absolute",
            steps: [
              { color: "red", value: null },
              { color: "orange", value: 0.25 },
              { color: "green", value: 0.5 },
            ],
          },
        },
        { displayMode: "basic", orientation: "horizontal" },
      ),
      panel(
        "timeseries",
        "Burn rate (1: the budget lasts its window)",
        { x: 16, y: 14, w: 8, h: 8 },
        [{ expr: "objective_burn_rate", legendFormat: "{{objective}} {{window}}" }],
        { unit: "none", min: 0 },
      ),
    ],
  };
}
