import { memo } from "react";
import type { ChartDrawings } from "../../model/charts/chartDrawing";
import { performanceLabel } from "../../model/charts/performanceChart";
import type { ChartPoint } from "../../domain/kernel/types";
import { SectionCard } from "../../components/ui/Card";
import { ChartLegend } from "../../components/ui/ChartLegend";
import { DrawnChart } from "../../components/ui/DrawnChart";
import { NoAnswer } from "../../components/domain/NoAnswer";
import { classed } from "../../styles/classed";
import * as styles from "./PerformanceChart.module.css";

type PerformanceChartProps = {
  title: string;
  points: readonly ChartPoint[];
  /** the chart of these points, drawn by the build (gatsby/pages/dashboardChart.ts); null: the table only */
  drawings: ChartDrawings | null;
  /** the points are the checks' last 24 hours (times in UTC), not the editors' sample */
  measured?: boolean;
};

const SERIES = [
  { key: "responseTime", label: "Response Time (ms)", color: "var(--c-chart-response)" },
  { key: "uptime", label: "Uptime (%)", color: "var(--c-chart-uptime)" },
] as const;

/**
 * Response time and uptime over the day: the chart the build drew with
 * Victory (grid, time axis, value axis, two lines with a dot on each point, a
 * gap where nothing answered), a legend, and the same figures as a table.
 * Once the page is live the chart's tooltip follows the pointer, a touch or
 * the arrow keys (ui/DrawnChart: a slider over its points, which screen
 * readers read out as it moves).
 *
 * Memoised: the dashboard re-renders on every simulated tick, the chart's points do not change.
 */
export const PerformanceChart = memo(function PerformanceChart({ title, points, drawings, measured = false }: PerformanceChartProps) {
  return (
    <SectionCard
      title={title}
      description={
        measured
          ? "Measured by the checks: mean response time of the answering checks (a gap where none answered) and the share of successful checks, every 4 hours (UTC)."
          : "Sample figures from the site's content."
      }
      aside={<ChartLegend label="Lines" items={SERIES} />}
      empty={points.length === 0}
      emptyText="No performance data yet."
    >
      {drawings ? <DrawnChart drawings={drawings} labels={points.map((p) => performanceLabel(p, measured))} title={title} /> : null}
      <Details>
        <summary>Show the figures as a table</summary>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              {SERIES.map((s) => (
                <th scope="col" key={s.key}>
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.time}>
                <th scope="row">{p.time}</th>
                <td>{p.responseTime === null ? <NoAnswer /> : p.responseTime}</td>
                <td>{p.uptime}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Details>
    </SectionCard>
  );
});

const Details = classed("details", styles.details);
