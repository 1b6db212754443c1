/** Where mapbox-gl's stylesheet is published (set by gatsby/webpack.ts at build time). */
declare const __MAPBOX_CSS_URL__: string;

/** SheetJS's mini build: the same API as "xlsx" for writing workbooks. */
declare module "xlsx/dist/xlsx.mini.min.js" {
  export * from "xlsx";
}
/** The name of the site's one file of icons (src/icons/sprite.ts), given by webpack (gatsby/webpack.ts). */
declare const __ICON_SPRITE__: string;
