import { startTransition, type ReactElement } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";

/**
 * Gatsby's hydration, as a transition (Remix's entry does the same). React then
 * hydrates the page in slices of about 5 ms and lets the browser paint and
 * answer between them, instead of in one task of 130–160 ms on a slow phone
 * (the whole of Lighthouse's blocking time). A click or key that comes
 * meanwhile makes React finish hydrating at once and then handle it, so nothing
 * a reader does is lost. What is drawn is the same: the server's HTML, adopted.
 */
export function hydrateInSlices(element: ReactElement, container: Element): void {
  const onUncaughtError = (error: unknown, info: { componentStack?: string }) => console.error("Uncaught error:", error, info);
  // A page without server HTML (none today) is rendered, as Gatsby's own renderer does.
  if (!container.firstChild) {
    createRoot(container, { onUncaughtError }).render(element);
    return;
  }
  startTransition(() => {
    hydrateRoot(container, element, { onUncaughtError });
  });
}
