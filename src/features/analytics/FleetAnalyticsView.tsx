import type { ReactNode } from "react";
import { Link } from "gatsby";
import { SectionCard, CardDescription } from "../../components/ui/Card";
import { ChartLegend } from "../../components/ui/ChartLegend";
import { DataTable } from "../../components/ui/DataTable";
import { DrawnChart } from "../../components/ui/DrawnChart";
import { FactList } from "../../components/ui/FactList";
import { classed } from "../../styles/classed";
import * as styles from "./FleetAnalyticsView.module.css";
import { formatMs } from "../../domain/kernel/format";
import { serverPath } from "../../domain/kernel/paths";
import type { RankedServer } from "../../domain/reports/fleetAnalytics";
import { describeDay } from "../../model/server/serverPage";
import { UPTIME_BANDS } from "../../model/server/uptimeBands";
import {
  FLEET_BARS_TITLE,
  WEEK_BARS_TITLE,
  changeWords,
  recoveryWords,
  shareWords,
  weekWords,
  type AnalyticsContext,
} from "../../model/analytics/analyticsPage";
import { Fold } from "../../components/ui/Fold";

const BAND_KEYS = UPTIME_BANDS.map((b) => ({ key: b.band, label: b.label, color: b.color }));

/**
 * The Analytics Dashboard (#34): the fleet's behaviour over time from what the
 * check job measured, every figure in the static HTML, each chart with its
 * table; without checked servers, what it would show and how to get there.
 */
export function FleetAnalyticsView({ fleetAnalytics: analytics, fleetBars, weekBars, alerted, names }: AnalyticsContext) {
  if (!analytics || !fleetBars || !weekBars) {
    return (
      <SectionCard title="Analytics Dashboard">
        <CardDescription>No server is checked yet.</CardDescription>
        <CardDescription>
          Once the check job measures servers (a check in content/servers.json, then npm run check), this card shows the fleet&apos;s
          availability each day for 90 days, each region&apos;s availability and response times over 30 days against the 30 before, the
          servers slowest, least available and most often alerted, and the outages each week with the time they took to recover.
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
        <Fold>
          <summary>The days as a table</summary>
          <DataTable
            label="The fleet's availability per day"
            caption="The fleet's availability per UTC day, newest first"
            heads={["Day", "Availability", "Checks up", "Checks", "In maintenance"]}
            rows={[...analytics.days].reverse().map((d) => (
              <tr key={d.date}>
                <th scope="row">{d.date}</th>
                <td>{d.total === 0 ? "no data" : shareWords(d.up / d.total)}</td>
                <td>{d.up}</td>
                <td>{d.total}</td>
                <td>{d.maintenance ?? 0}</td>
              </tr>
            ))}
          />
        </Fold>
      </SectionCard>

      <SectionCard
        title="Each region, last 30 days"
        description="The region is the second part of a server's location. Response times against the 30 days before."
      >
        <DataTable
          label="Each region's figures"
          caption="Each region's availability and response times, last 30 days"
          heads={[
            "Region",
            "Servers",
            "Availability",
            "Availability, 90 days",
            "Median",
            "p95",
            "Median, 30 days before",
            "p95, 30 days before",
          ]}
          rows={analytics.regions.map((r) => (
            <tr key={r.region}>
              <th scope="row">{r.region}</th>
              <td>{r.servers}</td>
              <td>{shareWords(r.availability)}</td>
              <td>{shareWords(r.availability90)}</td>
              <td>{r.recent ? formatMs(r.recent.median) : "no answers"}</td>
              <td>{r.recent ? formatMs(r.recent.p95) : "no answers"}</td>
              <td>{r.before ? formatMs(r.before.median) : "no answers kept"}</td>
              <td>{r.before ? formatMs(r.before.p95) : "no answers kept"}</td>
            </tr>
          ))}
        />
      </SectionCard>

      <SectionCard
        title="Servers to look at, last 30 days"
        description="Each list names up to five servers; a server's name opens its page."
      >
        <Rankings>
          <RankedTable
            label="Slowest servers"
            caption="The slowest servers by their median response time, last 30 days"
            heads={["Server", "Median", "p95"]}
            empty="No server answered in the last 30 days."
            rows={analytics.slowest.map((r) => [r.server, formatMs(r.times!.median), formatMs(r.times!.p95)])}
            names={names}
          />
          <RankedTable
            label="Least available servers"
            caption="The servers with the lowest availability, last 30 days"
            heads={["Server", "Availability", "Outages"]}
            empty="Every check of the last 30 days found its server up."
            rows={analytics.leastAvailable.map((r: RankedServer) => [r.server, shareWords(r.availability), String(r.outages)])}
            names={names}
          />
          <RankedTable
            label="Most often alerted servers"
            caption={
              alerted?.from
                ? `The servers the check job alerted most often, from ${alerted.from.slice(0, 10)}`
                : "The servers the check job alerted most often"
            }
            heads={["Server", "Offline", "Warnings"]}
            empty={
              alerted?.from
                ? "The check job raised no outage or warning alert in the last 30 days."
                : "The check job's kept alerts are all outages of the newest days: the others are not known."
            }
            rows={(alerted?.servers ?? []).map((r) => [r.server, String(r.errors), String(r.warnings)])}
            names={names}
          />
        </Rankings>
      </SectionCard>

      <SectionCard
        title="Outages each week"
        description="The outages that began each week (Monday to Sunday, UTC), and the time those that ended took to recover."
      >
        <DrawnChart drawings={weekBars} labels={analytics.weeks.map(weekWords)} title={WEEK_BARS_TITLE} start="last" />
        <DataTable
          label="Outages each week"
          caption="Outages that began each week, and their time to recover, last 13 weeks"
          heads={["Week of", "Outages", "Still going on", "Recovery, median", "Recovery, longest"]}
          rows={analytics.weeks.map((w) => (
            <tr key={w.week}>
              <th scope="row">{w.week}</th>
              <td>{w.began}</td>
              <td>{w.ongoing}</td>
              <td>{recoveryWords(w.medianRecoveryMs)}</td>
              <td>{recoveryWords(w.longestRecoveryMs)}</td>
            </tr>
          ))}
        />
      </SectionCard>
    </Stack>
  );
}

type RankedTableProps = {
  label: string;
  caption: string;
  heads: string[];
  empty: string;
  /** each row: the server's id, then its figures */
  rows: string[][];
  names: Record<string, string>;
};

/** A ranking of servers, each named with a link to its page; what an empty one means, in words. */
function RankedTable({ label, caption, heads, empty, rows, names }: RankedTableProps): ReactNode {
  // The table's caption is its title; an empty ranking says what that means under the same title.
  if (rows.length === 0) {
    return (
      <div>
        <RankTitle>{caption}</RankTitle>
        <CardDescription>{empty}</CardDescription>
      </div>
    );
  }
  return (
    <div>
      <DataTable
        label={label}
        caption={caption}
        heads={heads}
        rows={rows.map(([server, ...figures]) => (
          <tr key={server}>
            <th scope="row">
              <Link to={serverPath(server)}>{names[server] ?? server}</Link>
            </th>
            {figures.map((f, i) => (
              <td key={heads[i + 1]}>{f}</td>
            ))}
          </tr>
        ))}
      />
    </div>
  );
}

const Stack = classed("div", styles.stack);
const Rankings = classed("div", styles.rankings);
const RankTitle = classed("p", styles.rankTitle);
