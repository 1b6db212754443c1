import type { Tone } from "./tone";
import * as styles from "./StatusDot.module.css";

type StatusDotProps = {
  tone: Tone;
  /** a slow pulse, for the states an operator watches (stops under reduced motion) */
  pulse?: boolean;
  /** diameter in px */
  size?: number;
  className?: string;
};

/** A coloured dot. Decorative: say what it means in text beside it. */
export function StatusDot({ tone, pulse = false, size = 10, className }: StatusDotProps) {
  return (
    <span
      aria-hidden="true"
      className={className ? `${styles.dot} ${className}` : styles.dot}
      data-tone={tone}
      data-pulse={pulse || undefined}
      style={{ width: size, height: size }}
    />
  );
}
