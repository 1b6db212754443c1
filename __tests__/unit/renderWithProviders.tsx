import { render, type RenderOptions } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { ThemeProvider } from "styled-components";
import { RootProviders } from "../../src/components/layout/RootProviders";
import { Toaster } from "../../src/components/ui/Toaster";
import { theme } from "../../src/styles/theme";

/** A component with the theme only. */
export function renderWithTheme(ui: ReactElement, options?: RenderOptions) {
  return render(ui, {
    wrapper: ({ children }: { children: ReactNode }) => <ThemeProvider theme={theme}>{children}</ThemeProvider>,
    ...options,
  });
}

/** A component inside everything a page has: theme, settings, live servers, tooltips, toasts (PageWrapper's). */
export function renderWithProviders(ui: ReactElement, options?: RenderOptions) {
  return render(ui, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <RootProviders>
        {children}
        <Toaster />
      </RootProviders>
    ),
    ...options,
  });
}
