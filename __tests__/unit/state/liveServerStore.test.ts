import { createLiveServerStore } from "../../../src/state/liveServerStore";
import { makeServer } from "../fixtures";

function setVisibility(state: "visible" | "hidden") {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  document.dispatchEvent(new Event("visibilitychange"));
}

/** A store seeded with one server, and a listener that counts its updates. */
function seededStore() {
  const store = createLiveServerStore();
  store.seed([makeServer()]);
  const listener = jest.fn();
  store.subscribe(listener);
  return { store, listener };
}

beforeEach(() => {
  jest.useFakeTimers({ now: new Date("2026-11-23T10:00:00Z") });
  setVisibility("visible");
});
afterEach(() => jest.useRealTimers());

describe("the live server store", () => {
  it("is null until seeded, and is seeded once", () => {
    const store = createLiveServerStore();
    expect(store.getSnapshot()).toBeNull();
    const first = [makeServer({ name: "A" })];
    store.seed(first);
    store.seed([makeServer({ name: "B" })]);
    expect(store.getSnapshot()?.map((s) => s.name)).toEqual(["A"]);
  });

  it("runs its timer only while some page uses it", () => {
    const store = createLiveServerStore();
    store.seed([makeServer({ lastChecked: "x" })]);
    expect(jest.getTimerCount()).toBe(0);
    const releaseA = store.retain();
    const releaseB = store.retain();
    expect(jest.getTimerCount()).toBe(1);
    releaseA();
    expect(jest.getTimerCount()).toBe(1);
    releaseB();
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(120_000);
    expect(store.getSnapshot()?.[0].lastChecked).toBe("x");
  });

  it("ticks every interval and tells subscribers", () => {
    const store = createLiveServerStore();
    store.seed([makeServer({ lastChecked: "x" })]);
    const listener = jest.fn();
    store.subscribe(listener);
    const release = store.retain();
    jest.advanceTimersByTime(30_000);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()?.[0].lastChecked).toBe("2026-11-23T10:00:30.000Z");
    jest.advanceTimersByTime(60_000);
    expect(listener).toHaveBeenCalledTimes(3);
    release();
  });

  it("follows the settings: another interval, or no timer when auto-refresh is off", () => {
    const store = createLiveServerStore();
    store.seed([makeServer()]);
    const release = store.retain();
    const listener = jest.fn();
    store.subscribe(listener);
    store.configure({ intervalMs: 5_000, enabled: true });
    jest.advanceTimersByTime(10_000);
    expect(listener).toHaveBeenCalledTimes(2);
    store.configure({ intervalMs: 5_000, enabled: false });
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(60_000);
    expect(listener).toHaveBeenCalledTimes(2);
    release();
  });

  it("does not pile up ticks while the tab is hidden: one catch-up tick when it comes back", () => {
    const { store, listener } = seededStore();
    const release = store.retain();
    setVisibility("hidden");
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(10 * 60_000);
    expect(listener).not.toHaveBeenCalled();
    setVisibility("visible");
    jest.advanceTimersByTime(0);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(jest.getTimerCount()).toBe(1);
    release();
  });

  it("a short absence does not tick early", () => {
    const { store, listener } = seededStore();
    const release = store.retain();
    jest.advanceTimersByTime(10_000);
    setVisibility("hidden");
    jest.advanceTimersByTime(5_000);
    setVisibility("visible");
    expect(listener).not.toHaveBeenCalled();
    release();
  });

  it("keeps its pace across a page change (one page lets go, the next takes over)", () => {
    const { store, listener } = seededStore();
    let release = store.retain();
    // an operator moving between pages every 20 s still sees a tick every 30 s
    for (let second = 20; second <= 120; second += 20) {
      jest.advanceTimersByTime(20_000);
      release();
      release = store.retain();
    }
    expect(listener).toHaveBeenCalledTimes(4);
    release();
  });

  it("after a while on a page without servers, catches up with one tick, then keeps the interval", () => {
    const { store, listener } = seededStore();
    const first = store.retain();
    first();
    jest.advanceTimersByTime(5 * 60_000);
    expect(listener).not.toHaveBeenCalled();
    const second = store.retain();
    jest.advanceTimersByTime(0);
    expect(listener).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(30_000);
    expect(listener).toHaveBeenCalledTimes(2);
    second();
  });

  it("a settings change between one page letting go and the next taking over does not stop it for good", () => {
    const { store, listener } = seededStore();
    const first = store.retain();
    first();
    store.configure({ intervalMs: 10_000, enabled: true });
    const second = store.retain();
    jest.advanceTimersByTime(30_000);
    expect(listener).toHaveBeenCalledTimes(3);
    second();
  });

  it("releasing twice counts once", () => {
    const { store, listener } = seededStore();
    const first = store.retain();
    first();
    first();
    const second = store.retain();
    jest.advanceTimersByTime(30_000);
    expect(listener).toHaveBeenCalledTimes(1);
    second();
  });

  it("markChecked sets lastChecked and keeps the values", () => {
    const store = createLiveServerStore();
    store.seed([makeServer({ responseTime: 77, lastChecked: "x" })]);
    store.markChecked(new Date("2026-11-23T10:05:06Z"));
    expect(store.getSnapshot()?.[0]).toMatchObject({ responseTime: 77, lastChecked: "2026-11-23T10:05:06.000Z" });
  });
});

describe("seeding from a fetched list (a large fleet)", () => {
  it("loads once, says it is loading, and seeds with what came", async () => {
    const store = createLiveServerStore();
    const listener = jest.fn();
    store.subscribe(listener);
    const list = [makeServer({ name: "Fetched" })];
    const load = jest.fn(() => Promise.resolve(list));
    store.seedFrom(load);
    store.seedFrom(load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(store.getLoadState()).toBe("loading");
    await Promise.resolve();
    await Promise.resolve();
    expect(store.getSnapshot()).toBe(list);
    expect(store.getLoadState()).toBe("idle");
    store.seedFrom(load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalled();
  });
  it("after a failure says so, keeps nothing, and the next call tries again", async () => {
    const error = jest.spyOn(console, "error").mockImplementation(() => {});
    const store = createLiveServerStore();
    store.seedFrom(() => Promise.reject(new Error("503")));
    await Promise.resolve();
    await Promise.resolve();
    expect(store.getLoadState()).toBe("failed");
    expect(store.getSnapshot()).toBeNull();
    expect(error).toHaveBeenCalled();
    const list = [makeServer()];
    store.seedFrom(() => Promise.resolve(list));
    await Promise.resolve();
    await Promise.resolve();
    expect(store.getSnapshot()).toBe(list);
    error.mockRestore();
  });
});

describe("in use", () => {
  it("is in use while a page holds it; a page change (release, then retain in one commit) never reads as unused", async () => {
    jest.useRealTimers();
    const store = createLiveServerStore();
    const changes = jest.fn();
    store.subscribeInUse(changes);
    expect(store.isInUse()).toBe(false);
    const release = store.retain();
    expect(store.isInUse()).toBe(true);
    release();
    const releaseNext = store.retain();
    await Promise.resolve();
    expect(store.isInUse()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(1);
    releaseNext();
    await Promise.resolve();
    expect(store.isInUse()).toBe(false);
  });
});
