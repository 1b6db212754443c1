import styled, { css } from "styled-components";
import type { Server } from "../../model/types";
import { statusPulses } from "../../model/status";
import { WORLD_MAP, WORLD_MAP_HEIGHT, projectToWorldMap } from "../../model/projection";
import { markerColor, markerLabel } from "../../model/markers";

type SvgWorldMapProps = {
  servers: readonly Server[];
  selectedId: string | null;
};

/**
 * The flat world map drawn at build time (/world-land.svg) with a dot per
 * server. It is in the static HTML, so it shows without JavaScript and without
 * a map token; the globe replaces it once it is up.
 */
export function SvgWorldMap({ servers, selectedId }: SvgWorldMapProps) {
  return (
    <Svg
      viewBox={`0 0 ${WORLD_MAP.width} ${WORLD_MAP_HEIGHT}`}
      role="group"
      aria-label="World map of the servers"
      preserveAspectRatio="xMidYMid meet"
    >
      <image href="/world-land.svg" x="0" y="0" width={WORLD_MAP.width} height={WORLD_MAP_HEIGHT} aria-hidden="true" />
      {servers.map((server) => {
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

const Svg = styled.svg`
  display: block;
  width: 100%;
  height: 100%;
  background: #0b1120;
`;

const Dot = styled.circle<{ $pulse: boolean }>`
  transform-box: fill-box;
  transform-origin: center;
  ${({ $pulse }) =>
    $pulse &&
    css`
      animation: status-pulse 2s ease-in-out infinite;
    `}
`;
