import { useMemo, useRef, useState } from "react";
import type { Server } from "../../domain/kernel/types";
import { FLAT_MAP_DOT_LIMIT } from "../../model/fleet/fleet";
import { mapPlaces } from "../../model/map/mapPlaces";
import type { LiveFleet } from "../../state/useLiveFleet";
import { MapCard } from "./MapCard";
import { ServerLocations } from "./ServerLocations";
import type { MapSelection } from "./useMapboxGlobe";
import { classed } from "../../styles/classed";
import * as styles from "./MapSection.module.css";

/**
 * The map card and the Server Locations list: a server chosen in the list is
 * shown on the map. A fleet too large for a dot per server is drawn by places on
 * the flat map: the build's until the whole list is at hand, then the live ones.
 */
export function MapSection({ fleet }: { fleet: LiveFleet }) {
  const { servers, complete, buildPlaces, loadState } = fleet;
  const places = useMemo(
    () => (!complete ? buildPlaces : servers.length > FLAT_MAP_DOT_LIMIT ? mapPlaces(servers) : null),
    [complete, buildPlaces, servers],
  );
  // A globe waits for the whole list; if it cannot come, it shows the servers at hand.
  const globeServers = complete || loadState === "failed" ? servers : null;
  const [selection, setSelection] = useState<MapSelection | null>(null);
  const mapArea = useRef<HTMLDivElement>(null);
  const select = (server: Server, byPointer: boolean) => {
    setSelection((previous) => ({ id: server.id, seq: (previous?.seq ?? 0) + 1 }));
    // The list is below the map: a pointer user gets the map into view to see the choice. A keyboard
    // user keeps the focused row in view (the globe's popup is read out to them).
    if (!byPointer) return;
    const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    mapArea.current?.scrollIntoView?.({ block: "nearest", behavior: still ? "auto" : "smooth" });
  };
  return (
    <Stack>
      <MapArea ref={mapArea}>
        <MapCard servers={servers} places={places} globeServers={globeServers} selection={selection} />
      </MapArea>
      <ServerLocations fleet={fleet} selectedId={selection?.id ?? null} onSelect={select} />
    </Stack>
  );
}

/** Scrolled into view below the sticky top bar. */
const MapArea = classed("div", styles.mapArea);

const Stack = classed("div", styles.stack);
