import { graphql, type HeadFC, type PageProps } from "gatsby";
import { useMemo } from "react";
import { Seo } from "../components/layout/Seo";
import { toReports } from "../model/fleet/graphqlRecords";
import { ReportsView } from "../features/reports/ReportsView";
import type { GeneratedReports } from "../model/reports/reportPages";

/** Reports show no servers: the page carries only the reports; its workbook comes from the published data on the click. */
/** The months' reports come in the page's context (gatsby/pages/reportPages.ts), made from the job's history. */
export default function ReportsPage({ data, pageContext }: PageProps<Queries.ReportsPageQuery, Partial<GeneratedReports>>) {
  const reports = useMemo(() => toReports(data.allReportsJson.nodes), [data]);
  return <ReportsView reports={reports} generated={pageContext.generatedReports ?? []} />;
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
