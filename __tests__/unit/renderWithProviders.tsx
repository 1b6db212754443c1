import { render, type RenderOptions } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { RootProviders } from "../../src/components/layout/RootProviders";
import { Toaster } from "../../src/components/ui/Toaster";

/** A component inside everything a page has: settings, live servers, tooltips, toasts (PageWrapper's). */
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
