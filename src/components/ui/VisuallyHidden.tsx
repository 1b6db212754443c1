import { classed } from "../../styles/classed";
import * as styles from "./VisuallyHidden.module.css";

/** Read by screen readers, not shown. */
export const VisuallyHidden = classed("span", styles.visuallyHidden);
