import type { ReactNode } from "react";
import { ThemeProvider } from "styled-components";
import { GlobalStyle } from "../../styles/GlobalStyle";
import { theme } from "../../styles/theme";
import { Toaster } from "../ui/Toaster";
import { TooltipProvider } from "../ui/Tooltip";
import { LiveServersProvider } from "../../state/LiveServers";
import { SettingsProvider } from "../../state/SettingsProvider";

/** Everything that outlives a page: theme, client stores, tooltips, toasts. */
export function RootProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <SettingsProvider>
        <LiveServersProvider>
          <TooltipProvider>
            {children}
            <Toaster />
          </TooltipProvider>
        </LiveServersProvider>
      </SettingsProvider>
    </ThemeProvider>
  );
}
