import "@testing-library/jest-dom";

// Gatsby's runtime asks its page loader for resources; unit tests have none (Gatsby's Jest recipe).
(globalThis as { ___loader?: unknown }).___loader = { enqueue: jest.fn() };

// jsdom has no matchMedia; a desktop-sized window with no preferences, unless a test says otherwise.
if (typeof window !== "undefined" && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// In the browser /head-state.js marks <html data-js> before anything renders; the components' CSS relies on it.
if (typeof document !== "undefined") document.documentElement.setAttribute("data-js", "");

// jsdom has no PointerEvent: a MouseEvent with a pointer's fields lets tests move a pointer (clientX included).
if (typeof window !== "undefined" && !("PointerEvent" in window)) {
  class PointerEventLike extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? "mouse";
    }
  }
  (window as unknown as { PointerEvent: unknown }).PointerEvent = PointerEventLike;
}
