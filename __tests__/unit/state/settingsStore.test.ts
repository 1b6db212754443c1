import { DEFAULT_SETTINGS, SETTINGS_STORAGE_KEY } from "../../../src/model/settings";
import { createSettingsStore } from "../../../src/state/settingsStore";

beforeEach(() => localStorage.clear());

describe("the settings store", () => {
  it("reads defaults when nothing is stored, and stored values when valid", () => {
    expect(createSettingsStore(localStorage).getSnapshot()).toEqual(DEFAULT_SETTINGS);
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ darkMode: true, refreshInterval: 10, email: "not-an-email" }));
    const settings = createSettingsStore(localStorage).getSnapshot();
    expect(settings.darkMode).toBe(true);
    expect(settings.refreshInterval).toBe(10);
    expect(settings.email).toBe("");
  });

  it("update stores the change and tells subscribers", () => {
    const store = createSettingsStore(localStorage);
    const listener = jest.fn();
    store.subscribe(listener);
    expect(store.update({ autoRefresh: false })).toEqual({ saved: true });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY)!).autoRefresh).toBe(false);
    expect(store.getSnapshot().autoRefresh).toBe(false);
  });

  it("still applies a change when the browser refuses to store it, and says so", () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    } as unknown as Storage;
    const store = createSettingsStore(refusing);
    expect(store.update({ darkMode: true })).toEqual({ saved: false });
    expect(store.getSnapshot().darkMode).toBe(true);
  });

  it("reset brings back every default", () => {
    const store = createSettingsStore(localStorage);
    store.update({ darkMode: true, firstName: "Ada" });
    store.reset();
    expect(store.getSnapshot()).toEqual(DEFAULT_SETTINGS);
  });

  it("follows changes made in another tab", () => {
    const store = createSettingsStore(localStorage);
    const listener = jest.fn();
    const stop = store.subscribe(listener);
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ darkMode: true }));
    window.dispatchEvent(new StorageEvent("storage", { key: SETTINGS_STORAGE_KEY }));
    expect(listener).toHaveBeenCalled();
    expect(store.getSnapshot().darkMode).toBe(true);
    stop();
  });
});
