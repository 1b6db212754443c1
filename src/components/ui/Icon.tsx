import { createElement } from "react";
import type { IconNode } from "lucide";

type IconProps = { icon: IconNode; size?: number; className?: string };

/**
 * A decorative line icon (Lucide's drawings, from the framework-free `lucide`
 * package: plain data, so the first load carries no icon runtime). Always hidden
 * from screen readers: the control or text beside it carries the name.
 */
export function Icon({ icon, size = 24, className }: IconProps) {
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
      {icon.map(([tag, attrs], index) => createElement(tag, { key: index, ...attrs }))}
    </svg>
  );
}
