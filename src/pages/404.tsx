import { Link, type HeadFC, type PageProps } from "gatsby";
import { useEffect, useSyncExternalStore } from "react";
import { Seo } from "../components/layout/Seo";
import { classed } from "../styles/classed";
import * as styles from "./404.module.css";

/**
 * SPEC §8: '404', 'Oops! Page not found', a link home, and the unknown path in the
 * console: as a warning, since a mistyped or stale link is not the site failing
 * (and browsers' audits count console errors as faults of the page).
 */
const noSubscription = () => () => undefined;
const currentPath = () => `${window.location.pathname}${window.location.search}`;
/** The static 404.html is the same for every unknown path: it names none until the browser says which. */
const noPathYet = () => null;

export default function NotFoundPage({ location }: PageProps) {
  const path = useSyncExternalStore(noSubscription, currentPath, noPathYet);
  useEffect(() => {
    console.warn("404 Error: User attempted to access non-existent route:", currentPath());
  }, [location.pathname]);
  return (
    <Wrap>
      <Code>404</Code>
      <h1>Oops! Page not found</h1>
      {/* The line is there before the path is known (empty in the static HTML), so the link below does not move when it fills. */}
      <Path>{path ? `There is no page at ${path}.` : null}</Path>
      <Link to="/">Return to Dashboard</Link>
    </Wrap>
  );
}

export const Head: HeadFC = () => <Seo title="Page not found" />;

const Wrap = classed("div", styles.wrap);

const Code = classed("p", styles.code);

const Path = classed("p", styles.path);
