import styled from "styled-components";
import { media } from "../../styles/media";
import type { Server } from "../../model/types";
import type { LiveFleet } from "../../state/useLiveFleet";
import { FleetLoadNotice } from "../../components/domain/FleetLoadNotice";
import { SectionCard } from "../../components/ui/Card";
import { Item, ItemList } from "../../components/ui/ItemList";
import { FigureSourceLabel } from "../../components/domain/FigureSourceLabel";
import { ServerStatusDot } from "../../components/domain/ServerStatusDot";
import { StatusBadge } from "../../components/domain/StatusBadge";
import { Pager, ResultLine, ServerSearch, StatusFilterBar } from "../../components/domain/ServerFinder";
import { useServerFinder } from "../../components/domain/useServerFinder";
import { theme } from "../../styles/theme";

type ServerLocationsProps = {
  fleet: LiveFleet;
  /** the server chosen on the map, if any */
  selectedId?: string | null;
  /** choosing a row shows that server on the map; `byPointer` is false for the keyboard */
  onSelect?: (server: Server, byPointer: boolean) => void;
};

/** Rows per page: the static HTML holds the first page (problems first) and the totals. */
export const LOCATIONS_PAGE_SIZE = 50;

/**
 * Every server with its status dot, name, location, where its figures come from,
 * status badge and IP: searchable (name, location, IP), filtered by status, problems
 * first, a page at a time; search, status and page live in the URL.
 */
export function ServerLocations({ fleet, selectedId = null, onSelect }: ServerLocationsProps) {
  const finder = useServerFinder(fleet, LOCATIONS_PAGE_SIZE);
  const { query, result } = finder;
  return (
    <SectionCard title="Server Locations" empty={fleet.figures.total === 0} emptyText="No servers are listed yet.">
      <FleetLoadNotice failed={fleet.loadState === "failed"} onRetry={fleet.retry} />
      <ServerSearch label="Search server locations" text={query.text} onText={finder.setText} />
      <StatusFilterBar label="Show locations by status" status={query.status} onStatus={finder.setStatus} />
      <ResultLine result={result} text={query.text} />
      <List>
        {result.items.map((server) => (
          <Row key={server.id} data-selected={selectedId === server.id || undefined}>
            <ServerStatusDot status={server.status} />
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
              <Source server={server} />
            </Who>
            <StatusBadge status={server.status} />
            <Ip>{server.ip}</Ip>
          </Row>
        ))}
      </List>
      <Pager result={result} label="Pages of server locations" onPage={finder.setPage} />
    </SectionCard>
  );
}

const List = styled(ItemList)`
  gap: 0.5rem;
`;

const Row = styled(Item)`
  position: relative;
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto auto;
  background: ${theme.colors.surface};
  &[data-selected] {
    border-color: ${theme.colors.primary};
    background: ${theme.colors.primaryTint};
  }
  &:hover {
    background: ${theme.colors.surfaceMuted};
  }
  &:focus-within {
    outline: 2px solid ${theme.colors.focus};
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
  color: ${theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Source = styled(FigureSourceLabel)`
  font-size: 0.8125rem;
  color: ${theme.colors.textMuted};
`;

const Ip = styled.span`
  font-family: ${theme.font.mono};
  font-size: 0.8125rem;
  color: ${theme.colors.textMuted};
  ${media.mobile} {
    grid-column: 2 / -1;
  }
`;
