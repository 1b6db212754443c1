import { withPrefix } from "gatsby";
import type { IconName } from "../../icons/names";

type IconProps = { name: IconName; size?: number; className?: string };

/**
 * A decorative line icon (one of Lucide's drawings), drawn from the site's one
 * file of icons (src/icons/sprite.ts, written by the build): the page carries a
 * name, not the drawing, and its size: the symbol carries its box and its
 * stroke (about 1.7 KB of every page's HTML, #45). Always hidden from screen readers: the control or text
 * beside it carries the name.
 */
export function Icon({ name, size = 24, className }: IconProps) {
  return (
    <svg width={size} height={size} aria-hidden="true" className={className}>
      <use href={withPrefix(`/${__ICON_SPRITE__}#${name}`)} />
    </svg>
  );
}
