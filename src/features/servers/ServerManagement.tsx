import { Filter, Plus } from "lucide-react";
import { useState } from "react";
import type { Server } from "../../model/types";
import { countByStatus } from "../../model/summary";
import { filterServers, type ServerFilter } from "../../model/filters";
import { Button } from "../../components/ui/Button";
import { Card, CardContent, CardHeader, CardTitle, EmptyState } from "../../components/ui/Card";
import { FilterBar } from "../../components/ui/FilterBar";
import { PageHeader } from "../../components/ui/PageHeader";
import { ServerCard, ServerGrid } from "../../components/ui/ServerCard";
import { StatCard, StatGrid } from "../../components/ui/StatCard";
import { StatusDot } from "../../components/ui/StatusDot";
import { AddServerDialog } from "./AddServerDialog";

const FILTERS: ReadonlyArray<{ value: ServerFilter; label: string }> = [
  { value: "all", label: "All" },
  { value: "online", label: "Online" },
  { value: "warning", label: "Warning" },
  { value: "offline", label: "Offline" },
];

/** Counts, a status filter and one card per server. */
export function ServerManagement({ servers }: { servers: readonly Server[] }) {
  const [filtering, setFiltering] = useState(false);
  const [filter, setFilter] = useState<ServerFilter>("all");
  const counts = countByStatus(servers);
  const shown = filterServers(servers, filtering ? filter : "all");
  return (
    <>
      <PageHeader
        title="Server Management"
        subtitle="Monitor and manage all your servers"
        actions={
          <>
            <Button $variant="outline" aria-expanded={filtering} aria-controls="server-filter" onClick={() => setFiltering((f) => !f)}>
              <Filter size={16} aria-hidden="true" />
              Filter
            </Button>
            <AddServerDialog
              trigger={
                <Button>
                  <Plus size={16} aria-hidden="true" />
                  Add Server
                </Button>
              }
            />
          </>
        }
      />
      <StatGrid>
        <StatCard
          title="Online/Active"
          value={counts.online}
          $tone="online"
          note="Responding normally"
          icon={<StatusDot status="online" />}
        />
        <StatCard title="Warning" value={counts.warning} $tone="warning" note="Slow or degraded" icon={<StatusDot status="warning" />} />
        <StatCard title="Offline" value={counts.offline} $tone="offline" note="Not responding" icon={<StatusDot status="offline" />} />
      </StatGrid>
      <Card aria-labelledby="all-servers-title">
        <CardHeader>
          <CardTitle id="all-servers-title">All Servers</CardTitle>
        </CardHeader>
        <CardContent>
          <div id="server-filter" hidden={!filtering}>
            <FilterBar label="Show servers by status" options={FILTERS} value={filter} onChange={setFilter} />
          </div>
          {shown.length === 0 ? (
            <EmptyState>{servers.length === 0 ? "No servers are listed yet." : "No server has this status."}</EmptyState>
          ) : (
            <ServerGrid>
              {shown.map((server) => (
                <ServerCard key={server.id} server={server} />
              ))}
            </ServerGrid>
          )}
        </CardContent>
      </Card>
    </>
  );
}
