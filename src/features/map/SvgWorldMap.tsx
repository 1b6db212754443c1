import { withPrefix } from "gatsby";
import type { Server } from "../../domain/kernel/types";
import { statusPulses } from "../../domain/kernel/status";
import { WORLD_MAP, WORLD_MAP_HEIGHT, projectToWorldMap } from "../../model/map/projection";
import { markerColor, markerLabel } from "../../model/map/markers";
import { placeColor, placeKeyOf, placeLabel, type MapPlace } from "../../model/map/mapPlaces";
import { classed } from "../../styles/classed";
import * as styles from "./SvgWorldMap.module.css";

type SvgWorldMapProps = {
  servers: readonly Server[];
  /** a fleet too large for a dot per server: one dot per place instead (servers are then not drawn) */
  places?: readonly MapPlace[] | null;
  selectedId: string | null;
};

/**
 * The flat world map drawn at build time (/world-land.svg) with a dot per
 * server. It is in the static HTML, so it shows without JavaScript and without
 * a map token; the globe replaces it once it is up. A large fleet is drawn as
 * places (a dot per square of the map, coloured by its worst status), so the
 * page stays small at 10,000 servers.
 */
export function SvgWorldMap({ servers, places = null, selectedId }: SvgWorldMapProps) {
  const selected = selectedId === null ? undefined : servers.find((server) => server.id === selectedId);
  const selectedPlace = places !== null && selected ? placeKeyOf(selected.coordinates) : null;
  return (
    <Svg
      viewBox={`0 0 ${WORLD_MAP.width} ${WORLD_MAP_HEIGHT}`}
      role="group"
      aria-label="World map of the servers"
      preserveAspectRatio="xMidYMid meet"
    >
      <image href={withPrefix("/world-land.svg")} x="0" y="0" width={WORLD_MAP.width} height={WORLD_MAP_HEIGHT} aria-hidden="true" />
      {places?.map((place) => (
        <g
          key={place.key}
          role="img"
          aria-label={placeLabel(place)}
          data-place={place.key}
          data-selected={place.key === selectedPlace || undefined}
        >
          <title>{placeLabel(place)}</title>
          {place.key === selectedPlace ? <circle cx={place.x} cy={place.y} r={14} fill="none" stroke="#ffffff" strokeWidth={3} /> : null}
          <Dot
            cx={place.x}
            cy={place.y}
            r={Math.min(10, 5 + 3 * Math.log10(place.count))}
            fill={placeColor(place)}
            stroke="#0b1120"
            strokeWidth={1}
            $pulse={false}
          />
        </g>
      ))}
      {(places === null ? servers : []).map((server) => {
        const [x, y] = projectToWorldMap(server.coordinates);
        const selected = server.id === selectedId;
        return (
          <g key={server.id} role="img" aria-label={markerLabel(server)} data-server-id={server.id} data-selected={selected || undefined}>
            <title>{markerLabel(server)}</title>
            {selected ? <circle cx={x} cy={y} r={20} fill="none" stroke="#ffffff" strokeWidth={3} /> : null}
            <Dot
              cx={x}
              cy={y}
              r={selected ? 12 : 10}
              fill={markerColor(server.status)}
              stroke="#0b1120"
              strokeWidth={1.5}
              $pulse={statusPulses(server.status)}
            />
          </g>
        );
      })}
    </Svg>
  );
}

const Svg = classed("svg", styles.svg);

const Dot = classed<"circle", { $pulse: boolean }>("circle", styles.dot);
