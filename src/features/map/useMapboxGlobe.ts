import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import type MapboxGl from "mapbox-gl";
import type { Map as MapboxMap, Marker, Popup } from "mapbox-gl";
import type { Server } from "../../model/types";
import { POPUP_OFFSET_PX } from "../../model/markers";
import { classifyMapError, mapFailureMessage, scrubToken } from "../../model/mapErrors";
import { loadStylesheet } from "../../components/ui/loadStylesheet";
import { createMarkerElement, popupContent, updateMarkerElement } from "./markerDom";

/** mapbox-gl's own stylesheet, published beside the site (gatsby/vendorAssets.ts). */
const MAPBOX_CSS_URL = typeof __MAPBOX_CSS_URL__ === "string" ? __MAPBOX_CSS_URL__ : "/vendor/mapbox-gl.css";

/** SPEC §2 /map: dark globe centred on (0, 20) at zoom 2. */
const MAP_STYLE = "mapbox://styles/mapbox/dark-v11";
const MAP_CENTER: [number, number] = [0, 20];
const MAP_ZOOM = 2;
const GLOBE_FOG = {
  color: "rgb(24, 32, 48)",
  "high-color": "rgb(36, 92, 223)",
  "horizon-blend": 0.03,
  "space-color": "rgb(11, 17, 32)",
  "star-intensity": 0.4,
};

/** The message of an error, whatever its shape (mapbox events sometimes carry plain objects). */
function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof message === "string") return message;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/** mapbox hands over Errors, and now and then plain objects: keep what the classifier reads (message, status). */
function asError(value: unknown): Error {
  if (value instanceof Error) return value;
  if (value === undefined || value === null) return new Error("unknown map error");
  const error = new Error(errorText(value));
  const status = (value as { status?: unknown }).status;
  if (typeof status === "number") Object.assign(error, { status });
  return error;
}

type MapboxLibrary = typeof MapboxGl;

export type GlobePhase = "idle" | "loading" | "ready" | "failed";
type Entry = { marker: Marker; popup: Popup; el: HTMLElement };

/** A server chosen in the list; `seq` grows with every choice, so choosing the same server again flies there again. */
export type MapSelection = { id: string; seq: number };

/**
 * Loads mapbox-gl and its CSS when asked (never with the page), makes the globe
 * in `container`, and keeps one marker per server in step with `servers`
 * without re-creating the map. Failure leaves phase 'failed' with a message.
 */
type GlobeOptions = {
  /** 'loading' when the globe starts on its own (a token given at build time) */
  initialPhase?: GlobePhase;
  /** the server chosen in the list: the globe flies there and opens its popup */
  selection?: MapSelection | null;
  /** told when a popup opens, so the page can announce what it says */
  onPopupOpen?: (server: Server) => void;
  onPopupClose?: () => void;
};

