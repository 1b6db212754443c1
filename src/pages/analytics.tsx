import { graphql, type HeadFC, type PageProps } from "gatsby";
import { Seo } from "../components/layout/Seo";
import { PageHeader } from "../components/ui/PageHeader";
import { FigureCards } from "../components/ui/FigureCards";
import { FleetAnalyticsView } from "../features/analytics/FleetAnalyticsView";
import { analyticsFigures, type AnalyticsContext } from "../model/analytics/analyticsPage";
import { shownCards } from "../model/fleet/figureCards";

export default function AnalyticsPage({ data, pageContext }: PageProps<Queries.AnalyticsPageQuery, Partial<AnalyticsContext>>) {
  const context: AnalyticsContext = {
    fleetAnalytics: pageContext.fleetAnalytics ?? null,
    fleetBars: pageContext.fleetBars ?? null,
    weekBars: pageContext.weekBars ?? null,
    alerted: pageContext.alerted ?? null,
    names: pageContext.names ?? {},
    countries: pageContext.countries ?? [],
  };
  const cards = shownCards(data.allAnalyticsCardsJson.nodes, analyticsFigures(context), "analytics-cards.json");
  return (
    <>
      <PageHeader title="Analytics" subtitle="Traffic, performance and reach across all servers" />
      <FigureCards cards={cards} emptyText="No analytics figures yet." />
      <FleetAnalyticsView {...context} />
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
