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
  /** choosing a row shows that server on the map */
  onSelect?: (server: Server) => void;
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
            {servers.map((server) => {
              const content = (
                <>
                  <StatusDot status={server.status} />
                  <Who>
                    <Name>{server.name}</Name>
                    <Where>{server.location}</Where>
                  </Who>
                  <Badge $variant={statusBadgeVariant(server.status)}>{statusLabel(server.status)}</Badge>
                  <Ip>{server.ip}</Ip>
                </>
              );
              return (
                <li key={server.id}>
                  {onSelect ? (
                    <RowButton
                      type="button"
                      aria-pressed={selectedId === server.id}
                      aria-label={`Show ${server.name} on the map`}
                      onClick={() => onSelect(server)}
                    >
                      {content}
                    </RowButton>
                  ) : (
                    <Row>{content}</Row>
                  )}
                </li>
              );
            })}
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

const rowStyle = `
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto auto;
  align-items: center;
  gap: 0.75rem;
  width: 100%;
  padding: 0.75rem;
  text-align: left;
  ${media.mobile} { grid-template-columns: auto minmax(0, 1fr) auto; }
`;

const Row = styled.div`
  ${rowStyle}
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const RowButton = styled.button`
  ${rowStyle}
  cursor: pointer;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  &:hover { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  &[aria-pressed="true"] {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primaryTint};
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
  ${media.mobile} { grid-column: 2 / -1; }
`;
