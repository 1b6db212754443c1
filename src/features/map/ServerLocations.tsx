import { Link } from "gatsby";
import { serverPath } from "../../domain/kernel/paths";
import { placeSpreadWords } from "../../domain/kernel/status";
import type { Server } from "../../domain/kernel/types";
import type { LiveFleet } from "../../state/useLiveFleet";
import { FleetLoadNotice } from "../../components/domain/FleetLoadNotice";
import { SectionCard } from "../../components/ui/Card";
import { Item, ItemList } from "../../components/ui/ItemList";
import { FigureSourceLabel } from "../../components/domain/FigureSourceLabel";
import { ServerStatusDot } from "../../components/domain/ServerStatusDot";
import { StatusBadge } from "../../components/domain/StatusBadge";
import { Pager, ResultLine, ServerSearch, StatusFilterBar } from "../../components/domain/ServerFinder";
import { useServerFinder } from "../../components/domain/useServerFinder";
import { VisuallyHidden } from "../../components/ui/VisuallyHidden";
import { classed } from "../../styles/classed";
import * as styles from "./ServerLocations.module.css";

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
              {server.placeTimes ? <Where>From each place: {placeSpreadWords(server)}</Where> : null}
            </Who>
            <StatusBadge status={server.status} />
            <Ip>{server.ip}</Ip>
            <PageLink to={serverPath(server.id)}>
              Details<VisuallyHidden> of {server.name}</VisuallyHidden>
            </PageLink>
          </Row>
        ))}
      </List>
      <Pager result={result} label="Pages of server locations" onPage={finder.setPage} />
    </SectionCard>
  );
}

const List = classed(ItemList, styles.list);

const Row = classed(Item, styles.row);

const NameButton = classed("button", styles.nameButton);

/** Above the name button's cover of the row, so it stays its own target. */
const PageLink = classed(Link, styles.pageLink);

const Who = classed("span", styles.who);

const Name = classed("span", styles.name);

const Where = classed("span", styles.where);

const Source = classed(FigureSourceLabel, styles.source);

const Ip = classed("span", styles.ip);
