import { useCallback, useSyncExternalStore } from "react";

const CHANGE = "url-search-change";

const subscribe = (listener: () => void) => {
  window.addEventListener("popstate", listener);
  window.addEventListener(CHANGE, listener);
  return () => {
    window.removeEventListener("popstate", listener);
    window.removeEventListener(CHANGE, listener);
  };
};

/**
 * The URL's ?query ('' in the static HTML, which is built without one), and a
 * way to change it on the same page: 'push' makes a history entry (the back
 * button returns to the previous search), 'replace' does not (for typing).
 */
export function useUrlSearch(): [string, (search: string, mode: "push" | "replace") => void] {
  const search = useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => "",
  );
  const change = useCallback((next: string, mode: "push" | "replace") => {
    if (next === window.location.search) return;
    const url = `${window.location.pathname}${next}${window.location.hash}`;
    if (mode === "push") window.history.pushState(window.history.state, "", url);
    else window.history.replaceState(window.history.state, "", url);
    window.dispatchEvent(new Event(CHANGE));
  }, []);
  return [search, change];
}
