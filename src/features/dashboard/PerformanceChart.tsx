import { memo, useEffect, useId, useRef, useState } from "react";
import styled, { useTheme } from "styled-components";
import { VictoryAxis, VictoryChart, VictoryLine, VictoryScatter, VictoryTooltip, VictoryVoronoiContainer } from "victory";
import type { ChartPoint } from "../../model/types";
import { SectionCard } from "../../components/ui/Card";

type PerformanceChartProps = {
  title: string;
  points: readonly ChartPoint[];
  /** the points are the checks' last 24 hours (times in UTC), not the editors' sample */
  measured?: boolean;
};

/** Server-rendered width; the chart re-measures itself after hydration. */
const DEFAULT_WIDTH = 640;
/** SPEC: the chart is 16rem high. */
const HEIGHT = 256;

const SERIES = [
  { key: "responseTime", label: "Response Time (ms)", color: "chartResponse" },
  { key: "uptime", label: "Uptime (%)", color: "chartUptime" },
] as const;

/**
 * Memoised: the dashboard re-renders on every simulated tick, the chart's points do not change.
 *
 * A line chart of response time and uptime over the day: grid, time axis, value
 * axis, a tooltip on hover, a legend, and the same figures as a table (for
 * keyboard and screen-reader users, and with JavaScript off).
 */
export const PerformanceChart = memo(function PerformanceChart({ title, points, measured = false }: PerformanceChartProps) {
  const theme = useTheme();
  // Ids from useId are the same in the static HTML and after hydration, and unique per chart.
  const id = `chart${useId().replace(/[^a-zA-Z0-9]/g, "")}`;
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);

  useEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry.contentRect.width);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const axisStyle = {
    axis: { stroke: theme.colors.border },
    grid: { stroke: theme.colors.chartGrid, strokeDasharray: "3 3" },
    tickLabels: { fill: theme.colors.textMuted, fontSize: 11, fontFamily: "inherit", padding: 6 },
  };
  const data = points.map((p) => ({ ...p }));

  return (
    <SectionCard
      title={title}
      description={
        measured
          ? "Measured by the checks: mean response time of the answering checks and the share of successful checks, every 4 hours (UTC)."
          : "Sample figures from the site's content."
      }
      aside={
        <Legend aria-label="Lines">
          {SERIES.map((s) => (
            <li key={s.key}>
              <Swatch aria-hidden="true" style={{ background: theme.colors[s.color] }} />
              {s.label}
            </li>
          ))}
        </Legend>
      }
      empty={points.length === 0}
      emptyText="No performance data yet."
    >
      <Frame ref={frame}>
        <VictoryChart
          width={width}
          height={HEIGHT}
          padding={{ top: 12, right: 16, bottom: 32, left: 44 }}
          domainPadding={{ y: 12 }}
          containerComponent={
            <VictoryVoronoiContainer
              containerId={id}
              title={title}
              desc={`${measured ? "Measured" : "Sample"} response time in milliseconds and uptime in percent at ${points.map((p) => p.time).join(", ")}${measured ? " UTC" : ""}.`}
              style={{ width: "100%", height: "100%" }}
              voronoiDimension="x"
              // The dots repeat the lines' points: one tooltip per line is enough.
              voronoiBlacklist={[/-points$/]}
              labels={({ datum }: { datum: ChartPoint & { childName?: string } }) =>
                datum.childName === "uptime" ? `Uptime: ${datum.uptime}%` : `${datum.time} · Response: ${datum.responseTime} ms`
              }
              labelComponent={
                <VictoryTooltip
                  cornerRadius={4}
                  flyoutStyle={{ fill: theme.colors.surface, stroke: theme.colors.border }}
                  style={{ fill: theme.colors.text, fontSize: 11, fontFamily: "inherit" }}
                />
              }
            />
          }
        >
          <VictoryAxis style={axisStyle} />
          <VictoryAxis dependentAxis style={axisStyle} />
          {SERIES.map((s) => (
            <VictoryLine
              key={s.key}
              name={s.key}
              data={data}
              x="time"
              y={s.key}
              style={{ data: { stroke: theme.colors[s.color], strokeWidth: 2 } }}
            />
          ))}
          {/* A dot on every point: a line needs two points, and the first hours of measurements may have one. */}
          {SERIES.map((s) => (
            <VictoryScatter
              key={`${s.key}-points`}
              name={`${s.key}-points`}
              data={data}
              x="time"
              y={s.key}
              size={3}
              style={{ data: { fill: theme.colors[s.color] } }}
            />
          ))}
        </VictoryChart>
      </Frame>
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
                <td>{p.responseTime}</td>
                <td>{p.uptime}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Details>
    </SectionCard>
  );
});

const Frame = styled.div`
  height: 16rem;
  width: 100%;
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 1rem;
  list-style: none;
  margin: 0;
  padding: 0;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textMuted};
  li {
    display: inline-flex;
    align-items: center;
    gap: 0.375rem;
  }
`;

const Swatch = styled.span`
  width: 0.875rem;
  height: 0.1875rem;
  border-radius: 2px;
`;

const Details = styled.details`
  margin-top: 0.75rem;
  font-size: 0.875rem;
  summary {
    cursor: pointer;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  table {
    margin-top: 0.5rem;
    border-collapse: collapse;
    width: 100%;
  }
  caption {
    text-align: left;
    font-weight: 600;
    padding-bottom: 0.25rem;
  }
  th,
  td {
    text-align: left;
    padding: 0.25rem 0.5rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;
