import { memo } from "react";
import styled from "styled-components";
import type { Alert } from "../../model/types";
import { recentAlerts } from "../../model/alerts";
import { Badge } from "../../components/ui/Badge";
import { SectionCard } from "../../components/ui/Card";
import { Item, ItemList } from "../../components/ui/ItemList";
import { StatusDot } from "../../components/ui/StatusDot";
import { AlertTime } from "../../components/domain/AlertTime";
import { theme } from "../../styles/theme";

/** SPEC §2: the dot is red for errors, amber for warnings, otherwise the primary colour. */
const LOOK = {
  error: { tone: "offline", badge: "destructive" },
  warning: { tone: "warning", badge: "secondary" },
  info: { tone: "info", badge: "outline" },
} as const;

/** The first three alerts: server, type, message, ip, location and time (memoised: alerts do not tick). */
export const RecentAlerts = memo(function RecentAlerts({ alerts }: { alerts: readonly Alert[] }) {
  const shown = recentAlerts(alerts);
  return (
    <SectionCard title="Recent Alerts" empty={shown.length === 0} emptyText="No alerts. All quiet.">
      <ItemList>
        {shown.map((alert) => (
          <AlertItem key={alert.id}>
            <Dot tone={LOOK[alert.type].tone} />
            <Body>
              <Line>
                <Server>{alert.server}</Server>
                <Badge variant={LOOK[alert.type].badge}>{alert.type}</Badge>
              </Line>
              <Message>{alert.message}</Message>
              <Meta>
                <span>{alert.ip}</span>
                <span>{alert.location}</span>
                <span>
                  <AlertTime timestamp={alert.timestamp} />
                </span>
              </Meta>
            </Body>
          </AlertItem>
        ))}
      </ItemList>
    </SectionCard>
  );
});

const AlertItem = styled(Item)`
  flex-wrap: nowrap;
  align-items: flex-start;
`;

const Dot = styled(StatusDot)`
  margin-top: 0.375rem;
`;

const Body = styled.div`
  min-width: 0;
  display: grid;
  gap: 0.25rem;
`;

const Line = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
`;

const Server = styled.span`
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Message = styled.p`
  font-size: 0.875rem;
  overflow-wrap: anywhere;
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 1rem;
  font-size: 0.8125rem;
  color: ${theme.colors.textMuted};
  overflow-wrap: anywhere;
`;
