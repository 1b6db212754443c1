/** The breakpoint of SPEC §9: under 768px the sidebar becomes an off-canvas sheet. */
const MOBILE_BREAKPOINT_PX = 768;

export const media = {
  /** narrower than the breakpoint */
  mobile: `@media (max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`,
  wide: `@media (min-width: 1100px)`,
  reducedMotion: "@media (prefers-reduced-motion: reduce)",
} as const;

export const mobileQuery = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
