import type { ReactNode } from "react";
import { GlobalStyle } from "../../styles/GlobalStyle";
import { AppShell } from "./AppShell";
import { ErrorBoundary } from "./ErrorBoundary";
import { Toaster } from "../ui/Toaster";

type PageWrapperProps = { pathname: string; children: ReactNode };

/**
 * The global styles, the shell around every page, and an error boundary that
 * resets when the route changes. GlobalStyle is rendered here, not in the root
 * wrapper: gatsby-plugin-styled-components collects server styles inside its own
 * root wrapper, which sits inside ours, and a global style outside it would be
 * missing from the static HTML (an unstyled flash until hydration). The toasts are
 * here, not in the root wrapper: Gatsby renders that one a second time around the
 * page's Head, off the page, and a second toaster there measured every toast as
 * 0 px high, which left react-hot-toast drawing them fully transparent.
 */
export function PageWrapper({ pathname, children }: PageWrapperProps) {
  return (
    <>
      <GlobalStyle />
      <AppShell pathname={pathname}>
        <ErrorBoundary key={pathname}>{children}</ErrorBoundary>
      </AppShell>
      <Toaster />
    </>
  );
}
