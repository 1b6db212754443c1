import type { ReactNode } from "react";
import { classed } from "../../styles/classed";
import * as styles from "./Badge.module.css";

/** SPEC §2: the badge has four looks. */
export type BadgeVariant = "default" | "secondary" | "destructive" | "outline";

type BadgeProps = { variant?: BadgeVariant; children: ReactNode };

/**
 * A small label: default, secondary, destructive or outline. The look is a data
 * attribute, so the styles are the same for every badge and never recomputed.
 */
export function Badge({ variant = "default", children }: BadgeProps) {
  return <Pill data-variant={variant}>{children}</Pill>;
}

const Pill = classed("span", styles.pill);
