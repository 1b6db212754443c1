import { graphql, type HeadFC, type PageProps } from "gatsby";
import { Seo } from "../components/layout/Seo";
import { PageHeader } from "../components/ui/PageHeader";
import { useLiveFleet } from "../state/useLiveFleet";
import { MapCounters } from "../features/map/MapCounters";
import { MapSection } from "../features/map/MapSection";

export default function MapPage({ data }: PageProps<Queries.MapPageQuery>) {
  const fleet = useLiveFleet(data.fleet);
  return (
    <>
      <PageHeader title="Global Server Map" subtitle="Interactive map showing real-time server locations and status" />
      <MapCounters counts={fleet.figures.counts} />
      <MapSection fleet={fleet} />
    </>
  );
}

// A large fleet's page carries the first page of its list (LOCATIONS_PAGE_SIZE), its figures and the flat map's places.
export const query = graphql`
  query MapPage {
    fleet {
      ...FleetFields
      servers(limit: 50) {
        ...ServerFields
      }
      places {
        ...FleetPlaceFields
      }
    }
  }
`;

export const Head: HeadFC = () => <Seo title="Global Server Map" description="Where the servers are, and their status, on a world map." />;
