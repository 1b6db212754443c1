import { Info, ShieldAlert, TriangleAlert } from "lucide";
import { Icon } from "../../components/ui/Icon";
import type { SecurityAlert } from "../../domain/kernel/types";
import { statusLabel } from "../../domain/kernel/status";
import { Badge } from "../../components/ui/Badge";
import { Button } from "../../components/ui/Button";
import { SectionCard } from "../../components/ui/Card";
import { Item, ItemList } from "../../components/ui/ItemList";
import { Dialog } from "../../components/ui/Dialog";
import { classed } from "../../styles/classed";
import * as styles from "./SecurityAlerts.module.css";

const SEVERITY = {
  high: { icon: ShieldAlert, label: "High severity" },
  medium: { icon: TriangleAlert, label: "Medium severity" },
  low: { icon: Info, label: "Low severity" },
} as const;

const STATUS_VARIANT = { active: "destructive", acknowledged: "secondary", resolved: "outline" } as const;

/** Each alert with its severity, message, time and status, and its details on demand. */
export function SecurityAlerts({ alerts }: { alerts: readonly SecurityAlert[] }) {
  return (
    <SectionCard title="Security Alerts" empty={alerts.length === 0} emptyText="No security alerts.">
      <ItemList>
        {alerts.map((alert) => {
          const { icon, label } = SEVERITY[alert.type];
          return (
            <Item key={alert.id}>
              <Severity $type={alert.type} role="img" aria-label={label}>
                <Icon icon={icon} size={18} />
              </Severity>
              <Body>
                <Message>{alert.message}</Message>
                <Time>{alert.time}</Time>
              </Body>
              <Badge variant={STATUS_VARIANT[alert.status]}>{statusLabel(alert.status)}</Badge>
              <Dialog
                trigger={
                  <Button $variant="outline" $size="sm" aria-label={`View details: ${alert.message}`}>
                    View Details
                  </Button>
                }
                title="Security alert"
              >
                <Details>
                  <dt>Message</dt>
                  <dd>{alert.message}</dd>
                  <dt>Severity</dt>
                  <dd>{statusLabel(alert.type)}</dd>
                  <dt>Status</dt>
                  <dd>{statusLabel(alert.status)}</dd>
                  <dt>When</dt>
                  <dd>{alert.time}</dd>
                  <dt>Reference</dt>
                  <dd>{alert.id}</dd>
                </Details>
              </Dialog>
            </Item>
          );
        })}
      </ItemList>
    </SectionCard>
  );
}

const Severity = classed<"span", { $type: SecurityAlert["type"] }>("span", styles.severity);

const Body = classed("div", styles.body);

const Message = classed("p", styles.message);

const Time = classed("p", styles.time);

const Details = classed("dl", styles.details);
