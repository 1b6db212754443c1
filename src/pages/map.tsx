import { graphql, type HeadFC, type PageProps } from "gatsby";
import { Seo } from "../components/layout/Seo";
import { PageHeader } from "../components/ui/PageHeader";
import { useLiveServers } from "../state/useLiveServers";
import { MapCounters } from "../features/map/MapCounters";
import { MapSection } from "../features/map/MapSection";

export default function MapPage({ data }: PageProps<Queries.MapPageQuery>) {
  const servers = useLiveServers(data.allServersJson.nodes);
  return (
    <>
      <PageHeader title="Global Server Map" subtitle="Interactive map showing real-time server locations and status" />
      <MapCounters servers={servers} />
      <MapSection servers={servers} />
    </>
  );
}

export const query = graphql`
  query MapPage {
    allServersJson {
      nodes {
        ...ServerFields
      }
    }
  }
`;

export const Head: HeadFC = () => <Seo title="Global Server Map" description="Where the servers are, and their status, on a world map." />;
