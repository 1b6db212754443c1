import { withPrefix } from "gatsby";
import type { IconName } from "../../icons/names";

type IconProps = { name: IconName; size?: number; className?: string };

/**
 * A decorative line icon (one of Lucide's drawings), drawn from the site's one
 * file of icons (src/icons/sprite.ts, written by the build): the page carries a
 * name, not the drawing. Always hidden from screen readers: the control or text
 * beside it carries the name.
 */
export function Icon({ name, size = 24, className }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <use href={withPrefix(`/${__ICON_SPRITE__}#${name}`)} />
    </svg>
  );
}
