/** @jest-environment node */
/**
 * /prometheus-rules.yml (#48): the burn-rate alerts of each objective and the
 * staleness alert, as YAML Prometheus loads (the browser tests have promtool
 * check the built file and Prometheus load it).
 */
import { prometheusRules } from "../../../src/publish/prometheusRules";

describe("/prometheus-rules.yml (#48)", () => {
  it("a staleness rule, then each objective's three multiwindow burn-rate rules, naming it by its id only", () => {
    const text = prometheusRules([{ id: "east-up" }, { id: "db-month" }], 900);
    expect(text.startsWith("groups:\n  - name: status-site\n    rules:\n")).toBe(true);
    expect(text.match(/- alert: /g)).toHaveLength(7);
    // the places' pair: the last hour and 5 minutes at 14.4×, a sample only where two places reported
    expect(text).toContain(
      'expr: "objective_burn_rate{objective=\\"east-up\\",window=\\"1h\\"} >= 14.4 and ignoring(window) objective_burn_rate{objective=\\"east-up\\",window=\\"5m\\"} >= 14.4"',
    );
    expect(text).toContain('windows: "1h/5m"');
    expect(text).toContain('expr: "time() - monitoring_last_run_timestamp_seconds > 900"');
    expect(text).toContain(
      'expr: "objective_burn_rate{objective=\\"east-up\\",window=\\"6h\\"} >= 6 and ignoring(window) objective_burn_rate{objective=\\"east-up\\",window=\\"30m\\"} >= 6"',
    );
    expect(text).toContain(
      'expr: "objective_burn_rate{objective=\\"db-month\\",window=\\"3d\\"} >= 1 and ignoring(window) objective_burn_rate{objective=\\"db-month\\",window=\\"6h\\"} >= 1"',
    );
    // nothing an editor wrote (a name) reaches Prometheus's templates
    expect(text).not.toContain("{{");
  });

  it("without objectives, only the staleness rule", () => {
    expect(prometheusRules([], 180).match(/- alert: /g)).toEqual(["- alert: "]);
  });
});
