import { startTransition, type ReactElement } from "react";
import { createRoot, hydrateRoot, type RootOptions } from "react-dom/client";

/** As Gatsby's own renderer: an uncaught error is logged; a caught one is ErrorBoundary's to log (it does). */
const rootOptions: RootOptions = {
  onUncaughtError: (error, info) => console.error("Uncaught error:", error, info),
  onCaughtError: () => undefined,
};

/**
 * Gatsby's hydration, as a transition (Remix's entry does the same). React then
 * hydrates the page in slices of about 5 ms and lets the browser paint and
 * answer between them, instead of in one task of 130–160 ms on a slow phone
 * (most of Lighthouse's blocking time). A click or key that comes meanwhile
 * makes React finish hydrating at once and then handle it, so nothing a reader
 * does is lost. What is drawn is the same: the server's HTML, adopted.
 */
export function hydrateInSlices(element: ReactElement, container: Element): void {
  // Gatsby's own test: a page whose HTML has nothing inside the focus wrapper (a
  // client-only page; none today) is rendered, not hydrated.
  if (!document.getElementById("gatsby-focus-wrapper")?.hasChildNodes()) {
    createRoot(container, rootOptions).render(element);
    return;
  }
  startTransition(() => {
    hydrateRoot(container, element, rootOptions);
  });
}
