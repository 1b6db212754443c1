import type { ReactNode } from "react";
import { classed } from "../../styles/classed";
import { TableHead } from "./TableHead";
import * as styles from "./DataTable.module.css";

/**
 * A table of figures with its caption and column heads, in a region that
 * scrolls sideways on its own when the screen is narrow: focusable, so a
 * keyboard can scroll it too. Printed, it is whole, its heads on every page.
 */
export function DataTable({ label, caption, heads, rows }: { label: string; caption: string; heads: readonly string[]; rows: ReactNode }) {
  return (
    <Scroll tabIndex={0} role="region" aria-label={label}>
      <table>
        <caption>{caption}</caption>
        <TableHead heads={heads} />
        <tbody>{rows}</tbody>
      </table>
    </Scroll>
  );
}

const Scroll = classed("div", styles.scroll);
