import { memo } from "react";
import styled from "styled-components";
import type { Alert } from "../../model/types";
import { recentAlerts } from "../../model/alerts";
import { Badge } from "../../components/ui/Badge";
import { Card, CardContent, CardHeader, CardTitle, EmptyState } from "../../components/ui/Card";

/** The first three alerts: server, type, message, ip, location and time (memoised: alerts do not tick). */
export const RecentAlerts = memo(function RecentAlerts({ alerts }: { alerts: readonly Alert[] }) {
  const shown = recentAlerts(alerts);
  return (
    <Card aria-labelledby="recent-alerts-title">
      <CardHeader>
        <CardTitle id="recent-alerts-title">Recent Alerts</CardTitle>
      </CardHeader>
      <CardContent>
        {shown.length === 0 ? (
          <EmptyState>No alerts. All quiet.</EmptyState>
        ) : (
          <List>
            {shown.map((alert) => (
              <Item key={alert.id}>
                <Dot aria-hidden="true" $type={alert.type} />
                <Body>
                  <Line>
                    <Server>{alert.server}</Server>
                    <Badge $variant={alert.type === "error" ? "destructive" : alert.type === "warning" ? "secondary" : "outline"}>
                      {alert.type}
                    </Badge>
                  </Line>
                  <Message>{alert.message}</Message>
                  <Meta>
                    <span>{alert.ip}</span>
                    <span>{alert.location}</span>
                    <span>{alert.timestamp}</span>
                  </Meta>
                </Body>
              </Item>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
});

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.75rem;
`;

const Item = styled.li`
  display: flex;
  gap: 0.75rem;
  padding: 0.75rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Dot = styled.span<{ $type: Alert["type"] }>`
  flex-shrink: 0;
  width: 0.625rem;
  height: 0.625rem;
  margin-top: 0.375rem;
  border-radius: 50%;
  background: ${({ theme, $type }) =>
    $type === "error" ? theme.colors.offline : $type === "warning" ? theme.colors.warning : theme.colors.primary};
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
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;
