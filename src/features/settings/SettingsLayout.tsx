import { classed } from "../../styles/classed";
import * as styles from "./SettingsLayout.module.css";

/** Cards of a settings tab, side by side on wide screens. */
export const SettingsGrid = classed("div", styles.settingsGrid);

export const FormStack = classed("form", styles.formStack);

export const FormActions = classed("div", styles.formActions);

/** A polite status line after saving. */
export const SavedNote = classed("p", styles.savedNote);
