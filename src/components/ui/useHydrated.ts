import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;
const inTheBrowser = () => true;
const inTheStaticHtml = () => false;

/**
 * false in the static HTML and while React hydrates it, true from then on. What
 * only the browser knows (its time zone, the time now) is shown once this is
 * true, so the first render in the browser matches the HTML the build wrote.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, inTheBrowser, inTheStaticHtml);
}
