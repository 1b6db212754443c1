import type MapboxGl from "mapbox-gl";
import type { GeoJSONSource, Marker, Popup } from "mapbox-gl";
import type { Server } from "../../domain/kernel/types";
import { MARKER_COLORS, POPUP_OFFSET_PX } from "../../model/map/markers";
import { classifyMapError, scrubToken } from "../../model/map/mapErrors";
import {
  GLOBE_VISIBLE_DEG,
  START_CENTER,
  START_ZOOM,
  VIEW_MARGIN_PX,
  lngLatBounds,
  onVisibleSide,
  overflowRatio,
  sphericalCentre,
  type LngLat,
} from "../../model/map/mapView";
import { statusSeverity } from "../../domain/kernel/status";
import { addGlobeStyles } from "./globeStyles";
import { createClusterElement, createMarkerElement, popupContent, updateClusterElement, updateMarkerElement } from "./markerDom";
import type { TimeZoneMode } from "../../domain/kernel/format";

/**
 * The globe itself: loaded with mapbox-gl when a reader starts the map, never
 * with the page. Makes the map, keeps the servers on it in step without
 * re-creating it, fits the first view to the servers, and reports a refused
 * token even when it comes after the map has loaded.
 *
 * One piece on purpose: the markers (one DOM marker per server up to
 * CLUSTER_ABOVE, clusters on the canvas beyond), the popups and the camera all
 * close over the one map instance and its list of entries, which startGlobe
 * owns and remove() tears down together. Their look is in globeStyles.ts, the
 * elements in markerDom.ts, the geometry of the view in model/map/mapView.ts.
 */

type MapboxLibrary = typeof MapboxGl;

/** Above this many servers the map draws them on the canvas, in clusters, instead of one DOM marker each. */
export const CLUSTER_ABOVE = 300;
/** Beyond this zoom clusters break up into single servers. */
const CLUSTER_MAX_ZOOM = 8;
const SOURCE = "servers";

const MAP_STYLE = "mapbox://styles/mapbox/dark-v11";
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

export type GlobeEvents = {
  onPopupOpen: (server: Server) => void;
  onPopupClose: () => void;
  /** how a popup says times now (Settings → Times in UTC) */
  timeZone: () => TimeZoneMode;
  /** the map stopped working after it had loaded (a refused token): the page takes it down */
  onFailure: (error: Error) => void;
};

export type Globe = {
  setServers: (servers: readonly Server[]) => void;
  select: (id: string) => void;
  /** an open popup says its server again, in the words and times it would say them now (Times in UTC switched) */
  retell: () => void;
  focus: () => void;
  remove: () => void;
};

type Entry = { marker: Marker; popup: Popup; el: HTMLElement };

