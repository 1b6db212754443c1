/**
 * The names of the site's icons: what a page's <Icon name> points to in the one
 * file of icons the build writes (src/icons/sprite.ts). Plain names, so no icon's
 * drawing reaches a page's script.
 */
export const ICON_NAMES = [
  "activity",
  "chart-column",
  "circle-check",
  "download",
  "file-spreadsheet",
  "file-text",
  "filter",
  "info",
  "layout-dashboard",
  "map",
  "panel-left",
  "pencil",
  "plus",
  "refresh-cw",
  "server",
  "settings",
  "shield",
  "shield-alert",
  "triangle-alert",
  "x",
] as const;

export type IconName = (typeof ICON_NAMES)[number];
