import { classed } from "../../styles/classed";
import * as styles from "./ChartLegend.module.css";

type ChartLegendProps = {
  /** what the list is, for screen readers: "Lines", "Bands" */
  label: string;
  items: ReadonlyArray<{ key: string; label: string; color: string }>;
  /** a line's stroke or a bar's block */
  shape?: "line" | "block";
};

/** A chart's key: a swatch in each series' colour beside its name. The colours are the palettes' custom properties. */
export function ChartLegend({ label, items, shape = "line" }: ChartLegendProps) {
  return (
    <Legend aria-label={label}>
      {items.map((item) => (
        <li key={item.key}>
          <Swatch aria-hidden="true" data-shape={shape} style={{ background: item.color }} />
          {item.label}
        </li>
      ))}
    </Legend>
  );
}

const Legend = classed("ul", styles.legend);
const Swatch = classed("span", styles.swatch);
