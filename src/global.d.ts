/** Where mapbox-gl's stylesheet is published (set by gatsby/webpack.ts at build time). */
declare const __MAPBOX_CSS_URL__: string;

/** SheetJS's mini build: the same API as "xlsx" for writing workbooks. */
declare module "xlsx/dist/xlsx.mini.min.js" {
  export * from "xlsx";
}
