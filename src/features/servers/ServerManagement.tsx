import { useId, useState } from "react";
import { Icon } from "../../components/ui/Icon";
import type { LiveFleet } from "../../state/useLiveFleet";
import { FleetLoadNotice } from "../../components/domain/FleetLoadNotice";
import { Button, ButtonAnchor } from "../../components/ui/Button";
import { useEditorAddress } from "../../components/layout/useEditorAddress";
import { EmptyState, SectionCard } from "../../components/ui/Card";
import { PageHeader } from "../../components/ui/PageHeader";
import { StatusCounts } from "../../components/domain/StatusCounts";
import { Pager, ResultLine, ServerSearch, StatusFilterBar } from "../../components/domain/ServerFinder";
import { useServerFinder } from "../../components/domain/useServerFinder";
import { ServerCard, ServerGrid } from "../../components/domain/ServerCard";
import { AddServerDialog } from "./AddServerDialog";

/** Cards per page: the static HTML holds the first page (problems first) and the totals. */
export const SERVERS_PAGE_SIZE = 24;

const COUNT_WORDING = {
  online: { title: "Online/Active", note: "Responding normally" },
  warning: { title: "Warning", note: "Slow or degraded" },
  offline: { title: "Offline", note: "Not responding" },
};

/**
 * Counts, a search (name, location or IP), a status filter behind 'Filter', and
 * one card per server, problems first, a page at a time. Search, status and page
 * live in the URL.
 */
export function ServerManagement({ fleet }: { fleet: LiveFleet }) {
  const finder = useServerFinder(fleet, SERVERS_PAGE_SIZE);
  // With the web editor, Add Server opens its form for a new server; without it, the dialog says how.
  const editorAddress = useEditorAddress();
  const { query, result } = finder;
  const filtersId = useId();
  const [filtersWanted, setFiltersWanted] = useState(false);
  // A status in the URL shows its filters; hiding them shows every status again.
  const filtersOpen = filtersWanted || query.status !== "all";
  const toggleFilters = () => {
    if (filtersOpen && query.status !== "all") finder.setStatus("all");
    setFiltersWanted(!filtersOpen);
  };
  return (
    <>
      <PageHeader
        title="Server Management"
        subtitle="Monitor and manage all your servers"
        actions={
          <>
            <Button $variant="outline" aria-expanded={filtersOpen} aria-controls={filtersId} onClick={toggleFilters}>
              <Icon name="filter" size={16} />
              Filter
            </Button>
            {editorAddress ? (
              <ButtonAnchor href={editorAddress("servers", { add: true })}>
                <Icon name="plus" size={16} />
                Add Server
              </ButtonAnchor>
            ) : (
              <AddServerDialog
                trigger={
                  <Button>
                    <Icon name="plus" size={16} />
                    Add Server
                  </Button>
                }
              />
            )}
          </>
        }
      />
      <StatusCounts counts={result.counts} {...COUNT_WORDING} />
      <SectionCard title="All Servers">
        {fleet.figures.total === 0 ? (
          <EmptyState>No servers are listed yet.</EmptyState>
        ) : (
          <>
            <FleetLoadNotice failed={fleet.loadState === "failed"} onRetry={fleet.retry} />
            <ServerSearch label="Search servers" text={query.text} onText={finder.setText} />
            <div id={filtersId} hidden={!filtersOpen}>
              <StatusFilterBar label="Show servers by status" status={query.status} onStatus={finder.setStatus} />
            </div>
            <ResultLine result={result} text={query.text} />
            {result.items.length > 0 ? (
              <ServerGrid>
                {result.items.map((server) => (
                  <ServerCard key={server.id} server={server} />
                ))}
              </ServerGrid>
            ) : null}
            <Pager result={result} label="Pages of servers" onPage={finder.setPage} />
          </>
        )}
      </SectionCard>
    </>
  );
}
