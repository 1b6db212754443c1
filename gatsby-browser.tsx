import type { GatsbyBrowser } from "gatsby";
// The shell's static styles: Gatsby puts them into every page's HTML.
import "./src/styles/shell.css";
import { PageWrapper } from "./src/components/layout/PageWrapper";
import { RootProviders } from "./src/components/layout/RootProviders";
import { watchPreloadErrors } from "./src/components/layout/preloadErrors";

export const wrapRootElement: GatsbyBrowser["wrapRootElement"] = ({ element }) => <RootProviders>{element}</RootProviders>;

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element, props }) => (
  <PageWrapper pathname={props.location.pathname}>{element}</PageWrapper>
);

export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => {
  watchPreloadErrors(window);
};
