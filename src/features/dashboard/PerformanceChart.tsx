import { memo, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { chartGeometry, nearestPoint } from "../../model/chartGeometry";
import { formatMs } from "../../model/format";
import type { ChartPoint } from "../../model/types";
import { SectionCard } from "../../components/ui/Card";
import { NoAnswer } from "../../components/domain/NoAnswer";
import { classed } from "../../styles/classed";
import * as styles from "./PerformanceChart.module.css";

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
const TOOLTIP = { width: 156, height: 42 };

const SERIES = [
  { key: "responseTime", label: "Response Time (ms)", color: "var(--c-chart-response)" },
  { key: "uptime", label: "Uptime (%)", color: "var(--c-chart-uptime)" },
] as const;

/**
 * A line chart of response time and uptime over the day: grid, time axis,
 * value axis, two lines with a dot on each point, a legend, a tooltip, and the
 * same figures as a table. It is plain SVG drawn from the page's data, so the
 * static HTML already holds the whole chart; once the page is live the tooltip
 * follows the pointer, a touch, or the arrow keys (the chart is a slider over
 * its points, which screen readers read out as it moves).
 *
 * Memoised: the dashboard re-renders on every simulated tick, the chart's points do not change.
 */
export const PerformanceChart = memo(function PerformanceChart({ title, points, measured = false }: PerformanceChartProps) {
  // Ids from useId are the same in the static HTML and after hydration, and unique per chart.
  const id = `chart${useId().replace(/[^a-zA-Z0-9]/g, "")}`;
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  const [active, setActive] = useState<number | null>(null);

  useEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      const measuredWidth = Math.round(entry.contentRect.width);
      if (measuredWidth > 0) setWidth(measuredWidth);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const g = useMemo(() => chartGeometry(points, width, HEIGHT), [points, width]);
  const utc = measured ? " UTC" : "";
  const say = (p: ChartPoint) =>
    `${p.time}${utc}: ${p.responseTime === null ? "no check answered" : `response time ${p.responseTime} ms`}, uptime ${p.uptime}%`;
  const description = `${measured ? "Measured" : "Sample"} response time in milliseconds and uptime in percent at ${points.map((p) => p.time).join(", ")}${utc}.`;

  const pointAt = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return nearestPoint(g.xs, ((event.clientX - box.left) / (box.width || 1)) * width);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = points.length - 1;
    const now = active ?? 0;
    const next = { ArrowRight: now + 1, ArrowUp: now + 1, ArrowLeft: now - 1, ArrowDown: now - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setActive(Math.min(last, Math.max(0, next)));
  };

  const shown = active === null ? null : points[active];
  const tipX = active === null ? 0 : Math.min(g.plot.right - TOOLTIP.width, Math.max(g.plot.left, g.xs[active] - TOOLTIP.width / 2));

  return (
    <SectionCard
      title={title}
      description={
        measured
          ? "Measured by the checks: mean response time of the answering checks (a gap where none answered) and the share of successful checks, every 4 hours (UTC)."
          : "Sample figures from the site's content."
      }
      aside={
        <Legend aria-label="Lines">
          {SERIES.map((s) => (
            <li key={s.key}>
              <Swatch aria-hidden="true" style={{ background: s.color }} />
              {s.label}
            </li>
          ))}
        </Legend>
      }
      empty={points.length === 0}
      emptyText="No performance data yet."
    >
      <Frame ref={frame}>
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          width="100%"
          height="100%"
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          <g className={styles.grid} aria-hidden="true">
            {g.yTicks.map((t) => (
              <line key={`y${t.value}`} x1={g.plot.left} x2={g.plot.right} y1={t.y} y2={t.y} />
            ))}
            {g.xs.map((x, i) => (
              <line key={`x${i}`} x1={x} x2={x} y1={g.plot.top} y2={g.plot.bottom} />
            ))}
          </g>
          <g className={styles.axis} aria-hidden="true">
            <line x1={g.plot.left} x2={g.plot.right} y1={g.plot.bottom} y2={g.plot.bottom} />
            <line x1={g.plot.left} x2={g.plot.left} y1={g.plot.top} y2={g.plot.bottom} />
            {g.yTicks.map((t) => (
              <text key={`y${t.value}`} x={g.plot.left - 6} y={t.y} textAnchor="end" dominantBaseline="middle">
                {t.value}
              </text>
            ))}
            {points.map((p, i) => (
              <text key={p.time} x={g.xs[i]} y={g.plot.bottom + 18} textAnchor="middle">
                {p.time}
              </text>
            ))}
          </g>
          {SERIES.map((s) => (
            <g key={s.key} aria-hidden="true">
              <path d={g.series[s.key].path} style={{ fill: "none", stroke: s.color, strokeWidth: 2 }} />
              {g.series[s.key].points.map((p, i) =>
                p === null ? null : <circle key={i} cx={p.x} cy={p.y} r={i === active ? 5 : 3} style={{ fill: s.color }} />,
              )}
            </g>
          ))}
          {shown && active !== null ? (
            <g className={styles.tooltip} aria-hidden="true">
              <line className={styles.cursor} x1={g.xs[active]} x2={g.xs[active]} y1={g.plot.top} y2={g.plot.bottom} />
              <rect x={tipX} y={g.plot.top} width={TOOLTIP.width} height={TOOLTIP.height} rx={4} />
              <text x={tipX + 8} y={g.plot.top + 17}>{`${shown.time}${utc} · Response: ${formatMs(shown.responseTime)}`}</text>
              <text x={tipX + 8} y={g.plot.top + 33}>{`Uptime: ${shown.uptime}%`}</text>
            </g>
          ) : null}
        </svg>
        <Explorer
          role="slider"
          tabIndex={0}
          aria-label={`${title}: the figures at one time`}
          aria-valuemin={0}
          aria-valuemax={Math.max(0, points.length - 1)}
          aria-valuenow={active ?? 0}
          aria-valuetext={points.length > 0 ? say(points[active ?? 0]) : undefined}
          onKeyDown={onKeyDown}
          onFocus={() => setActive((a) => a ?? 0)}
          onBlur={() => setActive(null)}
          onPointerMove={(event) => setActive(pointAt(event))}
          onPointerDown={(event) => setActive(pointAt(event))}
          onPointerLeave={(event) => {
            if (event.currentTarget !== document.activeElement) setActive(null);
          }}
        />
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

const Frame = classed("div", styles.frame);

/** Over the plot, taking the pointer, touches and the keyboard. */
const Explorer = classed("div", styles.explorer);

const Legend = classed("ul", styles.legend);

const Swatch = classed("span", styles.swatch);

const Details = classed("details", styles.details);
