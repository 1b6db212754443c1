import { DEFAULT_SETTINGS, SETTINGS_STORAGE_KEY, readStoredSettings, type Settings } from "../model/shell/settings";

export type SettingsStore = {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => Settings;
  /** Applies a change; `saved` is false when the browser refused to store it (it still applies until reload). */
  update: (patch: Partial<Settings>) => { saved: boolean };
  reset: () => { saved: boolean };
};

/** Where a stored value that could not be read is kept: `settings:unreadable-<time>`. */
export const UNREADABLE_PREFIX = `${SETTINGS_STORAGE_KEY}:unreadable-`;

/**
 * Keeps a stored value that could not be read under a key of its own (once:
 * the same value already kept is not kept twice) and says so in the console, so
 * saving a setting later never overwrites what the reader had.
 */
function keepUnreadable(storage: Storage, raw: string, now: number): void {
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(UNREADABLE_PREFIX) && storage.getItem(key) === raw) return;
  }
  const key = `${UNREADABLE_PREFIX}${now}`;
  try {
    storage.setItem(key, raw);
    console.warn(
      `Settings: the stored settings could not all be read. They are kept as they were under localStorage "${key}"; the defaults fill the gaps.`,
    );
  } catch {
    console.warn(
      "Settings: the stored settings could not all be read, and this browser refused to keep a copy; the defaults fill the gaps.",
    );
  }
}

/** Settings in localStorage, shared by every component and kept in step across tabs. */
export function createSettingsStore(storage: Storage | null, now: () => number = Date.now): SettingsStore {
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
      const { settings, unreadable } = readStoredSettings(raw);
      if (unreadable && raw !== null && storage) keepUnreadable(storage, raw, now());
      current = settings;
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
