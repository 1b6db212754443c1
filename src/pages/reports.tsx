import { graphql, type HeadFC, type PageProps } from "gatsby";
import { useMemo } from "react";
import { Seo } from "../components/layout/Seo";
import { mergeAlerts, toReports } from "../model/records";
import { useLiveServers } from "../state/useLiveServers";
import { ReportsView } from "../features/reports/ReportsView";

export default function ReportsPage({ data }: PageProps<Queries.ReportsPageQuery>) {
  const reports = useMemo(() => toReports(data.allReportsJson.nodes), [data]);
  const alerts = useMemo(() => mergeAlerts(data.allAlertsJson.nodes, data.allCheckAlert.nodes), [data]);
  const servers = useLiveServers(data.allServersJson.nodes);
  return <ReportsView reports={reports} servers={servers} alerts={alerts} />;
}

export const query = graphql`
  query ReportsPage {
    allReportsJson {
      nodes {
        ...ReportFields
      }
    }
    allServersJson {
      nodes {
        ...ServerFields
      }
    }
    allCheckAlert {
      nodes {
        ...CheckAlertFields
      }
    }
    allAlertsJson {
      nodes {
        ...AlertFields
      }
    }
  }
`;

export const Head: HeadFC = () => <Seo title="Reports" description="Server reports to generate and download." />;
