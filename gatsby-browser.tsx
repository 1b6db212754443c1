import type { GatsbyBrowser } from "gatsby";
// The page's base and the shell's styles. Gatsby puts every stylesheet (these and
// the components' CSS Modules) into each page's HTML.
import "./src/styles/global.css";
import "./src/styles/shell.css";
import { PageWrapper } from "./src/components/layout/PageWrapper";
import { RootProviders } from "./src/components/layout/RootProviders";
import { watchPreloadErrors } from "./src/components/layout/preloadErrors";
import { holdBackForward, hydrateInSlices } from "./src/components/layout/hydrateInSlices";

export const wrapRootElement: GatsbyBrowser["wrapRootElement"] = ({ element }) => <RootProviders>{element}</RootProviders>;

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element, props }) => (
  <PageWrapper pathname={props.location.pathname}>{element}</PageWrapper>
);

export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => {
  watchPreloadErrors(window);
};

// Back/Forward wait for hydrateInSlices' commit (see there). Here, as this module is loaded:
// Gatsby's history starts to listen just after, and the first listener can keep the event from
// the others. `gatsby develop` does not hydrate in slices.
if (process.env.NODE_ENV === "production" && typeof window !== "undefined") holdBackForward();

// Hydration in slices (components/layout/hydrateInSlices.ts). Only for the production
// build: `gatsby develop` renders without server HTML and keeps its own renderer.
export const replaceHydrateFunction: GatsbyBrowser["replaceHydrateFunction"] =
  process.env.NODE_ENV === "production" ? () => hydrateInSlices : undefined;
