import { useEffect, type ReactNode } from "react";
import { ThemeProvider } from "styled-components";
import { theme } from "../../styles/theme";
import { LiveServersProvider } from "../../state/LiveServers";
import { SettingsProvider } from "../../state/SettingsProvider";

/**
 * Everything that outlives a page: theme and client stores. (Gatsby also renders
 * this wrapper around each page's Head, into a detached element: nothing here may
 * draw on the page. The toasts live in PageWrapper.)
 */
export function RootProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <HydrationMark />
      <SettingsProvider>
        <LiveServersProvider>{children}</LiveServersProvider>
      </SettingsProvider>
    </ThemeProvider>
  );
}

/** Marks <html data-hydrated> once React runs: CSS and the browser tests can tell static from live. */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "");
  }, []);
  return null;
}
