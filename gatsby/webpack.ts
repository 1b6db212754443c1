import type { GatsbyNode } from "gatsby";
import { mapboxCssPath } from "./vendorAssets";

/** The parts of webpack's configuration this hook touches (Gatsby hands it over untyped). */
type WebpackConfig = { module?: { rules?: Array<{ exclude?: unknown; test?: unknown }> }; plugins?: unknown[] };
type DefinePlugin = (definitions: Record<string, string>) => unknown;
type GetConfig = () => unknown;

/**
 * Three changes to Gatsby's webpack configuration:
 * - mapbox-gl ships a worker that breaks when Babel transpiles it ("An error
 *   occurred while parsing the WebWorker bundle"); Gatsby runs node_modules
 *   through Babel, so mapbox-gl is left out of that rule.
 * - The globe learns where mapbox-gl's stylesheet is.
 * - Gatsby puts every CSS Module into one stylesheet, and mini-css-extract-plugin
 *   warns when pages import them in different orders. Our modules do not depend
 *   on their order: each styles its own classes, and a class that restyles
 *   another component's element doubles its selector to win (styles/classed.ts).
 */
export const configureWebpack: GatsbyNode["onCreateWebpackConfig"] = ({ getConfig, actions, plugins }) => {
  const config = (getConfig as GetConfig)() as WebpackConfig;
  for (const plugin of config.plugins ?? []) {
    const candidate = plugin as { constructor?: { name?: string }; options?: { ignoreOrder?: boolean } };
    if (candidate.constructor?.name === "MiniCssExtractPlugin" && candidate.options) candidate.options.ignoreOrder = true;
  }
  const rules = config.module?.rules ?? [];
  for (const rule of rules) {
    const excludes = rule.exclude;
    if (typeof excludes === "function" && String(rule.test).includes("js")) {
      const original = excludes as (modulePath: string) => boolean;
      rule.exclude = (modulePath: string) => /node_modules[\\/]mapbox-gl[\\/]/.test(modulePath) || original(modulePath);
    }
  }
  // Where the globe finds mapbox-gl's stylesheet (see vendorAssets.ts).
  const define = plugins.define as DefinePlugin;
  config.plugins = [...(config.plugins ?? []), define({ __MAPBOX_CSS_URL__: JSON.stringify(mapboxCssPath()) })];
  actions.replaceWebpackConfig(config);
};
