import type { GatsbyBrowser } from "gatsby";
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
