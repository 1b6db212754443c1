import { isValidElement, type ReactNode } from "react";

/**
 * Gatsby puts the site's stylesheet (29 KB) into every page's HTML. For the
 * routes that is what keeps a first paint fast; a fleet's server pages are
 * thousands of pages with the same sheet (290 MB at 10,000 servers, #45), so
 * they link it instead: one file, cached by the browser after the first page.
 */
export const linksStylesheet = (pathname: string): boolean => /^\/servers\/[^/]+\/?$/.test(pathname);

/** The head's components with each stylesheet Gatsby inlined (a <style data-href>) turned into a link to its file. */
export function linkStylesheets(components: ReactNode[]): ReactNode[] {
  return components.map((component) => {
    if (!isValidElement<{ "data-href"?: string }>(component) || component.type !== "style") return component;
    const href = component.props["data-href"];
    return href ? <link key={component.key ?? href} rel="stylesheet" href={href} /> : component;
  });
}
