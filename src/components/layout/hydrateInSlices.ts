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
 * Back and Forward are held (holdBackForward) until the page is committed, then
 * given to the router.
 */
export function hydrateInSlices(element: ReactElement, container: Element): void {
  const release = holdBackForward();
  const committed = createElement(Committed, { onCommitted: release }, element);
  // Gatsby's own test: a page whose HTML has nothing inside the focus wrapper (a
  // client-only page; none today) is rendered, not hydrated.
  if (!document.getElementById("gatsby-focus-wrapper")?.hasChildNodes()) {
    createRoot(container, rootOptions).render(committed);
    return;
  }
  startTransition(() => {
    hydrateRoot(container, committed, rootOptions);
  });
}

let held: (() => void) | undefined;

/**
 * From the start of the app's code (gatsby-browser, as it is loaded) until React
 * has committed the page, a Back or Forward is kept from the router and given to
 * it afterwards. Gatsby's history hears popstate from the app's first lines, but
 * the page it renders is the one whose data it loaded for the first address:
 * heard while that data loads or while React hydrates, a Back makes it render a
 * page whose data is not there (an error, a blank page); heard by nobody (the
 * router listens once committed), the address and the page disagree. Held, the
 * page is hydrated as it was loaded, and the same event again then makes the
 * router go where the browser went. Ours must be the first popstate listener,
 * to stop the others (Chromium calls a window's listeners in the order they were
 * added, capture or not). `<html data-hydrating>` is set meanwhile. Returns the
 * release, which the page's commit calls.
 */
export function holdBackForward(): () => void {
  if (held) return held;
  let missed = false;
  const hold = (event: PopStateEvent) => {
    missed = true;
    event.stopImmediatePropagation();
  };
  window.addEventListener("popstate", hold);
  document.documentElement.setAttribute("data-hydrating", "");
  const release = () => {
    if (held !== release) return;
    held = undefined;
    window.removeEventListener("popstate", hold);
    document.documentElement.removeAttribute("data-hydrating");
    // The router listens now: the same event again, for the address the browser is at.
    if (missed) window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state as unknown }));
  };
  held = release;
  return release;
}

/** Renders nothing of its own (the HTML is adopted as it is); its effect runs once the page, router and all, is committed. */
function Committed({ onCommitted, children }: { onCommitted: () => void; children?: ReactNode }) {
  useEffect(onCommitted, [onCommitted]);
  return children;
}
