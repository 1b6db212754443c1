import { Link } from "gatsby";
import type { ComponentProps } from "react";
import { classed } from "../../styles/classed";
import * as styles from "./Button.module.css";

type ButtonStyleProps = { $variant?: "default" | "outline" | "ghost" | "destructive"; $size?: "sm" | "md" | "icon" };

const ButtonElement = classed<"button", ButtonStyleProps>("button", styles.button);

/** The one button of the site; `$size="icon"` for square icon buttons (give them an aria-label). */
export function Button({ type = "button", ...props }: ComponentProps<typeof ButtonElement>) {
  return <ButtonElement type={type} {...props} />;
}

/** A link to a page of the site that looks like a button. */
export const ButtonLink = classed<typeof Link, ButtonStyleProps>(Link, styles.button);

/** A link to a file (a download) that looks like a button. */
export const ButtonAnchor = classed<"a", ButtonStyleProps>("a", styles.button);
