/** Where mapbox-gl's stylesheet is published (set by gatsby/webpack.ts at build time). */
declare const __MAPBOX_CSS_URL__: string;
