import { Plus } from "lucide";
import { Icon } from "../../components/ui/Icon";
import type { Server } from "../../model/types";
import { countByStatus } from "../../model/summary";
import { filterServers, type ServerFilter } from "../../model/filters";
import { Button } from "../../components/ui/Button";
import { EmptyState, SectionCard } from "../../components/ui/Card";
import { PageHeader } from "../../components/ui/PageHeader";
import { StatusCounts } from "../../components/domain/StatusCounts";
import { useFilterToggle } from "../../components/ui/useFilterToggle";
import { ServerCard, ServerGrid } from "../../components/domain/ServerCard";
import { AddServerDialog } from "./AddServerDialog";

const FILTERS: ReadonlyArray<{ value: ServerFilter; label: string }> = [
  { value: "all", label: "All" },
  { value: "online", label: "Online" },
  { value: "warning", label: "Warning" },
  { value: "offline", label: "Offline" },
];

/** Counts, a status filter and one card per server. */
export function ServerManagement({ servers }: { servers: readonly Server[] }) {
  const filter = useFilterToggle({ label: "Show servers by status", options: FILTERS, all: "all" });
  const counts = countByStatus(servers);
  const shown = filterServers(servers, filter.value);
  return (
    <>
      <PageHeader
        title="Server Management"
        subtitle="Monitor and manage all your servers"
        actions={
          <>
            {filter.button}
            <AddServerDialog
              trigger={
                <Button>
                  <Icon icon={Plus} size={16} />
                  Add Server
                </Button>
              }
            />
          </>
        }
      />
      <StatusCounts
        counts={counts}
        online={{ title: "Online/Active", note: "Responding normally" }}
        warning={{ title: "Warning", note: "Slow or degraded" }}
        offline={{ title: "Offline", note: "Not responding" }}
      />
      <SectionCard title="All Servers">
        {filter.bar}
        {shown.length === 0 ? (
          <EmptyState>{servers.length === 0 ? "No servers are listed yet." : "No server has this status."}</EmptyState>
        ) : (
          <ServerGrid>
            {shown.map((server) => (
              <ServerCard key={server.id} server={server} />
            ))}
          </ServerGrid>
        )}
      </SectionCard>
    </>
  );
}