export function useMapboxGlobe(container: RefObject<HTMLDivElement | null>, servers: readonly Server[], options: GlobeOptions = {}) {
  const { selection = null } = options;
  const [phase, setPhase] = useState<GlobePhase>(options.initialPhase ?? "idle");
  // What the map's own event handlers (popup open and close) read: the newest servers and callbacks.
  const latest = useRef({ servers: new Map<string, Server>(), onPopupOpen: options.onPopupOpen, onPopupClose: options.onPopupClose });
  useEffect(() => {
    latest.current = {
      servers: new Map(servers.map((s) => [s.id, s])),
      onPopupOpen: options.onPopupOpen,
      onPopupClose: options.onPopupClose,
    };
  });
  const [error, setError] = useState<string | null>(null);
  const map = useRef<MapboxMap | null>(null);
  const lib = useRef<MapboxLibrary | null>(null);
  const markers = useRef(new Map<string, Entry>());
  const attempt = useRef(0);

  const teardown = useCallback(() => {
    markers.current.forEach((entry) => entry.marker.remove());
    markers.current.clear();
    map.current?.remove();
    map.current = null;
  }, []);

  const initialize = useCallback(
    async (token: string) => {
      const run = ++attempt.current;
      setPhase("loading");
      setError(null);
      try {
        const [mapbox] = await Promise.all([import("mapbox-gl"), loadStylesheet(MAPBOX_CSS_URL)]);
        if (run !== attempt.current || !container.current) return;
        lib.current = mapbox.default;
        const instance = new mapbox.default.Map({
          container: container.current,
          accessToken: token,
          style: MAP_STYLE,
          center: MAP_CENTER,
          zoom: MAP_ZOOM,
          projection: "globe",
        });
        map.current = instance;
        instance.on("style.load", () => {
          instance.setFog(GLOBE_FOG);
          // Fog lives in WebGL only; the attribute lets a reader's tools (and our tests) see it is on.
          instance.getContainer().dataset.fog = instance.getFog() ? "on" : "off";
        });
        instance.addControl(new mapbox.default.NavigationControl(), "top-right");
        await new Promise<void>((resolve, reject) => {
          // map.loaded() turns false again whenever tiles load, so remember 'load' ourselves.
          let started = false;
          instance.once("load", () => {
            started = true;
            resolve();
          });
          instance.on("error", (event: { error?: unknown }) => {
            if (started) console.error("Map error:", scrubToken(errorText(event.error), token));
            else reject(asError(event.error));
          });
        });
        if (run !== attempt.current) return;
        setPhase("ready");
      } catch (caught) {
        if (run !== attempt.current) return;
        teardown();
        const detail = scrubToken(errorText(caught), token);
        console.error("Map initialisation failed:", detail);
        setError(mapFailureMessage(classifyMapError(caught), detail));
        setPhase("failed");
      }
    },
    [container, teardown],
  );

  // Markers follow the live servers: add, update in place, remove.
  useEffect(() => {
    const instance = map.current;
    const mapbox = lib.current;
    if (phase !== "ready" || !instance || !mapbox) return;
    const seen = new Set<string>();
    for (const server of servers) {
      seen.add(server.id);
      let entry = markers.current.get(server.id);
      if (!entry) {
        const el = createMarkerElement();
        const popup = new mapbox.Popup({ offset: POPUP_OFFSET_PX, focusAfterOpen: false });
        const id = server.id;
        // The popup's DOM is built when it opens (and kept current while it is open), not for every marker on every tick.
        popup.on("open", () => {
          const current = latest.current.servers.get(id);
          if (!current) return;
          popup.setDOMContent(popupContent(current));
          latest.current.onPopupOpen?.(current);
        });
        popup.on("close", () => latest.current.onPopupClose?.());
        const marker = new mapbox.Marker({ element: el })
          .setLngLat([...server.coordinates])
          .setPopup(popup)
          .addTo(instance);
        el.addEventListener("keydown", (event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            marker.togglePopup();
          }
        });
        entry = { marker, popup, el };
        markers.current.set(server.id, entry);
      }
      entry.marker.setLngLat([...server.coordinates]);
      updateMarkerElement(entry.el, server);
      if (entry.popup.isOpen()) entry.popup.setDOMContent(popupContent(server));
    }
    for (const [id, entry] of markers.current) {
      if (!seen.has(id)) {
        entry.marker.remove();
        markers.current.delete(id);
      }
    }
  }, [servers, phase]);

  // Leaving the page removes the map and cancels a load in flight.
  useEffect(
    () => () => {
      attempt.current += 1;
      teardown();
    },
    [teardown],
  );

  // A server chosen in the list: fly there and open its popup (choices made before the globe was up are not replayed).
  const handledSeq = useRef(selection?.seq ?? 0);
  useEffect(() => {
    const instance = map.current;
    if (!selection || selection.seq === handledSeq.current) return;
    handledSeq.current = selection.seq;
    if (phase !== "ready" || !instance) return;
    const entry = markers.current.get(selection.id);
    const server = latest.current.servers.get(selection.id);
    if (!entry || !server) return;
    markers.current.forEach((other) => other !== entry && other.popup.isOpen() && other.popup.remove());
    instance.flyTo({ center: [...server.coordinates], zoom: Math.max(instance.getZoom(), 3) });
    if (!entry.popup.isOpen()) entry.marker.togglePopup();
  }, [selection, phase]);

  /** Focuses the map's canvas, which takes the arrow and +/- keys, without scrolling. */
  const focusMap = useCallback(() => {
    map.current?.getCanvas().focus({ preventScroll: true });
  }, []);

  return { phase, error, initialize, focusMap };
}
