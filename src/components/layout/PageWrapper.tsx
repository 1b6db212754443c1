import { withPrefix } from "gatsby";
import type { ReactNode } from "react";
import { withoutPrefix } from "../../model/shell/nav";
import { AppShell } from "./AppShell";
import { ErrorBoundary } from "./ErrorBoundary";
import { Toaster } from "../ui/Toaster";

type PageWrapperProps = { pathname: string; children: ReactNode };

/**
 * The shell around every page, and an error boundary that resets when the route
 * changes. (The styles are stylesheets: styles/global.css, styles/shell.css and
 * each component's CSS Module, all in the static HTML.) The toasts are
 * here, not in the root wrapper: Gatsby renders that one a second time around the
 * page's Head, off the page, and a second toaster there measured every toast as
 * 0 px high, which left react-hot-toast drawing them fully transparent.
 */
export function PageWrapper({ pathname, children }: PageWrapperProps) {
  // The sidebar compares the page's own path with its entries' (a site in a folder has the folder in front).
  const page = withoutPrefix(pathname, withPrefix("/"));
  return (
    <>
      <AppShell pathname={page}>
        <ErrorBoundary key={pathname}>{children}</ErrorBoundary>
      </AppShell>
      <Toaster />
    </>
  );
}
