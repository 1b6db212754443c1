import { useCallback, useRef, useState } from "react";
import styled from "styled-components";
import type { Server } from "../../model/types";
import { MapCard } from "./MapCard";
import { ServerLocations } from "./ServerLocations";

/** The map card and the Server Locations list, which steer each other. */
export function MapSection({ servers }: { servers: readonly Server[] }) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [showOnGlobe, setShowOnGlobe] = useState<((server: Server) => void) | null>(null);
  const onReady = useCallback((show: ((server: Server) => void) | null) => setShowOnGlobe(() => show), []);
  const mapArea = useRef<HTMLDivElement>(null);
  const select = (server: Server, byPointer: boolean) => {
    setSelectedId(server.id);
    showOnGlobe?.(server);
    // The list is below the map: a pointer user gets the map into view to see the choice. A keyboard
    // user keeps the focused row in view (the globe's popup is read out to them).
    if (!byPointer) return;
    const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    mapArea.current?.scrollIntoView?.({ block: "nearest", behavior: still ? "auto" : "smooth" });
  };
  return (
    <Stack>
      <MapArea ref={mapArea}>
        <MapCard servers={servers} selectedId={selectedId} onReady={onReady} />
      </MapArea>
      <ServerLocations servers={servers} selectedId={selectedId} onSelect={select} />
    </Stack>
  );
}

/** Scrolled into view below the sticky top bar. */
const MapArea = styled.div`
  scroll-margin-top: calc(${({ theme }) => theme.topBarHeight} + 1rem);
`;

const Stack = styled.div`
  display: grid;
  gap: 1.5rem;
`;
