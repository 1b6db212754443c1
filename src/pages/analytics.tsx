import { graphql, type HeadFC, type PageProps } from "gatsby";
import { Seo } from "../components/layout/Seo";
import { PageHeader } from "../components/ui/PageHeader";
import { FigureCards } from "../components/ui/FigureCards";
import { AnalyticsOutlook } from "../features/analytics/AnalyticsOutlook";

export default function AnalyticsPage({ data }: PageProps<Queries.AnalyticsPageQuery>) {
  return (
    <>
      <PageHeader title="Analytics" subtitle="Traffic, performance and reach across all servers" />
      <FigureCards cards={data.allAnalyticsCardsJson.nodes} emptyText="No analytics figures yet." />
      <AnalyticsOutlook />
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
