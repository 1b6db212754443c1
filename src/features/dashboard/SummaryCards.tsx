import { Icon } from "../../components/ui/Icon";
import { regionsLabel, type FleetFigures } from "../../model/fleet/summary";
import { StatCard, StatGrid } from "../../components/ui/StatCard";

/** Total, online, average response and alerts: the (live) fleet's figures. */
export function SummaryCards({ figures: s }: { figures: FleetFigures }) {
  return (
    <StatGrid>
      <StatCard title="Total Servers" value={s.total} note={regionsLabel(s.regions)} icon={<Icon name="server" size={18} />} />
      <StatCard
        title="Online Servers"
        value={s.counts.online}
        $tone="online"
        note={s.onlinePercent === null ? "No servers yet" : `${s.onlinePercent}% operational`}
        icon={<Icon name="circle-check" size={18} />}
      />
      <StatCard
        title="Avg Response"
        value={s.avgResponseMs === null ? "—" : `${s.avgResponseMs} ms`}
        note={s.avgResponseMs === null ? "No server online" : "Across online servers"}
        icon={<Icon name="activity" size={18} />}
      />
      <StatCard
        title="Alerts"
        value={s.counts.offline}
        $tone={s.counts.offline > 0 ? "offline" : undefined}
        note="Servers need attention"
        icon={<Icon name="triangle-alert" size={18} />}
      />
    </StatGrid>
  );
}
