import { useEffect, type ReactNode } from "react";
import { ThemeProvider } from "styled-components";
import { theme } from "../../styles/theme";
import { Toaster } from "../ui/Toaster";
import { LiveServersProvider } from "../../state/LiveServers";
import { SettingsProvider } from "../../state/SettingsProvider";

/** Everything that outlives a page: theme, client stores, toasts. */
export function RootProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <HydrationMark />
      <SettingsProvider>
        <LiveServersProvider>
          {children}
          <Toaster />
        </LiveServersProvider>
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
