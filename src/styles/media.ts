/**
 * The breakpoint of SPEC §9: under 768px the sidebar becomes an off-canvas sheet.
 * The stylesheets write it as `@media (max-width: 767.98px)`; a unit test
 * (stylesheets.test.ts) holds them to this value.
 */
const MOBILE_BREAKPOINT_PX = 768;

export const mobileQuery = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
