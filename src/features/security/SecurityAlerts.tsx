import { Info, ShieldAlert, TriangleAlert } from "lucide";
import { Icon } from "../../components/ui/Icon";
import styled from "styled-components";
import type { SecurityAlert } from "../../model/types";
import { statusLabel } from "../../model/status";
import { Badge } from "../../components/ui/Badge";
import { Button } from "../../components/ui/Button";
import { SectionCard } from "../../components/ui/Card";
import { Item, ItemList } from "../../components/ui/ItemList";
import { Dialog } from "../../components/ui/Dialog";
import { theme } from "../../styles/theme";

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

const Severity = styled.span<{ $type: SecurityAlert["type"] }>`
  display: inline-flex;
  color: ${({ theme, $type }) => ($type === "high" ? theme.colors.offlineText : $type === "medium" ? theme.colors.warningText : theme.colors.info)};
`;

const Body = styled.div`
  flex: 1 1 14rem;
  min-width: 0;
`;

const Message = styled.p`
  font-weight: 500;
  overflow-wrap: anywhere;
`;

const Time = styled.p`
  font-size: 0.8125rem;
  color: ${theme.colors.textMuted};
`;

const Details = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 0.375rem 1rem;
  margin: 0;
  dt {
    color: ${theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
