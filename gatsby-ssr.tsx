import { withPrefix, type GatsbySSR } from "gatsby";
import { PageWrapper } from "./src/components/layout/PageWrapper";
import { RootProviders } from "./src/components/layout/RootProviders";
import { KeptMarkupSource } from "./src/components/ui/keptMarkup";
import { readKeptMarkup } from "./gatsby/keptMarkup";
import { linksStylesheet, linkStylesheets } from "./gatsby/linkedStylesheet";

// The markup a page's data names but does not carry (a server page's charts) comes from the build's store.
export const wrapRootElement: GatsbySSR["wrapRootElement"] = ({ element }) => (
  <KeptMarkupSource.Provider value={readKeptMarkup}>
    <RootProviders>{element}</RootProviders>
  </KeptMarkupSource.Provider>
);

export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element, props }) => (
  <PageWrapper pathname={props.location.pathname}>{element}</PageWrapper>
);

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: "en" });
  // Applies the saved sidebar state and theme to <html> before first paint (see static/head-state.js).
  setHeadComponents([<script key="head-state" src={withPrefix("/head-state.js")} />]);
};

export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({ pathname, getHeadComponents, replaceHeadComponents }) => {
  if (linksStylesheet(pathname)) replaceHeadComponents(linkStylesheets(getHeadComponents()));
};
