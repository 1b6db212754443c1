import type { GatsbyNode } from "gatsby";
import { mapboxCssPath } from "./files/vendorAssets";
import { SPRITE_FILE } from "../src/icons/sprite";

/** The parts of webpack's configuration this hook touches (Gatsby hands it over untyped). */
type Rule = { exclude?: unknown; test?: unknown; oneOf?: Rule[]; rules?: Rule[]; use?: unknown };
type WebpackConfig = { module?: { rules?: Rule[] }; plugins?: unknown[] };
type LoaderEntry = { loader?: string; options?: { modules?: { localIdentName?: string } | boolean } };
type DefinePlugin = (definitions: Record<string, string>) => unknown;
type GetConfig = () => unknown;

/** Every rule, nested ones (oneOf, rules) included. */
function allRules(rules: Rule[]): Rule[] {
  return rules.flatMap((rule) => [rule, ...allRules([...(rule.oneOf ?? []), ...(rule.rules ?? [])])]);
}

/**
 * CSS Modules' class names in the production build: a short hash, not Gatsby's
 * `File-module--class--hash`, which every page's HTML and the scripts repeat
 * (0.6–0.8 KB gzipped of each page's HTML). The server and browser builds hash the
 * same way, so their names agree; `gatsby develop` keeps the readable names.
 */
function shortenClassNames(rules: Rule[]): void {
  for (const rule of allRules(rules)) {
    const entries = (Array.isArray(rule.use) ? rule.use : []) as LoaderEntry[];
    for (const entry of entries) {
      const modules = entry.options?.modules;
      if (entry.loader?.includes("css-loader") && typeof modules === "object" && modules.localIdentName)
        modules.localIdentName = "[hash:base64:6]";
    }
  }
}

/**
 * Four changes to Gatsby's webpack configuration:
 * - mapbox-gl ships a worker that breaks when Babel transpiles it ("An error
 *   occurred while parsing the WebWorker bundle"); Gatsby runs node_modules
 *   through Babel, so mapbox-gl is left out of that rule.
 * - The globe learns where mapbox-gl's stylesheet is.
 * - Gatsby puts every CSS Module into one stylesheet, and mini-css-extract-plugin
 *   warns when pages import them in different orders. Our modules do not depend
 *   on their order: each styles its own classes, and a class that restyles
 *   another component's element doubles its selector to win (styles/classed.ts).
 * - CSS Modules' class names are short in the production build (shortenClassNames).
 */
export const configureWebpack: GatsbyNode["onCreateWebpackConfig"] = ({ getConfig, actions, plugins, stage }) => {
  const config = (getConfig as GetConfig)() as WebpackConfig;
  if (stage === "build-javascript" || stage === "build-html") shortenClassNames(config.module?.rules ?? []);
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
  // Where the globe finds mapbox-gl's stylesheet (see vendorAssets.ts), and the name of the site's file of icons.
  const define = plugins.define as DefinePlugin;
  config.plugins = [
    ...(config.plugins ?? []),
    define({ __MAPBOX_CSS_URL__: JSON.stringify(mapboxCssPath()), __ICON_SPRITE__: JSON.stringify(SPRITE_FILE) }),
  ];
  actions.replaceWebpackConfig(config);
};
