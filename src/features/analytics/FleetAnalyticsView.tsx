import { SectionCard, CardDescription } from "../../components/ui/Card";
import { ChartLegend } from "../../components/ui/ChartLegend";
import { DataTable } from "../../components/ui/DataTable";
import { DrawnChart } from "../../components/ui/DrawnChart";
import { FactList } from "../../components/ui/FactList";
import { classed } from "../../styles/classed";
import * as styles from "./FleetAnalyticsView.module.css";
import { formatMs } from "../../domain/kernel/format";
import { describeDay } from "../../model/server/serverPage";
import { UPTIME_BANDS } from "../../model/server/uptimeBands";
import { FLEET_BARS_TITLE, changeWords, shareWords, type AnalyticsContext } from "../../model/analytics/analyticsPage";

const BAND_KEYS = UPTIME_BANDS.map((b) => ({ key: b.band, label: b.label, color: b.color }));

/**
 * The Analytics Dashboard (#34, first part): the fleet's behaviour over time
 * from what the check job measured, every figure in the static HTML; without
 * checked servers, what it would show and how to get there.
 */
export function FleetAnalyticsView({ fleetAnalytics: analytics, fleetBars }: AnalyticsContext) {
  if (!analytics || !fleetBars) {
    return (
      <SectionCard title="Analytics Dashboard">
        <CardDescription>No server is checked yet.</CardDescription>
        <CardDescription>
          Once the check job measures servers (a check in content/servers.json, then npm run check), this card shows the fleet&apos;s
          availability each day for 90 days, and each region&apos;s availability and response times over 30 days against the 30 before.
        </CardDescription>
      </SectionCard>
    );
  }
  const checks = analytics.regions.reduce((n, r) => n + r.checks, 0);
  const up = analytics.regions.reduce((n, r) => n + r.up, 0);
  return (
    <Stack>
      <SectionCard
        title="Analytics Dashboard"
        description={`Measured by the check job: ${analytics.servers} checked server${analytics.servers === 1 ? "" : "s"}, as of ${analytics.asOf.slice(0, 16).replace("T", " ")} UTC.`}
      >
        <FactList
          facts={[
            ["Availability (30 days)", shareWords(checks === 0 ? null : up / checks)],
            ["Response time, median (30 days)", changeWords(analytics.recent, analytics.before, "median")],
            ["Response time, p95 (30 days)", changeWords(analytics.recent, analytics.before, "p95")],
            ["Checks made (30 days)", analytics.checks30.toLocaleString("en-US")],
          ]}
        />
      </SectionCard>

      <SectionCard title="Availability, last 90 days" aside={<ChartLegend label="Bands" items={BAND_KEYS} shape="block" />}>
        <DrawnChart drawings={fleetBars} labels={analytics.days.map(describeDay)} title={FLEET_BARS_TITLE} start="last" />
      </SectionCard>

      <SectionCard
        title="Each region, last 30 days"
        description="The region is the second part of a server's location. Response times against the 30 days before."
      >
        <DataTable
          label="Each region's figures"
          caption="Each region's availability and response times, last 30 days"
          heads={["Region", "Servers", "Availability", "Median", "p95", "Median, 30 days before", "p95, 30 days before"]}
          rows={analytics.regions.map((r) => (
            <tr key={r.region}>
              <th scope="row">{r.region}</th>
              <td>{r.servers}</td>
              <td>{shareWords(r.availability)}</td>
              <td>{r.recent ? formatMs(r.recent.median) : "no answers"}</td>
              <td>{r.recent ? formatMs(r.recent.p95) : "no answers"}</td>
              <td>{r.before ? formatMs(r.before.median) : "no answers kept"}</td>
              <td>{r.before ? formatMs(r.before.p95) : "no answers kept"}</td>
            </tr>
          ))}
        />
      </SectionCard>
    </Stack>
  );
}

const Stack = classed("div", styles.stack);
