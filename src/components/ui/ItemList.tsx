import { classed } from "../../styles/classed";
import * as styles from "./ItemList.module.css";

/** A list of bordered rows (alerts, reports, server locations). */
export const ItemList = classed("ul", styles.itemList);

/** One bordered row; its children wrap on narrow screens. Extend it for another layout. */
export const Item = classed("li", styles.item);

/** A row's small facts under its title (an address, a time), muted and wrapping. */
export const ItemMeta = classed("p", styles.itemMeta);
