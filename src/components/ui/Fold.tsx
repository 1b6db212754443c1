import { classed } from "../../styles/classed";
import * as styles from "./Fold.module.css";

/**
 * A fold (`<details>`) that holds what a chart shows as figures, under the chart: its
 * `<summary>` says what opens, in the link colour. One look for every page's folds (a
 * server's tables, the fleet's days).
 */
export const Fold = classed("details", styles.fold);
