import { Link } from "gatsby";
import { classed } from "../../styles/classed";
import * as styles from "./DetailPage.module.css";

/**
 * The frame of a page about one thing (a server, a month's report): its
 * sections stacked, a link back to the list it came from, and the status line
 * under its title.
 */
export const DetailStack = classed("div", styles.stack);
export const BackLink = classed(Link, styles.back);
export const DetailStatus = classed("div", styles.status);
