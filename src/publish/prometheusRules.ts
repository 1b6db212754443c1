/**
 * Prometheus alerting rules for what /metrics.txt tells (#48), written by the
 * build beside it (/prometheus-rules.yml) from the objectives: for each, the
 * Google SRE Workbook's two multiwindow burn-rate alerts a 5-minute schedule
 * can measure (domain/objectives/burnAlerts.ts: the job's own alerts and the
 * pages judge by the same pairs and rates), and one alert for a
 * site whose newest run is too old. Load it with `rule_files` in prometheus.yml.
 *
 * Only ids (letters, digits, dashes) and numbers go into the rules: an
 * editor's words would be read as Go templates by Prometheus.
 */
import type { Objective } from "../domain/objectives/objectiveContent";
import { BURN_ALERTS, type BurnLevel } from "../domain/objectives/burnAlerts";

export const PROMETHEUS_RULES_PATH = "/prometheus-rules.yml";

/** A YAML scalar: JSON's double-quoted string is one. */
const quoted = (text: string) => JSON.stringify(text);

/**
 * The rules file. `staleAfterSeconds`: how old the newest run may be before
 * the site is stale (three of the job's usual intervals; 15 minutes when the
 * interval is not known).
 */
export function prometheusRules(objectives: readonly Pick<Objective, "id">[], staleAfterSeconds: number): string {
  const rule = (alert: string, expr: string, severity: string, summary: string, labels: Record<string, string> = {}) =>
    [
      `      - alert: ${alert}`,
      `        expr: ${quoted(expr)}`,
      `        labels:`,
      `          severity: ${severity}`,
      ...Object.entries(labels).map(([k, v]) => `          ${k}: ${quoted(v)}`),
      `        annotations:`,
      `          summary: ${quoted(summary)}`,
    ].join("\n");
  const burn = (id: string, window: string) => `objective_burn_rate{objective="${id}",window="${window}"}`;
  const pairExpr = (id: string, { long, short, rate }: (typeof BURN_ALERTS)[BurnLevel][number]) =>
    // `and` keeps the left's series whose labels match the right's: the two windows differ in `window` only, ignored
    `${burn(id, long)} >= ${rate} and ignoring(window) ${burn(id, short)} >= ${rate}`;
  const rules = [
    rule(
      "StatusSiteStale",
      `time() - monitoring_last_run_timestamp_seconds > ${staleAfterSeconds}`,
      "ticket",
      `The status site's newest check run is more than ${staleAfterSeconds} s old: its figures are not fresh.`,
    ),
    ...objectives.flatMap(({ id }) => [
      ...BURN_ALERTS.page.map((pair) =>
        rule(
          "ObjectiveBudgetBurnFast",
          pairExpr(id, pair),
          "page",
          pair.short === "5m"
            ? `Objective ${id} burns its error budget ${pair.rate} times too fast over the last hour and 5 minutes, checked from several places (2 % of a 30-day budget in an hour).`
            : `Objective ${id} burns its error budget ${pair.rate} times too fast over 6 hours and the last 30 minutes (5 % of a 30-day budget in 6 hours).`,
          { objective: id, windows: `${pair.long}/${pair.short}` },
        ),
      ),
      ...BURN_ALERTS.ticket.map((pair) =>
        rule(
          "ObjectiveBudgetBurnSlow",
          pairExpr(id, pair),
          "ticket",
          `Objective ${id} burns its error budget faster than it lasts, over 3 days and the last 6 hours (10 % of a 30-day budget in 3 days).`,
          { objective: id, windows: `${pair.long}/${pair.short}` },
        ),
      ),
    ]),
  ];
  return ["groups:", "  - name: status-site", "    rules:", ...rules, ""].join("\n");
}
