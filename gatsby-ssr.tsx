import { withPrefix, type GatsbySSR } from "gatsby";
import { PageWrapper } from "./src/components/layout/PageWrapper";
import { RootProviders } from "./src/components/layout/RootProviders";

export const wrapRootElement: GatsbySSR["wrapRootElement"] = ({ element }) => <RootProviders>{element}</RootProviders>;

export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element, props }) => (
  <PageWrapper pathname={props.location.pathname}>{element}</PageWrapper>
);

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: "en" });
  // Applies the saved sidebar state and theme to <html> before first paint (see static/head-state.js).
  setHeadComponents([<script key="head-state" src={withPrefix("/head-state.js")} />]);
};
