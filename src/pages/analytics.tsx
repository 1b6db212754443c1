import { graphql, type HeadFC, type PageProps } from "gatsby";
import { Seo } from "../components/layout/Seo";
import { PageHeader } from "../components/ui/PageHeader";
import { FigureCards } from "../components/ui/FigureCards";
import { FleetAnalyticsView } from "../features/analytics/FleetAnalyticsView";
import type { AnalyticsContext } from "../model/analytics/analyticsPage";

export default function AnalyticsPage({ data, pageContext }: PageProps<Queries.AnalyticsPageQuery, Partial<AnalyticsContext>>) {
  return (
    <>
      <PageHeader title="Analytics" subtitle="Traffic, performance and reach across all servers" />
      <FigureCards cards={data.allAnalyticsCardsJson.nodes} emptyText="No analytics figures yet." />
      <FleetAnalyticsView fleetAnalytics={pageContext.fleetAnalytics ?? null} fleetBars={pageContext.fleetBars ?? null} />
    </>
  );
}

export const query = graphql`
  query AnalyticsPage {
    allAnalyticsCardsJson {
      nodes {
        ...AnalyticsCardFields
      }
    }
  }
`;

export const Head: HeadFC = () => <Seo title="Analytics" description="Traffic, performance and reach across all servers." />;
