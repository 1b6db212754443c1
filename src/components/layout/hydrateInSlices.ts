import { createElement, startTransition, useEffect, type ReactElement, type ReactNode } from "react";
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
 *
 * Back and Forward are not clicks on the page: the router hears them (popstate)
 * only once the page is committed, so one that comes meanwhile is kept and
 * given to the router then, which shows the page of the address the browser
 * went to. `<html data-hydrating>` is set until then.
 */
export function hydrateInSlices(element: ReactElement, container: Element): void {
  // Gatsby's own test: a page whose HTML has nothing inside the focus wrapper (a
  // client-only page; none today) is rendered, not hydrated.
  if (!document.getElementById("gatsby-focus-wrapper")?.hasChildNodes()) {
    createRoot(container, rootOptions).render(element);
    return;
  }
  let missed = false;
  const remember = () => {
    missed = true;
  };
  window.addEventListener("popstate", remember);
  document.documentElement.setAttribute("data-hydrating", "");
  const onCommitted = () => {
    window.removeEventListener("popstate", remember);
    document.documentElement.removeAttribute("data-hydrating");
    // The router listens now: the same event again, for the address the browser is at.
    if (missed) window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state as unknown }));
  };
  startTransition(() => {
    hydrateRoot(container, createElement(Committed, { onCommitted }, element), rootOptions);
  });
}

/** Renders nothing of its own (the HTML is adopted as it is); its effect runs once the page, router and all, is committed. */
function Committed({ onCommitted, children }: { onCommitted: () => void; children?: ReactNode }) {
  useEffect(onCommitted, [onCommitted]);
  return children;
}
