import { useSyncExternalStore } from "react";

/** How often the time now moves on for the pages: "3 min ago" needs no finer step. */
const STEP_MS = 15_000;

let now = 0;
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (timer === null) {
    // Nothing showed the time for a while: start from now (React re-reads the snapshot after subscribing).
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      listeners.forEach((l) => l());
    }, STEP_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

const current = () => {
  if (now === 0) now = Date.now();
  return now;
};
const unknown = () => null;

/**
 * The time now in ms, moving on every 15 s while something shows it; null in
 * the static HTML and during hydration (the build cannot know when the page is
 * read), so what depends on it appears once the page is live.
 */
export function useNow(): number | null {
  return useSyncExternalStore(subscribe, current, unknown);
}
