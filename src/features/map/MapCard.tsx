import { useCallback, useEffect, useRef, useState } from "react";
import styled from "styled-components";
import type { Server } from "../../model/types";
import { MARKER_SIZE_PX, popupLines } from "../../model/markers";
import { Card } from "../../components/ui/Card";
import { VisuallyHidden } from "../../components/ui/VisuallyHidden";
import { SetupMapboxPanel } from "./SetupMapboxPanel";
import { SvgWorldMap } from "./SvgWorldMap";
import { useMapboxGlobe } from "./useMapboxGlobe";

type MapCardProps = {
  servers: readonly Server[];
  selectedId: string | null;
  /** lets the page fly the globe to a server chosen in the list */
  onReady: (showServer: ((server: Server) => void) | null) => void;
};

/** A token given at build time skips the prompt (GATSBY_MAPBOX_TOKEN). */
const BUILD_TOKEN = process.env.GATSBY_MAPBOX_TOKEN ?? "";

/** What a popup says, as one sentence for screen readers. */
const popupSentence = (server: Server) => {
  const { title, lines } = popupLines(server);
  return `${title}: ${lines.map(([term, value]) => `${term} ${value}`).join(", ")}.`;
};

/**
 * The 400px map: the token panel and flat map until the globe is up, then the
 * globe. A polite live region says when the globe is loading and ready, and what
 * an opened popup says; when the globe replaces the panel, focus moves to it.
 */
export function MapCard({ servers, selectedId, onReady }: MapCardProps) {
  const container = useRef<HTMLDivElement>(null);
  const card = useRef<HTMLElement>(null);
  const [announcement, setAnnouncement] = useState("");
  const onPopupOpen = useCallback((server: Server) => setAnnouncement(popupSentence(server)), []);
  const { phase, error, initialize, showServer } = useMapboxGlobe(container, servers, {
    initialPhase: BUILD_TOKEN ? "loading" : "idle",
    onPopupOpen,
  });
  const [autoStarted, setAutoStarted] = useState(false);

  useEffect(() => {
    if (BUILD_TOKEN && !autoStarted) {
      setAutoStarted(true);
      void initialize(BUILD_TOKEN);
    }
  }, [autoStarted, initialize]);

  useEffect(() => {
    onReady(phase === "ready" ? showServer : null);
    if (phase === "loading") setAnnouncement("Loading the map…");
    if (phase === "ready") {
      setAnnouncement("Map ready: an interactive globe with a marker per server.");
      // The panel that held focus is gone: give focus to the globe rather than to nothing.
      const active = document.activeElement;
      if (!active || active === document.body || card.current?.contains(active)) container.current?.focus();
    }
  }, [phase, showServer, onReady]);

  const globeUp = phase === "ready";
  const startingOnItsOwn = BUILD_TOKEN !== "" && phase === "loading";
  return (
    <Card ref={card} aria-label="Global server map">
      {globeUp ? null : startingOnItsOwn ? (
        <Starting>Loading the globe…</Starting>
      ) : (
        <SetupMapboxPanel loading={phase === "loading"} error={error} onInitialize={initialize} />
      )}
      <Frame>
        {globeUp ? null : <SvgWorldMap servers={servers} selectedId={selectedId} />}
        <Globe $visible={phase === "loading" || globeUp}>
          {/* mapbox-gl styles its container (.mapboxgl-map is position: relative), so it gets one of its own. */}
          <div
            ref={container}
            data-testid="globe"
            tabIndex={-1}
            aria-label="Interactive globe of the servers"
            role="region"
            style={{ width: "100%", height: "100%" }}
          />
        </Globe>
      </Frame>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
    </Card>
  );
}

const Starting = styled.p`
  padding: 1rem 1.25rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Frame = styled.div`
  position: relative;
  height: 400px;
  overflow: hidden;
  border-radius: 0 0 ${({ theme }) => theme.radius.lg} ${({ theme }) => theme.radius.lg};
  background: #0b1120;
`;

const Globe = styled.div<{ $visible: boolean }>`
  position: absolute;
  inset: 0;
  visibility: ${({ $visible }) => ($visible ? "visible" : "hidden")};

  .server-marker {
    border-radius: 50%;
    border: 2px solid #ffffff;
    box-shadow: 0 0 0 1px rgba(0, 0, 0, 0.4);
    cursor: pointer;
  }
  .server-marker[data-pulse]::after {
    content: "";
    position: absolute;
    inset: -2px;
    border-radius: 50%;
    width: ${MARKER_SIZE_PX}px;
    height: ${MARKER_SIZE_PX}px;
    background: inherit;
    animation: marker-pulse 2s ease-out infinite;
  }
  .server-marker:focus-visible { outline: 3px solid #93c5fd; outline-offset: 2px; }
  @keyframes marker-pulse {
    from { transform: scale(1); opacity: 0.6; }
    to { transform: scale(2.2); opacity: 0; }
  }
  .server-popup { color: #0f172a; font-size: 0.8125rem; }
  .server-popup strong { display: block; margin-bottom: 0.25rem; font-size: 0.875rem; }
  .server-popup dl { display: grid; grid-template-columns: auto 1fr; gap: 0.125rem 0.5rem; margin: 0; }
  .server-popup dt { color: #475569; }
  .server-popup dd { margin: 0; overflow-wrap: anywhere; }
`;
