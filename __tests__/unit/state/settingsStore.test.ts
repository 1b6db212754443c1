import { DEFAULT_SETTINGS, SETTINGS_STORAGE_KEY } from "../../../src/model/shell/settings";
import { UNREADABLE_PREFIX, createSettingsStore } from "../../../src/state/settingsStore";

beforeEach(() => localStorage.clear());

describe("the settings store", () => {
  it("reads defaults when nothing is stored, and stored values when valid", () => {
    expect(createSettingsStore(localStorage).getSnapshot()).toEqual(DEFAULT_SETTINGS);
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ darkMode: true, refreshInterval: 10, email: "not-an-email" }));
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    const settings = createSettingsStore(localStorage).getSnapshot();
    warn.mockRestore();
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

describe("a stored value that cannot be read", () => {
  it("is kept under a key of its own, named once in the console, before the defaults are used; saving never loses it", () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    localStorage.setItem(SETTINGS_STORAGE_KEY, '{"darkMode": true,');
    const store = createSettingsStore(localStorage, () => 1_700_000_000_000);
    expect(store.getSnapshot()).toEqual(DEFAULT_SETTINGS);
    const key = `${UNREADABLE_PREFIX}1700000000000`;
    expect(localStorage.getItem(key)).toBe('{"darkMode": true,');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain(`localStorage "${key}"`);

    store.update({ autoRefresh: false });
    expect(localStorage.getItem(key)).toBe('{"darkMode": true,');
    // Reading the same unreadable value again (another tab, a reload) keeps no second copy.
    localStorage.setItem(SETTINGS_STORAGE_KEY, '{"darkMode": true,');
    createSettingsStore(localStorage, () => 1_700_000_000_999).getSnapshot();
    expect(Object.keys(localStorage).filter((k) => k.startsWith(UNREADABLE_PREFIX))).toEqual([key]);
    warn.mockRestore();
  });

  it("a field the site refuses (an interval of 2 s) also keeps the whole stored value", () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ refreshInterval: 2, darkMode: true }));
    const store = createSettingsStore(localStorage, () => 5);
    expect(store.getSnapshot()).toMatchObject({ refreshInterval: 30, darkMode: true });
    expect(JSON.parse(localStorage.getItem(`${UNREADABLE_PREFIX}5`)!)).toEqual({ refreshInterval: 2, darkMode: true });
    warn.mockRestore();
  });
});
