import { SIMULATION_INTERVAL_MS, markChecked, simulateTick } from "../model/fleet/simulate";
import type { Server } from "../domain/kernel/types";

export type LoadState = "idle" | "loading" | "failed";

export type LiveServerStore = {
  subscribe: (listener: () => void) => () => void;
  /** null until seeded */
  getSnapshot: () => readonly Server[] | null;
  /** Seeds from the build-time records, once per visit; later calls do nothing. */
  seed: (records: readonly Server[]) => void;
  /**
   * Seeds from a fetched list (a fleet too large for a page's data), once per
   * visit: a call while one is loading or after seeding does nothing; after a
   * failure, the next call tries again.
   */
  seedFrom: (load: () => Promise<readonly Server[]>) => void;
  /** How the last seedFrom went: "failed" until a later one succeeds. */
  getLoadState: () => LoadState;
  tick: (now?: Date) => void;
  markChecked: (now?: Date) => void;
  /** Replaces the servers with what `change` makes of them (a fetched feed); nothing before seeding. */
  update: (change: (servers: readonly Server[]) => readonly Server[]) => void;
  /** Starts the simulation timer while at least one page uses it; returns the release. */
  retain: () => () => void;
  /** Whether a page that shows servers is open (has retained the store): the shell reads the live servers only then. */
  isInUse: () => boolean;
  subscribeInUse: (listener: () => void) => () => void;
  configure: (options: { intervalMs: number; enabled: boolean; onTick?: (servers: readonly Server[]) => void }) => void;
};

/**
 * The live server state shared by the dashboard, map and servers pages. Plain
 * TypeScript with a subscribe/getSnapshot pair for useSyncExternalStore.
 * The timer runs only while a page uses the store and the tab is visible; when
 * the tab comes back after a long absence it catches up with one tick, not many.
 */
export function createLiveServerStore(): LiveServerStore {
  let servers: readonly Server[] | null = null;
  let loadState: LoadState = "idle";
  const listeners = new Set<() => void>();
  let users = 0;
  let inUse = false;
  const inUseListeners = new Set<() => void>();
  const setInUse = (next: boolean) => {
    if (next === inUse) return;
    inUse = next;
    inUseListeners.forEach((l) => l());
  };
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastTick = Date.now();
  let options: { intervalMs: number; enabled: boolean; onTick?: (servers: readonly Server[]) => void } = {
    intervalMs: SIMULATION_INTERVAL_MS,
    enabled: true,
  };

  const set = (next: readonly Server[]) => {
    servers = next;
    listeners.forEach((l) => l());
  };
  const tick = (now = new Date()) => {
    lastTick = now.getTime();
    if (servers === null) return;
    set(simulateTick(servers, now));
    options.onTick?.(servers);
  };
  const hidden = () => typeof document !== "undefined" && document.visibilityState === "hidden";

  let repeat: ReturnType<typeof setInterval> | null = null;
  const stop = () => {
    if (timer !== null) clearTimeout(timer);
    if (repeat !== null) clearInterval(repeat);
    timer = null;
    repeat = null;
  };
  /** The next tick comes one interval after the last one (at once if that has passed), then every interval. */
  const start = () => {
    stop();
    if (users === 0 || !options.enabled || hidden()) return;
    const wait = Math.max(0, options.intervalMs - (Date.now() - lastTick));
    timer = setTimeout(() => {
      timer = null;
      tick();
      repeat = setInterval(() => tick(), options.intervalMs);
    }, wait);
  };
  const onVisibility = () => {
    if (hidden()) {
      stop();
      return;
    }
    start();
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => servers,
    seed(records) {
      if (servers === null) set(records);
    },
    seedFrom(load) {
      if (servers !== null || loadState === "loading") return;
      loadState = "loading";
      listeners.forEach((l) => l());
      load().then(
        (records) => {
          loadState = "idle";
          if (servers === null) set(records);
          else listeners.forEach((l) => l());
        },
        (error: unknown) => {
          console.error("The list of servers could not be loaded:", error);
          loadState = "failed";
          listeners.forEach((l) => l());
        },
      );
    },
    getLoadState: () => loadState,
    isInUse: () => inUse,
    subscribeInUse(listener) {
      inUseListeners.add(listener);
      return () => inUseListeners.delete(listener);
    },
    tick,
    markChecked(now = new Date()) {
      if (servers !== null) set(markChecked(servers, now));
    },
    update(change) {
      if (servers !== null) set(change(servers));
    },
    retain() {
      users += 1;
      setInUse(true);
      if (users === 1) {
        if (typeof document !== "undefined") document.addEventListener("visibilitychange", onVisibility);
        // The first tick comes one interval after the last one, so a page change keeps the pace,
        // and a return after a long while catches up with one tick.
        start();
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        users -= 1;
        if (users > 0) return;
        // A page change releases and retains in one commit: only a page without servers after it makes the store unused.
        void Promise.resolve().then(() => setInUse(users > 0));
        stop();
        if (typeof document !== "undefined") document.removeEventListener("visibilitychange", onVisibility);
      };
    },
    configure(next) {
      const changed = next.intervalMs !== options.intervalMs || next.enabled !== options.enabled;
      options = next;
      if (changed) start();
    },
  };
}
