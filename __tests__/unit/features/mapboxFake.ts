/**
 * A fake of the parts of mapbox-gl the map feature uses. Each test file mocks
 * the module with it:
 *
 *   jest.mock("mapbox-gl", () => require("./mapboxFake").mapboxModule());
 *
 * and reads what the code did through `fake` (every Map, Marker, Popup and
 * NavigationControl made). The test fires the map's events with `map.fire(…)`.
 * Not a test file itself (jest only runs *.test.ts(x)).
 */

type Listener = (event: unknown) => void;

export const fake = {
  maps: [] as FakeMap[],
  markers: [] as FakeMarker[],
  popups: [] as FakePopup[],
  controls: [] as FakeNavigationControl[],
  /** when set, `new Map()` throws it (WebGL missing and the like) */
  constructError: null as Error | null,
  /** when set, requiring mapbox-gl throws it (the library chunk cannot load) */
  loadError: null as Error | null,
  /** when set, mapboxgl.supported() says no (a browser without WebGL) */
  unsupported: false,
  /** how many times the module was evaluated (i.e. imported for real) */
  loads: 0,
  reset() {
    fake.maps = [];
    fake.markers = [];
    fake.popups = [];
    fake.controls = [];
    fake.constructError = null;
    fake.loadError = null;
    fake.unsupported = false;
  },
};

export type MapOptions = {
  container: HTMLElement;
  accessToken?: string;
  style?: string;
  center?: [number, number];
  zoom?: number;
  projection?: string;
  [key: string]: unknown;
};

export class FakeMap {
  readonly options: MapOptions;
  private listeners = new Map<string, Listener[]>();
  private onceListeners = new Map<string, Listener[]>();
  /** 'load' has fired */
  private hasLoaded = false;
  /** like the real map: loaded() is false while tiles or sources are still coming in */
  tilesLoading = false;
  removed = false;

  addControl = jest.fn((_control: unknown, _position?: string) => this);
  fog: unknown = null;
  setFog = jest.fn((fog: unknown) => {
    this.fog = fog;
    return this;
  });
  getFog = jest.fn(() => this.fog);
  getContainer = jest.fn(() => this.options.container);
  private canvas: HTMLCanvasElement | null = null;
  /** like the real map: a focusable canvas inside the container */
  getCanvas = jest.fn(() => {
    if (!this.canvas) {
      this.canvas = document.createElement("canvas");
      this.canvas.tabIndex = 0;
      this.canvas.setAttribute("aria-label", "Map");
      this.options.container.appendChild(this.canvas);
    }
    return this.canvas;
  });
  flyTo = jest.fn((_options: unknown) => this);
  easeTo = jest.fn((_options: unknown) => this);
  /** the camera: where the map looks, set by the options and by jumpTo / fitBounds */
  camera = { center: [0, 0] as [number, number], zoom: 0, projection: "" };
  getZoom = jest.fn(() => this.camera.zoom);
  jumpTo = jest.fn((options: { center?: [number, number]; zoom?: number }) => {
    if (options.center) this.camera.center = [...options.center];
    if (options.zoom !== undefined) this.camera.zoom = options.zoom;
    return this;
  });
  setProjection = jest.fn((projection: string) => {
    this.camera.projection = projection;
    return this;
  });
  fitBounds = jest.fn((_bounds: unknown, _options?: unknown) => this);
  /** jsdom lays nothing out: every point projects to the container's centre */
  project = jest.fn((_lngLat: unknown) => ({ x: this.options.container.clientWidth / 2, y: this.options.container.clientHeight / 2 }));
  sources = new Map<string, { options: Record<string, unknown>; data: unknown; setData: jest.Mock }>();
  layers: Array<Record<string, unknown>> = [];
  addSource = jest.fn((id: string, options: Record<string, unknown>) => {
    const source = {
      options,
      data: options.data,
      setData: jest.fn((data: unknown) => {
        source.data = data;
      }),
      getClusterExpansionZoom: jest.fn((_id: number, callback: (error: unknown, zoom: number) => void) => callback(null, 5)),
    };
    this.sources.set(id, source);
    return this;
  });
  getSource = jest.fn((id: string) => this.sources.get(id));
  addLayer = jest.fn((layer: Record<string, unknown>) => {
    this.layers.push(layer);
    return this;
  });
  isSourceLoaded = jest.fn((id: string) => this.sources.has(id));
  /** what the clustered source shows at the current zoom; a test sets it */
  sourceFeatures: unknown[] = [];
  querySourceFeatures = jest.fn((_id: string, _options?: unknown) => this.sourceFeatures);
  remove = jest.fn(() => {
    this.removed = true;
  });

  constructor(options: MapOptions) {
    if (fake.constructError) throw fake.constructError;
    this.options = options;
    this.camera = { center: options.center ?? [0, 0], zoom: options.zoom ?? 0, projection: options.projection ?? "" };
    fake.maps.push(this);
  }

  /** map.on(type, listener), or map.on(type, layerId, listener) for a layer's events (fired with fireLayer) */
  on(type: string, layerOrListener: string | Listener, maybeListener?: Listener) {
    const key = typeof layerOrListener === "string" ? `${type}@${layerOrListener}` : type;
    const listener = typeof layerOrListener === "string" ? maybeListener! : layerOrListener;
    this.listeners.set(key, [...(this.listeners.get(key) ?? []), listener]);
    return this;
  }

