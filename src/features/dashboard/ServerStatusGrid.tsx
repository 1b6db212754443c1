import type { Server } from "../../model/types";
import { Card, CardContent, CardHeader, CardTitle, EmptyState } from "../../components/ui/Card";
import { ServerCard, ServerGrid } from "../../components/ui/ServerCard";

/** One card per server, with its live values. */
export function ServerStatusGrid({ servers }: { servers: readonly Server[] }) {
  return (
    <Card aria-labelledby="server-status-title">
      <CardHeader>
        <CardTitle id="server-status-title">Server Status</CardTitle>
      </CardHeader>
      <CardContent>
        {servers.length === 0 ? (
          <EmptyState>No servers are listed yet.</EmptyState>
        ) : (
          <ServerGrid>
            {servers.map((server) => (
              <ServerCard key={server.id} server={server} />
            ))}
          </ServerGrid>
        )}
      </CardContent>
    </Card>
  );
}
