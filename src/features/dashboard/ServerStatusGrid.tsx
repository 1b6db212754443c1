import type { Server } from "../../model/types";
import { SectionCard } from "../../components/ui/Card";
import { ServerCard, ServerGrid } from "../../components/domain/ServerCard";

/** One card per server, with its live values. */
export function ServerStatusGrid({ servers }: { servers: readonly Server[] }) {
  return (
    <SectionCard title="Server Status" empty={servers.length === 0} emptyText="No servers are listed yet.">
      <ServerGrid>
        {servers.map((server) => (
          <ServerCard key={server.id} server={server} />
        ))}
      </ServerGrid>
    </SectionCard>
  );
}
