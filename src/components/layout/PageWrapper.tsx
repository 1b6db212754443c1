import type { ReactNode } from "react";
import { AppShell } from "./AppShell";
import { ErrorBoundary } from "./ErrorBoundary";

type PageWrapperProps = { pathname: string; children: ReactNode };

/** The shell around every page, and an error boundary that resets when the route changes. */
export function PageWrapper({ pathname, children }: PageWrapperProps) {
  return (
    <AppShell pathname={pathname}>
      <ErrorBoundary key={pathname}>{children}</ErrorBoundary>
    </AppShell>
  );
}
