import styled from "styled-components";
import { media } from "../../styles/media";
import type { Server } from "../../model/types";
import { statusBadgeVariant, statusLabel } from "../../model/status";
import { Badge } from "../../components/ui/Badge";
import { Card, CardContent, CardHeader, CardTitle, EmptyState } from "../../components/ui/Card";
import { StatusDot } from "../../components/ui/StatusDot";

type ServerLocationsProps = {
  servers: readonly Server[];
  /** the server chosen on the map, if any */
  selectedId?: string | null;
  /** choosing a row shows that server on the map; `byPointer` is false for the keyboard */
  onSelect?: (server: Server, byPointer: boolean) => void;
};

/** Every server with its status dot, name, location, status badge and IP. */
export function ServerLocations({ servers, selectedId = null, onSelect }: ServerLocationsProps) {
  return (
    <Card aria-labelledby="server-locations-title">
      <CardHeader>
        <CardTitle id="server-locations-title">Server Locations</CardTitle>
      </CardHeader>
      <CardContent>
        {servers.length === 0 ? (
          <EmptyState>No servers are listed yet.</EmptyState>
        ) : (
          <List>
            {servers.map((server) => (
              <Row key={server.id} $selected={selectedId === server.id}>
                <StatusDot status={server.status} />
                <Who>
                  {onSelect ? (
                    // The name is the button; its ::after covers the whole row, so the row is the target.
                    <NameButton
                      type="button"
                      aria-label={`${server.name}, show on the map`}
                      aria-current={selectedId === server.id ? "true" : undefined}
                      onClick={(event) => onSelect(server, event.detail > 0)}
                    >
                      {server.name}
                    </NameButton>
                  ) : (
                    <Name>{server.name}</Name>
                  )}
                  <Where>{server.location}</Where>
                </Who>
                <Badge $variant={statusBadgeVariant(server.status)}>{statusLabel(server.status)}</Badge>
                <Ip>{server.ip}</Ip>
              </Row>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.5rem;
`;

const Row = styled.li<{ $selected: boolean }>`
  position: relative;
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto auto;
  align-items: center;
  gap: 0.75rem;
  padding: 0.75rem;
  border: 1px solid ${({ theme, $selected }) => ($selected ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $selected }) => ($selected ? theme.colors.primaryTint : theme.colors.surface)};
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  &:focus-within {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  ${media.mobile} {
    grid-template-columns: auto minmax(0, 1fr) auto;
  }
`;

const NameButton = styled.button`
  all: unset;
  font-weight: 600;
  overflow-wrap: anywhere;
  cursor: pointer;
  &::after {
    content: "";
    position: absolute;
    inset: 0;
  }
  &:focus-visible {
    outline: none;
  }
`;

const Who = styled.span`
  display: grid;
  min-width: 0;
`;

const Name = styled.span`
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Where = styled.span`
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Ip = styled.span`
  font-family: ${({ theme }) => theme.font.mono};
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textMuted};
  ${media.mobile} {
    grid-column: 2 / -1;
  }
`;
