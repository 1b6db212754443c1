import { Link } from "gatsby";
import { memo } from "react";
import { serverPath } from "../../domain/kernel/paths";
import type { Alert } from "../../domain/kernel/types";
import { recentAlerts } from "../../model/shell/alerts";
import { Badge } from "../../components/ui/Badge";
import { SectionCard } from "../../components/ui/Card";
import { Item, ItemList, ItemMeta } from "../../components/ui/ItemList";
import { StatusDot } from "../../components/ui/StatusDot";
import { AlertTime } from "../../components/domain/AlertTime";
import { classed } from "../../styles/classed";
import * as styles from "./RecentAlerts.module.css";

/** SPEC §2: the dot is red for errors, amber for warnings, otherwise the primary colour. */
const LOOK = {
  error: { tone: "offline", badge: "destructive" },
  warning: { tone: "warning", badge: "secondary" },
  info: { tone: "info", badge: "outline" },
} as const;

/** The first three alerts: server, type, message, ip, location and time (memoised: alerts do not tick). */
export const RecentAlerts = memo(function RecentAlerts({
  alerts,
  serverIds = new Map(),
}: {
  alerts: readonly Alert[];
  /** server name -> id: an alert's server links to its page */
  serverIds?: ReadonlyMap<string, string>;
}) {
  const shown = recentAlerts(alerts);
  return (
    <SectionCard title="Recent Alerts" empty={shown.length === 0} emptyText="No alerts. All quiet.">
      <ItemList>
        {shown.map((alert) => (
          <AlertItem key={alert.id}>
            <Dot tone={LOOK[alert.type].tone} />
            <Body>
              <Line>
                <Server>
                  {serverIds.has(alert.server) ? <Link to={serverPath(serverIds.get(alert.server)!)}>{alert.server}</Link> : alert.server}
                </Server>
                <Badge variant={LOOK[alert.type].badge}>{alert.type}</Badge>
              </Line>
              <Message>{alert.message}</Message>
              <ItemMeta>
                <span>{alert.ip}</span>
                <span>{alert.location}</span>
                <span>
                  <AlertTime timestamp={alert.timestamp} />
                </span>
              </ItemMeta>
            </Body>
          </AlertItem>
        ))}
      </ItemList>
    </SectionCard>
  );
});

const AlertItem = classed(Item, styles.alertItem);

const Dot = classed(StatusDot, styles.dot);

const Body = classed("div", styles.body);

const Line = classed("p", styles.line);

const Server = classed("span", styles.server);

const Message = classed("p", styles.message);
