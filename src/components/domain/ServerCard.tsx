import { memo } from "react";
import styled from "styled-components";
import type { Server } from "../../model/types";
import { statusLabel, statusPulses, statusTone } from "../../model/status";
import { formatMs } from "../../model/format";
import { Card } from "../ui/Card";
import { CheckedTime } from "./CheckedTime";
import { FigureSourceLabel } from "./FigureSourceLabel";
import { ServerStatusDot } from "./ServerStatusDot";
import { theme } from "../../styles/theme";

type ServerCardProps = { server: Server };

/**
 * One server: name, status, ip, location, uptime, response time and last check,
 * and where those figures come from (measured, simulated or a sample).
 * SPEC: online and offline show a pulsing indicator in their colour; any other
 * status (warning included) has a neutral, muted look, with a still dot.
 * Memoised: a keystroke in a search, or a tick that leaves this server as it
 * was, does not draw it again.
 */
export const ServerCard = memo(function ServerCard({ server }: ServerCardProps) {
  const tone = statusPulses(server.status) ? statusTone(server.status) : "neutral";
  return (
    <Card as="article">
      <Top>
        <Name>{server.name}</Name>
        <Status $tone={tone}>
          <ServerStatusDot status={server.status} />
          {statusLabel(server.status)}
        </Status>
      </Top>
      <Facts>
        <Fact>
          <dt>IP</dt>
          <dd>
            <Mono>{server.ip}</Mono>
          </dd>
        </Fact>
        <Fact>
          <dt>Location</dt>
          <dd>{server.location}</dd>
        </Fact>
        <Fact>
          <dt>Uptime</dt>
          <dd>{server.uptime}</dd>
        </Fact>
        <Fact>
          <dt>Response</dt>
          <dd>{formatMs(server.responseTime)}</dd>
        </Fact>
        <Fact>
          <dt>Last checked</dt>
          <dd>
            <CheckedTime iso={server.lastChecked} />
          </dd>
        </Fact>
      </Facts>
      <Source>
        <FigureSourceLabel server={server} />
        {server.detail ? ` · ${server.detail}` : null}
      </Source>
    </Card>
  );
});

/** Server cards side by side, wrapping. */
export const ServerGrid = styled.div`
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
  padding: 1rem 1rem 0.5rem;
`;

const Name = styled.h3`
  font-size: 1rem;
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Status = styled.span<{ $tone: ReturnType<typeof statusTone> }>`
  display: inline-flex;
  align-items: center;
  gap: 0.375rem;
  flex-shrink: 0;
  padding: 0.125rem 0.5rem;
  border-radius: ${theme.radius.full};
  font-size: 0.8125rem;
  font-weight: 600;
  color: ${({ theme, $tone }) => ($tone === "neutral" ? theme.colors.textMuted : theme.colors[`${$tone}Text`])};
  background: ${({ theme, $tone }) => ($tone === "neutral" ? theme.colors.surfaceMuted : "transparent")};
`;

const Facts = styled.dl`
  display: grid;
  gap: 0.375rem;
  margin: 0;
  padding: 0.25rem 1rem 0.5rem;
  font-size: 0.875rem;
`;

const Fact = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 1rem;
  dt {
    color: ${theme.colors.textMuted};
  }
  dd {
    margin: 0;
    text-align: right;
    overflow-wrap: anywhere;
  }
`;

/** Where the figures come from, under them. */
const Source = styled.p`
  padding: 0 1rem 0.875rem;
  font-size: 0.8125rem;
  color: ${theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Mono = styled.span`
  font-family: ${theme.font.mono};
  font-size: 0.8125rem;
`;
