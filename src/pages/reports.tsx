import { graphql, type HeadFC, type PageProps } from "gatsby";
import { useMemo } from "react";
import { Seo } from "../components/layout/Seo";
import { toReports } from "../model/fleet/graphqlRecords";
import { ReportsView } from "../features/reports/ReportsView";

/** Reports show no servers: the page carries only the reports; its workbook comes from the published data on the click. */
export default function ReportsPage({ data }: PageProps<Queries.ReportsPageQuery>) {
  const reports = useMemo(() => toReports(data.allReportsJson.nodes), [data]);
  return <ReportsView reports={reports} />;
}

export const query = graphql`
  query ReportsPage {
    allReportsJson {
      nodes {
        ...ReportFields
      }
    }
  }
`;

export const Head: HeadFC = () => <Seo title="Reports" description="Server reports to generate and download." />;