  /** Test side: an event on a layer, e.g. a click on a drawn point with its features. */
  fireLayer(type: string, layer: string, event: Record<string, unknown> = {}) {
    const payload = { type, target: this, ...event };
    for (const l of this.listeners.get(`${type}@${layer}`) ?? []) l(payload);
  }

  once(type: string, listener: Listener) {
    this.onceListeners.set(type, [...(this.onceListeners.get(type) ?? []), listener]);
    return this;
  }

  off(type: string, listener: Listener) {
    this.listeners.set(
      type,
      (this.listeners.get(type) ?? []).filter((l) => l !== listener),
    );
    this.onceListeners.set(
      type,
      (this.onceListeners.get(type) ?? []).filter((l) => l !== listener),
    );
    return this;
  }

  loaded() {
    return this.hasLoaded && !this.tilesLoading;
  }

  listenerCount(type: string) {
    return (this.listeners.get(type)?.length ?? 0) + (this.onceListeners.get(type)?.length ?? 0);
  }

  /** Test side: the map emits an event. */
  fire(type: string, event: Record<string, unknown> = {}) {
    if (type === "load") this.hasLoaded = true;
    const payload = { type, target: this, ...event };
    for (const l of this.listeners.get(type) ?? []) l(payload);
    const once = this.onceListeners.get(type) ?? [];
    this.onceListeners.delete(type);
    for (const l of once) l(payload);
  }
}

export class FakePopup {
  readonly options: Record<string, unknown>;
  open = false;
  content: Node | null = null;

  setDOMContent = jest.fn((node: Node) => {
    this.content = node;
    return this;
  });
  setText = jest.fn((text: string) => {
    this.content = document.createTextNode(text);
    return this;
  });
  /** The feature must never write HTML: recorded so the test can assert it was not called, and it throws. */
  setHTML = jest.fn((_html: string): FakePopup => {
    throw new Error("Popup.setHTML must not be used");
  });
  isOpen = jest.fn(() => this.open);
  lngLat: unknown = null;
  setLngLat = jest.fn((lngLat: unknown) => {
    this.lngLat = lngLat;
    return this;
  });
  /** a popup of its own (not a marker's) opens when added to the map */
  addTo = jest.fn((_map: unknown) => {
    this.setOpen(true);
    return this;
  });
  remove = jest.fn(() => {
    this.setOpen(false);
    return this;
  });
  private listeners = new Map<string, Array<() => void>>();
  on(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    return this;
  }
  /** like the real popup: 'open' fires when it is shown */
  setOpen(open: boolean) {
    const was = this.open;
    this.open = open;
    if (open !== was) (this.listeners.get(open ? "open" : "close") ?? []).forEach((l) => l());
  }

  constructor(options: Record<string, unknown> = {}) {
    this.options = options;
    fake.popups.push(this);
  }
}

export class FakeMarker {
  readonly options: { element?: HTMLElement; [key: string]: unknown };
  readonly element: HTMLElement;
  map: FakeMap | null = null;
  popup: FakePopup | null = null;
  lngLat: unknown = null;
  removed = false;

  setLngLat = jest.fn((lngLat: unknown) => {
    this.lngLat = lngLat;
    return this;
  });
  setPopup = jest.fn((popup: FakePopup) => {
    this.popup = popup;
    return this;
  });
  addTo = jest.fn((map: FakeMap) => {
    this.map = map;
    // like the real marker: the element goes into the map's container
    map.options.container.appendChild(this.element);
    return this;
  });
  remove = jest.fn(() => {
    this.removed = true;
    this.element.remove();
    if (this.popup) this.popup.open = false;
    return this;
  });
  togglePopup = jest.fn(() => {
    if (this.popup) this.popup.setOpen(!this.popup.open);
    return this;
  });
  getElement = () => this.element;

  constructor(options: { element?: HTMLElement; [key: string]: unknown } = {}) {
    this.options = options;
    this.element = options.element ?? document.createElement("div");
    fake.markers.push(this);
  }
}

export class FakeNavigationControl {
  readonly options: unknown;
  constructor(options?: unknown) {
    this.options = options;
    fake.controls.push(this);
  }
}

/** What `require("mapbox-gl")` returns: an ES module with the default export. */
export function mapboxModule() {
  if (fake.loadError) throw fake.loadError;
  fake.loads += 1;
  return {
    __esModule: true,
    default: {
      Map: FakeMap,
      Marker: FakeMarker,
      Popup: FakePopup,
      NavigationControl: FakeNavigationControl,
      supported: () => !fake.unsupported,
    },
  };
}

/** The live (not removed) marker of a server. */
export function markerOf(serverId: string): FakeMarker {
  const found = fake.markers.filter((m) => !m.removed && m.element.dataset.serverId === serverId);
  if (found.length !== 1) throw new Error(`expected one live marker for ${serverId}, found ${found.length}`);
  return found[0];
}

/** Every text a console call received, flattened (Error message and stack, object JSON, own string props). */
export function consoleText(mock: jest.SpyInstance): string {
  const parts: string[] = [];
  const describe = (value: unknown) => {
    if (value instanceof Error) {
      parts.push(String(value), value.message, value.stack ?? "");
      for (const key of Object.keys(value)) parts.push(String((value as unknown as Record<string, unknown>)[key]));
    } else if (typeof value === "object" && value !== null) {
      try {
        parts.push(JSON.stringify(value));
      } catch {
        parts.push(Object.prototype.toString.call(value));
      }
    } else {
      parts.push(String(value));
    }
  };
  for (const call of mock.mock.calls) for (const arg of call) describe(arg);
  return parts.join("\n");
}
