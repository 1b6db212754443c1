import { classed } from "../../styles/classed";
import * as styles from "./DashboardColumns.module.css";

/** Recent alerts beside the chart on wide screens, stacked on narrow ones. */
export const DashboardColumns = classed("div", styles.dashboardColumns);
