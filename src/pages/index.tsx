import { graphql, type HeadFC, type PageProps } from "gatsby";
import { useMemo } from "react";
import { Seo } from "../components/layout/Seo";
import { toAlerts } from "../model/fleet/graphqlRecords";
import { dashboardPoints, PERFORMANCE_CHART_TITLE, type DashboardContext } from "../model/charts/performanceChart";
import { useLiveFleet } from "../state/useLiveFleet";
import { DashboardHeader } from "../features/dashboard/DashboardHeader";
import { SummaryCards } from "../features/dashboard/SummaryCards";
import { RecentAlerts } from "../features/dashboard/RecentAlerts";
import { PerformanceChart } from "../features/dashboard/PerformanceChart";
import { ServerStatusGrid } from "../features/dashboard/ServerStatusGrid";
import { DashboardColumns } from "../features/dashboard/DashboardColumns";
import { UpcomingMaintenance } from "../features/dashboard/UpcomingMaintenance";

export default function DashboardPage({ data, pageContext }: PageProps<Queries.DashboardPageQuery, Partial<DashboardContext>>) {
  // The alerts, newest first (merged at build): all of them, or the ones shown when there are many.
  const alerts = useMemo(() => toAlerts(data.fleet?.alerts ?? []), [data]);
  // The measured last 24 hours when the checks have a history; the editors' sample points otherwise
  // (the build drew the chart of the same points: gatsby/pages/dashboardChart.ts).
  const { points, measured } = useMemo(() => dashboardPoints(data.monitoring?.performance ?? [], data.allPerformanceJson.nodes), [data]);
  const serverIds = useMemo(() => new Map((data.fleet?.alertServers ?? []).map((s) => [s.name, s.id] as const)), [data]);
  const fleet = useLiveFleet(data.fleet);
  return (
    <>
      <DashboardHeader fleet={fleet} alerts={alerts} alertsComplete={data.fleet?.alertsComplete ?? true} />
      <SummaryCards figures={fleet.figures} />
      <UpcomingMaintenance />
      <DashboardColumns>
        <RecentAlerts alerts={alerts} serverIds={serverIds} />
        <PerformanceChart
          title={PERFORMANCE_CHART_TITLE}
          points={points}
          drawings={pageContext.performanceChart ?? null}
          measured={measured}
        />
      </DashboardColumns>
      <ServerStatusGrid fleet={fleet} />
    </>
  );
}

export const query = graphql`
  query DashboardPage {
    # A large fleet's dashboard carries its figures and the cards it shows (DASHBOARD_CARDS), not every server.
    fleet {
      ...FleetFields
      servers(limit: 12) {
        ...ServerFields
      }
      alertsComplete
      alerts {
        ...FleetAlertFields
      }
      alertServers {
        name
        id
      }
    }
    allPerformanceJson {
      nodes {
        ...ChartPointFields
      }
    }
    monitoring {
      performance {
        time
        responseTime
        uptime
      }
    }
  }
`;

export const Head: HeadFC = () => <Seo title="Server Dashboard" description="Server status, recent alerts and 24-hour performance." />;
