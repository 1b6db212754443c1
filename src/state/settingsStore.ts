import { DEFAULT_SETTINGS, SETTINGS_STORAGE_KEY, parseStoredSettings, type Settings } from "../model/settings";

export type SettingsStore = {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => Settings;
  /** Applies a change; `saved` is false when the browser refused to store it (it still applies until reload). */
  update: (patch: Partial<Settings>) => { saved: boolean };
  reset: () => { saved: boolean };
};

/** Settings in localStorage, shared by every component and kept in step across tabs. */
export function createSettingsStore(storage: Storage | null): SettingsStore {
  let current: Settings | null = null;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());

  const read = (): Settings => {
    if (current === null) {
      let raw: string | null = null;
      try {
        raw = storage?.getItem(SETTINGS_STORAGE_KEY) ?? null;
      } catch {
        raw = null;
      }
      current = parseStoredSettings(raw);
    }
    return current;
  };

  const write = (next: Settings): { saved: boolean } => {
    current = next;
    let saved = false;
    try {
      storage?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(next));
      saved = storage !== null;
    } catch {
      saved = false;
    }
    notify();
    return { saved };
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key !== SETTINGS_STORAGE_KEY && event.key !== null) return;
    current = null;
    notify();
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1 && typeof window !== "undefined") window.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== "undefined") window.removeEventListener("storage", onStorage);
      };
    },
    getSnapshot: read,
    update: (patch) => write({ ...read(), ...patch }),
    reset: () => write({ ...DEFAULT_SETTINGS }),
  };
}
