import type { GatsbyNode } from "gatsby";
import { mapboxCssPath } from "./vendorAssets";

/**
 * mapbox-gl ships a worker that breaks when Babel transpiles it ("An error occurred
 * while parsing the WebWorker bundle"); Gatsby runs node_modules through Babel, so
 * mapbox-gl is left out of that rule.
 */
export const keepMapboxUntranspiled: GatsbyNode["onCreateWebpackConfig"] = ({ getConfig, actions, plugins }) => {
  const config = getConfig();
  const rules = (config.module?.rules ?? []) as Array<{ exclude?: unknown; test?: unknown; use?: unknown }>;
  for (const rule of rules) {
    const excludes = rule.exclude;
    if (typeof excludes === "function" && String(rule.test).includes("js")) {
      const original = excludes as (modulePath: string) => boolean;
      rule.exclude = (modulePath: string) => /node_modules[\\/]mapbox-gl[\\/]/.test(modulePath) || original(modulePath);
    }
  }
  // Where the globe finds mapbox-gl's stylesheet (see vendorAssets.ts).
  config.plugins = [...(config.plugins ?? []), plugins.define({ __MAPBOX_CSS_URL__: JSON.stringify(mapboxCssPath()) })];
  actions.replaceWebpackConfig(config);
};
