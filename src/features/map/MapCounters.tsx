import type { Server } from "../../model/types";
import { countByStatus } from "../../model/summary";
import { StatCard, StatGrid } from "../../components/ui/StatCard";
import { ServerStatusDot } from "../../components/domain/ServerStatusDot";

/** Online, warning and offline counts of the (live) servers. */
export function MapCounters({ servers }: { servers: readonly Server[] }) {
  const counts = countByStatus(servers);
  return (
    <StatGrid>
      <StatCard
        title="Online Servers"
        value={counts.online}
        $tone="online"
        note="Operational worldwide"
        icon={<ServerStatusDot status="online" />}
      />
      <StatCard
        title="Warning Status"
        value={counts.warning}
        $tone="warning"
        note="Needs attention"
        icon={<ServerStatusDot status="warning" />}
      />
      <StatCard
        title="Offline Servers"
        value={counts.offline}
        $tone="offline"
        note="Connection failed"
        icon={<ServerStatusDot status="offline" />}
      />
    </StatGrid>
  );
}
