import { useCallback, useState } from "react";
import styled from "styled-components";
import type { Server } from "../../model/types";
import { MapCard } from "./MapCard";
import { ServerLocations } from "./ServerLocations";

/** The map card and the Server Locations list, which steer each other. */
export function MapSection({ servers }: { servers: readonly Server[] }) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [showOnGlobe, setShowOnGlobe] = useState<((server: Server) => void) | null>(null);
  const onReady = useCallback((show: ((server: Server) => void) | null) => setShowOnGlobe(() => show), []);
  const select = (server: Server) => {
    setSelectedId(server.id);
    showOnGlobe?.(server);
  };
  return (
    <Stack>
      <MapCard servers={servers} selectedId={selectedId} onReady={onReady} />
      <ServerLocations servers={servers} selectedId={selectedId} onSelect={select} />
    </Stack>
  );
}

const Stack = styled.div`
  display: grid;
  gap: 1.5rem;
`;
