import { useSyncExternalStore } from "react";

const subscribe = (listener: () => void) => {
  window.addEventListener("hashchange", listener);
  return () => window.removeEventListener("hashchange", listener);
};

/**
 * The URL's #hash without the '#' ('' in the static HTML), and a way to change
 * it without a new history entry (the back button leaves the page, not a tab).
 */
export function useLocationHash(): [string, (hash: string) => void] {
  const hash = useSyncExternalStore(
    subscribe,
    () => window.location.hash.slice(1),
    () => "",
  );
  const replace = (next: string) => {
    window.history.replaceState(window.history.state, "", next === "" ? window.location.pathname : `#${next}`);
    window.dispatchEvent(new HashChangeEvent("hashchange"));
  };
  return [hash, replace];
}