/** Makes the map in `container` and resolves once it has loaded; rejects when it cannot start. */
export async function startGlobe(
  mapbox: MapboxLibrary,
  container: HTMLElement,
  token: string,
  servers: readonly Server[],
  events: GlobeEvents,
  /** aborted when the page leaves or starts again while the map is loading: the map is removed at once */
  signal?: AbortSignal,
): Promise<Globe> {
  const supported = (mapbox as unknown as { supported?: () => boolean }).supported;
  if (typeof supported === "function" && !supported()) throw new Error("WebGL is not supported in this browser");

  addGlobeStyles();
  const instance = new mapbox.Map({
    container,
    accessToken: token,
    style: MAP_STYLE,
    center: [...START_CENTER],
    zoom: START_ZOOM,
    projection: "globe",
  });
  const clustered = servers.length > CLUSTER_ABOVE;
  const byId = new Map<string, Server>();
  const markers = new Map<string, Entry>();
  const clusterLabels = new Map<number, Marker>();
  let removed = false;
  const removeMap = () => {
    if (removed) return;
    removed = true;
    instance.remove();
  };
  let failed = false;
  // One popup for the clustered map (a point on the canvas has no marker of its own).
  let pointPopup: { popup: Popup; id: string } | null = null;

  instance.on("style.load", () => {
    instance.setFog(GLOBE_FOG);
    // Fog lives in WebGL only; the attribute lets a reader's tools (and our tests) see it is on.
    instance.getContainer().dataset.fog = instance.getFog() ? "on" : "off";
  });
  instance.addControl(new mapbox.NavigationControl(), "top-right");

  try {
    await new Promise<void>((resolve, reject) => {
      // map.loaded() turns false again whenever tiles load, so remember 'load' ourselves.
      let started = false;
      instance.once("load", () => {
        started = true;
        resolve();
      });
      signal?.addEventListener(
        "abort",
        () => {
          removeMap();
          reject(new Error("the map was left while it loaded"));
        },
        { once: true },
      );
      instance.on("error", (event: { error?: unknown }) => {
        const error = asError(event.error);
        if (!started) return reject(error);
        // After load: a refused token (a 401 or 403 on a later request) ends the map; anything else is logged.
        if (classifyMapError(error) === "token" && !failed && !removed) {
          failed = true;
          events.onFailure(error);
        } else {
          console.error("Map error:", scrubToken(errorText(event.error), token));
        }
      });
    });
  } catch (error) {
    removeMap();
    throw error;
  }

  const openPointPopup = (server: Server) => {
    pointPopup?.popup.remove();
    const popup = new mapbox.Popup({ offset: POPUP_OFFSET_PX / 2, focusAfterOpen: false })
      .setLngLat([...server.coordinates])
      .setDOMContent(popupContent(server, events.timeZone()));
    popup.on("close", () => {
      if (pointPopup?.popup === popup) pointPopup = null;
      events.onPopupClose();
    });
    pointPopup = { popup, id: server.id };
    popup.addTo(instance);
    events.onPopupOpen(server);
  };

  const placeMarkers = (list: readonly Server[]) => {
    const seen = new Set<string>();
    for (const server of list) {
      seen.add(server.id);
      let entry = markers.get(server.id);
      if (!entry) {
        const el = createMarkerElement();
        const popup = new mapbox.Popup({ offset: POPUP_OFFSET_PX, focusAfterOpen: false });
        const id = server.id;
        // The popup's DOM is built when it opens (and kept current while it is open), not for every marker on every tick.
        popup.on("open", () => {
          const current = byId.get(id);
          if (!current) return;
          popup.setDOMContent(popupContent(current, events.timeZone()));
          events.onPopupOpen(current);
        });
        popup.on("close", () => events.onPopupClose());
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
        markers.set(server.id, entry);
      }
      entry.marker.setLngLat([...server.coordinates]);
      updateMarkerElement(entry.el, server);
      if (entry.popup.isOpen()) entry.popup.setDOMContent(popupContent(server, events.timeZone()));
    }
    for (const [id, entry] of markers) {
      if (!seen.has(id)) {
        entry.marker.remove();
        markers.delete(id);
      }
    }
  };

  const asGeoJson = (list: readonly Server[]): GeoJSON.FeatureCollection<GeoJSON.Point> => ({
    type: "FeatureCollection",
    features: list.map((server) => ({
      type: "Feature",
      id: undefined,
      geometry: { type: "Point", coordinates: [...server.coordinates] },
      properties: { id: server.id, severity: statusSeverity(server.status) },
    })),
  });

  /** The worst status's colour, by severity (3 offline, 2 warning, 1 another status, 0 online). */
  const colourBySeverity = (property: unknown[]) => [
    "step",
    property,
    MARKER_COLORS.online,
    1,
    MARKER_COLORS.other,
    3,
    MARKER_COLORS.offline,
  ];

  const addClusterLayers = (list: readonly Server[]) => {
    instance.addSource(SOURCE, {
      type: "geojson",
      data: asGeoJson(list),
      cluster: true,
      clusterMaxZoom: CLUSTER_MAX_ZOOM,
      clusterRadius: 48,
      clusterProperties: { severity: ["max", ["get", "severity"]] },
    });
    instance.addLayer({
      id: "server-clusters",
      type: "circle",
      source: SOURCE,
      filter: ["has", "point_count"],
      paint: {
        "circle-color": colourBySeverity(["get", "severity"]) as never,
        "circle-radius": ["step", ["get", "point_count"], 14, 10, 18, 100, 24, 1000, 30],
        "circle-stroke-color": "#ffffff",
        "circle-stroke-width": 2,
      },
    });
    instance.addLayer({
      id: "server-points",
      type: "circle",
      source: SOURCE,
      filter: ["!", ["has", "point_count"]],
      paint: {
        "circle-color": colourBySeverity(["get", "severity"]) as never,
        "circle-radius": 7,
        "circle-stroke-color": "#ffffff",
        "circle-stroke-width": 2,
      },
    });
    instance.on("click", "server-points", (event) => {
      const id: unknown = event.features?.[0]?.properties?.id;
      const server = typeof id === "string" ? byId.get(id) : undefined;
      if (server) openPointPopup(server);
    });
    instance.on("click", "server-clusters", (event) => {
      const feature = event.features?.[0];
      if (feature) zoomIntoCluster(Number(feature.properties?.cluster_id), feature.geometry);
    });
    const pointer = (cursor: string) => () => {
      instance.getCanvas().style.cursor = cursor;
    };
    instance.on("mouseenter", "server-points", pointer("pointer"));
    instance.on("mouseleave", "server-points", pointer(""));
    instance.on("mouseenter", "server-clusters", pointer("pointer"));
    instance.on("mouseleave", "server-clusters", pointer(""));
    // The counts are DOM labels over the circles (text on the canvas would need the style's fonts), and buttons for the keyboard.
    // Updated when the map settles (after a move, a zoom or new data), not on every drawn frame.
    instance.on("idle", updateClusterLabels);
  };

  const zoomIntoCluster = (clusterId: number, geometry: GeoJSON.Geometry) => {
    const source = instance.getSource<GeoJSONSource>(SOURCE);
    if (!source || geometry.type !== "Point") return;
    source.getClusterExpansionZoom(clusterId, (error, zoom) => {
      if (error || zoom === null || zoom === undefined) return;
      instance.easeTo({ center: geometry.coordinates as [number, number], zoom });
    });
  };

  function updateClusterLabels() {
    if (!instance.isSourceLoaded(SOURCE)) return;
    const seen = new Set<number>();
    for (const feature of instance.querySourceFeatures(SOURCE, { filter: ["has", "point_count"] })) {
      const id = Number(feature.properties?.cluster_id);
      if (seen.has(id) || feature.geometry.type !== "Point") continue;
      seen.add(id);
      const coordinates = feature.geometry.coordinates as [number, number];
      const count = Number(feature.properties?.point_count);
      const severity = Number(feature.properties?.severity);
      let label = clusterLabels.get(id);
      if (!label) {
        const el = createClusterElement(() => zoomIntoCluster(id, { type: "Point", coordinates }));
        label = new mapbox.Marker({ element: el }).setLngLat(coordinates).addTo(instance);
        clusterLabels.set(id, label);
      }
      updateClusterElement(label.getElement(), count, severity);
    }
    for (const [id, label] of clusterLabels) {
      if (!seen.has(id)) {
        label.remove();
        clusterLabels.delete(id);
      }
    }
  }

  /** The card-centred pixel offsets of the points at the current camera. */
  const offsets = (points: readonly LngLat[]) => {
    const { clientWidth: width, clientHeight: height } = instance.getContainer();
    return points.map((point) => {
      const { x, y } = instance.project([...point]);
      return [x - width / 2, y - height / 2] as const;
    });
  };

  /**
   * The first view shows every server: SPEC's start when it already does, else the
   * globe turned to the servers' centre and zoomed so all of them fit the card, and
   * a flat world when they span more than the globe's visible side.
   */
  const fitView = (list: readonly Server[]) => {
    const points = list.map((server) => server.coordinates);
    if (points.length === 0) return;
    const { clientWidth: width, clientHeight: height } = instance.getContainer();
    if (onVisibleSide(START_CENTER, points) && overflowRatio(offsets(points), width, height) <= 1) return;
    const { centre, radius } = sphericalCentre(points);
    if (radius <= GLOBE_VISIBLE_DEG) {
      instance.jumpTo({ center: [...centre], zoom: START_ZOOM });
      // Projected distances grow with 2^zoom: a few steps settle on the zoom where the furthest server just fits.
      for (let step = 0; step < 4; step += 1) {
        const ratio = overflowRatio(offsets(points), width, height);
        if (ratio === 0) break;
        const zoom = Math.min(6, Math.max(0, instance.getZoom() - Math.log2(ratio)));
        if (Math.abs(zoom - instance.getZoom()) < 0.01) break;
        instance.jumpTo({ zoom });
      }
      return;
    }
    instance.setProjection("naturalEarth");
    instance.setFog(null);
    instance.getContainer().dataset.fog = "off";
    instance.fitBounds(lngLatBounds(points), { padding: VIEW_MARGIN_PX, animate: false });
  };

  const globe: Globe = {
    setServers(list) {
      byId.clear();
      for (const server of list) byId.set(server.id, server);
      if (clustered) {
        instance.getSource<GeoJSONSource>(SOURCE)?.setData(asGeoJson(list));
        const open = pointPopup && byId.get(pointPopup.id);
        if (pointPopup && open) pointPopup.popup.setDOMContent(popupContent(open, events.timeZone()));
      } else {
        placeMarkers(list);
      }
    },
    select(id) {
      const server = byId.get(id);
      if (!server) return;
      const center: [number, number] = [...server.coordinates];
      if (clustered) {
        instance.flyTo({ center, zoom: Math.max(instance.getZoom(), CLUSTER_MAX_ZOOM + 1) });
        openPointPopup(server);
        return;
      }
      const entry = markers.get(id);
      if (!entry) return;
      markers.forEach((other) => other !== entry && other.popup.isOpen() && other.popup.remove());
      instance.flyTo({ center, zoom: Math.max(instance.getZoom(), 3) });
      if (!entry.popup.isOpen()) entry.marker.togglePopup();
    },
    retell() {
      const point = pointPopup && byId.get(pointPopup.id);
      if (pointPopup && point) pointPopup.popup.setDOMContent(popupContent(point, events.timeZone()));
      for (const [id, entry] of markers) {
        const server = byId.get(id);
        if (server && entry.popup.isOpen()) entry.popup.setDOMContent(popupContent(server, events.timeZone()));
      }
    },
    focus() {
      instance.getCanvas().focus({ preventScroll: true });
    },
    remove() {
      markers.forEach((entry) => entry.marker.remove());
      markers.clear();
      clusterLabels.forEach((label) => label.remove());
      clusterLabels.clear();
      removeMap();
    },
  };

  for (const server of servers) byId.set(server.id, server);
  if (clustered) addClusterLayers(servers);
  globe.setServers(servers);
  fitView(servers);
  return globe;
}
