import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import { DEFAULT_SETTINGS, type Settings } from "../model/shell/settings";
import { createSettingsStore, type SettingsStore } from "./settingsStore";

const SettingsContext = createContext<SettingsStore | null>(null);

function browserStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function SettingsProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => createSettingsStore(browserStorage()));
  return (
    <SettingsContext.Provider value={store}>
      <ThemeAttribute store={store} />
      {children}
    </SettingsContext.Provider>
  );
}

/** Keeps <html data-theme> in step with the Dark Mode setting. */
function ThemeAttribute({ store }: { store: SettingsStore }) {
  const settings = useSyncExternalStore(store.subscribe, store.getSnapshot, () => DEFAULT_SETTINGS);
  useEffect(() => {
    if (settings.darkMode) document.documentElement.setAttribute("data-theme", "dark");
    else document.documentElement.removeAttribute("data-theme");
  }, [settings.darkMode]);
  return null;
}

/** The current settings (defaults on the server and during hydration) and the store to change them. */
export function useSettings(): [Settings, SettingsStore] {
  const store = useContext(SettingsContext);
  if (store === null) throw new Error("useSettings must be used inside <SettingsProvider>");
  const settings = useSyncExternalStore(store.subscribe, store.getSnapshot, () => DEFAULT_SETTINGS);
  return [settings, store];
}
