import { useCallback, useEffect, useRef } from "react";
import type { MapPlace } from "../../model/map/mapPlaces";
import type { Server } from "../../domain/kernel/types";
import { popupLines } from "../../model/map/markers";
import { Card } from "../../components/ui/Card";
import { VisuallyHidden } from "../../components/ui/VisuallyHidden";
import { useAnnouncer } from "../../components/ui/useAnnouncer";
import { SetupMapboxPanel } from "./SetupMapboxPanel";
import { SvgWorldMap } from "./SvgWorldMap";
import { useMapboxGlobe, type MapSelection } from "./useMapboxGlobe";
import { classed } from "../../styles/classed";
import * as styles from "./MapCard.module.css";
import type { TimeZoneMode } from "../../domain/kernel/format";
import { useTimeZoneMode } from "../../components/domain/TimeZone";

type MapCardProps = {
  /** what the flat map draws: the servers at hand, or the fleet's places when there are too many for a dot each */
  servers: readonly Server[];
  places?: readonly MapPlace[] | null;
  /** the globe's servers: every one, or null while a large fleet's list is on its way (the globe waits for it) */
  globeServers: readonly Server[] | null;
  /** the server chosen in the list: marked on the flat map, flown to on the globe */
  selection?: MapSelection | null;
};

/** A token given at build time skips the prompt (GATSBY_MAPBOX_TOKEN). */
const BUILD_TOKEN = process.env.GATSBY_MAPBOX_TOKEN ?? "";

/** What a popup says, as one sentence for screen readers. */
const popupSentence = (server: Server, timeZone: TimeZoneMode) => {
  const { title, lines } = popupLines(server, timeZone);
  return `${title}: ${lines.map(([term, value]) => `${term} ${value}`).join(", ")}.`;
};

/**
 * The 400px map: the token panel and flat map until the globe is up, then the
 * globe. When a reader starts the globe, a live region says when it is loading
 * and ready, and focus moves from the vanished panel to the globe; a popup's text
 * is read out when it opens. A globe started by a build-time token announces
 * nothing and takes no focus.
 */
export function MapCard({ servers, places = null, globeServers, selection = null }: MapCardProps) {
  const container = useRef<HTMLDivElement>(null);
  const card = useRef<HTMLElement>(null);
  const startedByReader = useRef(false);
  const [announcement, announce] = useAnnouncer();
  const timeZone = useTimeZoneMode();
  const onPopupOpen = useCallback((server: Server) => announce(popupSentence(server, timeZone)), [announce, timeZone]);
  const onPopupClose = useCallback(() => announce(""), [announce]);
  const { phase, error, initialize, focusMap } = useMapboxGlobe(container, globeServers, {
    initialPhase: BUILD_TOKEN ? "loading" : "idle",
    selection,
    onPopupOpen,
    onPopupClose,
    timeZone,
  });
  const autoStarted = useRef(false);

  useEffect(() => {
    if (BUILD_TOKEN && !autoStarted.current) {
      autoStarted.current = true;
      void initialize(BUILD_TOKEN);
    }
  }, [initialize]);

  const startByReader = useCallback(
    (token: string) => {
      startedByReader.current = true;
      void initialize(token);
    },
    [initialize],
  );

  useEffect(() => {
    if (!startedByReader.current) return;
    if (phase === "loading") announce("Loading the map…");
    // A failure replaces 'Loading the map…' with what went wrong (the panel shows it too).
    if (phase === "failed") announce(error ?? "");
    if (phase === "ready") {
      announce("Map ready: an interactive globe with a marker per server.");
      // The panel that held focus is gone; if focus went with it, give it to the globe.
      const active = document.activeElement;
      if (!active || active === document.body || card.current?.contains(active)) focusMap();
    }
  }, [phase, error, announce, focusMap]);

  const globeUp = phase === "ready";
  const startingOnItsOwn = BUILD_TOKEN !== "" && phase === "loading";
  return (
    <Card ref={card} aria-label="Global server map">
      {globeUp ? null : startingOnItsOwn ? (
        <Starting>Loading the globe…</Starting>
      ) : (
        <SetupMapboxPanel loading={phase === "loading"} error={error} onInitialize={startByReader} />
      )}
      <Frame>
        {globeUp ? null : <SvgWorldMap servers={servers} places={places} selectedId={selection?.id ?? null} />}
        <Globe $visible={phase === "loading" || globeUp}>
          {/* mapbox-gl styles its container (.mapboxgl-map is position: relative), so it gets one of its own. */}
          <div
            ref={container}
            data-testid="globe"
            role={globeUp ? "region" : undefined}
            aria-label={globeUp ? "Interactive globe of the servers" : undefined}
            style={{ width: "100%", height: "100%" }}
          />
        </Globe>
      </Frame>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
    </Card>
  );
}

const Starting = classed("p", styles.starting);

const Frame = classed("div", styles.frame);

const Globe = classed<"div", { $visible: boolean }>("div", styles.globe);
