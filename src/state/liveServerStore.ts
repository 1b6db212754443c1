import { markChecked, simulateTick } from "../model/simulate";
import type { Server } from "../model/types";

export type LiveServerStore = {
  subscribe: (listener: () => void) => () => void;
  /** null until seeded */
  getSnapshot: () => readonly Server[] | null;
  /** Seeds from the build-time records, once per visit; later calls do nothing. */
  seed: (records: readonly Server[]) => void;
  tick: (now?: Date) => void;
  markChecked: (now?: Date) => void;
  /** Starts the simulation timer while at least one page uses it; returns the release. */
  retain: () => () => void;
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
  const listeners = new Set<() => void>();
  let users = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  let lastTick = Date.now();
  let options: { intervalMs: number; enabled: boolean; onTick?: (servers: readonly Server[]) => void } = {
    intervalMs: 30_000,
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

  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  const start = () => {
    stop();
    if (users === 0 || !options.enabled || hidden()) return;
    timer = setInterval(() => tick(), options.intervalMs);
  };
  const onVisibility = () => {
    if (hidden()) {
      stop();
      return;
    }
    if (users > 0 && options.enabled && Date.now() - lastTick >= options.intervalMs) tick();
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
    tick,
    markChecked(now = new Date()) {
      if (servers !== null) set(markChecked(servers, now));
    },
    retain() {
      users += 1;
      if (users === 1) {
        lastTick = Date.now();
        if (typeof document !== "undefined") document.addEventListener("visibilitychange", onVisibility);
        start();
      }
      return () => {
        users -= 1;
        if (users === 0) {
          stop();
          if (typeof document !== "undefined") document.removeEventListener("visibilitychange", onVisibility);
        }
      };
    },
    configure(next) {
      const changed = next.intervalMs !== options.intervalMs || next.enabled !== options.enabled;
      options = next;
      if (changed) start();
    },
  };
}
