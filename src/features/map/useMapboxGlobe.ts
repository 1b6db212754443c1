import { withPrefix } from "gatsby";
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import type { Server } from "../../domain/kernel/types";
import { classifyMapError, mapFailureMessage, scrubToken } from "../../model/map/mapErrors";
import { loadStylesheet } from "../../components/ui/loadStylesheet";
import type { Globe } from "./globe";
import type { TimeZoneMode } from "../../domain/kernel/format";

/** mapbox-gl's own stylesheet, published beside the site (gatsby/files/vendorAssets.ts). */
const MAPBOX_CSS_URL = typeof __MAPBOX_CSS_URL__ === "string" ? __MAPBOX_CSS_URL__ : "/vendor/mapbox-gl.css";

export type GlobePhase = "idle" | "loading" | "ready" | "failed";

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
  /** how popups say times (Settings → Times in UTC) */
  timeZone?: TimeZoneMode;
};

/**
 * `servers` is null while a large fleet's whole list is on its way: a globe
 * started then waits for it, so that it is drawn (and framed) with every server.
 */
export function useMapboxGlobe(container: RefObject<HTMLDivElement | null>, servers: readonly Server[] | null, options: GlobeOptions = {}) {
  const { selection = null } = options;
  const [phase, setPhase] = useState<GlobePhase>(options.initialPhase ?? "idle");
  const [error, setError] = useState<string | null>(null);
  // What the globe's own event handlers read: the newest callbacks.
  const latest = useRef({ servers, onPopupOpen: options.onPopupOpen, onPopupClose: options.onPopupClose, timeZone: options.timeZone });
  useEffect(() => {
    latest.current = { servers, onPopupOpen: options.onPopupOpen, onPopupClose: options.onPopupClose, timeZone: options.timeZone };
  });
  const waiting = useRef<Array<(servers: readonly Server[]) => void>>([]);
  useEffect(() => {
    if (servers === null) return;
    waiting.current.forEach((resolve) => resolve(servers));
    waiting.current = [];
  }, [servers]);
  const globe = useRef<Globe | null>(null);
  const attempt = useRef(0);
  const loading = useRef<AbortController | null>(null);

  const teardown = useCallback(() => {
    loading.current?.abort();
    loading.current = null;
    globe.current?.remove();
    globe.current = null;
  }, []);

  const fail = useCallback(
    (caught: unknown, token: string) => {
      teardown();
      const detail = scrubToken(caught instanceof Error ? caught.message : String(caught), token);
      console.error("Map initialisation failed:", detail);
      setError(mapFailureMessage(classifyMapError(caught), detail));
      setPhase("failed");
    },
    [teardown],
  );

  const initialize = useCallback(
    async (token: string) => {
      const run = ++attempt.current;
      teardown();
      setPhase("loading");
      setError(null);
      try {
        const atHand = latest.current.servers;
        const [mapbox, { startGlobe }, , whole] = await Promise.all([
          import("mapbox-gl"),
          import("./globe"),
          loadStylesheet(withPrefix(MAPBOX_CSS_URL)),
          atHand ?? new Promise<readonly Server[]>((resolve) => waiting.current.push(resolve)),
        ]);
        if (run !== attempt.current || !container.current) return;
        const controller = new AbortController();
        loading.current = controller;
        const started = await startGlobe(
          mapbox.default,
          container.current,
          token,
          latest.current.servers ?? whole,
          {
            onPopupOpen: (server) => latest.current.onPopupOpen?.(server),
            onPopupClose: () => latest.current.onPopupClose?.(),
            timeZone: () => latest.current.timeZone ?? "local",
            // A token refused after the map loaded: take the globe down and bring the panel back with the message.
            onFailure: (caught) => {
              if (run === attempt.current) fail(caught, token);
            },
          },
          controller.signal,
        );
        loading.current = null;
        if (run !== attempt.current) {
          started.remove();
          return;
        }
        globe.current = started;
        setPhase("ready");
      } catch (caught) {
        if (run !== attempt.current) return;
        fail(caught, token);
      }
    },
    [container, teardown, fail],
  );

  // The globe follows the live servers without a new map.
  useEffect(() => {
    if (phase === "ready" && servers !== null) globe.current?.setServers(servers);
  }, [servers, phase]);

  // Leaving the page removes the map and cancels a load in flight.
  useEffect(
    () => () => {
      attempt.current += 1;
      teardown();
    },
    [teardown],
  );

  // Times in UTC switched: an open popup says its times the new way at once, not at the next update of the servers.
  useEffect(() => {
    if (phase === "ready") globe.current?.retell();
  }, [options.timeZone, phase]);

  // A server chosen in the list: fly there and open its popup (choices made before the globe was up are not replayed).
  const handledSeq = useRef(selection?.seq ?? 0);
  useEffect(() => {
    if (!selection || selection.seq === handledSeq.current) return;
    handledSeq.current = selection.seq;
    if (phase === "ready") globe.current?.select(selection.id);
  }, [selection, phase]);

  /** Focuses the map's canvas, which takes the arrow and +/- keys, without scrolling. */
  const focusMap = useCallback(() => globe.current?.focus(), []);

  return { phase, error, initialize, focusMap };
}
