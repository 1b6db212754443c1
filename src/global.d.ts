/** Stylesheets imported for their side effect (mapbox-gl's CSS, loaded with the map). */
declare module "*.css";
