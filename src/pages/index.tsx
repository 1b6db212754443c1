import { graphql, type HeadFC, type PageProps } from "gatsby";
import { useMemo } from "react";
import { Seo } from "../components/layout/Seo";
import { toAlerts, toChartPoints } from "../model/records";
import { useLiveServers } from "../state/LiveServers";
import { DashboardHeader } from "../features/dashboard/DashboardHeader";
import { SummaryCards } from "../features/dashboard/SummaryCards";
import { RecentAlerts } from "../features/dashboard/RecentAlerts";
import { PerformanceChart } from "../features/dashboard/PerformanceChart";
import { ServerStatusGrid } from "../features/dashboard/ServerStatusGrid";
import { DashboardColumns } from "../features/dashboard/DashboardColumns";

export default function DashboardPage({ data }: PageProps<Queries.DashboardPageQuery>) {
  const alerts = useMemo(() => toAlerts(data.allAlertsJson.nodes), [data]);
  const points = useMemo(() => toChartPoints(data.allPerformanceJson.nodes), [data]);
  const servers = useLiveServers(data.allServersJson.nodes);
  return (
    <>
      <DashboardHeader servers={servers} alerts={alerts} />
      <SummaryCards servers={servers} />
      <DashboardColumns>
        <RecentAlerts alerts={alerts} />
        <PerformanceChart title="24 Hour Performance Overview" points={points} />
      </DashboardColumns>
      <ServerStatusGrid servers={servers} />
    </>
  );
}

export const query = graphql`
  query DashboardPage {
    allServersJson {
      nodes {
        ...ServerFields
      }
    }
    allAlertsJson {
      nodes {
        ...AlertFields
      }
    }
    allPerformanceJson {
      nodes {
        ...ChartPointFields
      }
    }
  }
`;

export const Head: HeadFC = () => <Seo title="Server Dashboard" description="Server status, recent alerts and 24-hour performance." />;
